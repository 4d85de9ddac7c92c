"""The CLI's map of the board (rich): the brick layout drawn row by row, odd rows half a card to the
right (checkerboard: aligned), each card as ``12 V+`` (number for the action codes, landscape letter,
``+`` a fortress, ``o`` an empty quarry) in its owner's colour; rivers as ``~~``; neutral land dim.
About 9 columns a card: the largest shipped board (9 cards a row) fits in 100 columns."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.text import Text

from beanframe.core.present import Fold
from beanframe.i18n import _, ngettext

from .board import PART
from .events import landscape_name
from .landscapes import LANDSCAPES

COLOURS = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
CELL = 9


# phases in which the realm is what the player decides about: its map is never folded then
MAP_PHASES = frozenset(("choose_camps", "attack"))


def render_board(board: Any, view: Any, seats: Any) -> list[Any]:
    """The map, its legend, each player's landscapes and markers, one's depot and merchant, the
    attack. When the screen is short, the legend folds first, then the players' lines into one;
    outside the phases about the realm (camps, attacks) the map folds to a line too."""
    rows: dict[int, dict[int, int]] = {}
    for i, (r, k) in enumerate(board.cells):
        rows.setdefault(r, {})[k] = i
    brick = board.pattern == "brick"
    lines: list[Any] = []
    for r in range(max(rows) + 1):
        line = Text()
        if brick and (r + board.shift) % 2:
            line.append(" " * (CELL // 2))
        width = max(rows.get(r, {0: 0})) + 1 if rows.get(r) else 0
        for k in range(width):
            i = rows[r].get(k)
            line.append(_cell(board, i) if i is not None else Text(" " * CELL))
        lines.append(line)
    owned = [sum(1 for o in board.owners if o == p) for p in range(len(board.markers))]
    summary = Text(_("Realm:") + " ", style="bold")
    for p, left in enumerate(board.markers):
        summary.append(f"{' · ' if p else ''}p{p + 1} ", style=COLOURS[p % len(COLOURS)])
        summary.append(f"{owned[p]}/{left}")
    summary.append("  " + _("(landscapes/markers kept)"), style="dim")
    out: list[Any] = []
    map_block = Group(Text(_("Bohnaparte: the realm (l-codes are the landscapes' numbers)"), style="bold"), *lines)
    if view.phase in MAP_PHASES:
        out.append(map_block)
    else:
        out.append(Fold(map_block, Text(_("(the map is folded: board full shows it)"), style="dim"), rank=2))
    legend = Text(_("Legend:") + " ", style="dim")
    for card in LANDSCAPES.values():
        if card.key in board.kinds:
            legend.append(f"{'~~' if card.river else card.code} {landscape_name(card)}  ", style="dim")
    legend.append(_("+ fortress  o empty quarry"), style="dim")
    out.append(Fold(legend, rank=0))
    players = []
    for p, left in enumerate(board.markers):
        text = Text(f"p{p + 1}", style=COLOURS[p % len(COLOURS)])
        extra = []
        if board.depots[p] >= 0:
            extra.append(_("depot {n}").format(n=board.depots[p]))
        if board.merchants[p] >= 0:
            extra.append(_("merchant {n}").format(n=board.merchants[p]))
        lands = ngettext("{n} landscape", "{n} landscapes", owned[p]).format(n=owned[p])
        kept = ngettext("{n} marker kept", "{n} markers kept", left).format(n=left)
        text.append(f": {lands}, {kept}" + (", " + ", ".join(extra) if extra else ""))
        players.append(text)
    out.append(Fold(Columns(players, padding=(0, 3)), summary, rank=1))
    if board.own_depot is not None and board.depots[view.player] >= 0:
        cards = ", ".join(f"d{k + 1} {n}" for k, n in enumerate(board.own_depot)) or _("empty")
        out.append(Text(_("Your depot: {cards}").format(cards=cards)))
    if board.own_merchant:
        cards = ", ".join(f"m{k + 1} {n}" for k, n in enumerate(board.own_merchant))
        out.append(Text(_("Your merchant: {cards}").format(cards=cards)))
    if board.tired:
        out.append(Text(_("Tired rider troops at {landscapes}").format(landscapes=", ".join(f"l{i + 1}" for i in board.tired))))
    if board.attacker >= 0:
        who = _("neutral land") if board.defender < 0 else f"p{board.defender + 1}"
        text = Text(_("Attack: p{attacker} on l{target} ({defender})").format(attacker=board.attacker + 1, target=board.target + 1, defender=who), style="bold")
        if board.round == 1:
            riders = _(", the riders of l{n} first").format(n=board.rider + 1) if board.rider >= 0 else _(", riders first")
            text.append(riders)
        if board.own_fight_card:
            text.append("; " + _("your card face down: {card}").format(card=board.own_fight_card[0]))
        out.append(text)
    return out


def landscape_label(game: Any, player: Any, action: Any) -> str:
    """What an ``l``-code names (public: the map shows it), for a compact list of choices:
    "village of p2", "farm"."""
    board = game.part(PART)
    i = action.landscape
    owner = board.owners[i]
    name = landscape_name(LANDSCAPES[board.kinds[i]])
    return _("{landscape} of p{player}").format(landscape=name, player=owner + 1) if owner >= 0 else name


def _cell(board: Any, i: int) -> Text:
    card = LANDSCAPES[board.kinds[i]]
    if card.river:
        return Text(f"{i + 1:>2} ~~~~  ", style="blue")
    mark = "+" if i in board.fortresses else "o" if i in board.empty_quarries else " "
    owner = board.owners[i]
    who = f"p{owner + 1}" if owner >= 0 else " ."
    style = COLOURS[owner % len(COLOURS)] if owner >= 0 else "dim"
    return Text(f"{i + 1:>2} {card.code}{mark}{who}  "[:CELL], style=style)

