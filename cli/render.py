"""Rendering with rich: variant lists, rule pipelines, the table of a game, results, summaries.

Game rendering is generic and names no game: the core position comes from the view, then every
state part is drawn by the renderer its plugin registered through ``beanframe_register_renderers``
(any other part is shown as plain data).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from beanframe.core.present import presentation
from beanframe.core.provenance import option_params
from beanframe.core.view import plain_data

from . import screen

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game, Ruleset
    from beanframe.core.scoring import Result
    from beanframe.core.variant import VariantInfo
    from beanframe.simulate import SimulationSummary

NONE = "—"


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
            where = "in this process" if workers == 1 else f"on {workers} worker processes"
            typer.echo(f"{label}: {total} games {where}; Ctrl-C or SIGTERM stops and keeps the finished games")
            progress.start()
            task = progress.add_task("games", total=total)
        progress.update(task, completed=done)

    return progress, on_progress


def player_label(player: int, seats: Sequence[Any] | None = None, me: int | None = None) -> str:
    label = f"player {player + 1}"
    if seats is not None and player < len(seats):
        seat = seats[player]
        label += " (you)" if player == me and getattr(seat, "human", False) else f" ({seat})"
    return label


# --------------------------------------------------------------------------------------------
# variants, rules
# --------------------------------------------------------------------------------------------


def _join(items: Iterable[Any]) -> str:
    text = ", ".join(str(i) for i in items)
    return text or NONE


def player_counts(counts: Sequence[int]) -> str:
    """Player counts as "1, 2" or, for a longer run, "2-6"."""
    counts = sorted(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return _join(counts)


def variants_table(infos: Sequence[VariantInfo]) -> Group:
    """The installed variants, one block each (readable at 80 columns and narrower: the values
    wrap under their labels, no column is squeezed to nothing)."""
    blocks: list[RenderableType] = [Text("Installed variants", style="bold underline")]
    for info in infos:
        title = Text(info.name, style="bold")
        title.append(f" {info.version}")
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="cyan", no_wrap=True)
        grid.add_column(overflow="fold")
        flags = {f.option: f" ({f.name} {f.metavar})" for f in info.flags}  # a flag sits by its option
        options = ", ".join(f"{name}={default!r}{flags.get(name, '')}" for name, default, _ in info.option_fields())
        if info.description:
            grid.add_row("  about", escape(info.description))
        grid.add_row("  players", player_counts(info.players) if info.players else "any")
        grid.add_row("  requires", escape(_join(info.requires)))
        grid.add_row("  conflicts", escape(_join(info.conflicts)))
        grid.add_row("  options", escape(options or NONE))
        blocks += [title, grid]
    return Group(*blocks)


def _action_kind(ruleset: Ruleset, cls: type) -> str:
    """An action class as "harvest f1 | f2 | f3: harvest and sell field N"."""
    codes = [a.code for a in ruleset.actions if type(a) is cls]
    shown = ", ".join(codes[:3]) + (", ..." if len(codes) > 3 else "") if codes else cls.name
    text = re.sub(r"\{[^}]*\}", "N", getattr(cls, "text", "") or "")
    return f"{shown}: {text}" if text else shown


def rules_renderables(ruleset: Ruleset) -> list[RenderableType]:
    out: list[RenderableType] = []
    versions = ", ".join(f"{n} {v}" for n, v in ruleset.versions().items())
    out.append(Text(f"{ruleset.name} for {ruleset.players} player(s)  ({versions})", style="bold"))
    changed = {(v, o): (path, value, later) for v, o, _, path, value, later in option_params(ruleset) if later}
    for name, opts in ruleset.options.items():
        values = plain_data(opts)
        if values:
            shown = []
            for k, v in values.items():
                text = f"{k}={v!r}"
                if (name, k) in changed:  # a later plugin changed the parameter this option set
                    path, value, later = changed[(name, k)]
                    text += f" (now {path} = {value!r}, changed by {', '.join(later)})"
                shown.append(text)
            out.append(Text(f"options of {name}: " + ", ".join(shown)))
    for stage in ("setup", "turn", "end"):
        phases = getattr(ruleset.pipeline, stage)
        table = Table(title=f"{stage} phases", title_justify="left")
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("phase", no_wrap=True)
        table.add_column("title")
        table.add_column("added by", no_wrap=True)
        table.add_column("changes")
        for phase in phases:
            table.add_row(
                str(phase.number) if phase.number else "",
                escape(phase.name),
                escape(phase.label),
                escape(phase.variant or NONE),
                escape(_join(phase.changes)),
            )
        if not phases:
            table.add_row("", NONE, "(none)", "", "")
        out.append(table)
    options = Table(title="any-time options", title_justify="left")
    options.add_column("option", no_wrap=True)
    options.add_column("actions")
    for option in ruleset.any_time:
        actions = "; ".join(_action_kind(ruleset, cls) for cls in option.classes)
        options.add_row(escape(option.name), escape(actions or NONE))
    if not ruleset.any_time:
        options.add_row(NONE, "(none)")
    out.append(options)
    bots = Table(title="bots", title_justify="left")
    bots.add_column("bot", no_wrap=True)
    bots.add_column("from", no_wrap=True)
    bots.add_column("description")
    for spec in ruleset.bots.values():
        bots.add_row(escape(f"bot:{spec.name}"), escape(spec.variant), escape(spec.description))
    out.append(bots)
    return out


# --------------------------------------------------------------------------------------------
# a game
# --------------------------------------------------------------------------------------------


def seat_labels(seats: Sequence[Any] | None) -> list[str] | None:
    """Short labels of the seats ("human", "bot:greedy"), for the parts' renderers."""
    return None if seats is None else [str(s) for s in seats]


LONG = 24  # a longer list of cards shows its count and its last (top) cards


def render_part_generic(name: str, part: Any, me: int | None = None, players: int = 0) -> list[RenderableType]:
    """A part no plugin draws, readably (never as raw data, as the browser's generic drawer):
    words for keys, yes/no, card lists, a value per seat as ``p1 (you) 1 · p2 0``."""
    return [Text(f"{_words(name)}: {_plain(plain_data(part), name, me, players, 0)}")]


def _words(key: Any) -> str:
    return str(key).replace("_", " ")


def _plain(value: Any, key: Any, me: int | None, players: int, depth: int) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{_words(k)} {_plain(v, k, me, players, depth + 1)}" for k, v in value.items()) or NONE
    if not isinstance(value, (list, tuple)):
        return str(value)
    if not value:
        return "none"
    cards = all(isinstance(x, str) for x in value)
    if cards and len(value) > LONG and key != "hand":
        return f"{len(value)} cards, the last: {', '.join(value[-3:])}"
    if not cards and depth < 3 and players > 1 and len(value) == players:
        return " · ".join(f"p{p + 1}{' (you)' if p == me else ''} {_plain(x, key, me, players, depth + 1)}" for p, x in enumerate(value))
    inner = [_plain(x, key, me, players, depth + 1) for x in value]
    return ", ".join(inner) if all(not isinstance(x, (list, tuple, dict)) for x in value) else "; ".join(f"({x})" for x in inner)


def render_part(
    name: str, part: Any, view: Any, seats: Sequence[Any] | None, ruleset: Ruleset | None = None
) -> list[RenderableType]:
    """A part by the renderer its plugin registered (``beanframe_register_renderers``), or as
    plain data when there is none or it fails (a plugin's mistake must not end the game)."""
    renderer = presentation(ruleset).parts.get(name) if ruleset is not None else None
    if renderer is not None:
        try:
            return list(renderer(part, view, seat_labels(seats)))
        except Exception:  # noqa: BLE001 - shown as plain data instead
            pass
    return render_part_generic(name, part, getattr(view, "player", None), len(seats) if seats is not None else _players(view))


def _players(view: Any) -> int:
    players = getattr(view, "players", 0)
    return players if isinstance(players, int) else len(players)


def phase_label(game: Game) -> str:
    phase = game.phase
    if phase is None:
        return game.stage_name
    number = f"phase {phase.number}: " if phase.number else ""
    return f"{number}{phase.label}"


def deciders_text(view: Any, player: int | None, seats: Sequence[Any] | None = None) -> str:
    """Who is asked now (``view.deciders``), as the header says it: the player at the screen when
    they are asked (in a group decision, with the others who decide too), else every decider."""
    deciders = view.deciders
    if not deciders:
        return "nobody to act"
    if player in deciders:
        others = [f"p{p + 1}" for p in deciders if p != player]
        text = f"{player_label(player, seats, player)} to act"
        return text + (f" ({', '.join(others)} too)" if others else "")
    if len(deciders) == 1:
        return f"{player_label(deciders[0], seats, player)} to act"
    return f"players {', '.join(str(p + 1) for p in deciders)} to act"


class Header:
    """The position line: a rule with the text in it when it fits, else the text alone, wrapped
    between words (issue 27.4: at 80 columns the phase was cut, "turn up 2 cards and …")."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: Any) -> Any:
        if self.text.cell_len + 6 <= options.max_width:  # a rule keeps a few characters either side
            yield Rule(self.text)
            return
        yield self.text  # wrapped between words only if longer than a line


def game_renderables(
    game: Game, player: int | None, seats: Sequence[Any] | None = None, view: Any = None
) -> list[RenderableType]:
    """The table as ``player`` sees it (``view``, default ``game.view(player)``), then the
    pending decision (without the action list). Parts may hold Folds (``beanframe.core.present``):
    rich draws them whole; ``screen.fitted`` shortens them to fit the terminal."""
    if view is None:
        view = game.view(player)
    return view_renderables(view, game.ruleset, seats, phase_label(game))


def view_renderables(view: Any, ruleset: Ruleset | None, seats: Sequence[Any] | None, phase: str) -> list[RenderableType]:
    """The table drawn from a view alone (``beanframe join`` gets views over the network): the
    position line, every part by its plugin's renderer, the pending decision."""
    out: list[RenderableType] = []
    who = deciders_text(view, view.player, seats)
    out.append(Header(Text(f"Turn {view.turn} · {who} · {phase}", style="bold")))
    for name, part in view.parts.items():
        out.extend(render_part(name, part, view, seats, ruleset))
    if view.to_act is not None:
        out.append(Text(f"» {view.prompt}", style="bold yellow"))
    return out


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


def result_table(result: Result, seats: Sequence[Any] | None = None) -> Table:
    table = Table(title="Result", title_justify="left")
    table.add_column("seat", no_wrap=True)
    table.add_column("played by", no_wrap=True)
    table.add_column("score", justify="right")
    table.add_column("details")
    table.add_column("", no_wrap=True)
    for seat, score in result.scores.items():
        who = NONE
        if seat.startswith("p") and seat[1:].isdigit() and seats is not None:
            index = int(seat[1:]) - 1
            who = str(seats[index]) if index < len(seats) else NONE
        details = ", ".join(f"{label} {points}" for label, points in result.lines.get(seat, ()))
        won = seat in result.winners
        table.add_row(
            Text(seat, style="bold" if won else ""), escape(who), str(score), escape(details), "winner" if won else ""
        )
    return table


def result_line(result: Result) -> str:
    winners = ", ".join(result.winners) or "nobody"
    return f"winner: {winners}" if len(result.winners) <= 1 else f"shared win: {winners}"


# --------------------------------------------------------------------------------------------
# simulation
# --------------------------------------------------------------------------------------------


def summary_renderables(summary: SimulationSummary) -> list[RenderableType]:
    table = Table(title=f"{summary.n} games of {' + '.join(summary.variants)}, seeds {summary.seed}..{summary.seed + summary.n - 1}", title_justify="left")
    table.add_column("seat", no_wrap=True)
    table.add_column("bot", no_wrap=True)
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI (Wilson)", justify="right", no_wrap=True)
    table.add_column("mean score", justify="right")
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
        lines.append(f"{name} {mean:.3g}")
    lines.append(f"mean turns {summary.mean_turns:.1f}")
    lines.append(f"mean actions {summary.mean_actions:.1f}")
    lines.append(f"{summary.games_per_second:.1f} games/s ({summary.elapsed:.2f} s, {summary.jobs} job(s))")
    return [table, Text(" · ".join(lines))]


def render_all(console: Console, items: Iterable[RenderableType]) -> None:
    console.print(Group(*items))
