"""Phase 6 with the Gas Stations (RULES B "Building cards"): Gas Station 4 draws 3 instead of 2;
Gas Station 3 draws until the hand holds 6 cards, if that is more. Unplanted piles wait for the
opponent's phase 1, as in Al Cabohne's ``draw`` phase, which this one replaces; the cards are
drawn by the bean family's resumable ``draw`` frame, so that the F.23 stop can interrupt it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import start

from ..powers import Powers
from ..supply import powers

if TYPE_CHECKING:
    from beanframe.core.game import Game


def cards_to_draw(usual: int, hand: int, pw: Powers) -> int:
    """How many cards phase 6 draws for a hand of ``hand`` cards."""
    n = max(usual, pw.draw)
    if pw.draw_up_to:
        n = max(n, pw.draw_up_to - hand)
    return n


def phase_draw(game: Game) -> None:
    table = game.state.parts[BEANS]
    if table.piles:
        table.leftovers.extend(table.piles)
        table.piles.clear()
    player = game.state.active
    n = cards_to_draw(game.ruleset.config.params["beans"].draw, len(table.hands[player]), powers(game, player))
    start(game, "draw", player, n)  # the bean family's resumable draw: F.23 may stop it midway
