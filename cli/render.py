"""Rendering with rich: variant lists, rule pipelines, the table of a game, results, summaries.

Game rendering is generic: the core position comes from the view, then every state part present in
the view is drawn by its renderer (``beans`` and ``mafia`` have their own; any other part is shown
as plain data), so a variant set without a mafia, or with parts this module never heard of, still
renders.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from beanframe.core.view import plain_data

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


def variants_table(infos: Sequence[VariantInfo]) -> Table:
    table = Table(title="Installed variants", title_justify="left", caption_justify="left")
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("version", no_wrap=True)
    table.add_column("players", no_wrap=True)
    table.add_column("requires")
    table.add_column("conflicts")
    table.add_column("options (name=default)", no_wrap=True)
    for info in infos:
        options = "\n".join(f"{name}={default!r}" for name, default, _ in info.option_fields()) or NONE
        table.add_row(
            escape(info.name),
            escape(info.version),
            _join(info.players) if info.players else "any",
            escape(_join(info.requires)),
            escape(_join(info.conflicts)),
            escape(options),
        )
    table.caption = "\n".join(escape(f"{info.name}: {info.description}") for info in infos if info.description) or None
    return table


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
    for name, opts in ruleset.options.items():
        values = plain_data(opts)
        if values:
            out.append(Text(f"options of {name}: " + ", ".join(f"{k}={v!r}" for k, v in values.items())))
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


def _count(names: Sequence[str]) -> str:
    """A field or pile as "3× Blaue Bohne" (runs of equal beans, first planted first)."""
    if not names:
        return NONE
    runs: list[list[Any]] = []
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1][1] += 1
        else:
            runs.append([name, 1])
    return " + ".join(f"{n}× {name}" for name, n in runs)


def render_beans(beans: Any, view: Any, seats: Sequence[Any] | None) -> list[RenderableType]:
    out: list[RenderableType] = []
    me = view.player
    hand = getattr(beans, "hand", None)
    if hand is not None:
        text = Text("Your hand (front first): ", style="bold")
        if hand:
            for i, name in enumerate(hand, 1):
                if i > 1:
                    text.append("  ")
                text.append(f"{i}.", style="dim")
                text.append(f" {name}", style="bold green" if i == 1 else "")
        else:
            text.append("(empty)")
        out.append(text)
    fields = getattr(beans, "fields", ()) or ()
    coins = getattr(beans, "coins", ()) or ()
    sizes = getattr(beans, "hand_sizes", ()) or ()
    n_fields = max((len(f) for f in fields), default=0)
    table = Table(title="Players", title_justify="left")
    table.add_column("player", no_wrap=True)
    table.add_column("coins", justify="right")
    table.add_column("hand", justify="right")
    for i in range(n_fields):
        table.add_column(f"field {i + 1}")
    for p, player_fields in enumerate(fields):
        label = player_label(p, seats, me)
        row = [
            Text(label, style="bold" if p == me else ""),
            str(coins[p]) if p < len(coins) else "?",
            str(sizes[p]) if p < len(sizes) else "?",
        ]
        for i in range(n_fields):
            row.append(escape(_count(player_fields[i])) if i < len(player_fields) else "(no field)")
        table.add_row(*row)
    out.append(table)
    bits = []
    if hasattr(beans, "deck_size"):
        bits.append(f"deck {beans.deck_size}")
    discard = getattr(beans, "discard", None)
    if discard is not None:
        bits.append(f"discard top {discard[-1]} ({len(discard)} cards)" if discard else "discard empty")
    if hasattr(beans, "run_outs"):
        bits.append(f"deck run-outs {beans.run_outs}")
    if getattr(beans, "set_aside", 0):
        bits.append(f"set aside {beans.set_aside}")
    own = getattr(beans, "own_coins", None)
    if own:
        bits.append(f"your coins {len(own)}")
    if bits:
        out.append(Text("Table: " + " · ".join(bits)))
    for label, piles in (("Face-up piles", getattr(beans, "piles", ())), ("Leftovers", getattr(beans, "leftovers", ()))):
        if piles:
            out.append(Text(f"{label}: " + "   ".join(f"{i}: {_count(p)}" for i, p in enumerate(piles, 1))))
    return out


def render_mafia(mafia: Any, view: Any, seats: Sequence[Any] | None) -> list[RenderableType]:
    table = Table(title="The mafia", title_justify="left")
    table.add_column("boss", no_wrap=True)
    table.add_column("harvests at", justify="right")
    table.add_column("field")
    names = getattr(mafia, "bosses", ()) or ()
    thresholds = getattr(mafia, "thresholds", ()) or ()
    fields = getattr(mafia, "fields", ()) or ()
    for b, name in enumerate(names):
        threshold = f"{thresholds[b]} coins" if b < len(thresholds) else "?"
        table.add_row(f"b{b + 1} {escape(name)}", threshold, escape(_count(fields[b]) if b < len(fields) else NONE))
    out: list[RenderableType] = [table]
    if hasattr(mafia, "treasury"):
        out.append(Text(f"Mafia treasury: {mafia.treasury} coins"))
    return out


def render_part_generic(name: str, part: Any) -> list[RenderableType]:
    data = plain_data(part)
    table = Table(title=name, title_justify="left", show_header=False)
    table.add_column("key", style="dim", no_wrap=True)
    table.add_column("value")
    if isinstance(data, dict):
        for key, value in data.items():
            table.add_row(escape(str(key)), escape(str(value)))
    else:
        table.add_row("", escape(str(data)))
    return [table]


PartRenderer = Callable[[Any, Any, "Sequence[Any] | None"], list[RenderableType]]
# part name -> (renderer, the attributes the part must have for it)
PART_RENDERERS: dict[str, tuple[PartRenderer, tuple[str, ...]]] = {
    "beans": (render_beans, ("fields",)),
    "mafia": (render_mafia, ("bosses", "fields")),
}


def render_part(name: str, part: Any, view: Any, seats: Sequence[Any] | None) -> list[RenderableType]:
    """A part by its own renderer, or as plain data when there is none or the part is shaped
    differently than the renderer expects (another game family's part of the same name)."""
    renderer, needs = PART_RENDERERS.get(name, (None, ()))
    if renderer is not None and all(hasattr(part, attr) for attr in needs):
        try:
            return renderer(part, view, seats)
        except (AttributeError, TypeError, IndexError, KeyError, ValueError):
            pass
    return render_part_generic(name, part)


def phase_label(game: Game) -> str:
    phase = game.phase
    if phase is None:
        return game.stage_name
    number = f"phase {phase.number}: " if phase.number else ""
    return f"{number}{phase.label}"


def game_renderables(
    game: Game, player: int | None, seats: Sequence[Any] | None = None, view: Any = None
) -> list[RenderableType]:
    """The table as ``player`` sees it (``view``, default ``game.view(player)``), then the
    pending decision (without the action list)."""
    if view is None:
        view = game.view(player)
    out: list[RenderableType] = []
    to_act = game.to_act
    who = player_label(to_act, seats, player) if to_act is not None else "nobody"
    out.append(Rule(Text(f"Turn {view.turn} · {who} to act · {phase_label(game)}", style="bold")))
    for name, part in view.parts.items():
        out.extend(render_part(name, part, view, seats))
    if to_act is not None:
        out.append(Text(f"» {game.prompt()}", style="bold yellow"))
    return out


def actions_table(game: Game, legal: Sequence[Action]) -> Table:
    table = Table(title="Your choices (number or code)", title_justify="left", show_header=False, box=None)
    table.add_column("#", justify="right", style="bold cyan", no_wrap=True)
    table.add_column("code", style="cyan", no_wrap=True)
    table.add_column("what it does")
    for i, action in enumerate(legal, 1):
        table.add_row(str(i), escape(action.code), escape(game.describe(action)))
    return table


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
