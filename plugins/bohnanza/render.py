"""How front ends show Bohnanza (``beanframe_register_renderers``): the bean table (the bean
family's renderer), the face-up trade cards, the cards set aside and the open offers as a table.
The one-line offer a person types (``offer p3 give h2 h4 for 2 chili``) is in ``commands.py``."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from beanframe.beans.render import count_runs
from beanframe.core.present import Fold
from beanframe.i18n import _, ngettext

from .trade.table import PART as TRADE


def render_trade(trade: Any, view: Any, seats: Any) -> list[Any]:
    """The face-up trade cards (codes u1, u2), the cards set aside, the open offers one a line
    (``o2 p4→you gives … for …``: the codes accept/reject/withdraw take; offers between others fold
    to a count when the screen is short) and one's own offer in the making."""
    out: list[Any] = []
    me = getattr(view, "player", None)
    if trade.face_up:
        text = Text(_("Face-up trade cards:") + " ", style="bold")
        for k, name in enumerate(trade.face_up, 1):
            text.append(f" u{k} " if k > 1 else f"u{k} ", style="dim")
            text.append(name if name is not None else _("(traded)"))
        out.append(text)
    aside = [f"p{p + 1} {count_runs(cards)}" for p, cards in enumerate(trade.received) if cards]
    if aside:
        out.append(Text(_("Set aside to plant: {cards}").format(cards=" · ".join(aside))))
    if trade.offers:
        mine = [o for o in trade.offers if me in (o.maker, o.to)]
        others = [o for o in trade.offers if me not in (o.maker, o.to)]
        out.append(Text(_("Open offers ({n}):").format(n=len(trade.offers)), style="bold"))
        out += [offer_line(o, me) for o in mine]
        if others:
            lines = Group(*(offer_line(o, me) for o in others))
            brief = Text(" " + ngettext(
                "and {n} between other players (type offers to see it)",
                "and {n} between other players (type offers to see them)",
                len(others),
            ).format(n=len(others)), style="dim")
            out.append(Fold(lines, brief, rank=1))
        to_me = [f"o{o.id + 1}" for o in trade.offers if o.to == me]
        by_me = [f"o{o.id + 1}" for o in trade.offers if o.maker == me]
        hints = []
        if to_me:
            hint = _("accept {code} or reject {code} answers it") if len(to_me) == 1 else _("accept {code} or reject {code} answers an offer to you")
            hints.append(hint.format(code=to_me[0]))
        if by_me:
            hint = _("withdraw {code} takes it back") if len(by_me) == 1 else _("withdraw {code} takes one of yours back")
            hints.append(hint.format(code=by_me[0]))
        if hints:
            out.append(Fold(Text(" " + "; ".join(hints), style="dim"), rank=0))
    giving = next((o for o in trade.offers if o.id == trade.giving), None)
    if giving is not None:
        text = _("o{offer} accepted: p{player} chooses the copies to give").format(offer=giving.id + 1, player=giving.to + 1)
        if trade.chosen is not None:  # the giver's own screen: the copies chosen so far
            hand = view["beans"].hand or ()
            chosen = [f"{hand[i]} (h{i + 1})" for i in trade.chosen if i < len(hand)]
            text += "; " + _("yours so far: {cards}").format(cards=", ".join(chosen) or _("none"))
        out.append(Text(text))
    if trade.draft is not None:
        d = trade.draft
        out.append(Text(_("Your offer in the making: gives {gives} for {asks}").format(gives=runs_text(d.gives) or _("nothing"), asks=runs_text(d.asks) or _("nothing"))))
    return out


def offer_line(o: Any, me: Any) -> Text:
    """``o2 p4→you gives Chili Bean (h5) for 2× Stink Bean``."""
    maker = _("you") if o.maker == me else f"p{o.maker + 1}"
    to = _("you") if o.to == me else f"p{o.to + 1}"
    text = Text(f" o{o.id + 1} ", style="bold cyan")
    text.append(_("{maker}→{to} gives {gives} for {asks}").format(maker=maker, to=to, gives=gives_text(o), asks=asks_text(o)))
    return text


def runs_text(names: Any) -> str:
    """Beans as "2× Stink Bean, Chili Bean" (equal beans counted, in order of first appearance)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{n}× {name}" if n > 1 else name for name, n in counts.items())


def gives_text(o: Any) -> str:
    """What an offer gives: hand cards (their positions only for the maker: ``o.hand``), then the
    face-up cards with their slots (public: they lie on the table)."""
    n_hand = len(o.gives) - len(o.face_up)
    hand = list(o.gives[:n_hand])
    if o.hand is not None:
        hand = [f"{name} (h{h + 1})" for name, h in zip(hand, o.hand)]
    else:
        hand = [runs_text(hand)] if hand else []
    face = [f"{name} (u{k + 1})" for name, k in zip(o.gives[n_hand:], o.face_up)]
    return ", ".join(hand + face) or _("nothing")


def asks_text(o: Any) -> str:
    """What an offer asks for: beans from the addressee's hand, then face-up cards by slot."""
    n_hand = len(o.asks) - len(o.wants)
    face = [f"{name} (u{k + 1})" for name, k in zip(o.asks[n_hand:], o.wants)]
    hand = [runs_text(o.asks[:n_hand])] if n_hand else []
    return ", ".join([*hand, *face]) or _("nothing (a gift)")


def offers_command(game: Any, player: Any, arg: str) -> list[Any]:
    """``offers``: the trade table (face-up cards, set-aside cards, open offers)."""
    view = game.view(player)
    if TRADE not in view.parts:
        return [_("no trading in this game")]
    trade = render_trade(view[TRADE], view, None)
    return [item.full if isinstance(item, Fold) else item for item in trade] or [_("no face-up cards and no open offers")]
