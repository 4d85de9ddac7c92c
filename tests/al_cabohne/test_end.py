"""Deck run-outs, reshuffles, game end, final harvest and scoring (RULES A "Deck and game end";
F.4, F.5, F.6, F.17, F.18)."""

from __future__ import annotations

import random

import pytest

from beanframe.errors import GameOverError

from .helpers import (
    bosses,
    check,
    coins,
    events_of,
    events_since,
    fields,
    hand,
    many,
    named,
    new,
    situation,
    table,
    treasury,
)

BOSSES = [["runner"], ["broad"]]


# F.17 / RULES A "Deck and game end": the moment the deck's last card is taken, the discard and the
# set-aside coins are shuffled into a new deck; the run-out is counted then
def test_reshuffle_when_the_last_card_is_drawn():
    game = situation(
        at="draw",
        hands=[[], ["fire"]],
        deck=["puff"],
        deck_size=1,
        discard=["fire", "blue", "kidney"],
        set_aside=4,
        surplus="treasury",
        bosses=BOSSES,
    )
    t = table(game)
    assert t.run_outs == 1
    assert events_of(game, "reshuffle")[-1] == ("reshuffle", 7)
    assert t.discard == [] and t.set_aside == []
    assert len(t.deck) == 6  # 7 reshuffled, the 2nd draw took one
    assert hand(game, 0)[0] == "puff"
    assert not game.ending
    check(game)


# F.17: a draw that finds deck and discard both empty counts as a run-out too (every game ends)
def test_empty_reshuffle_still_counts():
    game = situation(at="draw", hands=[[], ["fire"]], deck=["puff"], deck_size=1, run_outs=1, surplus="treasury", bosses=BOSSES)
    # 1st draw: the 2nd run-out, the new deck is empty; 2nd draw: the 3rd run-out: the game ends
    assert table(game).run_outs == 3
    assert game.is_over


# F.4 / RULES A "Deck and game end": the deck runs out the third time in phase 4: no more cards are
# flipped, phase 5 is still played, then the game ends after the turn
def test_third_run_out_in_phase_4():
    game = situation(
        at="flip",
        run_outs=2,
        deck=["blue", "kidney"],
        deck_size=2,
        discard=["french"],  # a top nobody collects, above the cards left over
        hands=[["fire"], ["puff"]],
        bosses=BOSSES,
    )
    t = table(game)
    assert t.run_outs == 3 and t.deck == []
    assert [named(p) for p in t.piles] == [["blue"], ["kidney"]]  # only 2 flips
    assert game.phase.name == "plant" and game.to_act == 0  # phase 5 is still played
    game.apply("plant-pile s1 f1")
    game.apply("done")
    assert game.is_over
    assert hand(game) == ["fire"]  # phase 6 drew nothing
    assert fields(game) == [[], []]  # final harvest: the lone Blue Bean was sold
    assert game.state.turn == 5  # no further turn
    with pytest.raises(GameOverError):
        game.apply("done")


# F.4: a replacement flip for the mafia may be what runs the deck out the third time
def test_third_run_out_during_a_replacement_flip():
    game = situation(at="flip", run_outs=2, deck=["blue", "runner"], deck_size=2, discard=["french"], hands=[["fire"], ["puff"]], bosses=BOSSES)
    assert [named(p) for p in table(game).piles] == [["blue"]]
    assert bosses(game)[0] == ["runner", "runner"]
    assert game.phase.name == "plant"


# RULES A "Deck and game end": the deck runs out the third time in phase 6: the game ends at once
def test_third_run_out_in_phase_6():
    game = situation(at="draw", run_outs=2, deck=["blue"], deck_size=1, hands=[["fire"], ["puff"]], bosses=BOSSES)
    assert game.is_over
    assert hand(game) == ["fire", "blue"]  # the 2nd draw found nothing
    assert game.state.turn == 5
    assert events_of(game, "game_over")


# RULES A "Deck and game end": run-outs 1 and 2 do not end the game
def test_second_run_out_goes_on():
    game = situation(at="draw", run_outs=1, deck=["blue"], deck_size=1, hands=[["fire"], ["puff"]], bosses=BOSSES)
    assert not game.is_over and table(game).run_outs == 2
    assert game.state.active == 1


# F.5, F.18 / RULES A "Deck and game end": every player sells every field (one-bean fields too,
# for 0); each boss sells its field at the bean-o-meter value whatever its threshold; hand cards
# are worth nothing
def test_final_harvest_and_scores():
    game = situation(
        at="draw",
        run_outs=2,
        deck=["blue"],
        deck_size=1,
        hands=[["fire", "fire", "fire"], ["puff"]],
        fields=[[many("kidney", 7), ["blue"]], [many("french", 5), []]],
        bosses=[many("runner", 4), ["broad"]],  # Al: 4 Runner Bean = 2 coins, under his 3
        coins=[2, 1],
        treasury=1,
    )
    assert game.is_over
    t = table(game)
    assert all(f == [] for fs in t.fields for f in fs)
    assert game.part("mafia").bosses == [[], []]
    assert coins(game, 0) == 2 + 3 + 0
    assert coins(game, 1) == 1 + 2
    assert treasury(game) == 1 + 2 + 0
    res = game.result
    assert res.scores == {"p1": 5, "p2": 3, "mafia": 3}
    assert res.winners == ("p1",) and not res.won("mafia")
    check(game)


def _end_with(coins_, treasury_):
    return situation(
        at="draw", run_outs=2, deck=["blue"], deck_size=1, hands=[["fire"], ["puff"]], bosses=[["runner"], ["broad"]],
        coins=coins_, treasury=treasury_,
    )


# RULES A "Deck and game end", F.6: the richest player wins if richer than the mafia
@pytest.mark.parametrize(
    ("coins_", "treasury_", "winners"),
    [
        ((9, 4), 5, ("p1",)),
        ((4, 9), 5, ("p2",)),
        ((7, 7), 5, ("p1", "p2")),  # F.6: tied best players above the mafia share the win
        ((6, 3), 6, ("mafia",)),  # F.6: a tie with the mafia is a mafia win
        ((6, 6), 6, ("mafia",)),
        ((2, 3), 8, ("mafia",)),
        ((0, 0), 0, ("mafia",)),
    ],
)
def test_winners(coins_, treasury_, winners):
    game = _end_with(list(coins_), treasury_)
    assert game.is_over
    res = game.result
    assert res.scores == {"p1": coins_[0], "p2": coins_[1], "mafia": treasury_}
    assert res.winners == winners
    assert res.won("mafia") == (winners == ("mafia",))


# RULES A "Deck and game end": a whole game played by the engine ends at the third run-out
def test_full_random_game_ends_at_the_third_run_out():
    game = new(2, seed=11)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert table(game).run_outs == 3
    assert len(events_of(game, "reshuffle")) == 2
    check(game)
    assert game.result is not None


def test_set_aside_coins_returned_even_at_the_second_reshuffle():
    # F.17: set-aside coins go back at the reshuffle that follows the purchase, whichever it is
    game = situation(at="draw", run_outs=1, deck=["puff"], deck_size=1, set_aside=4, discard=["blue"], surplus="treasury", hands=[[], ["fire"]], bosses=BOSSES)
    assert events_since(game, 0, "reshuffle")[-1] == ("reshuffle", 5)
    assert table(game).set_aside == []
