"""``game.set_active``: a starting player chosen during set-up (issue 5 §6), on the fake auction
with its set-up decision "player 1 chooses who starts"."""

from __future__ import annotations

import pytest

import beanframe
from beanframe.core.persist import load_game

from .fakes_group import auction


def test_the_player_chosen_in_set_up_starts_and_play_goes_on_from_them():
    plug = auction(with_start_choice=True)
    game = beanframe.compose([plug], 3).new_game(seed=1)
    assert game.stage_name == "setup" and game.frame.kind == "choose_start" and game.to_act == 0
    game.apply("start p3")
    assert game.stage_name == "turns" and game.state.active == 2 and game.state.turn == 1
    assert ("turn", 1, 2) in game.events  # the first turn is announced for the chosen player
    assert game.deciders == (2, 0, 1)  # the auction's group starts with the active player
    for player in (2, 0, 1):
        game.apply("bid 0", player)
    assert game.state.turn == 2 and game.state.active == 0  # then the usual order
    again = load_game(game.to_json(), plugins=[plug])
    assert again.state.active == 0 and again.to_json() == game.to_json()


def test_set_active_is_only_for_set_up_and_real_players():
    game = beanframe.compose([auction(with_start_choice=True)], 2).new_game(seed=1)
    for bad in (2, -1, "p1", None, True):
        with pytest.raises(ValueError, match=r"set_active: no player"):
            game.set_active(bad)
    game.set_active(1)  # still in set-up: allowed (a setup phase, step or listener may do this)
    assert game.state.active == 1
    game.apply("start p1")
    assert game.stage_name == "turns"
    with pytest.raises(ValueError, match=r"only allowed during set-up, not in stage turns"):
        game.set_active(1)
    assert game.state.active == 0
