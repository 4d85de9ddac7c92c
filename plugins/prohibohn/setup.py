"""Set-up changes (RULES.md B "Set-up changes"): 7 cards each (``beanframe_configure``); after the
bosses' first cards each player lays 2 hand cards face down as starting coins, keeping the order
of the other hand cards; no third field (the ``buy_field`` option is removed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.core.steps import Step
from beanframe.i18n import ngettext

from . import actions as A
from .supply import PART

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame

STARTING_COINS = 2


def phase_starting_coins(game: Game) -> None:
    """Player 1 chooses first (their frame on top), then player 2."""
    for p in reversed(range(game.players)):
        game.push("starting_coins", p, 0)


class StartingCoinsStep(Step):
    """args = (coins laid so far,). A passive step: pops itself after the second coin."""

    kind = "starting_coins"
    options = False  # set-up: nothing to harvest or buy yet

    def legal(self, game: Game, frame: Frame):
        return A.STARTING_COIN[: len(game.state.parts[BEANS].hands[frame.player])]

    def apply(self, game: Game, frame: Frame, action) -> None:
        table = game.state.parts[BEANS]
        hand = table.hands[frame.player]
        coins = table.coins[frame.player]
        part = game.state.parts[PART]
        # face-down coins stay the first ones of the list (purchases use them last)
        coins.insert(part.face_down[frame.player], hand.pop(action.hand))  # the rest keep their order
        part.face_down[frame.player] += 1
        game.emit("starting_coin", frame.player)  # public: that a coin was laid, never which
        laid = frame.args[0] + 1
        if laid >= STARTING_COINS or not hand:
            game.pop()
        else:
            game.replace_top(self.kind, frame.player, laid)

    def prompt(self, game: Game, frame: Frame) -> str:
        n = STARTING_COINS - frame.args[0]
        return ngettext("set-up: lay {n} more hand card face down as a starting coin",
                        "set-up: lay {n} more hand cards face down as starting coins", n).format(n=n)
