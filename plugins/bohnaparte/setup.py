"""Set-up (RULES D "Board"): the board is laid (dealt at random with the ``random`` layout option),
then the players choose army camps counter-clockwise, each putting 1 marker on it and keeping 11;
the last to choose starts and play goes clockwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.core.steps import Step
from beanframe.i18n import _

from . import actions as A
from .board import board_of, layout_of
from .layout import shuffled
from .rules import rules_of
from .territory import camp_order

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def phase_board(game: Game) -> None:
    rules = rules_of(game)
    if rules.random_layout:
        board = board_of(game)
        board.kinds = list(shuffled(rules.layout, game.random()).kinds)
        game.emit("layout", " / ".join(layout_of(game).rows()))


def phase_choose_camps(game: Game) -> None:
    order = camp_order(game.state.players)
    for k, p in reversed(list(enumerate(order))):  # the first chooser's frame on top
        game.push(ChooseCampStep.kind, p, int(k == len(order) - 1))


class ChooseCampStep(Step):
    """``camp l<k>`` over the free camps; ``args = (last chooser?,)``."""

    kind = "choose_camp"
    options = False

    def legal(self, game: Game, frame: Frame):
        board = board_of(game)
        layout = layout_of(game)
        taken = set(board.camps)
        return [A.ChooseCamp(i) for i in layout.camps if i not in taken]

    def apply(self, game: Game, frame: Frame, action) -> None:
        board = board_of(game)
        p = frame.player
        board.camps[p] = action.landscape
        board.owners[action.landscape] = p
        board.markers[p] -= 1
        game.emit("camp", p, action.landscape)
        game.pop()
        if frame.args[0]:
            game.set_active(p)  # the last chooser starts (RULES D "Board")

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("choose your army camp (counter-clockwise; the last to choose starts)")
