"""Rendering with rich: variant lists, rule pipelines, the table of a game, results, summaries.

Game rendering is generic and names no game: the core position comes from the view, then every
state part is drawn by the renderer its plugin registered through ``beanframe_register_renderers``
(any other part is shown as plain data).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from beanframe.i18n import _, ngettext

# the table and the rules in words are shared with the table server and the agents (beanframe.text)
from beanframe.text.board import (  # noqa: F401 - re-exported: the CLI's renderers, by one name
    Header, deciders_text, phase_label, player_label, render_part, render_part_generic, seat_labels, view_renderables,
)
from beanframe.text.rules import NONE, rules_renderables  # noqa: F401 - re-exported

from . import screen

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game
    from beanframe.core.scoring import Result
    from beanframe.core.variant import VariantInfo
    from beanframe.simulate import SimulationSummary


def make_console(stderr: bool = False) -> Console:
    # no soft wrapping of long words, no markup surprises: every dynamic string is escaped
    return Console(stderr=stderr, highlight=False)


def batch_progress(console: Console, label: str, workers: int) -> tuple[Progress, Callable[[int, int], None]]:
    """The progress bar of ``simulate`` and ``tournament`` (shown only at a terminal) and the
    ``on_progress`` callback that drives it. Its first call (0 games done) comes once the worker
    processes run and Ctrl-C and SIGTERM are handled: it prints one line saying so (on stdout, so
    that stderr keeps only an error's one line), which a script (or a test) can wait for before it
    may stop the run."""
    progress = Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    )
    task = None

    def on_progress(done: int, total: int) -> None:
        nonlocal task
        if task is None:  # started only now: the worker processes are forked already
            if workers == 1:
                said = ngettext("{label}: {n} game in this process; Ctrl-C or SIGTERM stops and keeps the finished games",
                                "{label}: {n} games in this process; Ctrl-C or SIGTERM stops and keeps the finished games", total)
            else:
                said = ngettext("{label}: {n} game on {workers} worker processes; Ctrl-C or SIGTERM stops and keeps the finished games",
                                "{label}: {n} games on {workers} worker processes; Ctrl-C or SIGTERM stops and keeps the finished games", total)
            typer.echo(said.format(label=label, n=total, workers=workers))  # fmt: skip
            progress.start()
            task = progress.add_task("games", total=total)
        progress.update(task, completed=done)

    return progress, on_progress


# --------------------------------------------------------------------------------------------
# variants, rules
# --------------------------------------------------------------------------------------------


def _join(items: Iterable[Any]) -> str:
    text = ", ".join(str(i) for i in items)
    return text or NONE


def option_helps(info: VariantInfo) -> list[tuple[str, str]]:
    """(option, its help as the plugin wrote it) of every option with a help text."""
    import attrs  # noqa: PLC0415 - the options are attrs classes

    return [(f.name, f.metadata["help"]) for f in attrs.fields(info.options) if f.metadata.get("help")]


def player_counts(counts: Sequence[int]) -> str:
    """Player counts as "1, 2" or, for a longer run, "2-6"."""
    counts = sorted(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return _join(counts)


def variants_table(infos: Sequence[VariantInfo]) -> Group:
    """The installed variants, one block each (readable at 80 columns and narrower: the values
    wrap under their labels, no column is squeezed to nothing)."""
    blocks: list[RenderableType] = [Text(_("Installed variants"), style="bold underline")]
    for info in infos:
        title = Text(info.name, style="bold")
        title.append(f" {info.version}")
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="cyan", no_wrap=True)
        grid.add_column(overflow="fold")
        flags = {f.option: f" ({f.name} {f.metavar})" for f in info.flags}  # a flag sits by its option
        options = ", ".join(f"{name}={default!r}{flags.get(name, '')}" for name, default, _type in info.option_fields())
        if info.description:
            grid.add_row("  " + _("about"), escape(_(info.description)))
        grid.add_row("  " + _("players"), player_counts(info.players) if info.players else _("any"))
        grid.add_row("  " + _("requires"), escape(_join(info.requires)))
        grid.add_row("  " + _("conflicts"), escape(_join(info.conflicts)))
        grid.add_row("  " + _("options"), escape(options or NONE))
        for name, help_text in option_helps(info):  # each plugin marks its options' help; shown in the reader's language
            grid.add_row("", escape(f"{name}: {_(help_text)}"))
        blocks += [title, grid]
    return Group(*blocks)


# --------------------------------------------------------------------------------------------
# a game
# --------------------------------------------------------------------------------------------


def game_renderables(
    game: Game, player: int | None, seats: Sequence[Any] | None = None, view: Any = None
) -> list[RenderableType]:
    """The table as ``player`` sees it (``view``, default ``game.view(player)``), then the
    pending decision (without the action list). Parts may hold Folds (``beanframe.core.present``):
    rich draws them whole; ``screen.fitted`` shortens them to fit the terminal."""
    if view is None:
        view = game.view(player)
    return view_renderables(view, game.ruleset, seats, phase_label(game))


def measure_lines(console: Console, items: Sequence[RenderableType]) -> int:
    """How many terminal lines ``items`` take at the console's width."""
    return screen.measure(console, items)


def choices(game: Game, player: int, legal: Sequence[Action], width: int, room: int) -> RenderableType:
    """The numbered choices in at most ``room`` lines of ``width`` columns: one per line with its
    description when they fit, else compact cells (``screen.fitted`` fits a whole screen)."""
    if len(legal) + 1 <= room:
        return screen.choice_list(game, player, legal, width)
    return screen.compact_choices(screen.choice_cells(game, player, legal, True), width, room)[0]


def choices_of(legal: Sequence[tuple[str, str]], width: int, room: int, labels: Sequence[str] = ()) -> RenderableType:
    """The choices from ``(code, description)`` pairs (``beanframe join`` has no game: the short
    ``labels`` come with the state): one a line when they fit, else compact cells that keep the
    labels (``6 ask c1 Blaue Bohne``)."""
    if len(legal) + 1 <= room:
        return screen.pair_list(legal, width)
    labels = [screen.short(text) for text in labels] if labels else [""] * len(legal)
    return screen.compact_choices(screen.cells([code for code, _ in legal], labels, True), width, room)[0]


def result_table(result: Result, seats: Sequence[Any] | None = None, given_up: Collection[str] = ()) -> Table:
    """The scores, one seat a row; the seats in ``given_up`` (a table's: their person left) are
    marked beside who played them."""
    table = Table(title=_("Result"), title_justify="left")
    table.add_column(_("seat"), no_wrap=True)
    table.add_column(_("played by"), no_wrap=True)
    table.add_column(_("score"), justify="right")
    table.add_column(_("details"))
    table.add_column("", no_wrap=True)
    for seat, score in result.scores.items():
        who = NONE
        if seat.startswith("p") and seat[1:].isdigit() and seats is not None:
            index = int(seat[1:]) - 1
            who = str(seats[index]) if index < len(seats) else NONE
        if seat in given_up:
            who = _("{player} (given up: a bot played it)").format(player=who)
        details = ", ".join(f"{label} {points}" for label, points in result.lines.get(seat, ()))
        won = seat in result.winners
        table.add_row(
            Text(seat, style="bold" if won else ""), escape(who), str(score), escape(details), _("winner") if won else ""
        )
    return table


def result_line(result: Result) -> str:
    if not result.winners:
        return _("winner: nobody")
    winners = ", ".join(result.winners)
    return _("winner: {seats}").format(seats=winners) if len(result.winners) == 1 else _("shared win: {seats}").format(seats=winners)


# --------------------------------------------------------------------------------------------
# simulation
# --------------------------------------------------------------------------------------------


def summary_renderables(summary: SimulationSummary) -> list[RenderableType]:
    title = ngettext("{n} game of {variants}, seeds {first}..{last}", "{n} games of {variants}, seeds {first}..{last}", summary.n)
    title = title.format(n=summary.n, variants=" + ".join(summary.variants), first=summary.seed, last=summary.seed + summary.n - 1)
    table = Table(title=title, title_justify="left")
    table.add_column(_("seat"), no_wrap=True)
    table.add_column(_("bot"), no_wrap=True)
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win rate"), justify="right")
    table.add_column(_("95% CI (Wilson)"), justify="right", no_wrap=True)
    table.add_column(_("mean score"), justify="right")
    for row in summary.seat_stats():
        table.add_row(
            row.seat,
            escape(row.bot) if row.bot else NONE,
            f"{row.wins}/{row.games}",
            f"{row.win_rate:.1%}",
            f"{row.ci_low:.1%} – {row.ci_high:.1%}",
            f"{row.mean_score:.2f}",
        )
    lines = []
    for name, mean in summary.stat_means().items():  # the variants' statistics (beanframe_game_stats)
        lines.append(f"{_(name)} {mean:.3g}")  # the plugin marks its statistics' names
    lines.append(_("mean turns {n}").format(n=f"{summary.mean_turns:.1f}"))
    lines.append(_("mean actions {n}").format(n=f"{summary.mean_actions:.1f}"))
    speed = ngettext("{rate} games/s ({seconds} s, {jobs} job)", "{rate} games/s ({seconds} s, {jobs} jobs)", summary.jobs)
    lines.append(speed.format(rate=f"{summary.games_per_second:.1f}", seconds=f"{summary.elapsed:.2f}", jobs=summary.jobs))
    return [table, Text(" · ".join(lines))]


def render_all(console: Console, items: Iterable[RenderableType]) -> None:
    console.print(Group(*items))
