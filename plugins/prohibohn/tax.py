"""Boss harvests that pay the active player (RULES.md B "Turn changes", "Building cards"):

- Phase 2: when a boss harvests in the mafia tax, the active player takes 1 coin of the yield.
- Restaurant 3 / 4: when a boss harvests during the owner's phase 4 / 5, the owner takes 1 coin of
  the yield (the ``restaurant`` power lists the phases by name).

A ``boss_harvest`` listener: the coins just sold are the last ones in the mafia treasury.
(Phase 2 compares only the top card of each field: Al Cabohne's tax already does.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.core.state import TURNS

from .supply import powers

if TYPE_CHECKING:
    from beanframe.core.game import Game

MAFIA = "mafia"


def share_of_yield(game: Game, boss: int, bean: int, n: int, coins: int) -> None:
    s = game.state
    if coins < 1 or s.stage != TURNS:
        return
    phase = game.phase
    if phase is None:
        return
    name = phase.name
    player = s.active
    if name != "tax" and name not in powers(game, player).restaurant:
        return
    coin = s.parts[MAFIA].treasury.pop()  # one of the coins this harvest just paid
    s.parts[BEANS].coins[player].append(coin)
    game.emit("yield_share", player, boss, coin)
