"""Bohnanza positions (issue 21.1): the trade table in the game's terms (face-up cards, received
cards, open offers and drafts with 1-based hand positions and slots); a game stopped in the middle
of trading goes on exactly like it from its position (RULES C "Trade")."""

from __future__ import annotations

import random

import attrs
import pytest

import beanframe
from beanframe.errors import PositionError
from beanframe.testing import check_save_load, continue_alike

from .helpers import CREATED, VARIANT, codes, hand, received, trade


def start(position, players: int = 4):
    game = beanframe.compose(VARIANT, players).new_game(seed=2, position=position)
    CREATED.append(game)
    return game


def problems(position, players: int = 4) -> list[str]:
    with pytest.raises(PositionError) as caught:
        start(position, players)
    return caught.value.problems


def mid_trade(players: int, seed: int):
    """A random game stopped inside a trade with open offers and a draft (or at its end)."""
    game = beanframe.new_game(VARIANT, players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        t = game.part("trade")
        if game.frame.kind == "trade" and t.offers and any(d is not None for d in t.drafts):
            break
        p = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(p)), p)
    return game


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (4, 7)])
def test_a_game_stopped_in_the_middle_of_trading_goes_on_exactly_like_it(players, seed):
    game = mid_trade(players, seed)
    assert game.part("trade").offers  # the position holds open offers and drafts
    data = game.position()
    assert data["trade"]["offers"] and data["trade"]["drafts"]
    again = beanframe.compose(VARIANT, players).new_game(position=data)
    assert again.part("trade") == game.part("trade") and again.state.stack == game.state.stack
    for p in (None, *range(players)):
        assert attrs.evolve(again.view(p), record=None) == attrs.evolve(game.view(p), record=None)
        if p is not None:
            assert again.legal_actions(p) == game.legal_actions(p)
    continue_alike(game.clone(), check_save_load(again), seed)


OFFER = {
    "phase": "trade",
    "stack": [{"kind": "trade", "player": "p1", "args": [], "group": ["p1", "p2", "p3", "p4"]}],
    "beans": {"hands": [["soy", "red", "blue"], ["fire"], [], []]},
    "trade": {
        "face_up": ["green", ""],
        "started": [1, 0, 0, 0],
        "offers": [{"id": 0, "maker": "p1", "to": "p2", "gives": ["red"], "hand": [2], "face_up": [1], "asks": ["fire"]}],
        "drafts": {"p2": {"gives": ["fire"], "hand": [1]}},
        "received": [[], [], ["garden"], []],
    },
}


def test_an_open_offer_set_up_by_hand_can_be_accepted():
    # RULES C "Trade": p1 offers a Red Bean and the face-up Green Bean for p2's Chili Bean
    game = start(OFFER)
    assert trade(game).offers[0].hand == (1,) and trade(game).face_up[0] != -1
    assert received(game, 2) == ["garden"]
    assert "accept o1" in codes(game, 1)
    game.apply("accept o1", 1)
    game.apply("give-copy h1", 1)  # F.27: the only Chili Bean, a forced choice
    assert hand(game, 0) == ["soy", "blue"] and sorted(received(game, 1)) == ["green", "red"]
    assert received(game, 0) == ["fire"]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"hand": [1]}, "trade.offers[0].hand: p1's hand card 1 is not the Red Bean given"),
        ({"to": "p1"}, "trade.offers[0].to: an offer goes to another player"),
        ({"face_up": [2]}, "trade.offers[0].face_up: no face-up card in slot 2"),
        ({"hand": [2, 3]}, "trade.offers[0].hand: 2 hand positions for 1 beans given"),
        ({"asks": ["fire"] * 4}, "trade.offers[0]: 4 cards asked: at most 3 a side"),
        ({"gives": ["rde"]}, "trade.offers[0].gives[0]: unknown bean 'rde'"),
    ],
)
def test_offers_are_checked(change, message):
    position = {**OFFER, "trade": {**OFFER["trade"], "offers": [{**OFFER["trade"]["offers"][0], **change}]}}
    found = problems(position)
    assert any(p.startswith(message) for p in found), found


def test_face_up_and_received_cards_are_cards_of_the_game():
    # RULES C "Cards": 6 Garden Beans in the game
    found = problems({"beans": {"hands": [["garden"] * 3, [], [], []]}, "trade": {"face_up": ["garden"], "received": [["garden"] * 3, [], [], []]}})
    assert found == ["trade.received[0][2]: one Garden Bean too many (the game has 6)"]
