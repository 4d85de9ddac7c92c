"""Which plugin set each parameter of a ruleset: recorded while ``beanframe_configure`` runs.

``config.params`` is snapshotted around each plugin's ``beanframe_configure`` call (pluggy's hook
call monitoring; composition calls that hook one plugin at a time); every parameter that appeared
or changed is credited to that plugin. A parameter is a field of an attrs record
(``beans.draw``, ``al_cabohne.third_field_cost``), a key of a dict, or a plain value
(``config.params[name]``). ``ruleset.param_sources`` maps each such path to the plugins that set
it, in order: the first made it, the last decided its value. ``beanframe rules`` shows them.

An option (what a user chooses, ``-o al_cabohne.third_field_cost=3``) is not a parameter: a
variant turns its options into parameters in ``beanframe_configure``, and a later variant may change
those. An option field names the parameter it sets in its metadata (``field(default=4,
metadata={"param": "beans.third_field_cost"})``), so front ends can say when a later plugin changed
it (:func:`option_params`); composition refuses a name that is no parameter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pluggy

from beanframe.i18n import _

HOOK = "beanframe_configure"


def parameters(params: dict[str, Any]) -> dict[str, Any]:
    """The parameters of ``config.params`` by path: ``"beans.draw"`` -> value."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if attrs.has(type(value)):
            for f in attrs.fields(type(value)):
                if not f.name.startswith("_"):
                    out[f"{key}.{f.name}"] = getattr(value, f.name, None)
        elif isinstance(value, dict):
            for k, v in value.items():
                out[f"{key}.{k}"] = v
        else:
            out[key] = value
    return out


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 - a value that cannot compare counts as changed
        return False


def record_param_sources(pm: pluggy.PluginManager, config: Any, configure: Callable[[], Any]) -> dict[str, tuple[str, ...]]:
    """Run ``configure()`` (the calls of ``beanframe_configure``) and return, for each parameter
    path of ``config.params``, the plugins whose call set or changed it, in call order."""
    sources: dict[str, list[str]] = {}
    before: list[dict[str, Any]] = []

    def started(hook_name: str, impls: list, kwargs: dict) -> None:
        if hook_name == HOOK:
            before.append(parameters(config.params))

    def finished(outcome: Any, hook_name: str, impls: list, kwargs: dict) -> None:
        if hook_name != HOOK or not before:
            return
        old = before.pop()
        who = [impl.plugin_name for impl in impls]
        for path, value in parameters(config.params).items():
            if path not in old or not _same(old[path], value):
                for name in who:
                    sources.setdefault(path, []).append(name)

    undo = pm.add_hookcall_monitoring(started, finished)
    try:
        configure()
    finally:
        undo()
    return {path: tuple(names) for path, names in sources.items()}


def describe_sources(names: tuple[str, ...]) -> str:
    """``al_cabohne``, or ``al_cabohne, changed by cheap_field``."""
    if not names:
        return "-"
    later = [n for n in dict.fromkeys(names[1:]) if n != names[0]]
    if later:
        return _("{variant}, changed by {later}").format(variant=names[0], later=", ".join(later))
    return names[0]


def iter_parameters(ruleset: Any) -> Iterator[tuple[str, Any, tuple[str, ...]]]:
    """(path, value, plugins that set it) for every parameter of a ruleset, in ``config.params``
    order."""
    sources = getattr(ruleset, "param_sources", {})
    for path, value in parameters(ruleset.config.params).items():
        yield path, value, sources.get(path, ())


def option_params(ruleset: Any) -> list[tuple[str, str, Any, str, Any, tuple[str, ...]]]:
    """``(variant, option, chosen value, parameter path, effective value, plugins that changed it
    after the variant)`` for every option field that names the parameter it sets (metadata
    ``param``). ValueError naming an option whose parameter does not exist."""
    params = parameters(ruleset.config.params)
    sources = getattr(ruleset, "param_sources", {})
    out = []
    for variant, opts in ruleset.options.items():
        if not attrs.has(type(opts)):
            continue
        for f in attrs.fields(type(opts)):
            path = f.metadata.get("param")
            if path is None:
                continue
            if path not in params:
                raise ValueError(f"option {variant}.{f.name} names the parameter {path!r}, which does not exist")
            later = tuple(n for n in dict.fromkeys(sources.get(path, ())) if n != variant)
            out.append((variant, f.name, getattr(opts, f.name), path, params[path], later))
    return out
