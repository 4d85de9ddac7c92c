"""The end (RULES D "Game end", F.26) and the score: coins are worth nothing, victory points decide
(F.10 for the camp); tied players share the win (F.6). The deck-run end is the bean family's
run-out limit (``deck_runs``); the territory end and the fifth deck are in attack/steps.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.core.scoring import seat_name
from beanframe.i18n import _

from .board import board_of, layout_of
from .rules import rules_of
from .scoring import vp_lines

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.scoring import ScoreSheet


def score(game: Game, sheet: ScoreSheet) -> None:
    board = board_of(game)
    layout = layout_of(game)
    camp_vp = rules_of(game).camp_vp
    for p in range(game.players):
        seat = seat_name(p)
        sheet.clear(seat)  # Bohnanza's coin lines: coins are worth nothing now
        lines = vp_lines(layout, board.owners, board.fortresses, p, camp_vp)
        for label, points in lines:
            sheet.add(seat, label, points)
        if not lines:
            sheet.add(seat, _("no landscape"), 0)


def winners(game: Game, sheet: ScoreSheet) -> list[str]:
    seats = [seat_name(p) for p in range(game.players)]
    best = max(sheet.total(s) for s in seats)
    return [s for s in seats if sheet.total(s) == best]
