"""Fair determinization in Al Cabohne (issue 5 §5): ``game.determinize(observer, rng)`` redeals the
deck and the hands the observer cannot see, keeps a shown hand's cards while they stay in the hand,
and draws later reshuffles from a stream the observer cannot predict."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.beans import reshuffle
from beanframe.beans.hidden import shown_hands, still_shown
from beanframe.errors import DeterminizedGameError
from beanframe.testing import play_to
from beanframe_plugins.al_cabohne.hidden import SHOW_HAND, left_hand

from .helpers import bean, check, events_of, hand, situation


def _unseen(game, observer):
    table = game.part(BEANS)
    return Counter([*table.deck, *(c for p, h in enumerate(table.hands) if p != observer for c in h)])


# F.13: the observer's view, own hand, fields and discard stay; the deck and the other hand are
# redealt from the same cards; the game keeps its invariants
def test_the_deck_and_the_other_hand_are_redealt():
    game = play_to(beanframe.compose(["al_cabohne"], 2), seed=5, steps=40)
    copy = game.determinize(0, random.Random(1))
    assert copy.view(0) == game.view(0)
    real, guess = game.part(BEANS), copy.part(BEANS)
    assert guess.hands[0] == real.hands[0] and guess.discard == real.discard and guess.coins == real.coins
    assert _unseen(copy, 0) == _unseen(game, 0)
    assert guess.deck != real.deck
    check(copy)


# RULES A "Solo game": the only hidden cards are the deck's
def test_solo_redeals_only_the_deck():
    game = play_to(beanframe.compose(["al_cabohne"], 1), seed=2, steps=10)
    copy = game.determinize(0, random.Random(3))
    assert copy.view(0) == game.view(0)
    assert copy.part(BEANS).hands == game.part(BEANS).hands
    assert sorted(copy.part(BEANS).deck) == sorted(game.part(BEANS).deck) != copy.part(BEANS).deck
    check(copy)


def _shown():
    # RULES A "Turn" phase 5: no hand card fits the empty boss, so player 1 shows the hand (fire,
    # fire), then draws blue and kidney behind it
    return situation(at="refill", bosses=[["fire"], []], hands=[["fire", "fire"], ["broad"]], deck=["blue", "kidney"])


# RULES A "Turn" phase 5: a shown hand is known to everyone until its cards leave the hand
def test_a_shown_hand_stays_known():
    game = _shown()
    assert events_of(game, "show_hand") == [("show_hand", 0, (bean("fire"), bean("fire")))]
    assert hand(game, 0) == ["fire", "fire", "blue", "kidney"]
    for observer in (1, None):
        copies = [game.determinize(observer, random.Random(k)) for k in range(20)]
        assert all(hand(c, 0)[:2] == ["fire", "fire"] for c in copies)  # the shown front is kept
        assert len({tuple(hand(c, 0)[2:]) for c in copies}) > 1  # the cards drawn since are not
        assert all(c.view(observer) == game.view(observer) for c in copies)
    assert "player 1 shows a hand no empty boss can take: Chili Bean, Chili Bean" in game.log


def test_a_shown_card_that_left_the_hand_is_no_longer_known():
    game = _shown()
    table = game.part(BEANS)
    card = table.hands[0].pop(0)  # as phase 3 does: the front card is planted ...
    table.fields[0][1].append(card)
    game.emit("plant", 0, 1, card, "hand")  # ... and everyone sees which
    assert shown_hands(game, SHOW_HAND, left_hand) == [[bean("fire")], []]
    copies = [game.determinize(1, random.Random(k)) for k in range(20)]
    assert all(hand(c, 0)[0] == "fire" for c in copies)
    assert len({tuple(hand(c, 0)[1:]) for c in copies}) > 1


def test_what_remains_known_of_a_shown_hand():
    fire, blue, kidney = bean("fire"), bean("blue"), bean("kidney")
    assert still_shown([fire, blue, fire], [fire]) == [blue, fire]
    assert still_shown([fire, blue, fire], [kidney]) == [fire, blue, fire]  # a card drawn later left
    assert still_shown([fire, blue], [blue, fire, fire]) == []


# F.17: the deck is rebuilt from the discard when it runs out; a determinized game must not know
# how the real game will shuffle it (a plain clone does)
def test_a_later_reshuffle_is_not_the_real_one():
    game = play_to(beanframe.compose(["al_cabohne"], 2), seed=7, steps=60)
    assert len(game.part(BEANS).discard) > 10

    def reshuffled(g):
        g = g.clone()
        table = g.part(BEANS)
        before = len(table.deck)
        reshuffle(g, table)
        return table.deck[: len(table.deck) - before]  # the new cards lie beneath the old ones

    real = reshuffled(game)
    assert reshuffled(game.clone()) == real  # a clone knows the future order
    a = reshuffled(game.determinize(0, random.Random(1)))
    b = reshuffled(game.determinize(0, random.Random(2)))
    assert sorted(a) == sorted(real) and a != real and b != real and a != b


def test_a_lucky_guess_still_does_not_know_the_next_deck():
    # F.17: even a determinization that guessed every hidden card right does not know the order of
    # the deck rebuilt at the next run-out: play both with the same actions until it happens
    game = play_to(beanframe.compose(["al_cabohne"], 2), seed=11, steps=2)
    copy = game.determinize(0, random.Random(4))
    real, guess = game.part(BEANS), copy.part(BEANS)
    guess.deck[:], guess.hands[1][:] = real.deck, real.hands[1]  # the lucky guess
    pick = random.Random(0)
    while real.run_outs == 0:
        action = game.legal_actions()[pick.randrange(len(game.legal_actions()))]
        game.apply(action)
        copy.apply(action.code)
        if real.run_outs == 0:
            assert guess.deck == real.deck  # the same cards and chance so far
    assert guess.run_outs == 1 and len(guess.deck) == len(real.deck) > 20
    # the same discard went into the new deck (its size is in the event) ...
    assert events_of(copy, "reshuffle") == events_of(game, "reshuffle")
    assert guess.deck != real.deck  # ... in another order


def test_a_determinized_game_is_not_saved():
    game = play_to(beanframe.compose(["al_cabohne"], 2), seed=1, steps=5)
    with pytest.raises(DeterminizedGameError):
        game.determinize(1, random.Random(0)).to_json()


def test_many_observers_many_positions():
    # the kit's determinization check on a few positions of both player counts
    from beanframe.testing.determinize import check_determinize

    for players in (1, 2):
        rules = beanframe.compose(["al_cabohne"], players)
        for steps in (0, 15, 70):
            check_determinize(play_to(rules, seed=players, steps=steps), random.Random(steps))
