"""How front ends show Bohnanza (``beanframe_register_renderers``): the bean table (the bean
family's renderer), the face-up trade cards, the cards set aside and the open offers as a table.
The one-line offer a person types (``offer p3 give h2 h4 for 2 fire``) is in ``commands.py``."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.beans.render import count_runs

from .trade.table import PART as TRADE


def render_trade(trade: Any, view: Any, seats: Any) -> list[Any]:
    out: list[Any] = []
    if trade.face_up:
        text = Text("Face-up trade cards: ", style="bold")
        for k, name in enumerate(trade.face_up, 1):
            text.append(f" u{k} ", style="dim")
            text.append(name if name is not None else "(traded)")
        out.append(text)
    for p, cards in enumerate(trade.received):
        if cards:
            out.append(Text(f"p{p + 1} set aside to plant: {count_runs(cards)}"))
    if trade.offers:
        table = Table(title="Open offers", box=None, pad_edge=False, padding=(0, 1), title_justify="left")
        for col in ("id", "from", "to", "gives", "for"):
            table.add_column(col, no_wrap=True, overflow="ellipsis")
        for o in trade.offers:
            gives = ", ".join(o.gives) or "nothing"
            if o.hand is not None:  # one's own offer: the hand positions too
                gives += " (" + " ".join(f"h{h + 1}" for h in o.hand) + ")"
            table.add_row(f"o{o.id + 1}", f"p{o.maker + 1}", f"p{o.to + 1}", escape(gives), escape(", ".join(o.asks) or "a gift"))
        me = getattr(view, "player", None)
        hints = [text for who, text in (("to", "accept oK or reject oK answers an offer to you"), ("maker", "withdraw oK takes yours back")) if any(getattr(o, who) == me for o in trade.offers)]
        table.caption = "; ".join(hints) or None
        table.caption_justify = "left"
        out.append(table)
    if trade.draft is not None:
        d = trade.draft
        out.append(Text(f"Your offer in the making: gives {', '.join(d.gives) or 'nothing'} for {', '.join(d.asks) or 'nothing'}"))
    return out


def offers_command(game: Any, player: Any, arg: str) -> list[Any]:
    """``offers``: the trade table (face-up cards, set-aside cards, open offers)."""
    view = game.view(player)
    if TRADE not in view.parts:
        return ["no trading in this game"]
    return render_trade(view[TRADE], view, None) or ["no face-up cards and no open offers"]
