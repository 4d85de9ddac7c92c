"""What a variant plugin says about itself: its metadata and its options class."""

from __future__ import annotations

from typing import Any

from attrs import field, frozen


@frozen
class NoOptions:
    """The options class of a variant that has none."""


@frozen
class VariantInfo:
    """Metadata every variant plugin returns from ``beanframe_variant()``.

    ``options`` is an attrs class whose fields (with defaults and validators) are the variant's
    options; composition builds it from the user's mapping and rejects unknown keys or bad values.
    ``players`` lists the player counts the variant supports; empty means "those of the variants
    I require". A variant's counts replace those of its requirements; independent variants in one
    set must all support the count (see ``compose.supported_players``).
    """

    name: str
    version: str
    description: str = ""
    requires: tuple[str, ...] = field(default=(), converter=tuple)
    conflicts: tuple[str, ...] = field(default=(), converter=tuple)
    players: tuple[int, ...] = field(default=(), converter=tuple)
    options: type = NoOptions

    def option_fields(self) -> list[tuple[str, Any, str]]:
        """(name, default, type name) of every option, for listings."""
        import attrs

        out = []
        for f in attrs.fields(self.options):
            tname = getattr(f.type, "__name__", str(f.type))
            out.append((f.name, f.default, tname))
        return out
