"""The composed rules of a variant set in words: what ``beanframe rules`` prints and the table
server's ``rules`` command answers (the effective parameters and who set them, the phases, the
any-time options, the bots). Public: it reads the ruleset, never a game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.core.provenance import describe_sources, iter_parameters, option_params
from beanframe.core.view import plain_data

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset

NONE = "—"


def join_or_none(items: Iterable[Any]) -> str:
    text = ", ".join(str(i) for i in items)
    return text or NONE


def _action_kind(ruleset: Ruleset, cls: type) -> str:
    """An action class as "harvest f1 | f2 | f3: harvest and sell field N"."""
    codes = [a.code for a in ruleset.actions if type(a) is cls]
    shown = ", ".join(codes[:3]) + (", ..." if len(codes) > 3 else "") if codes else cls.name
    text = re.sub(r"\{[^}]*\}", "N", getattr(cls, "text", "") or "")
    return f"{shown}: {text}" if text else shown


def rules_renderables(ruleset: Ruleset) -> list[RenderableType]:
    """The composed rules: heading and options, phases, any-time options, bots."""
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
                escape(join_or_none(phase.changes)),
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


SHORT = 70  # longer values are summarised


def show_value(value: Any) -> str:
    """A parameter's value, short: functions by name, long records and collections summarised."""
    if callable(value) and not isinstance(value, type) and hasattr(value, "__qualname__"):
        return f"{getattr(value, '__module__', '?')}.{value.__qualname__}"
    text = repr(value)
    if len(text) <= SHORT:
        return text
    if isinstance(value, (tuple, list)) and all(attrs.has(type(v)) for v in value):
        return "\n".join(f"[{i}] {show_value(v)}" for i, v in enumerate(value))
    if hasattr(value, "__len__"):
        return f"{type(value).__name__} of {len(value)}"
    return text[: SHORT - 1] + "…"


def parameters_table(ruleset: Ruleset) -> Table:
    """Every parameter of ``config.params`` with its effective value and the plugins that set it
    (the first made it, the later ones changed it)."""
    table = Table(title="parameters (config.params)", title_justify="left")
    table.add_column("parameter", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_column("set by")
    rows = list(iter_parameters(ruleset))
    for path, value, sources in rows:
        table.add_row(escape(path), escape(show_value(value)), escape(describe_sources(sources)))
    if not rows:
        table.add_row("-", "(none)", "")
    return table


def rules_listing(ruleset: Ruleset) -> list[Any]:
    """The rules listing of ``beanframe rules``: heading and options, the parameters table, then
    phases, options, bots."""
    items = rules_renderables(ruleset)
    where = next((i for i, item in enumerate(items) if isinstance(item, Table)), len(items))
    out: list[Any] = []
    for item in items[:where]:
        if isinstance(item, Text) and item.plain.startswith("options of "):
            # the options as chosen; a later variant may have changed the parameter they set
            item = Text(item.plain.replace("options of ", "options chosen for ", 1) + "  (effective values: parameters)")
        out.append(item)
    return [*out, parameters_table(ruleset), *items[where:]]
