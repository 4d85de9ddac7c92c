"""Phase 6 with the Gas Stations (RULES B "Building cards"): Gas Station 4 draws 3 instead of 2;
Gas Station 3 draws until the hand holds 6 cards, if that is more. Unplanted piles wait for the
opponent's phase 1, as in Al Cabohne's ``draw`` phase, which this one replaces."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import draw

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
    hand = table.hands[player]
    n = cards_to_draw(game.ruleset.config.params["beans"].draw, len(hand), powers(game, player))
    for _ in range(n):
        card = draw(game, table)
        if card is None:
            break
        hand.append(card)
        game.emit("draw", player)
