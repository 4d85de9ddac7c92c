"""How front ends show Bohnanza (``beanframe_register_renderers``): the bean table (the bean
family's renderer), the face-up trade cards, the cards set aside and the open offers as a table;
and the one-line offer a person types (``offer p3 give h2 h4 for 2 fire``), parsed into the small
actions the protocol is made of (:func:`parse_offer`)."""

from __future__ import annotations

import re
from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.beans import rules_of as bean_rules
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
        out.append(table)
    if trade.draft is not None:
        d = trade.draft
        out.append(Text(f"Your offer in the making: gives {', '.join(d.gives) or 'nothing'} for {', '.join(d.asks) or 'nothing'}"))
    return out


_COUNT = re.compile(r"^\d+$")


def parse_offer(line: str, cards: Any, player: int, active: int) -> list[str]:
    """The action codes of a typed offer: ``offer p3 give h2 h4 u1 for 2 fire u2`` (to player 3:
    hand cards 2 and 4 and face-up card 1, for two Feuerbohnen and face-up card 2); ``for
    nothing`` or no ``for`` part makes a gift; the addressee may be left out by a player who is not
    active (their offers go to the active player). ValueError naming the problem otherwise."""
    words = line.lower().split()
    if words and words[0] == "offer":
        words = words[1:]
    to = None
    if words and re.fullmatch(r"p\d+", words[0]):
        to = int(words[0][1:]) - 1
        words = words[1:]
    if to is None:
        if player == active:
            raise ValueError("say whom the offer is for: offer p2 give h1 for fire")
        to = active
    gives: list[str] = []
    asks: list[str] = []
    side = None
    count = 1
    for w in words:
        if w in ("give", "gives"):
            side = gives
        elif w == "for":
            side = asks
        elif side is None:
            raise ValueError(f"{w!r}: start with give (what you give), then for (what you ask)")
        elif w == "nothing":
            continue
        elif _COUNT.match(w):
            count = int(w)
            if not 1 <= count <= 6:
                raise ValueError(f"{w}: ask for 1 to 6 cards of a bean")
        elif side is gives and re.fullmatch(r"h\d+", w):
            gives.append(f"give {w}")
        elif re.fullmatch(r"u\d+", w):
            if side is gives:
                gives.append(f"give-face {w}")
            else:
                asks.append(f"want-face {w}")
        elif side is asks:
            try:
                b = cards.index(w)
            except KeyError as exc:
                raise ValueError(exc.args[0]) from None
            asks += [f"ask c{b + 1}"] * count
            count = 1
        else:
            raise ValueError(f"{w!r}: give hand cards (h2) or face-up cards (u1)")
    if not gives and not asks:
        raise ValueError("an offer gives or asks something: offer p2 give h1 for 2 fire")
    return [*gives, *asks, f"send p{to + 1}"]


def offers_command(game: Any, player: Any, arg: str) -> list[Any]:
    """``offers``: the trade table (face-up cards, set-aside cards, open offers)."""
    view = game.view(player)
    if TRADE not in view.parts:
        return ["no trading in this game"]
    return render_trade(view[TRADE], view, None) or ["no face-up cards and no open offers"]


def offer_codes(game: Any, player: int, line: str) -> list[str]:
    """:func:`parse_offer` for ``player`` in ``game``."""
    return parse_offer(line, bean_rules(game).cards, player, game.state.active)


def offer_command(game: Any, player: Any, arg: str) -> list[Any]:
    """``offer p3 give h2 h4 for 2 fire``: the action codes that make this offer, checked.

    The CLI offers no hook yet that applies several actions from one typed line (and its session
    asks only ``game.to_act`` in a group decision), so this command translates and checks the
    line; the player then types the codes (or their numbers) one after the other."""
    if player is None:
        return ["spectators make no offers"]
    try:
        codes = offer_codes(game, player, arg)
    except ValueError as exc:
        return [f"not an offer: {exc}"]
    return [Text("to make this offer, type: " + " · ".join(codes))]
