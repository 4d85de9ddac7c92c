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
from beanframe.i18n import _, pgettext

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
    marked = getattr(cls, "text", "")
    text = re.sub(r"\{[^}]*\}", "N", _(marked)) if marked else ""
    return f"{shown}: {text}" if text else shown


#: the stages' tables in ``rules`` (the pipeline's attribute, its title)
STAGE_TITLES = (
    ("setup", lambda: pgettext("rules", "set-up phases")),
    ("turn", lambda: pgettext("rules", "turn phases")),
    ("end", lambda: pgettext("rules", "end phases")),
)


def rules_renderables(ruleset: Ruleset, chosen: bool = False) -> list[RenderableType]:
    """The composed rules: heading and options, phases, any-time options, bots (``chosen``: the
    options are said as chosen, their effective values being in the parameters table)."""
    out: list[RenderableType] = []
    versions = ", ".join(f"{n} {v}" for n, v in ruleset.versions().items())
    heading = _("{variants} for {n} player(s)  ({versions})").format(variants=ruleset.name, n=ruleset.players, versions=versions)
    out.append(Text(heading, style="bold"))
    changed = {(v, o): (path, value, later) for v, o, _, path, value, later in option_params(ruleset) if later}
    for name, opts in ruleset.options.items():
        values = plain_data(opts)
        if values:
            shown = []
            for k, v in values.items():
                text = f"{k}={v!r}"
                if (name, k) in changed:  # a later plugin changed the parameter this option set
                    path, value, later = changed[(name, k)]
                    text += " " + _("(now {parameter} = {value}, changed by {variants})").format(
                        parameter=path, value=repr(value), variants=", ".join(later))
                shown.append(text)
            if chosen:
                line = _("options chosen for {variant}: {options}  (effective values: parameters)")
            else:
                line = _("options of {variant}: {options}")
            out.append(Text(line.format(variant=name, options=", ".join(shown))))
    for stage, title in STAGE_TITLES:
        phases = getattr(ruleset.pipeline, stage)
        table = Table(title=title(), title_justify="left")
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column(_("phase"), no_wrap=True)
        table.add_column(_("title"))
        table.add_column(_("added by"), no_wrap=True)
        table.add_column(_("changes"))
        for phase in phases:
            table.add_row(
                str(phase.number) if phase.number else "",
                escape(phase.name),
                escape(_(phase.label)),
                escape(phase.variant or NONE),
                escape(join_or_none(phase.changes)),
            )
        if not phases:
            table.add_row("", NONE, _("(none)"), "", "")
        out.append(table)
    options = Table(title=_("any-time options"), title_justify="left")
    options.add_column(_("option"), no_wrap=True)
    options.add_column(_("actions"))
    for option in ruleset.any_time:
        actions = "; ".join(_action_kind(ruleset, cls) for cls in option.classes)
        options.add_row(escape(option.name), escape(actions or NONE))
    if not ruleset.any_time:
        options.add_row(NONE, _("(none)"))
    out.append(options)
    bots = Table(title=_("bots"), title_justify="left")
    bots.add_column(_("bot"), no_wrap=True)
    bots.add_column(_("from"), no_wrap=True)
    bots.add_column(_("description"))
    for spec in ruleset.bots.values():
        bots.add_row(escape(f"bot:{spec.name}"), escape(spec.variant), escape(_(spec.description)))
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
        return _("{kind} of {n}").format(kind=type(value).__name__, n=len(value))
    return text[: SHORT - 1] + "…"


def parameters_table(ruleset: Ruleset) -> Table:
    """Every parameter of ``config.params`` with its effective value and the plugins that set it
    (the first made it, the later ones changed it)."""
    table = Table(title=_("parameters (config.params)"), title_justify="left")
    table.add_column(_("parameter"), no_wrap=True)
    table.add_column(_("value"), overflow="fold")
    table.add_column(_("set by"))
    rows = list(iter_parameters(ruleset))
    for path, value, sources in rows:
        table.add_row(escape(path), escape(show_value(value)), escape(describe_sources(sources)))
    if not rows:
        table.add_row("-", _("(none)"), "")
    return table


def rules_listing(ruleset: Ruleset) -> list[Any]:
    """The rules listing of ``beanframe rules``: heading and options, the parameters table, then
    phases, options, bots."""
    # the options as chosen; a later variant may have changed the parameter they set
    items = rules_renderables(ruleset, chosen=True)
    where = next((i for i, item in enumerate(items) if isinstance(item, Table)), len(items))
    return [*items[:where], parameters_table(ruleset), *items[where:]]
