"""How front ends show Prohibohn (``beanframe_register_renderers``): the building supply with the
codes to buy, each player's buildings, one's own coins by bean, and a ``buildings`` command that
prints every card's power. Reads the part's public view and the viewer's own coins only."""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.beans import load_beans
from beanframe.core.present import Fold
from beanframe_plugins.al_cabohne.plugin import CARDS as BEANS
from beanframe.core.words import count

from .cards import BUILDING, CARDS, card_id

if TYPE_CHECKING:
    from beanframe.core.game import Game


@functools.lru_cache(maxsize=1)
def bean_names() -> dict[str, str]:
    """Bean keys to the names printed on the cards (Al Cabohne's beans and the pub's Cognacbohne):
    the screen names beans as the cards do, never by their keys."""
    beans = [*BEANS.beans, *load_beans(__package__, "cards.toml")]
    return {b.key: b.name for b in beans}


def _bean(key: str) -> str:
    return bean_names().get(key, key)


def render_prohibohn(part: Any, view: Any, seats: Any) -> list[Any]:
    """The supply (a line per kind: codes, cards and the bean that pays; folded to one line per
    two kinds, then to a line pointing at ``buildings``), everyone's buildings, one's own coins."""
    out: list[Any] = []
    rows: dict[str, list[int]] = {}
    for name in part.supply:
        i = card_id(name)
        rows.setdefault(CARDS[i].bean if CARDS[i].group != BUILDING else CARDS[i].kind, []).append(i)
    title = "Buildings for sale" + (" (razzia bought: 1-buildings are worthless)" if part.razzia else "")
    full = Text(f"{title}:", style="bold")
    for ids in rows.values():
        full.append("\n ")
        full.append(" · ".join(f"c{i + 1} {CARDS[i].name}" for i in ids))
        full.append(f" ({_bean(CARDS[ids[0]].bean)})", style="dim")
    kinds: dict[str, list[int]] = {}
    for name in part.supply:
        kinds.setdefault(CARDS[card_id(name)].kind, []).append(card_id(name))
    groups = [Text(f"{_kind(ids)} {'/'.join(f'c{i + 1}' for i in ids)} ({_bean(CARDS[ids[0]].bean)})") for ids in kinds.values()]
    brief = Group(Text(f"{title}:", style="bold"), Columns(groups, padding=(0, 2)))
    briefest = Text(f"{title}: {len(part.supply)} cards (buy cN; buildings lists them)", style="bold")
    out.append(Fold(full, Fold(brief, briefest, rank=2), rank=0))
    owners = []
    for p, owned in enumerate(part.owned):
        who = "you" if p == view.player else (seats[p] if seats and p < len(seats) else "")
        owners.append(f"p{p + 1}{f' ({who})' if who else ''} {', '.join(owned) or '—'}")
    out.append(Text("Buildings owned: " + "; ".join(owners)))
    beans = view.parts.get("beans") if hasattr(view, "parts") else None
    own = getattr(beans, "own_coins", None)
    if own:
        by_bean = Counter(own)
        out.append(Text("Your coins by bean: " + ", ".join(f"{n}× {b}" for b, n in sorted(by_bean.items()))))
    if part.removed:
        out.append(Fold(Text(f"Out of the game: {', '.join(part.removed)}", style="dim"), rank=1))
    return out


def _kind(ids: list[int]) -> str:
    """A kind's short name: "Casino" for the 1-, 3- and 4-Casino; "Police Station"; "Razzia"."""
    card = CARDS[ids[0]]
    if card.group == BUILDING:
        return card.name.split("-", 1)[1]
    return card.name.rstrip(" 0123456789")


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
        table.add_row(f"c{i + 1}", escape(c.name), f"{c.price} {escape(_bean(c.bean))}", escape(c.text))
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
        return f"the {card.name} costs {count(need, cards.names[bean] + ' coin')}; you have {have}"
    return None
