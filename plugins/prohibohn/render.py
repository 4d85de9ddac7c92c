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
from beanframe.i18n import _, ngettext, pgettext
from beanframe_plugins.al_cabohne.plugin import CARDS as BEANS

from .cards import CARDS, card_id, kind_name, shown_name, shown_text

if TYPE_CHECKING:
    from beanframe.core.game import Game


@functools.lru_cache(maxsize=1)
def bean_names() -> dict[str, str]:
    """Bean keys to their English names (Al Cabohne's beans and the pub's Cognac Bean): the
    screen names beans as the cards do, in the reader's language (:func:`_bean`), never by keys."""
    beans = [*BEANS.beans, *load_beans(__package__, "cards.toml")]
    return {b.key: b.name for b in beans}


def _bean(key: str) -> str:
    return pgettext("bean", bean_names()[key]) if key in bean_names() else key


def render_prohibohn(part: Any, view: Any, seats: Any) -> list[Any]:
    """The supply (a line per kind: codes, cards and the bean that pays; folded to one line per
    two kinds, then to a line pointing at ``buildings``), everyone's buildings, one's own coins."""
    out: list[Any] = []
    rows: dict[str, list[int]] = {}
    for name in part.supply:
        i = card_id(name)
        rows.setdefault(CARDS[i].bean if CARDS[i].group != "building" else CARDS[i].kind, []).append(i)
    if part.razzia:
        title = _("Buildings for sale (razzia bought: 1-buildings are worthless):")
    else:
        title = _("Buildings for sale:")
    full = Text(title, style="bold")
    for ids in rows.values():
        full.append("\n ")
        full.append(" · ".join(f"c{i + 1} {shown_name(CARDS[i])}" for i in ids))
        full.append(f" ({_bean(CARDS[ids[0]].bean)})", style="dim")
    kinds: dict[str, list[int]] = {}
    for name in part.supply:
        kinds.setdefault(CARDS[card_id(name)].kind, []).append(card_id(name))
    groups = [Text(f"{_kind(ids)} {'/'.join(f'c{i + 1}' for i in ids)} ({_bean(CARDS[ids[0]].bean)})") for ids in kinds.values()]
    brief = Group(Text(title, style="bold"), Columns(groups, padding=(0, 2)))
    n = len(part.supply)
    briefest = Text(f"{title} " + ngettext("{n} card (buy cN; buildings lists them)", "{n} cards (buy cN; buildings lists them)", n).format(n=n),
                    style="bold")
    out.append(Fold(full, Fold(brief, briefest, rank=2), rank=0))
    owners = []
    for p, owned in enumerate(part.owned):
        who = _("you") if p == view.player else (seats[p] if seats and p < len(seats) else "")
        names = ", ".join(shown_name(CARDS[card_id(n)]) for n in owned)
        owners.append(f"p{p + 1}{f' ({who})' if who else ''} {names or '—'}")
    out.append(Text(_("Buildings owned: {owners}").format(owners="; ".join(owners))))
    beans = view.parts.get("beans") if hasattr(view, "parts") else None
    own = getattr(beans, "own_coins", None)
    if own:
        by_bean = Counter(own)
        coins = ", ".join(f"{n}× {b}" for b, n in sorted(by_bean.items()))
        out.append(Text(_("Your coins by bean: {coins}").format(coins=coins)))
    if part.removed:
        removed = ", ".join(shown_name(CARDS[card_id(n)]) for n in part.removed)
        out.append(Fold(Text(_("Out of the game: {cards}").format(cards=removed), style="dim"), rank=1))
    return out


def _kind(ids: list[int]) -> str:
    """A kind's short name: "Casino" for the 1-, 3- and 4-Casino; "Police Station"; "Razzia"."""
    return kind_name(CARDS[ids[0]])


def buildings_command(game: Game, player: int | None, arg: str) -> list[Any]:
    """Every card of this game: code, name, price and power (``buildings [NAME]`` for one)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1))
    for col in (_("code"), _("card"), _("price"), _("power")):
        table.add_column(col, overflow="fold")
    wanted = arg.strip().lower()
    for i in sorted(set(game.part("prohibohn").supply) | {i for o in game.part("prohibohn").owned for i in o}):
        c = CARDS[i]
        if wanted and wanted not in c.name.lower() and wanted not in shown_name(c).lower() and wanted != c.key:
            continue
        table.add_row(f"c{i + 1}", escape(shown_name(c)), f"{c.price} {escape(_bean(c.bean))}", escape(shown_text(c)))
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
        return _("buildings, police stations and the razzia are bought only on your own turn")
    if card_id not in part.supply:
        return _("the {card} is not in the supply any more").format(card=shown_name(card))
    if card.group == POLICE and any(CARDS[i].group == POLICE for i in part.owned[player]):
        return _("you may own only one police station")
    cards = game.ruleset.config.params["beans"].cards
    coins = game.part("beans").coins[player]
    if isinstance(action, BuyRazzia):
        bean = action.bean
        need = 4 if cards.beans[bean].key == card.bean else 5
    else:
        bean, need = cards.index(card.bean), card.price
    have = sum(1 for c in coins if c == bean)
    if have < need:
        return ngettext("the {card} costs {n} {bean} coin; you have {have}", "the {card} costs {n} {bean} coins; you have {have}",
                        need).format(card=shown_name(card), n=need, bean=cards.names[bean], have=have)
    return None
