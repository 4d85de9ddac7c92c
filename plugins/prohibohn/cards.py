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
from beanframe.i18n import N_, _, pgettext

from .powers import check_powers

BUILDING, POLICE, RAZZIA = "building", "police", "razzia"
PRICES = (1, 3, 4)
END_VALUE = N_("end value")  # a 1-building's power: only its value at the end
RAZZIA_TEXT = N_("every 1-building becomes worthless")
#: the powers as buildings.toml words them, marked for the catalogs (``shown_text`` translates a
#: card's text; tests/prohibohn/test_words.py checks that every card's text is here)
POWER_TEXTS = (
    N_("phase 3: before or after planting, you may discard one hand card"),
    N_("phase 3: plant at least one card, and as many more from the front as you like"),
    N_("phase 4: you may flip a 2nd card even after discard cards joined the 1st"),
    N_("phase 4: you may flip a 3rd card even after discard cards joined the first two"),
    N_("a boss harvesting in your phase 4 gives you 1 coin of its yield"),
    N_("a boss harvesting in your phase 5 gives you 1 coin of its yield"),
    N_("phases 1, 3, 5: a field may hold two bean types, alternating; the top card's bean-o-meter counts"),
    N_("a field's bean is decided by its 2nd card: the 1st may differ and counts in the yield"),
    N_("phase 6: draw until you hold 6 cards (if that is more than the usual draw)"),
    N_("phase 6: draw 3 cards instead of 2"),
    N_("phase 3: the optional 2nd card may come from any hand position"),
    N_("phase 3: the mandatory 1st card may come from any hand position"),
    N_("phase 2: you may give the mafia more than one card of a matching field"),
    N_("at purchase only: remove from the game one opponent 1-building worth exactly 1"),
    N_("at purchase take one coin of your choice from the mafia treasury; end bonus by your building cards"),
    N_("at purchase take one coin of your choice from the mafia treasury; end bonus by your building kinds"),
)


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
                     kind.get("pub", False), c.get("text", END_VALUE), powers)
            )
    police: dict[int, Police] = {}
    for p in data["police"]:
        police[p["price"]] = Police(p["price"], p["bonus_by"], tuple(tuple(x) for x in p["bonus"]))
        cards.append(Card(f"police{p['price']}", POLICE, f"Police Station {p['price']}", "police", "blue", p["price"],
                          text=p["text"]))
    r = data["razzia"]
    razzia = RazziaRules(r["bean"], r["price"], r["other_price"], r["value"])
    cards.append(Card("razzia", RAZZIA, "Razzia", "razzia", r["bean"], r["price"], text=RAZZIA_TEXT))
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


def shown_name(card: Card) -> str:
    """A card's name in the reader's language ("3-Casino"; the building kinds' names as the
    printed editions give them, ``[kind]`` context). ``Card.name`` stays the English name that
    views, positions and the table's rule data use to tell the cards apart."""
    if card.group == BUILDING:
        return _("{price}-{building}").format(price=card.price, building=pgettext("kind", KIND_NAMES[card.kind]))
    if card.group == POLICE:
        return _("Police Station {price}").format(price=card.price)
    return pgettext("card", "Razzia")


def shown_text(card: Card) -> str:
    """A card's power in the reader's language."""
    return _(card.text)


def kind_name(card: Card) -> str:
    """A card's kind in the reader's language: "Casino" for the 1-, 3- and 4-Casino; "Police
    Station"; "Razzia"."""
    if card.group == BUILDING:
        return pgettext("kind", KIND_NAMES[card.kind])
    if card.group == POLICE:
        return _("Police Station")
    return pgettext("card", "Razzia")
