"""The core's bounded offer protocol (``beanframe.core.offers``; issues 8 and 11) on a fake game
with no bean code (tests/core/fakes_offers.py: players swap tokens): offer ids per negotiation,
caps that make every negotiation end, accept / reject / withdraw / void, "everyone has passed
since the last change", and the privacy of what only an offer's maker knows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe.core.offers import Caps, Offer, OfferBook, addressees, seat_order
from beanframe.errors import IllegalActionError
from beanframe.testing import conformance_suite

from .fakes_offers import CAPS, HAND, PART, ROUNDS, barter


@pytest.fixture(scope="module")
def rs3():
    return beanframe.compose([barter()], 3)


def book(game):
    return game.part(PART).book


def hands(game):
    return game.part(PART).hands


def codes(game, player):
    return [a.code for a in game.legal_actions(player)]


def stacked(rs, hands_):
    """A new game whose hands are ``hands_`` (the deal replaced; tokens only move between hands)."""
    game = rs.new_game(seed=1)
    for p, h in enumerate(hands_):
        game.part(PART).hands[p] = list(h)
    return game


# -- the record ---------------------------------------------------------------------------------
def test_an_offer_shows_its_secret_to_its_maker_only():
    o = Offer(0, maker=1, to=2, gives=(3,), asks=(0, 0), secret=(4,))
    assert o.seen_by(1) == o
    assert o.seen_by(2).secret == () and o.seen_by(None).gives == (3,)
    assert (o.n_given, o.n_asked, o.empty) == (1, 2, False) and Offer().empty


def test_caps_are_validated():
    assert Caps(0, 1).offers == 0
    with pytest.raises((TypeError, ValueError)):
        Caps(-1, 1)
    with pytest.raises((TypeError, ValueError)):
        Caps(2, 0)


def test_addressees_and_seat_order():
    assert addressees(1, 4) == [0, 2, 3]
    assert addressees(0, 4, hub=0) == [1, 2, 3] and addressees(2, 4, hub=0) == [0]
    assert seat_order(4, 2) == (2, 3, 0, 1) and seat_order(4, 2, (0, 3, 2)) == (2, 3, 0)


def test_the_book_clones_deeply_and_resets():
    b = OfferBook.new(2)
    b.start(0, Offer(maker=0, gives=(1,)))
    c = b.clone()
    c.started[0] = 2
    c.drafts[0] = None
    assert b.started == [1, 0] and b.drafts[0] is not None
    b.reset()
    assert b == OfferBook.new(2)


# -- ids, lifecycle -----------------------------------------------------------------------------
def test_offers_get_ids_from_0_in_each_negotiation(rs3):
    game = stacked(rs3, [[0, 0, 1, 1], [2, 2, 3, 3], [0, 1, 2, 3]])
    game.apply("give h1", 0)
    assert book(game).drafts[0] is not None and book(game).offers == []  # a draft has no id yet
    game.apply("send p2", 0)
    game.apply("ask c3", 1)
    game.apply("send p1", 1)
    assert [o.id for o in book(game).offers] == [0, 1]
    assert [(o.maker, o.to) for o in book(game).offers] == [(0, 1), (1, 0)]
    for p in (0, 1, 2):
        game.apply("pass", p)
    assert game.part(PART).round == 1 and book(game).offers == []  # the negotiation closed: offers lapse
    game.apply("ask c1", 1)
    game.apply("send p3", 1)
    assert [o.id for o in book(game).offers] == [0]  # ids count from 0 again


def test_accept_moves_the_items_and_voids_offers_that_lost_their_meaning(rs3):
    game = stacked(rs3, [[0, 1, 1, 1], [2, 2, 3, 3], [0, 0, 2, 3]])
    game.apply("give h1", 0)
    game.apply("ask c3", 0)
    game.apply("send p2", 0)  # o1: p1's colour 0 for a colour 2 of p2
    game.apply("give h2", 0)
    game.apply("send p3", 0)  # o2: p1's hand token 2, a gift: void once p1's hand changes
    game.apply("give h1", 2)  # p3 drafts with their own hand: untouched by the trade
    assert "accept o1" in codes(game, 1) and "withdraw o1" in codes(game, 0)
    game.apply("accept o1", 1)
    assert hands(game)[0] == [1, 1, 1, 2] and hands(game)[1] == [2, 3, 3, 0]
    kinds = [e[0] for e in game.events[-2:]]
    assert kinds == ["swap", "void"] and game.events[-1] == ("void", 1)
    assert book(game).offers == [] and book(game).drafts[2] is not None


def test_accept_needs_what_is_asked(rs3):
    game = stacked(rs3, [[0, 1, 1, 1], [2, 2, 3, 3], [0, 0, 2, 3]])
    game.apply("ask c1", 0)
    game.apply("send p2", 0)
    assert "accept o1" not in codes(game, 1) and "reject o1" in codes(game, 1)
    with pytest.raises(IllegalActionError):
        game.apply("accept o1", 1)


def test_reject_and_withdraw_close_an_offer_with_an_event(rs3):
    game = stacked(rs3, [[0, 1, 1, 1], [2, 2, 3, 3], [0, 0, 2, 3]])
    game.apply("give h1", 0)
    game.apply("send p2", 0)
    game.apply("give h2", 0)
    game.apply("send p3", 0)
    game.apply("reject o1", 1)
    assert game.events[-1] == ("reject", 0, 1)
    assert "reject o1" not in codes(game, 1) and "withdraw o2" in codes(game, 0)
    game.apply("withdraw o2", 0)
    assert game.events[-1] == ("withdraw", 1, 0) and book(game).offers == []
    assert "withdraw o2" not in codes(game, 0)


def test_a_scrapped_draft_still_used_one_offer(rs3):
    game = stacked(rs3, [[0, 1, 1, 1], [2, 2, 3, 3], [0, 0, 2, 3]])
    game.apply("ask c2", 2)
    game.apply("scrap", 2)
    assert game.events[-1] == ("scrap", 2) and book(game).started[2] == 1


# -- caps and passing -----------------------------------------------------------------------------
def test_caps_bound_offers_and_items(rs3):
    game = stacked(rs3, [[0, 1, 1, 1], [2, 2, 3, 3], [0, 0, 2, 3]])
    game.apply("give h1", 0)
    game.apply("give h2", 0)
    assert not any(c.startswith("give") for c in codes(game, 0))  # CAPS.items tokens given
    game.apply("ask c3", 0)
    game.apply("ask c4", 0)
    assert not any(c.startswith("ask") for c in codes(game, 0))
    game.apply("send p2", 0)
    game.apply("ask c1", 0)
    game.apply("send p3", 0)
    assert book(game).started[0] == CAPS.offers
    assert not any(c.startswith(("give", "ask")) for c in codes(game, 0))  # no third offer
    assert codes(game, 0) == ["withdraw o1", "withdraw o2", "pass"]


def test_everyone_passing_since_the_last_change_ends_the_negotiation(rs3):
    game = stacked(rs3, [[0, 1, 1, 1], [2, 2, 3, 3], [0, 0, 2, 3]])
    game.apply("pass", 0)
    game.apply("pass", 1)
    assert game.deciders == (2,)
    game.apply("give h1", 2)  # drafting is private work: not a change
    assert game.deciders == (2,)
    game.apply("send p1", 2)  # a change: everyone is back
    assert set(game.deciders) == {0, 1, 2}
    game.apply("reject o1", 0)
    for p in (0, 1, 2):
        game.apply("pass", p)
    assert game.part(PART).round == 1 and ("negotiation_over", 0) in game.events


def bound(players: int) -> int:
    """Actions one negotiation may take at most: per offer, its items, a send and one answer;
    changes at most 2 per offer, and after each (and at the start) everyone may pass once."""
    offers = players * CAPS.offers
    return offers * (2 * CAPS.items + 2) + players * (2 * offers + 1)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**16))
def test_random_legal_play_always_ends(players, seed):
    rs = beanframe.compose([barter()], players)
    game = rs.new_game(seed=seed)
    rng = random.Random(seed)
    per_round = 0
    rounds = 0
    while not game.is_over:
        p = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(p)), p)
        per_round += 1
        assert per_round <= bound(players)
        assert max(book(game).started) <= CAPS.offers
        if game.is_over or game.part(PART).round != rounds:
            rounds, per_round = game.part(PART).round, 0
    assert rounds == ROUNDS and sum(map(len, hands(game))) == HAND * players


# -- privacy --------------------------------------------------------------------------------------
def _offer_from(position: int, rs):
    """p1 offers p2 a colour-0 token from hand position ``position`` (tokens 1 and 3 are both 0)."""
    game = stacked(rs, [[0, 1, 0, 1], [2, 2, 3, 3], [0, 0, 2, 3]])
    game.apply(f"give h{position}", 0)
    game.apply("ask c3", 0)
    game.apply("send p2", 0)
    return game


def test_only_the_maker_knows_the_hand_positions(rs3):
    a, b = _offer_from(1, rs3), _offer_from(3, rs3)
    assert book(a).offers[0].secret == (0,) and book(b).offers[0].secret == (2,)
    for p in (1, 2, None):
        assert a.log_for(p) == b.log_for(p)
        assert a.events_for(p) == b.events_for(p)
        assert a.history_for(p) == b.history_for(p)
        assert a.view(p)[PART] == b.view(p)[PART]
        assert a.view(p)[PART].offers[0].gives == (0,) and a.view(p)[PART].offers[0].secret == ()
    for p in (1, 2):
        assert a.information_state(p) == b.information_state(p)
    # the maker knows: in the view, the event and the log
    assert a.view(0)[PART].offers[0].secret == (0,)
    assert a.information_state(0) != b.information_state(0)
    assert a.events_for(0)[-1] == ("offer", 0, 0, 1, (0,), (2,), (0,))
    assert a.events_for(1)[-1] == ("offer", 0, 0, 1, (0,), (2,))
    assert "(h1)" in a.log_for(0)[-1] and "(h" not in a.log_for(1)[-1]
    # a draft is the maker's alone: the others only see that one is being built
    a.apply("give h2", 0)
    assert a.view(1)[PART].draft is None and a.view(1)[PART].drafting[0]


def test_the_barter_game_passes_the_conformance_kit():
    # every check of the kit (legality, clones, views and private records leak nothing, save/load,
    # determinism) over random games of a game that trades through the core's offers alone
    conformance_suite([barter()], players=[2, 4], games=2, bot_games=0)
