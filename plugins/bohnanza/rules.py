"""Bohnanza's options (what a table chooses) and its parameter record (what the game code reads).

``BohnanzaOptions`` are the user's options (``-o bohnanza.offers_per_turn=2``); ``beanframe_configure``
turns them into ``BohnanzaRules`` in ``config.params["bohnanza"]`` (read it with :func:`rules_of`), which
a variant built on Bohnanza may refine: Bohnaparte raises ``face_up_room`` for its farms' extra
face-up cards.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import TYPE_CHECKING

from attrs import define, field, frozen
from attrs.validators import in_

from beanframe.core.actions import shorten
from beanframe.beans import BeanType, CardSet
from beanframe.core.params import flag, whole
from beanframe.i18n import N_

if TYPE_CHECKING:
    from beanframe.core.game import Game

NAME = "bohnanza"

#: values of the ``tie_break`` option (F.12): tied players share the win (F.6), or the most hand
#: cards break the tie (later editions; still tied: they share)
SHARE, HAND_CARDS = "share", "hand_cards"


@frozen
class BohnanzaOptions:
    """Options of Bohnanza; the defaults are the rulebook's (RULES C) and beanframe's readings."""

    larger_deck: bool = field(default=False, validator=flag, metadata={"param": "beans.cards", "help": N_("add the Coffee Bean (24 cards) and the Wax Bean (22 cards)")})
    same_bean_two_fields: bool = field(default=True, validator=flag, metadata={"param": "beans.plant_targets", "help": N_("one bean may grow on two of a player's fields")})
    tie_break: str = field(default=SHARE, validator=in_((SHARE, HAND_CARDS)), metadata={"param": "bohnanza.tie_break", "help": N_("tied players share the win (share) or the most hand cards win (hand_cards)")})
    third_field_cost: int = field(default=3, validator=whole(0, 20), metadata={"param": "beans.third_field_cost", "help": N_("coins the third field costs")})
    run_outs: int = field(default=3, validator=whole(1, 6), metadata={"param": "beans.run_out_limit", "help": N_("the game ends after the turn in which the deck runs out this many times")})
    trading: bool = field(default=True, validator=flag, metadata={"param": "bohnanza.trading", "help": N_("false: no trading in phase 2 (benchmarks, teaching)")})
    offers_per_turn: int = field(default=3, validator=whole(1, 12), metadata={"param": "bohnanza.offers_per_turn", "help": N_("offers each player may start per turn")})
    cards_per_offer: int = field(default=3, validator=whole(1, 6), metadata={"param": "bohnanza.cards_per_offer", "help": N_("cards given, and cards asked, per offer")})


@define
class BohnanzaRules:
    """The parameters Bohnanza's phases, steps and actions read (``config.params["bohnanza"]``).
    What the bean family has a parameter for (cards drawn in phase 4: ``beans.draw``, the hand
    size, the third field's price) lives there only: one home per parameter."""

    flip: int = field(default=2, validator=whole(0))  # cards turned up in phase 2
    #: how many face-up trade cards a turn may have at most: the action table has one "give u<k>"
    #: and one "want u<k>" per slot (Bohnaparte's farms turn up more than two: it raises this)
    face_up_room: int = field(default=6, validator=whole(1, 24))
    #: how many hand positions the action table covers ("give h<k>"): a hand never holds more
    hand_room: int = field(default=104, validator=whole(1, 400))
    trading: bool = field(default=True, validator=flag)
    offers_per_turn: int = field(default=3, validator=whole(1, 12))
    cards_per_offer: int = field(default=3, validator=whole(1, 6))
    tie_break: str = field(default=SHARE, validator=in_((SHARE, HAND_CARDS)))


def rules_of(game: Game) -> BohnanzaRules:
    """Bohnanza's parameters of a game's ruleset."""
    return game.ruleset.config.params[NAME]


def load_cards(larger: bool) -> CardSet:
    """The card set from ``cards.toml``: the 104-card deck, plus the larger deck's beans if asked."""
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    beans = []
    for b in tomllib.loads(text)["bean"]:
        deck = b.get("deck", "base")
        if deck not in ("base", "larger"):
            raise ValueError(f"cards.toml: bean {shorten(b['key'])} has an unknown deck {shorten(deck)}")
        if deck == "base" or larger:
            beans.append(BeanType(b["key"], b["name"], b["count"], b["meter"]))
    return CardSet(beans)


BASE_CARDS = load_cards(False)
LARGER_CARDS = load_cards(True)
