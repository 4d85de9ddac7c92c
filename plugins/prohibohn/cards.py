"""Prohibohn's cards as data: the building kinds, the police stations and the razzia, read from
``buildings.toml`` (package data) and validated on load. Pure: no game state here.

Card ids are ints into :data:`CARDS`, sorted by kind (file order) and price: the supply's order
(RULES.md B "Set-up changes": buildings lie open, sorted by kind and price).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from attrs import field, frozen

from beanframe.core.actions import shorten

from .powers import check_powers

BUILDING, POLICE, RAZZIA = "building", "police", "razzia"
PRICES = (1, 3, 4)


@frozen
class Card:
    key: str  # "casino3", "police4", "razzia"
    group: str  # BUILDING, POLICE or RAZZIA
    name: str  # "3-Casino"
    kind: str  # the building kind's key ("casino"); "police", "razzia"
    bean: str  # the bean key whose coins pay for it
    price: int
    pub: bool = False  # only in the pub variant
    text: str = ""
    powers: dict[str, Any] = field(factory=dict, eq=False, hash=False)


@frozen
class Police:
    price: int
    bonus_by: str  # "buildings" (building cards owned) or "kinds" (different kinds owned)
    bonus: tuple[tuple[int, int], ...]  # (at least, bonus), ascending


@frozen
class RazziaRules:
    bean: str
    price: int
    other_price: int
    value: int


def _load() -> tuple[tuple[Card, ...], dict[int, Police], RazziaRules, dict[str, str]]:
    text = resources.files(__package__).joinpath("buildings.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    cards: list[Card] = []
    kinds: dict[str, str] = {}
    for kind in data["kind"]:
        key = kind["key"]
        kinds[key] = kind["name"]
        prices = [c["price"] for c in kind["card"]]
        if sorted(prices) != list(PRICES):
            raise ValueError(f"buildings.toml: {key} must have one card at each price {PRICES}, has {prices}")
        for c in sorted(kind["card"], key=lambda c: c["price"]):
            powers = c.get("powers", {})
            check_powers(powers, f"buildings.toml: {key} {c['price']}")
            cards.append(
                Card(f"{key}{c['price']}", BUILDING, f"{c['price']}-{kind['name']}", key, kind["bean"], c["price"],
                     kind.get("pub", False), c.get("text", "end value"), powers)
            )
    police: dict[int, Police] = {}
    for p in data["police"]:
        police[p["price"]] = Police(p["price"], p["bonus_by"], tuple(tuple(x) for x in p["bonus"]))
        cards.append(Card(f"police{p['price']}", POLICE, f"Police Station {p['price']}", "police", "blue", p["price"],
                          text=p["text"]))
    r = data["razzia"]
    razzia = RazziaRules(r["bean"], r["price"], r["other_price"], r["value"])
    cards.append(Card("razzia", RAZZIA, "Razzia", "razzia", r["bean"], r["price"], text="every 1-building becomes worthless"))
    return tuple(cards), police, razzia, kinds


CARDS, POLICE_RULES, RAZZIA_RULES, KIND_NAMES = _load()
BY_KEY: dict[str, int] = {c.key: i for i, c in enumerate(CARDS)}
RAZZIA_ID = BY_KEY["razzia"]


def card_id(key: str) -> int:
    """The id of a card given by key ("casino3"), name ("3-Casino") or id, any case."""
    if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(CARDS):
        return key
    wanted = str(key).strip().lower()
    for i, c in enumerate(CARDS):
        if wanted in (c.key, c.name.lower()):
            return i
    raise KeyError(f"unknown Prohibohn card {shorten(key)} (cards: {', '.join(c.key for c in CARDS)})")


def cards_in_play(pub: bool) -> tuple[int, ...]:
    """The ids of the cards of a game, in supply order (the Pubs only with the pub variant)."""
    return tuple(i for i, c in enumerate(CARDS) if pub or not c.pub)
