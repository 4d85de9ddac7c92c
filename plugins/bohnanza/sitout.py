"""Sitting out the rest of a trade at the terminal (issue 20.3: a player not on turn was asked
again after every offer of a bot's trade): the front end passes for them until an offer is made
to them, which they answer as usual. The active player runs the trade and never sits out."""

from __future__ import annotations

from typing import Any

from beanframe.i18n import N_

from .trade.table import PART as TRADE

HELP = N_("sit-out: pass for the rest of this trade (you are still asked when an offer is made to you)")


def sit_out(game: Any, player: int) -> Any:
    """``pass`` for ``player``, or None when an open offer is made to them, they build an offer,
    or they run the trade."""
    if player == game.state.active:  # who runs the trade (to_act is whoever the group asks first)
        return None
    trade = game.view(player)[TRADE]
    if trade.draft is not None or any(o.to == player for o in trade.offers):
        return None
    return next((a for a in game.legal_actions(player) if a.code == "pass"), None)
