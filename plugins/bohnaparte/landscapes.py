"""The landscape cards as data (RULES.md D "Landscapes"): one frozen record per kind, read from
``landscapes.toml``. The rules read a card's powers (``min_defence``, ``no_depot``, ``cannon``...),
never its key, so a house rule can add a landscape by data alone."""

from __future__ import annotations

import tomllib
from importlib import resources

from attrs import frozen

from beanframe.core.actions import shorten

VARIANTS = ("base", "riders")


@frozen
class Landscape:
    key: str
    code: str
    name: str
    vp: int
    count: int
    min_defence: int = 0
    extra_flips: int = 0
    extra_draws: int = 0
    river: bool = False
    no_depot: bool = False
    camp: bool = False
    quarry: bool = False
    cannon: bool = False
    cannon_target: bool = False
    rider_troop: bool = False
    crosses_rivers: bool = False
    merchant: bool = False
    monastery: bool = False
    base: bool = True  # used without the rider variant
    riders: bool = True  # used in the rider variant

    def used_in(self, variant: str) -> bool:
        return self.riders if variant == "riders" else self.base


class LandscapeError(ValueError):
    """A landscape table that cannot be used (one line, names the card)."""


_FIELDS = {a.name for a in Landscape.__attrs_attrs__}


def parse_landscapes(text: str, source: str = "landscapes.toml") -> dict[str, Landscape]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LandscapeError(f"{source}: not valid TOML ({exc})") from None
    table: dict[str, Landscape] = {}
    codes: dict[str, str] = {}
    for key, entry in data.items():
        if not isinstance(entry, dict):
            raise LandscapeError(f"{source}: {shorten(key)} is not a table")
        unknown = set(entry) - (_FIELDS - {"key"})
        if unknown:
            raise LandscapeError(f"{source}: landscape {shorten(key)} has unknown field(s) {', '.join(sorted(unknown))}")
        try:
            card = Landscape(key=key, **entry)
        except TypeError as exc:
            raise LandscapeError(f"{source}: landscape {shorten(key)}: {exc}") from None
        if card.code in codes:
            raise LandscapeError(f"{source}: code {shorten(card.code)} used by both {shorten(codes[card.code])} and {shorten(key)}")
        codes[card.code] = key
        table[key] = card
    return table


def load_landscapes() -> dict[str, Landscape]:
    text = resources.files("beanframe_plugins.bohnaparte").joinpath("landscapes.toml").read_text("utf-8")
    return parse_landscapes(text)


LANDSCAPES: dict[str, Landscape] = load_landscapes()
BY_CODE: dict[str, Landscape] = {card.code: card for card in LANDSCAPES.values()}


def material(variant: str, table: dict[str, Landscape] | None = None) -> dict[str, int]:
    """How many cards of each landscape the box holds for ``variant`` ("base" or "riders")."""
    table = LANDSCAPES if table is None else table
    return {k: c.count for k, c in table.items() if c.used_in(variant)}
