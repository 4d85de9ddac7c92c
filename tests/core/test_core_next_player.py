"""``game.set_next_player``: game code chooses whose turn comes next (Ali Baba's poorest player
starts the next round), on a fake game that names no real one."""

from __future__ import annotations

import pytest

import beanframe
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import VariantInfo


class HandOver:
    """A fake game: every turn one decision, "go"; after turn 2 the mover hands the next turn to
    the last player; the game ends after turn 6."""

    @hookimpl
    def beanframe_variant(self):
        return VariantInfo(name="hand_over", version="1", players=(3,))

    @hookimpl
    def beanframe_register_actions(self, register):
        register(Go)

    @hookimpl
    def beanframe_register_steps(self, register):
        register(GoStep())

    @hookimpl
    def beanframe_register_phases(self, pipeline):
        pipeline.add("turn", "go", lambda game: game.push("go", game.state.active))


from beanframe.core import Action, Step  # noqa: E402


class Go(Action):
    name = "go"


class GoStep(Step):
    kind = "go"

    def legal(self, game, frame):
        return (game.ruleset.actions.parse("go"),)

    def apply(self, game, frame, action):
        game.pop()
        if game.state.turn == 2:
            game.set_next_player(2)
        if game.state.turn == 6:
            game.end_game()


def movers(game):
    return [e[2] for e in game.events if e[0] == "turn"]


def test_the_chosen_player_moves_next_and_play_goes_on_from_them():
    game = beanframe.compose([HandOver()], 3).new_game(seed=1)
    while not game.is_over:
        game.apply("go")
    # turn 1: p1, turn 2: p2, then p3 was chosen, then the usual order from p3
    assert movers(game) == [0, 1, 2, 0, 1, 2][:2] + [2, 0, 1, 2]
    assert game.state.next_active == -1  # used once


def test_set_next_player_refuses_set_up_and_strangers():
    game = beanframe.compose([HandOver()], 3).new_game(seed=1)
    for bad in (3, -1, "1"):
        with pytest.raises(ValueError, match="set_next_player: no player"):
            game.set_next_player(bad)
    clone = game.clone()
    game.set_next_player(1)
    assert clone.state.next_active == -1 and game.clone().state.next_active == 1


def test_set_next_player_is_not_for_set_up():
    rules = beanframe.compose([HandOver()], 3)
    game = rules.new_game(seed=1)
    game.state.stage = 0  # pretend: still in set-up
    with pytest.raises(ValueError, match="only allowed during the turns"):
        game.set_next_player(1)
