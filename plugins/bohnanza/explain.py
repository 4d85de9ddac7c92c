"""Why an answer to an offer is not possible (``why accept o1``), told from the asking player's
view alone: the public offer and their own hand, never another player's cards (issue 20.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from beanframe.i18n import _

from .trade import actions as T
from .trade.table import PART as TRADE


def explain(game: Any, player: Any, action: Any) -> str | None:
    """The offer an accept, reject or withdraw names: gone, someone else's, or (accept) the asked
    beans the player lacks."""
    if not isinstance(action, (T.Accept, T.Reject, T.Withdraw)) or player is None:
        return None
    view = game.view(player)
    if TRADE not in view.parts:
        return None
    code = f"o{action.offer + 1}"
    offer = next((o for o in view[TRADE].offers if o.id == action.offer), None)
    if offer is None:
        return _("there is no open offer {code} now").format(code=code)
    if isinstance(action, T.Withdraw):
        if offer.maker == player:
            return None
        return _("{code} is player {player}'s offer: only its maker withdraws it").format(code=code, player=offer.maker + 1)
    if offer.to != player:
        return _("{code} is offered to player {player}, not to you").format(code=code, player=offer.to + 1)
    if isinstance(action, T.Reject):
        return None
    hand = Counter(view["beans"].hand or ())
    from_hand = offer.asks[: len(offer.asks) - len(offer.wants)]
    missing = [f"{n - hand[name]} {name}" for name, n in Counter(from_hand).items() if hand[name] < n]
    if missing:
        return _("{code} asks for {beans} from your hand; you lack {missing}").format(
            code=code, beans=", ".join(from_hand), missing=", ".join(missing)
        )
    return None
