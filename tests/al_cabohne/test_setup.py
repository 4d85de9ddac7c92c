"""Set-up and the mafia start (RULES A "Set-up, 2 players", "Solo game")."""

from __future__ import annotations

import pytest

from .helpers import bosses, check, codes, events_of, hand, named, new, table

TEN = ["blue", "kidney", "fire", "puff", "broad", "french", "runner", "blue", "kidney", "fire"]


# RULES A "Set-up, 2 players": 5 cards each, dealt one at a time starting with the starting
# player (the non-dealer); each new card goes behind the others: hand order = deal order
def test_two_player_deal_alternates_and_keeps_order():
    game = new(2, deck=[*TEN, "puff", "broad"])
    assert hand(game, 0) == ["blue", "fire", "broad", "runner", "kidney"]
    assert hand(game, 1) == ["kidney", "puff", "french", "blue", "fire"]
    assert len(table(game).deck) == 116 - 10 - 2
    check(game)


# RULES A "Set-up, 2 players": the non-dealer (seat 1 here) starts; no coins, empty fields
def test_the_non_dealer_starts():
    game = new(2, deck=[*TEN, "puff", "broad"])
    assert game.state.active == 0 and game.to_act == 0 and game.state.turn == 1
    t = table(game)
    assert t.fields == [[[], []], [[], []]]
    assert t.coins == [[], []]


# RULES A "Set-up, 2 players": mafia start, the first card differs from the second: one each
def test_mafia_start_one_card_each():
    game = new(2, deck=[*TEN, "puff", "broad", "puff"])
    assert bosses(game) == [["puff"], ["broad"]]
    assert len(table(game).deck) == 116 - 12
    assert table(game).discard == []


# RULES A "Set-up, 2 players": cards of the first card's bean go onto Al Cabohne while they
# repeat; the first card of another bean goes to Don Corlebohne (exactly one card)
def test_mafia_start_runs_on_al_then_exactly_one_to_don():
    game = new(2, deck=[*TEN, "puff", "puff", "puff", "french", "french", "puff"])
    assert bosses(game) == [["puff", "puff", "puff"], ["french"]]
    # the second Green Bean is still in the deck (Don gets exactly one card)
    assert len(table(game).deck) == 116 - 14
    # the top of the deck: the 2nd Green Bean, then the Fava Bean
    assert named(table(game).deck[-2:]) == ["puff", "french"]
    check(game)


# RULES A "Turn, 2 players": in the starting player's first turn phases 1 and 2 are skipped:
# the first decision is phase 3 (play from hand), even with a field the mafia would tax
def test_first_turn_starts_with_phase_3():
    game = new(2, deck=[*TEN, "blue", "fire"])
    assert game.phase.name == "play"
    assert codes(game) == ["plant f1"]
    assert not events_of(game, "tax")


# RULES A "Turn, 2 players": the second player's first turn has phases 1 and 2
def test_second_turn_plays_phases_1_and_2():
    # p1: blue fire broad runner kidney; p2: kidney puff french blue fire; Al: blue, Don: fire
    game = new(2, deck=[*TEN, "blue", "fire", "runner", "runner", "kidney", "puff", "puff"])
    assert bosses(game) == [["blue"], ["fire"]]
    # turn 1 (p1): plant the Blue Bean, flip runner runner kidney, leave every pile
    game.apply("plant f1")
    game.apply("pass")
    # F.20: a moment to harvest (the lone Blue Bean, the only non-empty field: F.19) before the flips
    assert game.phase.name == "before_flip" and codes(game) == ["done", "harvest f1"]
    game.apply("done")
    assert game.phase.name == "plant"
    assert [len(p) for p in table(game).piles] == [2, 1]
    game.apply("done")
    # refill: every boss still has a card; draw 2 (puff puff); turn 2: p2 handles leftovers
    assert game.state.active == 1 and game.state.turn == 2
    assert game.phase.name == "leftovers"
    assert sorted(codes(game)) == sorted(["leftover s1 f1", "discard s1", "leftover s2 f1", "discard s2"])


# RULES A "Solo game": 7 cards, 3 fields, 3 bosses
def test_solo_setup():
    seven = ["blue", "kidney", "fire", "puff", "broad", "french", "runner"]
    game = new(1, deck=[*seven, "fire", "blue", "kidney"])
    assert hand(game, 0) == seven
    assert table(game).fields == [[[], [], []]]
    assert bosses(game) == [["fire"], ["blue"], ["kidney"]]
    assert game.ruleset.config.params["mafia"].bosses[2].name == "Joe Bohnano"
    assert len(table(game).deck) == 116 - 10
    check(game)


# RULES A "Solo game": after Don's first card keep flipping; cards of Al's or Don's bean go to
# them, the first card of a third bean goes to Joe Bohnano (exactly one)
def test_solo_mafia_start_keeps_flipping_until_a_third_bean():
    seven = ["blue", "kidney", "fire", "puff", "broad", "french", "runner"]
    deck = [*seven, "fire", "fire", "blue", "fire", "blue", "puff", "puff"]
    game = new(1, deck=deck)
    assert bosses(game) == [["fire", "fire", "fire"], ["blue", "blue"], ["puff"]]
    assert named(table(game).deck[-1:]) == ["puff"]
    check(game)


# RULES A "Solo game": the solo turn has 5 phases (no leftovers) and starts with the tax
def test_solo_has_five_phases():
    game = new(1, seed=2)
    names = [p.name for p in game.ruleset.pipeline.turn]
    # F.20: the moment to harvest or buy before the flips is a phase the rulebook does not number
    assert names == ["tax", "play", "before_flip", "flip", "plant", "draw"]
    assert [p.number for p in game.ruleset.pipeline.turn] == [1, 2, 0, 3, 4, 5]
    two = new(2, seed=2)
    assert [p.name for p in two.ruleset.pipeline.turn] == ["leftovers", "tax", "play", "before_flip", "flip", "plant", "draw"]
    assert [p.number for p in two.ruleset.pipeline.turn] == [1, 2, 3, 0, 4, 5, 6]


@pytest.mark.parametrize("seed", range(5))
def test_random_starts_satisfy_the_invariants(seed):
    # RULES A "Set-up": whatever the shuffle, the mafia start leaves a consistent table
    for players in (1, 2):
        game = new(players, seed=seed)
        check(game)
        assert all(bosses(game))
