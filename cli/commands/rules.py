"""``beanframe rules``: the composed rules of a variant set: the effective parameters and who set
them, the phases, the any-time options, the bots."""

from __future__ import annotations

from typing import Annotated, Any

import attrs
import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.core.game import Ruleset
from beanframe.core.provenance import describe_sources, iter_parameters

from .. import render
from ..config import compose_settings, gather

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


def rules_renderables(ruleset: Ruleset) -> list[Any]:
    """The rules listing: heading and options, the parameters table, then phases, options, bots."""
    items = render.rules_renderables(ruleset)
    where = next((i for i, item in enumerate(items) if isinstance(item, Table)), len(items))
    out: list[Any] = []
    for item in items[:where]:
        if isinstance(item, Text) and item.plain.startswith("options of "):
            # the options as chosen; a later variant may have changed the parameter they set
            item = Text(item.plain.replace("options of ", "options chosen for ", 1) + "  (effective values: parameters)")
        out.append(item)
    return [*out, parameters_table(ruleset), *items[where:]]


def rules_cli(
    variants: Annotated[list[str], typer.Argument(help="Variants to compose (see: beanframe variants).", show_default=False)],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players (default: the smallest supported count from 2, else 1).", show_default=False)
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A variant option, VARIANT.NAME=VALUE (repeatable).", show_default=False)
    ] = None,
) -> None:
    """Show the composed rules of a variant set: parameters, phases, any-time options, bots.

    The effective parameters (config.params) with the plugins that set each (the first made it,
    later ones changed it); every phase of set-up, turn and end in order, with its rulebook number,
    the variant that added it and the changes other variants made.
    """
    ruleset = compose_settings(gather(variants, players, option_assignments=option))
    render.render_all(render.make_console(), rules_renderables(ruleset))
