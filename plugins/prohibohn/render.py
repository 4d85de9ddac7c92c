"""How front ends show Prohibohn (``beanframe_register_renderers``): the building supply with the
codes to buy, each player's buildings, one's own coins by bean, and a ``buildings`` command that
prints every card's power. Reads the part's public view and the viewer's own coins only."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .cards import CARDS, card_id

if TYPE_CHECKING:
    from beanframe.core.game import Game


def render_prohibohn(part: Any, view: Any, seats: Any) -> list[Any]:
    out: list[Any] = []
    supply = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    supply.add_column("kind", no_wrap=True, style="cyan")
    supply.add_column("cards", overflow="fold")
    rows: dict[str, list[str]] = {}
    for name in part.supply:
        i = card_id(name)
        rows.setdefault(CARDS[i].kind, []).append(f"c{i + 1} {CARDS[i].name} ({CARDS[i].price} {CARDS[i].bean})")
    for kind, cards in rows.items():
        supply.add_row(escape(kind), escape(", ".join(cards)))
    title = "Building supply" + (" (razzia bought: 1-buildings are worthless)" if part.razzia else "")
    out += [Text(f"{title}:", style="bold"), supply]
    for p, owned in enumerate(part.owned):
        who = "you" if p == view.player else (seats[p] if seats and p < len(seats) else "")
        out.append(Text(f"p{p + 1} {who} buildings: {', '.join(owned) or '—'}".replace("  ", " ")))
    beans = view.parts.get("beans") if hasattr(view, "parts") else None
    own = getattr(beans, "own_coins", None)
    if own:
        by_bean = Counter(own)
        out.append(Text("your coins by bean: " + ", ".join(f"{n}× {b}" for b, n in sorted(by_bean.items()))))
    if part.removed:
        out.append(Text(f"out of the game: {', '.join(part.removed)}", style="dim"))
    return out


def buildings_command(game: Game, player: int | None, arg: str) -> list[Any]:
    """Every card of this game: code, name, price and power (``buildings [NAME]`` for one)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1))
    for col in ("code", "card", "price", "power"):
        table.add_column(col, overflow="fold")
    wanted = arg.strip().lower()
    for i in sorted(set(game.part("prohibohn").supply) | {i for o in game.part("prohibohn").owned for i in o}):
        c = CARDS[i]
        if wanted and wanted not in c.name.lower() and wanted != c.key:
            continue
        table.add_row(f"c{i + 1}", escape(c.name), f"{c.price} {c.bean}", escape(c.text))
    return [table]


def explain(game: Game, player: int | None, action: Any) -> str | None:
    """Why a purchase is not possible for ``player`` now (None: not a purchase, or no reason)."""
    from beanframe.core.state import TURNS

    from .actions import Buy, BuyRazzia
    from .cards import POLICE, RAZZIA_ID

    if player is None or not isinstance(action, (Buy, BuyRazzia)):
        return None
    s = game.state
    part = game.part("prohibohn")
    card_id = RAZZIA_ID if isinstance(action, BuyRazzia) else action.card
    card = CARDS[card_id]
    if s.stage != TURNS or (s.active != player and (not s.stack or s.stack[-1].kind != "last_sales")):
        return "buildings, police stations and the razzia are bought only on your own turn"
    if card_id not in part.supply:
        return f"the {card.name} is not in the supply any more"
    if card.group == POLICE and any(CARDS[i].group == POLICE for i in part.owned[player]):
        return "you may own only one police station"
    cards = game.ruleset.config.params["beans"].cards
    coins = game.part("beans").coins[player]
    if isinstance(action, BuyRazzia):
        bean = action.bean
        need = 4 if cards.beans[bean].key == card.bean else 5
    else:
        bean, need = cards.index(card.bean), card.price
    have = sum(1 for c in coins if c == bean)
    if have < need:
        return f"the {card.name} costs {need} {cards.names[bean]} coins; you have {have}"
    return None
