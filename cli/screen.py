"""One decision's screen at the terminal, fitted to its size (the README promises 80x24): the
table, the pending decision and the numbered choices, above the input line.

What does not fit is folded, never cut: a part renderer marks blocks it may shorten as
:class:`~beanframe.core.present.Fold` (full, brief, rank), and the choices come in three forms,
from the most to the least room: one a line with what each does; compact cells (``12 ask c3
Feuerbohne``: the code and, where the plugin registered one, a label naming what its parameters
stand for; runs of codes the table explains, as ``5-15 give h1-h11``); the first cells and a line
saying how many more (``choices`` lists them all). The fitting is generic: it names no game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

from beanframe.core.present import Fold, label
from beanframe.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game

TITLE = N_("Your choices (number or code):")
MORE = "choices"  # the command that lists every choice with what it does
CELL = 20  # compact cells are laid out on a grid of this many columns (4 a line at 80)
LABEL = 18  # a label longer than this is cut


def measure(console: Console, items: Sequence[RenderableType]) -> int:
    """How many terminal lines ``items`` take at the console's width."""
    options = console.options
    return sum(len(console.render_lines(item, options, pad=False)) for item in items)


def unfolded(items: Sequence[Any]) -> list[Any]:
    """``items`` with every Fold drawn in full (``board full``)."""
    return [item.full if isinstance(item, Fold) else item for item in items]


def folding(items: Sequence[Any]) -> Iterator[list[Any]]:
    """``items`` as they are, then with one more Fold shortened at a time: the lowest rank first,
    of equal ranks the lowest on the screen first (a brief that is a Fold folds again later)."""
    current = list(items)
    yield current
    while True:
        folds = [(item.rank, -i) for i, item in enumerate(current) if isinstance(item, Fold)]
        if not folds:
            return
        i = -min(folds)[1]
        brief = current[i].brief
        current = [*current[:i], *([brief] if brief is not None else []), *current[i + 1:]]
        yield current


def label_of(game: Game, player: int, action: Action) -> str:
    """The plugin's label of ``action`` (cut to ``LABEL`` characters), or ""."""
    return short(label(game, player, action))


def short(text: str) -> str:
    """A label cut to ``LABEL`` characters."""
    return text if len(text) <= LABEL else text[: LABEL - 1] + "…"


def choice_list(game: Game, player: int, legal: Sequence[Action], width: int = 80) -> Group:
    """Every choice on its own line: number, code, what it does (one line each)."""
    return pair_list([(a.code, game.describe(a, player)) for a in legal], width)


def pair_list(legal: Sequence[tuple[str, str]], width: int) -> Group:
    """``(code, description)`` pairs one a line, numbered, cut to ``width`` (padded by hand: a
    rich Table measures every cell, ten times slower)."""
    number = len(str(len(legal)))
    code_width = max((len(code) for code, _ in legal), default=0)
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, (code, what) in enumerate(legal, 1):
        if i > 1:
            text.append("\n")
        text.append(f"{i:>{number}} ", style="bold cyan")
        text.append(f"{code:<{code_width}} ", style="cyan")
        room_left = max(4, width - number - code_width - 2)
        text.append(what if len(what) <= room_left else what[: room_left - 1] + "…")
    return Group(Text(_(TITLE), style="bold"), text)


def _run_key(code: str) -> tuple[str, str, int] | None:
    """(code without its last number, the number's prefix, last number) of a code ending in a number."""
    head, _sep, last = code.rpartition(" ")
    digits = last.lstrip("abcdefghijklmnopqrstuvwxyz")
    prefix = last[: len(last) - len(digits)]
    if not head or not digits.isdigit():
        return None
    return f"{head} {prefix}", prefix, int(digits)


def choice_cells(game: Game, player: int, legal: Sequence[Action], runs_of_labelled: bool) -> list[str]:
    """The choices of ``game`` as short cells (:func:`cells`), labelled by the plugins."""
    return cells([a.code for a in legal], [label_of(game, player, a) for a in legal], runs_of_labelled)


def cells(codes: Sequence[str], labels: Sequence[str], runs_of_labelled: bool) -> list[str]:
    """The choices as short cells: ``N code label``; three or more codes in a row that differ only
    in their last number, without labels (or, with ``runs_of_labelled``, whatever their labels),
    as one cell ``5-15 give h1-h11`` (labels shown as first…last)."""
    keys = [_run_key(code) for code in codes]
    out: list[str] = []
    i = 0
    while i < len(codes):
        j = i
        if keys[i] is not None and (runs_of_labelled or not labels[i]):
            while (
                j + 1 < len(codes)
                and keys[j + 1] is not None
                and keys[j + 1][0] == keys[i][0]
                and keys[j + 1][2] == keys[j][2] + 1
                and (runs_of_labelled or not labels[j + 1])
            ):
                j += 1
        if j - i >= 2:
            start, prefix, first = keys[i]
            cell = f"{i + 1}-{j + 1} {start}{first}-{prefix}{keys[j][2]}"
            if labels[i]:
                cell += f" ({labels[i]}…{labels[j]})"
            out.append(cell)
            i = j + 1
            continue
        out.append(f"{i + 1} {codes[i]}" + (f" {labels[i]}" if labels[i] else ""))
        i += 1
    return out


def grid_lines(cells: Sequence[str], width: int) -> list[str]:
    """Cells laid out left to right on a grid of ``CELL`` columns (a long cell takes more)."""
    lines: list[str] = []
    line = ""
    for cell in cells:
        span = -(-(len(cell) + 2) // CELL) * CELL
        if line and len(line) + len(cell) > width:
            lines.append(line.rstrip())
            line = ""
        line += cell.ljust(span)
    if line:
        lines.append(line.rstrip())
    return lines


def compact_choices(cells: Sequence[str], width: int, room: int) -> tuple[Group, bool]:
    """The cells in at most ``room`` lines (its title included) and whether all of them fit; else
    the first ones and a line saying how many more (``choices`` lists them all)."""
    lines = grid_lines(cells, width)
    whole = len(lines) + 1 <= room
    if not whole:  # the first cells, then how many more
        lines, shown = [], 0
        for cell_count in range(len(cells), 0, -1):
            lines = grid_lines(cells[:cell_count], width)
            if len(lines) + 2 <= max(room, 3):
                shown = cell_count
                break
        rest = len(cells) - shown
        text = Text("\n".join(lines), style="cyan", no_wrap=True, overflow="ellipsis")
        if not rest:  # every cell shown (in more lines than room): no line about more
            return Group(Text(_(TITLE), style="bold"), text), False
        more = ngettext("... {n} more: type {command} to see every choice with what it does",
                        "... {n} more: type {command} to see every choice with what it does", rest).format(n=rest, command=MORE)  # fmt: skip
        text.append(("\n" if lines else "") + more, style="dim")
        return Group(Text(_(TITLE), style="bold"), text), False
    text = Text("\n".join(lines), style="cyan", no_wrap=True, overflow="ellipsis")
    return Group(Text(_(TITLE), style="bold"), text), True


def fitted(console: Console, items: Sequence[Any], game: Game, player: int, legal: Sequence[Action]) -> list[Any]:
    """The table ``items`` and the choices of ``game``, fitted into the console (:func:`fit`)."""
    pairs = [(a.code, game.describe(a, player)) for a in legal]
    return fit(console, items, pairs, [label_of(game, player, a) for a in legal])


def fit(console: Console, items: Sequence[Any], pairs: Sequence[tuple[str, str]], labels: Sequence[str]) -> list[Any]:
    """The table ``items`` and the choices (``(code, what it does)`` pairs and their short
    ``labels``), fitted into the console's height less the input line: the least folding that
    shows every choice with what it does; else the least folding that shows every choice as a
    compact cell (labelled ones singly, then in runs too); else all folded and as many cells as
    fit. ``beanframe join``, which has no game, fits its screen with it too."""
    height = console.height or 24
    width = console.width or 80
    budget = height - 1  # the input line below
    stages = list(folding(items))
    used = [measure(console, stage) for stage in stages]
    for stage, n in zip(stages, used):
        if n + 1 + len(pairs) <= budget:
            return [*stage, pair_list(pairs, width)]
    codes = [code for code, _ in pairs]
    for runs in (False, True):
        shown = cells(codes, labels, runs)
        for stage, n in zip(stages, used):
            block, whole = compact_choices(shown, width, budget - n)
            if whole:
                return [*stage, block]
    block, _other = compact_choices(cells(codes, labels, True), width, budget - used[-1])
    return [*stages[-1], block]


def page(console: Console, read_line: Any, items: Sequence[Any]) -> str | None:
    """Print ``items`` a screenful at a time: Enter shows the next one, q stops (the end of the
    input too); anything else typed there stops too and is returned, to be taken as the next
    command: nothing typed is swallowed."""
    lines = console.render_lines(Group(*items), console.options, pad=False)
    size = max(3, (console.height or 24) - 1)
    for start in range(0, len(lines), size):
        for line in lines[start:start + size]:
            console.print(Text.assemble(*((seg.text, seg.style) for seg in line if not seg.control)), no_wrap=True, crop=True)
        if start + size < len(lines):
            answer = read_line(_("-- more ({shown} of {total} lines): Enter, q to stop, or a command -- ").format(shown=start + size, total=len(lines)))
            if answer is None or answer.strip().lower() == "q":
                return None  # "quit" is not "q": it is taken as the command that leaves the game
            if answer.strip():
                return answer
    return None
