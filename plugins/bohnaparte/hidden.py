"""What Bohnaparte hides (F.13; for ``game.determinize``): other players' depots and merchants, and
the fight cards laid face down (a deck-top card is unseen even by the one who laid it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans.hidden import POOL
from beanframe.core.determinize import Hidden

from .board import board_of

if TYPE_CHECKING:
    from beanframe.core.game import Game


def hidden_zones(game: Game, observer: int | None) -> list[Hidden]:
    board = board_of(game)
    zones = []
    for p in range(game.state.players):
        if p != observer:
            zones.append(Hidden(POOL, board.depots[p], {}))
            zones.append(Hidden(POOL, board.merchants[p], {}))
    if board.attack_card and (board.attack_blind or observer != board.attacker):
        zones.append(Hidden(POOL, board.attack_card, {}))
    if board.defence_card and (board.defence_blind or observer != board.defender):
        zones.append(Hidden(POOL, board.defence_card, {}))
    return zones
