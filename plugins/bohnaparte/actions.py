"""Bohnaparte's actions. Codes are 1-based: ``attack l5`` attacks landscape 5 (numbered as the map
shows them), ``ride l5`` attacks it with a rider troop first (``troop l7``: the troop of the horse
team on landscape 7, asked when several are fresh), ``fight-hand h3`` lays the third hand card face
down, ``fight-depot d1`` the first depot card, ``fight-deck`` the deck top unseen."""

from __future__ import annotations

import inspect

from attrs import frozen

from beanframe.core.actions import Action, param
from beanframe.i18n import N_, _

from .rules import NAME

# Hand and depot positions are private (the opponent learns the card only at the reveal): the core's
# private parameters hide them from others' views, logs and histories once the core has them.
_PRIVATE = "private" in inspect.signature(param).parameters


def private_param(prefix: str):
    return param(prefix, private=True) if _PRIVATE else param(prefix)


HAND_ROOM = 104  # a hand never holds more cards than the deck
MERCHANT_ROOM = 16  # 2 kept + up to 3 + 6 villages drawn


def _landscapes(config) -> range:
    return range(len(config.params[NAME].layout.kinds))


@frozen(cache_hash=True)
class ChooseCamp(Action):
    """Set-up: take an army camp (1 marker on it, 11 kept)."""

    name = "camp"
    text = N_("choose the army camp on landscape {landscape}")
    landscape: int = param("l")

    @classmethod
    def domain(cls, config):
        return (cls(i) for i in _landscapes(config))


@frozen(cache_hash=True)
class Attack(Action):
    """Phase 4: pay a coin and attack a landscape."""

    name = "attack"
    text = N_("pay a coin and attack landscape {landscape}")
    landscape: int = param("l")

    @classmethod
    def domain(cls, config):
        return (cls(i) for i in _landscapes(config))


@frozen(cache_hash=True)
class Ride(Action):
    """Rider variant, phase 4: pay a coin and attack with a fresh rider troop first (17)."""

    name = "ride"
    text = N_("pay a coin and attack landscape {landscape} with your riders first")
    landscape: int = param("l")

    @classmethod
    def domain(cls, config):
        return (cls(i) for i in _landscapes(config))


@frozen(cache_hash=True)
class RideWith(Action):
    """Rider variant: with several fresh rider troops, the attacker announces which one rides
    (rulebook: "moet hij vooraf melden met welke ruiters er wordt aangevallen"); a troop is named by
    its horse team's landscape."""

    name = "troop"
    text = N_("the rider troop of your horse team on landscape {landscape} rides first")
    public_text = N_("the rider troop of the horse team on landscape {landscape} rides first")
    landscape: int = param("l")

    @classmethod
    def domain(cls, config):
        return (cls(i) for i in _landscapes(config))


@frozen(cache_hash=True)
class StopAttacking(Action):
    name = "stop-attacking"
    text = N_("attack no more this turn")


@frozen(cache_hash=True)
class FightHand(Action):
    """Lay a hand card (any position) face down for the fight."""

    name = "fight-hand"
    text = N_("fight with hand card {position}")
    position: int = private_param("h")

    def describe(self, game, player: int) -> str:
        """The player's own wording: the card's bean and strength (their own hand)."""
        hand = game.part("beans").hands[player]
        if self.position >= len(hand):
            return str(self)
        cards = game.ruleset.config.params["beans"].cards
        bean = hand[self.position]
        return _("fight with hand card {position} ({bean}, strength {strength})").format(
            position=self.position + 1, bean=cards.names[bean], strength=cards.beans[bean].count
        )

    @classmethod
    def domain(cls, config):
        return (cls(k) for k in range(HAND_ROOM))


@frozen(cache_hash=True)
class FightDepot(Action):
    name = "fight-depot"
    text = N_("fight with depot card {position}")
    position: int = private_param("d")

    @classmethod
    def domain(cls, config):
        return (cls(k) for k in range(config.params[NAME].depot_capacity))


@frozen(cache_hash=True)
class FightDeck(Action):
    name = "fight-deck"
    text = N_("fight with the top card of the deck, unseen")


@frozen(cache_hash=True)
class BuyDepot(Action):
    name = "buy-depot"
    text = N_("buy a munitions depot")


@frozen(cache_hash=True)
class BuildFortress(Action):
    name = "fortress"
    text = N_("empty a quarry and build a fortress under landscape {landscape}")
    landscape: int = param("l")

    @classmethod
    def domain(cls, config):
        return (cls(i) for i in _landscapes(config))


@frozen(cache_hash=True)
class DepotFront(Action):
    """Phase 1: the front hand card goes into the depot instead of a field."""

    name = "depot"
    text = N_("put the front hand card into your depot")


@frozen(cache_hash=True)
class DepotTraded(Action):
    """Phase 3: a received or face-up card goes into the depot instead of a field."""

    name = "depot-traded"
    text = N_("put a received card of bean {bean} into your depot")
    bean: int = param("c")

    @classmethod
    def domain(cls, config):
        return (cls(b) for b in range(len(config.params["beans"].cards)))

    def describe(self, game, player: int) -> str:
        bean = game.ruleset.config.params["beans"].cards.names[self.bean]
        return _("put a received {bean} into your depot").format(bean=bean)

    def describe_public(self, game) -> str:
        return self.describe(game, -1)  # the received cards are public


@frozen(cache_hash=True)
class BuyMerchant(Action):
    name = "buy-merchant"
    text = N_("buy a merchant")


@frozen(cache_hash=True)
class MerchantTake(Action):
    """Phase 5 with a merchant: take a merchant card to the back of the hand."""

    name = "take"
    text = N_("take merchant card {position} to the back of your hand")
    position: int = param("m")

    @classmethod
    def domain(cls, config):
        return (cls(k) for k in range(MERCHANT_ROOM))


ALL = (
    ChooseCamp, Attack, Ride, StopAttacking, FightHand, FightDepot, FightDeck, BuyDepot, BuildFortress,
    DepotFront, DepotTraded, BuyMerchant, MerchantTake, RideWith,
)  # fmt: skip  (a new class goes last: the action ids of the others stay)
STOP = StopAttacking()
DECK = FightDeck()
BUY_DEPOT = BuyDepot()
DEPOT_FRONT = DepotFront()
BUY_MERCHANT = BuyMerchant()
