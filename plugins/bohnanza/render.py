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
            table.add_row(f"o{o.id + 1}", f"p{o.maker + 1}", f"p{o.to + 1}", escape(gives_text(o)), escape(asks_text(o)))
        out.append(table)
        me = getattr(view, "player", None)
        hints = [text for who, text in (("to", "accept oK or reject oK answers an offer to you"), ("maker", "withdraw oK takes yours back")) if any(getattr(o, who) == me for o in trade.offers)]
        if hints:
            out.append(Text("; ".join(hints), style="dim"))
    giving = next((o for o in trade.offers if o.id == trade.giving), None)
    if giving is not None:
        text = f"o{giving.id + 1} accepted: p{giving.to + 1} chooses the copies to give"
        if trade.chosen is not None:  # the giver's own screen: the copies chosen so far
            hand = view["beans"].hand or ()
            chosen = [f"{hand[i]} (h{i + 1})" for i in trade.chosen if i < len(hand)]
            text += "; yours so far: " + (", ".join(chosen) or "none")
        out.append(Text(text))
    if trade.draft is not None:
        d = trade.draft
        out.append(Text(f"Your offer in the making: gives {', '.join(d.gives) or 'nothing'} for {', '.join(d.asks) or 'nothing'}"))
    return out


def gives_text(o: Any) -> str:
    """What an offer gives: hand cards (their positions only for the maker: ``o.hand``), then the
    face-up cards with their slots (public: they lie on the table)."""
    n_hand = len(o.gives) - len(o.face_up)
    hand = list(o.gives[:n_hand])
    if o.hand is not None:
        hand = [f"{name} (h{h + 1})" for name, h in zip(hand, o.hand)]
    face = [f"{name} (u{k + 1})" for name, k in zip(o.gives[n_hand:], o.face_up)]
    return ", ".join(hand + face) or "nothing"


def asks_text(o: Any) -> str:
    """What an offer asks for: beans from the addressee's hand, then face-up cards by slot."""
    n_hand = len(o.asks) - len(o.wants)
    face = [f"{name} (u{k + 1})" for name, k in zip(o.asks[n_hand:], o.wants)]
    return ", ".join([*o.asks[:n_hand], *face]) or "nothing (a gift)"


def offers_command(game: Any, player: Any, arg: str) -> list[Any]:
    """``offers``: the trade table (face-up cards, set-aside cards, open offers)."""
    view = game.view(player)
    if TRADE not in view.parts:
        return ["no trading in this game"]
    return render_trade(view[TRADE], view, None) or ["no face-up cards and no open offers"]
