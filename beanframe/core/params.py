"""Parameters checked at composition: validators for parameter records, and the re-validation of
``config.params`` after ``beanframe_configure``.

A parameter record is an attrs class with field validators (a variant's rules, a card set). A
later variant may change an earlier one's record, so the core checks every attrs record in
``config.params`` once all ``beanframe_configure`` hooks ran (nested records too) and then asks
the ``beanframe_validate_config`` hooks for what field validators cannot see (relations between
parameters, between variants). Every problem found becomes one ``ConfigError`` at ``compose``:
never a surprise mid-game or inside a bot.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

import attrs

from beanframe.core.actions import shorten
from beanframe.i18n import _


def close_names(name: str, known: Iterable[str]) -> str:
    """" (did you mean 'x'? known: a, b, x)": a hint for a name that does not exist."""
    known = sorted(known)
    near = difflib.get_close_matches(name, known, n=1)
    names = ", ".join(known) or _("none")
    if near:
        return " " + _("(did you mean {name}? known: {known})").format(name=shorten(near[0]), known=names)
    return " " + _("(known: {known})").format(known=names)


def _kind(value: Any) -> str:
    return type(value).__name__


def whole(low: int | None = None, high: int | None = None) -> Any:
    """An attrs validator: a whole number (not a bool, not "3", not 2.0) within ``low..high``."""

    def check(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
        if type(value) is not int:
            raise TypeError(_("{name} must be a whole number, not {value} ({kind})").format(name=attribute.name, value=shorten(value), kind=_kind(value)))
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                said = _("{name} must be at least {low}, not {value}")
            elif low is None:
                said = _("{name} must be at most {high}, not {value}")
            else:
                said = _("{name} must be from {low} to {high}, not {value}")
            raise ValueError(said.format(name=attribute.name, low=low, high=high, value=value))

    return check


def flag(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    """An attrs validator: True or False (not 1, not "yes")."""
    if type(value) is not bool:
        raise TypeError(_("{name} must be true or false, not {value} ({kind})").format(name=attribute.name, value=shorten(value), kind=_kind(value)))


def text(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
    """An attrs validator: a non-empty string."""
    if type(value) is not str or not value:
        raise TypeError(_("{name} must be a non-empty text, not {value}").format(name=attribute.name, value=shorten(value)))


def validator_problem(exc: BaseException, root: str) -> tuple[str, str] | None:
    """(where, what) for an error an attrs validator raised (``in_``, ``instance_of``...), whose
    arguments are the message, the ``Attribute``, what is allowed and the value: the option by
    name, the value and what is allowed, in words (None for any other error). cattrs gathers
    such errors in exception groups: the first one inside is said."""
    for inner in getattr(exc, "exceptions", ()):
        found = validator_problem(inner, root)
        if found is not None:
            return found
    args = getattr(exc, "args", ())
    if len(args) < 2 or not isinstance(args[1], attrs.Attribute):
        return None
    where, value = f"{root}.{args[1].name}", args[-1]
    allowed = args[2] if len(args) >= 4 else None
    if isinstance(allowed, type) or (isinstance(allowed, tuple) and allowed and all(isinstance(a, type) for a in allowed)):
        kinds = " or ".join(t.__name__ for t in (allowed if isinstance(allowed, tuple) else (allowed,)))
        return where, _("{value} is not allowed (a {kinds} is: {value} is a {kind})").format(value=shorten(value), kinds=kinds, kind=_kind(value))
    if isinstance(allowed, (tuple, list, set, frozenset, dict)):
        choices = ", ".join(str(a) for a in allowed)
        return where, _("{value} is not allowed (allowed: {choices})").format(value=shorten(value), choices=choices)
    message = " ".join(str(args[0]).split()) if isinstance(args[0], str) else _("not allowed")
    return where, _("{value} is not allowed ({reason})").format(value=shorten(value), reason=message)


def record_problems(value: Any, path: str, _seen: set[int] | None = None) -> list[str]:
    """What the field validators of the attrs record ``value`` (and of the records it holds, also in
    tuples and lists) say now; each problem names its parameter by ``path`` ("beans.draw")."""
    seen = set() if _seen is None else _seen
    if id(value) in seen:
        return []
    seen.add(id(value))
    problems: list[str] = []
    for f in attrs.fields(type(value)):
        item = getattr(value, f.name)
        where = f"{path}.{f.name}"
        if f.validator is not None:
            try:
                f.validator(value, f, item)
            except (TypeError, ValueError) as exc:
                said = validator_problem(exc, path)
                problems.append(f"{said[0]}: {said[1]}" if said else f"{where}: {exc.args[0] if exc.args else exc}")
                continue
        if attrs.has(type(item)):
            problems += record_problems(item, where, seen)
        elif isinstance(item, (tuple, list)):
            for i, element in enumerate(item):
                if attrs.has(type(element)):
                    problems += record_problems(element, f"{where}[{i}]", seen)
    return problems


def params_problems(params: dict[str, Any]) -> list[str]:
    """The field-validator problems of every attrs record in ``config.params``."""
    problems: list[str] = []
    for name, value in params.items():
        if attrs.has(type(value)):
            problems += record_problems(value, name)
    return problems
