"""A cattrs converter that refuses to guess: user files (options, save files) must give whole
numbers as numbers, text as text and lists as lists. cattrs' defaults would turn ``"3"`` or
``2.5`` into 3 and ``"pass"`` into a list of letters; a rules engine must say what is wrong."""

from __future__ import annotations

from typing import Any, get_args, get_origin

import cattrs

from beanframe.core.actions import shorten
from beanframe.i18n import _


def _kind(value: Any) -> str:
    return type(value).__name__


def strict_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def whole(value: Any, _cls: Any) -> int:
        if type(value) is not int:
            raise TypeError(_("expected a whole number, not {value} ({kind})").format(value=shorten(value), kind=_kind(value)))
        return value

    def number(value: Any, _cls: Any) -> float:
        if type(value) not in (int, float):
            raise TypeError(_("expected a number, not {value} ({kind})").format(value=shorten(value), kind=_kind(value)))
        return float(value)

    def flag(value: Any, _cls: Any) -> bool:
        if type(value) is not bool:
            raise TypeError(_("expected true or false, not {value} ({kind})").format(value=shorten(value), kind=_kind(value)))
        return value

    def text(value: Any, _cls: Any) -> str:
        if type(value) is not str:
            raise TypeError(_("expected text, not {value} ({kind})").format(value=shorten(value), kind=_kind(value)))
        return value

    def listing(value: Any, cls: Any) -> list:
        if type(value) is not list:
            raise TypeError(_("expected a list, not {value} ({kind})").format(value=shorten(value), kind=_kind(value)))
        args = get_args(cls)
        return [conv.structure(v, args[0]) for v in value] if args else list(value)

    def table(value: Any, cls: Any) -> dict:
        if type(value) is not dict:
            raise TypeError(_("expected a table, not {value} ({kind})").format(value=shorten(value), kind=_kind(value)))
        args = get_args(cls)
        if not args:
            return dict(value)
        return {conv.structure(k, args[0]): conv.structure(v, args[1]) for k, v in value.items()}

    conv.register_structure_hook(int, whole)
    conv.register_structure_hook(float, number)
    conv.register_structure_hook(bool, flag)
    conv.register_structure_hook(str, text)
    conv.register_structure_hook_func(lambda t: t is list or get_origin(t) is list, listing)
    conv.register_structure_hook_func(lambda t: t is dict or get_origin(t) is dict, table)
    return conv


def problems(exc: Exception, root: str) -> list[tuple[str, str]]:
    """(where, what) for each problem in a cattrs structuring error, ``where`` a dotted path
    under ``root`` (e.g. ``al_cabohne.third_field_cost``)."""
    if not isinstance(exc, cattrs.BaseValidationError):
        return [(root, str(exc))]

    def say(error: BaseException, _how: Any) -> str:
        if isinstance(error, KeyError):
            return _("missing field {name}").format(name=error)
        return str(error) or type(error).__name__

    out = []
    for line in cattrs.transform_error(exc, path=root, format_exception=say):
        what, _sep, where = line.rpartition(" @ ")
        out.append((where or root, what or line))
    return out
