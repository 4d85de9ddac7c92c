"""Prohibohn positions (issue 21.1): the buildings in card keys, coins by bean (RULES B "Coins
keep their bean"), face-down starting coins, each card in one place; a game from its position
goes on exactly like it."""

from __future__ import annotations

import random

import attrs
import pytest

import beanframe
from beanframe.errors import PositionError
from beanframe.testing import continue_alike
from beanframe_plugins.prohibohn.cards import RAZZIA_ID, card_id

from .helpers import CREATED, VARIANTS, named, part, table

PUB = {"prohibohn": {"pub": True}}


def start(position, options=None):
    game = beanframe.compose(VARIANTS, 2, options).new_game(seed=1, position=position)
    CREATED.append(game)
    return game


def problems(position, options=None) -> list[str]:
    with pytest.raises(PositionError) as caught:
        start(position, options)
    return caught.value.problems


@pytest.mark.parametrize("options", [None, PUB])
@pytest.mark.parametrize("steps", [3, 60, 250])
def test_a_game_from_its_position_goes_on_exactly_like_it(options, steps):
    game = beanframe.compose(VARIANTS, 2, options).new_game(seed=steps)
    rng = random.Random(steps)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    again = beanframe.compose(VARIANTS, 2, options).new_game(position=game.position())
    assert again.legal_actions() == game.legal_actions()
    assert all(attrs.evolve(again.view(p), record=None) == attrs.evolve(game.view(p), record=None) for p in (None, 0, 1))
    continue_alike(game.clone(), again, steps)


def test_buildings_and_coins_by_bean():
    # RULES B "Coins keep their bean": a building is paid with coins of its bean
    game = start(
        {
            "phase": "play",
            "beans": {"hands": [["fire"], []], "coins": [["french", "french", "blue"], 2]},
            "prohibohn": {"owned": [["casino1", "Police Station 4"], ["razzia"]], "removed": ["casino4"], "face_down": [1, 2]},
        }
    )
    p = part(game)
    assert p.owned == [[card_id("casino1"), card_id("police4")], [RAZZIA_ID]]
    assert p.razzia and p.removed == [card_id("casino4")]
    assert not {card_id("casino1"), card_id("police4"), card_id("casino4"), RAZZIA_ID} & set(p.supply)
    assert named(game, table(game).coins[0]) == ["french", "french", "blue"] and p.face_down == [1, 2]
    assert game.position()["prohibohn"]["owned"] == [["casino1", "police4"], ["razzia"]]


def test_the_pubs_only_with_the_pub_variant():
    # RULES B "Pub variant"
    assert problems({"prohibohn": {"owned": [["pub1"], []]}}) == [
        "prohibohn.owned[0][0]: 1-Pub is not in this game (the Pubs need the pub variant)"
    ]
    assert start({"prohibohn": {"owned": [["pub1"], []]}}, PUB).part("prohibohn").owned[0] == [card_id("pub1")]


def test_a_building_is_in_one_place_only():
    found = problems({"prohibohn": {"owned": [["casino3"], ["casino3"]], "removed": ["casnio4"]}})
    assert found[0] == "prohibohn.owned[1][0]: 3-Casino is at prohibohn.owned[0][0] already"
    assert found[1].startswith("prohibohn.removed[0]: unknown Prohibohn card 'casnio4' (cards: ")


def test_a_supply_given_must_hold_every_other_card():
    (found,) = problems({"prohibohn": {"supply": ["casino1"]}})
    assert found.startswith("prohibohn.supply: cards in no place: casino3, casino4, ")


def test_face_down_coins_are_coins_of_the_player():
    # the face-down starting coins are the first of a player's coins (RULES B "Set-up changes")
    assert problems({"beans": {"coins": [1, 0]}, "prohibohn": {"face_down": [2, 0]}}) == [
        "prohibohn.face_down[0]: 2 is out of range (expected from 0 to 1)"
    ]
