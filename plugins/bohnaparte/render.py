"""The CLI's map of the board (rich): the brick layout drawn row by row, odd rows half a card to the
right (checkerboard: aligned), each card as ``12 V+`` (number for the action codes, landscape letter,
``+`` a fortress, ``o`` an empty quarry) in its owner's colour; rivers as ``~~``; neutral land dim.
About 9 columns a card: the largest shipped board (9 cards a row) fits in 100 columns."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .landscapes import LANDSCAPES

COLOURS = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
CELL = 9


def render_board(board: Any, view: Any, seats: Any) -> list[Any]:
    out: list[Any] = [Text("Bohnaparte: the realm", style="bold")]
    rows: dict[int, dict[int, int]] = {}
    for i, (r, k) in enumerate(board.cells):
        rows.setdefault(r, {})[k] = i
    brick = board.pattern == "brick"
    for r in range(max(rows) + 1):
        line = Text()
        if brick and (r + board.shift) % 2:
            line.append(" " * (CELL // 2))
        width = max(rows.get(r, {0: 0})) + 1 if rows.get(r) else 0
        for k in range(width):
            i = rows[r].get(k)
            line.append(_cell(board, i) if i is not None else Text(" " * CELL))
        out.append(line)
    legend = Text("Legend: ", style="dim")
    for card in LANDSCAPES.values():
        if card.key in board.kinds:
            legend.append(f"{card.code} {card.name}  ", style="dim")
    legend.append("+ fortress  o empty quarry", style="dim")
    out.append(legend)
    for p, left in enumerate(board.markers):
        players = Text()
        players.append(f"p{p + 1}", style=COLOURS[p % len(COLOURS)])
        owned = sum(1 for o in board.owners if o == p)
        extra = []
        if board.depots[p] >= 0:
            extra.append(f"depot {board.depots[p]}")
        if board.merchants[p] >= 0:
            extra.append(f"merchant {board.merchants[p]}")
        players.append(f": {owned} landscapes, {left} markers kept" + (", " + ", ".join(extra) if extra else ""))
        out.append(players)
    if board.own_depot is not None and board.depots[view.player] >= 0:
        out.append(Text(f"Your depot: {', '.join(board.own_depot) or 'empty'}"))
    if board.own_merchant:
        out.append(Text(f"Your merchant: {', '.join(f'm{k + 1} {n}' for k, n in enumerate(board.own_merchant))}"))
    if board.tired:
        out.append(Text("Tired rider troops at " + ", ".join(f"l{i + 1}" for i in board.tired)))
    if board.attacker >= 0:
        who = "neutral land" if board.defender < 0 else f"p{board.defender + 1}"
        text = Text(f"Attack: p{board.attacker + 1} on l{board.target + 1} ({who})", style="bold")
        if board.round == 1:
            text.append(f", the riders of l{board.rider + 1} first" if board.rider >= 0 else ", riders first")
        if board.own_fight_card:
            text.append(f"; your card face down: {board.own_fight_card[0]}")
        out.append(text)
    return out


def _cell(board: Any, i: int) -> Text:
    card = LANDSCAPES[board.kinds[i]]
    if card.river:
        return Text(f"{i + 1:>2} ~~~~  ", style="blue")
    mark = "+" if i in board.fortresses else "o" if i in board.empty_quarries else " "
    owner = board.owners[i]
    who = f"p{owner + 1}" if owner >= 0 else " ."
    style = COLOURS[owner % len(COLOURS)] if owner >= 0 else "dim"
    return Text(f"{i + 1:>2} {card.code}{mark}{who}  "[:CELL], style=style)

