"""Clones, saves and views in the middle of a group decision (issue 5 §1), on the fake auction."""

from __future__ import annotations

import json
import random

import pytest

import beanframe
from beanframe.core.persist import load_game, snapshot
from beanframe.errors import SaveFileError

from .fakes import counter
from .fakes_group import PART, auction


@pytest.fixture(scope="module")
def plug():
    return auction()


def midway(plug, players: int = 3):
    """p3 has bid 2 and p2 donated; p1 and p2 still have to bid on the first lot."""
    game = beanframe.compose([plug], players).new_game(seed=5)
    game.apply("bid 2", 2)
    game.apply("donate", 1)
    assert game.deciders == (0, 1)
    return game


def test_a_clone_keeps_the_group_and_is_independent(plug):
    game = midway(plug)
    copy = game.clone()
    assert copy.deciders == (0, 1) and copy.frame == game.frame
    assert copy.legal_actions(1) == game.legal_actions(1)
    before = game.to_json()
    copy.apply("bid 3", 1)
    assert copy.deciders == (0,) and copy.part(PART).bids[1] == 3
    assert game.to_json() == before and game.deciders == (0, 1) and game.part(PART).bids[1] == -1
    game.apply("bid 1", 0)  # and the original goes its own way
    assert game.deciders == (1,) and copy.deciders == (0,)


def test_the_save_records_the_group_and_who_acted(plug):
    game = midway(plug)
    raw = json.loads(game.to_json())
    assert raw["state"]["stack"] == [["bids", 0, [], [0, 1]]]
    assert raw["actions"] == ["bid 2", "donate"] and raw["actors"] == [2, 1]
    loaded = load_game(game.to_json(), plugins=[plug])
    assert loaded.deciders == (0, 1) and loaded.actors == [2, 1]
    assert snapshot(loaded) == snapshot(game) and loaded.to_json() == game.to_json()
    # both play on alike, whoever acts
    rng = random.Random(3)
    while not game.is_over:
        player = rng.choice(game.deciders)
        action = rng.choice(game.legal_actions(player))
        game.apply(action, player)
        loaded.apply(action.code, player)
    assert loaded.to_json() == game.to_json() and loaded.result == game.result


def test_one_decider_frames_save_as_before():
    game = beanframe.compose([counter()], 2).new_game(seed=1)
    raw = json.loads(game.to_json())
    assert all(len(entry) == 3 for entry in raw["state"]["stack"])  # [kind, player, args]


def test_a_save_without_actors_replays_for_the_player_to_act():
    plug = counter()
    game = beanframe.compose([plug], 2).new_game(seed=1)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    raw = json.loads(game.to_json())
    del raw["actors"]  # a save written before group decisions existed
    assert load_game(json.dumps(raw), plugins=[plug]).to_json() == game.to_json()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r["actors"].__setitem__(0, 0), r"the saved state does not match its actions"),
        (lambda r: r["actors"].__setitem__(1, 2), r"action 2 of the save \('donate'\) cannot be replayed: p3 may not act now"),
        (lambda r: r["actors"].append(1), r"the saved actors do not match"),
        (lambda r: r["actors"].__setitem__(0, "p3"), r"corrupt save file: expected a whole number"),
        (lambda r: r["state"]["stack"][0][3].pop(), r"the saved state does not match"),
    ],
    ids=["another bidder", "a player who already bid", "one actor too many", "not a number", "group"],
)
def test_a_tampered_group_save_is_refused(plug, edit, message):
    raw = json.loads(midway(plug).to_json())
    edit(raw)
    with pytest.raises(SaveFileError, match=message):
        load_game(json.dumps(raw), plugins=[plug])


def test_views_show_the_deciders_to_everyone(plug):
    game = midway(plug)
    for p in (None, 0, 1, 2):
        v = game.view(p)
        assert v.deciders == (0, 1) and v.to_act == 0
        assert v.to_dict()["deciders"] == [0, 1]
    # what was bid stays sealed; that it was bid is public
    assert game.view(0)["auction"].my_bid is None and game.view(2)["auction"].my_bid == 2
    assert game.view(0)["auction"].has_bid == (False, False, True)


def test_the_conformance_checks_hold_in_the_middle_of_a_group_decision(plug):
    from beanframe.testing import check_game

    check_game(midway(plug))
