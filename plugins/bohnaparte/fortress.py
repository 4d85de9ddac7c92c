"""Quarries and fortresses (RULES D "Landscapes", rulebook "De bouw van een vesting"): on their own
turn, the owner of a full quarry may pay 2 coins, flip it to empty and put a fortress under any own
landscape: +2 defence for good (it stays when the owner changes), +1 VP, one per landscape."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.core.state import TURNS
from beanframe.core.steps import Option

from . import actions as A
from .board import board_of, layout_of
from .depot import pay
from .rules import rules_of

if TYPE_CHECKING:
    from beanframe.core.game import Game


def full_quarries(game: Game, player: int) -> list[int]:
    board = board_of(game)
    layout = layout_of(game)
    return [
        i for i, o in enumerate(board.owners)
        if o == player and layout.card(i).quarry and i not in board.empty_quarries
    ]  # fmt: skip


def fortress_legal(game: Game, player: int):
    s = game.state
    board = board_of(game)
    if s.stage != TURNS or s.active != player or board.fortresses_left <= 0:
        return ()
    if len(s.parts[BEANS].coins[player]) < rules_of(game).fortress_price or not full_quarries(game, player):
        return ()
    return [A.BuildFortress(i) for i, o in enumerate(board.owners) if o == player and i not in board.fortresses]


def fortress_apply(game: Game, action, player: int) -> None:
    board = board_of(game)
    pay(game, player, rules_of(game).fortress_price)
    board.empty_quarries.append(full_quarries(game, player)[0])
    board.fortresses.append(action.landscape)
    board.fortresses_left -= 1
    game.emit("fortress", player, action.landscape)


FORTRESS_OPTION = Option("build_fortress", (A.BuildFortress,), fortress_legal, fortress_apply)
