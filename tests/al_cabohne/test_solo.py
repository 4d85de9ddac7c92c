"""The solo game (RULES A "Solo game"; F.7, F.8)."""

from __future__ import annotations

import random

import pytest

from .helpers import (
    bosses,
    check,
    codes,
    coins,
    events_of,
    fields,
    hand,
    many,
    named,
    new,
    situation,
    table,
    treasury,
)

BOSSES3 = [["runner"], ["broad"], ["puff"]]


# RULES A "Solo game" phase 1: the mafia tax takes up to 3 beans (one per matching field)
def test_solo_tax_up_to_three():
    game = situation(
        1,
        at="tax",
        fields=[[["fire"], many("blue", 2), many("kidney", 3)]],
        bosses=[["fire"], ["blue"], ["kidney"]],
        hands=[["puff"]],
    )
    assert game.phase.name == "tax"
    game.apply("pay-tax")
    assert fields(game) == [[], ["blue"], ["kidney", "kidney"]]
    assert bosses(game) == [["fire", "fire"], ["blue", "blue"], ["kidney", "kidney"]]
    check(game)


# RULES A "Solo game": the first turn has the tax too (solo has no skipped phases), but with
# empty fields there is nothing to pay: the first decision is phase 2
def test_solo_first_turn():
    game = new(1, seed=4)
    assert game.state.turn == 1 and game.phase.name == "play"
    assert codes(game) == ["plant f1"]


# RULES A "Solo game" phase 4: every flipped pile must be planted (own fields or bosses): there is
# no "done" while a pile is left
def test_solo_every_pile_must_be_planted():
    game = situation(1, at="plant", piles=[many("fire", 2), ["blue"]], bosses=BOSSES3, hands=[["kidney"]], fields=[[many("french", 2), [], []]])
    assert "done" not in codes(game)
    assert game.prompt().startswith("plant: every flipped pile must be planted")
    game.apply("plant-pile s1 f2")
    assert "done" not in codes(game)
    # the Blue Bean pile: no boss grows it and none is empty, so it goes on an own field
    assert not [c for c in codes(game) if c.startswith("give-pile")]
    game.apply("plant-pile s2 f3")  # still p2: pile codes stay while the player plants (issue 6)
    assert table(game).piles == [[], []]  # the slots stay empty until "done"
    assert "done" in codes(game)
    game.apply("done")
    assert table(game).piles == []
    check(game)


# RULES A "Solo game" phase 4: a pile that fits nowhere forces a harvest first (or goes to a boss)
def test_solo_pile_that_fits_nowhere():
    game = situation(
        1,
        at="plant",
        piles=[["blue"]],
        bosses=[["runner"], ["broad"], ["puff"]],
        hands=[["kidney"]],
        fields=[[many("french", 2), many("fire", 2), many("kidney", 2)]],
    )
    # no own field takes it, no boss grows it, no boss is empty, no hand card fits a boss
    assert sorted(codes(game)) == ["harvest f1", "harvest f2", "harvest f3"]
    game.apply("harvest f2")
    game.apply("plant-pile s1 f2")
    assert fields(game)[1] == ["blue"]


# F.7: when the deck reaches zero (here while flipping) the turn is finished: phase 4 is still
# played, nothing is reshuffled, then the game ends
def test_solo_deck_runs_out_while_flipping():
    game = situation(1, at="flip", deck=["blue", "kidney"], deck_size=2, discard=["french"], bosses=BOSSES3, hands=[["fire"]])
    t = table(game)
    assert t.deck == [] and [named(p) for p in t.piles] == [["blue"], ["kidney"]]
    assert not events_of(game, "reshuffle")
    assert game.phase.name == "plant" and not game.is_over
    assert "done" not in codes(game)
    game.apply("plant-pile s1 f1")
    game.apply("plant-pile s2 f2")  # issue 6: codes stay while planting
    game.apply("done")
    assert game.is_over
    assert hand(game) == ["fire"]


# F.7: the deck reaching zero in the draw phase ends the game after that turn
def test_solo_deck_runs_out_while_drawing():
    game = situation(1, at="draw", deck=["blue"], deck_size=1, bosses=BOSSES3, hands=[["fire"]])
    assert game.is_over
    assert hand(game) == ["fire", "blue"]
    assert not events_of(game, "reshuffle")


# RULES A "Solo game": the mafia's coins are doubled; the player wins only with strictly more
@pytest.mark.parametrize(
    ("player", "mafia", "player_wins"),
    [(9, 4, True), (8, 4, False), (7, 4, False), (1, 0, True), (0, 0, False)],
)
def test_solo_scoring(player, mafia, player_wins):
    game = situation(1, at="draw", deck=["blue"], deck_size=1, bosses=[["runner"], ["broad"], ["puff"]], hands=[["fire"]], coins=[player], treasury=mafia)
    assert game.is_over
    res = game.result
    assert res.scores["p1"] == player and res.scores["mafia"] == 2 * mafia
    assert res.winners == (("p1",) if player_wins else ("mafia",))


# RULES A "Solo game" + F.18: at the end the three bosses sell their fields (then doubled)
def test_solo_final_harvest():
    game = situation(
        1,
        at="draw",
        deck=["blue"],
        deck_size=1,
        bosses=[many("runner", 4), ["broad", "broad"], ["puff"]],  # 2 + 0 + 0
        hands=[["fire"]],
        fields=[[many("fire", 6), ["kidney"], []]],
        coins=[1],
        treasury=1,
    )
    assert game.is_over
    assert coins(game) == 1 + 2 and treasury(game) == 1 + 2
    assert game.result.scores == {"p1": 3, "mafia": 6}
    assert game.result.won("mafia")


# RULES A "Solo game": Joe Bohnano harvests at 1 coin (the first coin his field is worth)
def test_joe_harvests_at_one_coin():
    game = situation(1, at="flip", deck=["french", "blue", "kidney", "fire"], bosses=[["runner"], ["broad"], ["french", "french"]], hands=[["puff"]])
    assert treasury(game) == 1
    assert bosses(game)[2] == []
    check(game)


# RULES A "Solo game" + F.7: whole random solo games end when the deck is empty, never reshuffled
@pytest.mark.parametrize("seed", range(3))
def test_random_solo_games_end_without_reshuffle(seed):
    game = new(1, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert table(game).deck == []
    assert not events_of(game, "reshuffle")
    assert table(game).run_outs == 1
    check(game)
