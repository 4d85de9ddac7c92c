"""One record of a player's powers: what their 3- and 4-buildings change in the turn.

RULES.md B "Building cards": effects that are numbers or switches are fields here, set by the
``powers`` table of each card in ``buildings.toml``; the steps read them (never the card names).
Merging: switches are or-ed, numbers take the largest, phase lists are joined.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
from attrs import field, frozen

from beanframe.core.actions import shorten


@frozen
class Powers:
    discard_hand: bool = False  # Casino 3: may discard one hand card in phase 3
    plant_any: bool = False  # Casino 4: plant at least one and as many as you like in phase 3
    flips_on: int = 0  # Undertaker 3/4: may flip on until this many counted cards, despite the stop rule (F.24)
    restaurant: tuple[str, ...] = field(default=(), converter=tuple)  # phases whose boss harvests pay you a coin
    two_beans: bool = False  # Nightbar 3: two bean types per field, alternating (F.24)
    free_first: bool = False  # Nightbar 4: a field's first card does not decide its bean (F.24)
    draw_up_to: int = 0  # Gas Station 3: phase 6 draws until the hand holds this many
    draw: int = 0  # Gas Station 4: phase 6 draws this many (0: the usual draw)
    second_any: bool = False  # Varieté 3: the optional 2nd card from any hand position
    first_any: bool = False  # Varieté 4: the mandatory 1st card from any hand position
    tax_more: bool = False  # Pub 3: may give the mafia several beans of a matching field


NONE = Powers()
_FIELDS = {f.name: f for f in attrs.fields(Powers)}


def check_powers(table: Mapping[str, Any], where: str) -> None:
    """Refuse a data file's power that the record does not know, or a value of the wrong kind."""
    for name, value in table.items():
        f = _FIELDS.get(name)
        if f is None:
            raise ValueError(f"{where}: unknown power {shorten(name)} (known: {', '.join(_FIELDS)})")
        default = f.default
        ok = isinstance(value, list) if isinstance(default, tuple) else type(value) is type(default)
        if not ok:
            raise ValueError(f"{where}: power {shorten(name)} must be like {shorten(default)}, not {shorten(value)}")


def merge(tables: Iterable[Mapping[str, Any]]) -> Powers:
    """The powers of a player owning cards with these power tables."""
    out: dict[str, Any] = {}
    for table in tables:
        for name, value in table.items():
            old = out.get(name)
            if isinstance(value, list):
                out[name] = tuple(dict.fromkeys((*(old or ()), *value)))
            elif isinstance(value, bool):
                out[name] = bool(old) or value
            else:
                out[name] = max(old or 0, value)
    return Powers(**out) if out else NONE
