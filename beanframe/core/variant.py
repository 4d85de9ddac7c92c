"""What a variant plugin says about itself: its metadata and its options class."""

from __future__ import annotations

import re
from typing import Any

from attrs import field, frozen

from beanframe.core.actions import shorten

_FLAG = re.compile(r"--[a-z][a-z0-9]*(-[a-z0-9]+)*")


@frozen
class NoOptions:
    """The options class of a variant that has none."""


@frozen
class Flag:
    """A command-line flag a variant declares for one of its options: ``Flag("--layout",
    "layout_file", "a layout file (TOML)", "FILE")`` lets a user type ``--layout FILE`` for
    ``-o VARIANT.layout_file=FILE`` when the variant is played. Front ends read flags from
    ``VariantInfo.flags`` without composing anything; the core never parses a command line."""

    name: str  # "--layout": two dashes, lower-case words joined by dashes
    option: str  # the option (a field of the variant's options class) it sets
    help: str = ""
    metavar: str = "VALUE"


def _check_flags(info: Any, attribute: Any, flags: tuple) -> None:
    import attrs

    names = {f.name for f in attrs.fields(info.options)} if attrs.has(info.options) else set()
    seen = set()
    for flag in flags:
        if not isinstance(flag, Flag):
            raise TypeError(f"variant {info.name}: flags must be Flag objects, not {shorten(flag)}")
        if not _FLAG.fullmatch(flag.name) or flag.name in seen:
            raise ValueError(f"variant {info.name}: bad or duplicate flag name {shorten(flag.name)} (e.g. '--layout')")
        if flag.option not in names:
            raise ValueError(f"variant {info.name}: flag {flag.name} sets {shorten(flag.option)}, which is not one of its options")
        seen.add(flag.name)


@frozen
class VariantInfo:
    """Metadata every variant plugin returns from ``beanframe_variant()``.

    ``options`` is an attrs class whose fields (with defaults and validators) are the variant's
    options; composition builds it from the user's mapping and rejects unknown keys or bad values.
    A field's ``metadata={"help": "..."}`` is its one-line description (front ends show it).
    ``players`` lists the player counts the variant supports; empty means "those of the variants
    I require". A variant's counts replace those of its requirements; independent variants in one
    set must all support the count (see ``compose.supported_players``). ``flags`` are
    command-line shorthands for options (:class:`Flag`).

    Languages (issue 29): ``description``, an option's ``help`` and a flag's ``help`` are English,
    marked ``N_("...")`` for the variant's catalog; front ends say them with ``_()`` where they show
    them (the info is made once, before anyone's language is known).
    """

    name: str
    version: str
    description: str = ""
    requires: tuple[str, ...] = field(default=(), converter=tuple)
    conflicts: tuple[str, ...] = field(default=(), converter=tuple)
    players: tuple[int, ...] = field(default=(), converter=tuple)
    options: type = NoOptions
    flags: tuple[Flag, ...] = field(default=(), converter=tuple, validator=_check_flags)

    def option_fields(self) -> list[tuple[str, Any, str]]:
        """(name, default, type name) of every option, for listings."""
        import attrs

        out = []
        for f in attrs.fields(self.options):
            tname = getattr(f.type, "__name__", str(f.type))
            out.append((f.name, f.default, tname))
        return out
