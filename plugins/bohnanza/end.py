"""The end (RULES C, F.12, F.5, F.6): after the turn in which the deck ran out for the third time,
every player harvests every field; coins count; the most coins wins and ties share the win, or,
with the option ``tie_break = "hand_cards"``, the most hand cards break the tie."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import harvest
from beanframe.core.scoring import seat_name
from beanframe.i18n import _

from .rules import HAND_CARDS, rules_of

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.scoring import ScoreSheet


def phase_final_harvest(game: Game) -> None:
    """F.5: every non-empty field is sold, whatever the bean protection rule would say."""
    table = game.state.parts[BEANS]
    for p in range(game.state.players):
        for i, f in enumerate(table.fields[p]):
            if f:
                harvest(game, table, p, i)


def score(game: Game, sheet: ScoreSheet) -> None:
    table = game.state.parts[BEANS]
    for p in range(game.players):
        sheet.add(seat_name(p), _("coins"), len(table.coins[p]))  # in the reader's language (results are per language)


def winners(game: Game, sheet: ScoreSheet) -> list[str]:
    """F.6: the players with the most coins share the win; F.12's option: the most hand cards
    among them win (still tied: they share)."""
    seats = [seat_name(p) for p in range(game.players)]
    best = max(sheet.total(s) for s in seats)
    top = [p for p, s in enumerate(seats) if sheet.total(s) == best]
    if len(top) > 1 and rules_of(game).tie_break == HAND_CARDS:
        hands = game.state.parts[BEANS].hands
        most = max(len(hands[p]) for p in top)
        top = [p for p in top if len(hands[p]) == most]
    return [seats[p] for p in top]
