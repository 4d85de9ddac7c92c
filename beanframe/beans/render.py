"""How front ends draw the bean family (``beanframe_register_renderers``): the ``beans`` part and
the ``meter`` command. Every variant that registers the ``beans`` part registers these too.

Compact on purpose: the whole board, the choices and the prompt fit an 80x24 terminal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.beans.table import rules_of
from beanframe.core.present import Fold
from beanframe.i18n import _, pgettext

NONE = "—"


def count_runs(names: Sequence[str]) -> str:
    """A field or pile as "3× Blue Bean" (runs of equal beans, first planted first)."""
    if not names:
        return NONE
    runs: list[list[Any]] = []
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1][1] += 1
        else:
            runs.append([name, 1])
    return " + ".join(f"{n}× {name}" for name, n in runs)


class Entries:
    """A heading and entries on as few lines as the width allows, each line broken between two
    entries, never inside one (issue 27.4: at 80 columns the hand broke between "h5" and "Blaue
    Bohne"); a continuation line is indented. An entry wider than a line is wrapped as text."""

    INDENT = 2

    def __init__(self, heading: Text, entries: Sequence[Text]) -> None:
        self.heading = heading
        self.entries = list(entries)

    def __rich_console__(self, console: Any, options: Any) -> Any:
        width = options.max_width
        line = self.heading.copy()
        for entry in self.entries:
            if line.cell_len + 1 + entry.cell_len > width and line.cell_len > self.INDENT:
                yield line
                line = Text(" " * self.INDENT)
            elif line.plain.strip():
                line.append(" ")
            line.append_text(entry)
        yield line


def _label(p: int, me: int | None, seats: Sequence[str] | None) -> str:
    who = _("you") if p == me else (seats[p] if seats is not None and p < len(seats) else "")
    return f"p{p + 1} {who}".strip()


def _fields_table(beans: Any, me: int | None, seats: Sequence[str] | None, n_fields: int, players: Any) -> Table:
    """Everyone's coins, hand size and fields, a row each."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column(pgettext("column", "player"), no_wrap=True)
    table.add_column(pgettext("column", "coins"), justify="right", no_wrap=True)
    table.add_column(pgettext("column", "hand"), justify="right", no_wrap=True)
    for i in range(n_fields):
        table.add_column(f"f{i + 1}", no_wrap=True, overflow="ellipsis")
    for p in players:
        player_fields = beans.fields[p]
        row = [
            Text(_label(p, me, seats), style="bold" if p == me else ""),
            str(beans.coins[p]) if p < len(beans.coins) else "?",
            str(beans.hand_sizes[p]) if p < len(beans.hand_sizes) else "?",
        ]
        for i in range(n_fields):
            row.append(escape(count_runs(player_fields[i])) if i < len(player_fields) else _("(none)"))
        table.add_row(*row)
    return table


def _fields_brief(beans: Any, me: int | None, seats: Sequence[str] | None, n_fields: int) -> Any:
    """The fields table folded: one's own row, the other players on shared lines."""
    others = Text()
    for p, player_fields in enumerate(beans.fields):
        if p == me:
            continue
        fields = " | ".join(count_runs(f) for f in player_fields) or NONE
        coins = beans.coins[p] if p < len(beans.coins) else "?"
        cards = beans.hand_sizes[p] if p < len(beans.hand_sizes) else "?"
        # i18n: a player's row folded: coins (c) and hand cards (h), then the fields
        line = _("p{player} {coins}c {cards}h {fields}").format(player=p + 1, coins=coins, cards=cards, fields=fields)
        others.append(f"{' · ' if others else ''}{line}")
    if me is None or me >= len(beans.fields):
        return others
    return Group(_fields_table(beans, me, seats, n_fields, [me]), others)


def render_beans(beans: Any, view: Any, seats: Sequence[str] | None) -> list[Any]:
    """The bean table as ``view.player`` sees it: own hand, everyone's fields, coins and hand
    sizes, the deck, the discard, face-up piles and leftovers (with their codes s1, s2...)."""
    out: list[Any] = []
    me = view.player
    hand = beans.hand
    if hand is not None:
        entries = [Text.assemble((f"h{i} ", "dim"), (name, "bold green" if i == 1 else "")) for i, name in enumerate(hand, 1)]
        out.append(Entries(Text(_("Hand (front first):"), style="bold"), entries or [Text(_("(empty)"))]))
    n_fields = max((len(f) for f in beans.fields), default=0)
    out.append(Fold(_fields_table(beans, me, seats, n_fields, range(len(beans.fields))),
                    _fields_brief(beans, me, seats, n_fields), rank=3))
    bits = [_("deck {n}").format(n=beans.deck_size)]
    discard = beans.discard
    bits.append(_("discard {top} ({n})").format(top=discard[-1], n=len(discard)) if discard else _("discard empty"))
    bits.append(_("run-outs {n}").format(n=beans.run_outs))
    if beans.set_aside:
        bits.append(_("set aside {n}").format(n=beans.set_aside))
    out.append(Text(" · ".join(bits), style="dim"))
    for label, piles in ((_("Flipped:"), beans.piles), (_("Leftovers:"), beans.leftovers)):
        if any(piles):  # a planted pile's slot stays empty, so the others keep their codes
            text = Text(f"{label} ", style="bold")
            text.append("  ".join(f"s{i}: {count_runs(p)}" for i, p in enumerate(piles, 1) if p))
            out.append(text)
    return out


def bean_label(game: Any, player: Any, action: Any) -> str:
    """The bean an action's ``bean`` parameter names ("Chili Bean" for ``ask c2``), for a compact
    list of choices (``register.label``)."""
    return rules_of(game).cards.names[action.bean]


def meter_command(game: Any, player: Any, arg: str) -> list[Any]:
    """Every bean's bean-o-meter: how many cards sell for 1, 2, 3, 4 coins, and how many exist."""
    cards = rules_of(game).cards
    title = Text(_("Bean-o-meter: cards needed for 1 / 2 / 3 / 4 coins"), style="bold")
    table = Table(box=None, pad_edge=False)
    # the code that names each bean in actions (ask c4, plant-traded c4 f1), where the game has such codes
    coded = any(re.search(r" c\d", a.code) for a in game.ruleset.actions)
    if coded:
        table.add_column(pgettext("column", "code"), no_wrap=True)
    table.add_column(pgettext("column", "bean"), no_wrap=True)
    for k in range(1, 5):
        table.add_column(f"{k}", justify="right")
    table.add_column(pgettext("column", "cards"), justify="right")
    want = arg.strip().lower()
    names = cards.names  # in the reader's language
    for i, bean in enumerate(cards.beans):
        code = [f"c{i + 1}"] if coded else []
        if want and want not in names[i].lower() and want not in bean.name.lower() and want != bean.key and [want] != code:
            continue
        table.add_row(*code, escape(names[i]), *(str(n) if n else NONE for n in bean.meter), str(bean.count))
    return [title, table]
