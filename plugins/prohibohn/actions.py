"""Prohibohn's actions. Codes are 1-based: ``buy c3`` buys card 3 of the supply order (see
``cards.CARDS``; ``describe`` names it), ``razzia n1`` pays the razzia with coins of bean 1,
``coin h2`` lays hand card 2 face down as a starting coin."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans import rules_of
from beanframe.core.actions import Action, param
from beanframe.i18n import N_, _, ngettext

from .cards import CARDS, cards_in_play, shown_name
from .supply import NAME

if TYPE_CHECKING:
    from beanframe.core.game import Game

HAND = 128  # hand positions an action may name (as Al Cabohne's gifts)


def _cards(config):
    return cards_in_play(config.options[NAME].pub)


def _beans(config):
    return range(len(config.params["beans"].cards))


def _bean(game: Game, b: int) -> str:
    return rules_of(game).cards.names[b]


@frozen(cache_hash=True)
class StartingCoin(Action):
    name = "coin"
    text = N_("lay hand card {hand} face down as a starting coin")
    # a hand position: core-private's param(private=True) should hide it from the opponent
    hand: int = param("h", private=True)  # a hand position: the hand order is secret (F.13)

    @classmethod
    def domain(cls, config):
        return (cls(h) for h in range(config.params["beans"].hand_size))

    def describe(self, game: Game, player: int) -> str:
        # no bean named: front ends also describe other players' moves with this text
        return _(self.text).format(hand=self.hand + 1)


@frozen(cache_hash=True)
class Buy(Action):
    name = "buy"
    text = N_("buy card {card} of the supply")
    card: int = param("c")

    @classmethod
    def domain(cls, config):
        return (cls(i) for i in _cards(config) if CARDS[i].group != "razzia")

    def describe(self, game: Game, player: int) -> str:
        c = CARDS[self.card]
        bean = _bean(game, rules_of(game).cards.index(c.bean))
        return ngettext("buy the {card} for {n} {bean} coin", "buy the {card} for {n} {bean} coins", c.price).format(
            card=shown_name(c), n=c.price, bean=bean)


@frozen(cache_hash=True)
class BuyRazzia(Action):
    name = "razzia"
    text = N_("buy the razzia with coins of bean {bean}")
    bean: int = param("n")

    @classmethod
    def domain(cls, config):
        return (cls(b) for b in _beans(config))

    def describe(self, game: Game, player: int) -> str:
        blue = rules_of(game).cards.index("blue")
        n = 4 if self.bean == blue else 5
        return ngettext("buy the {card} for {n} {bean} coin (every 1-building becomes worthless)",
                        "buy the {card} for {n} {bean} coins (every 1-building becomes worthless)", n).format(
            card=shown_name(CARDS[-1]), n=n, bean=_bean(game, self.bean))


@frozen(cache_hash=True)
class RemoveThird(Action):
    name = "remove-third"
    text = N_("take the third building of the kind out of the game")


@frozen(cache_hash=True)
class KeepThird(Action):
    name = "keep-third"
    text = N_("leave the third building of the kind in the supply")


@frozen(cache_hash=True)
class TakeCoin(Action):
    name = "take-coin"
    text = N_("take a coin of bean {bean} from the mafia treasury")
    bean: int = param("n")

    @classmethod
    def domain(cls, config):
        return (cls(b) for b in _beans(config))

    def describe(self, game: Game, player: int) -> str:
        return _("take a {bean} coin from the mafia treasury").format(bean=_bean(game, self.bean))


@frozen(cache_hash=True)
class Raid(Action):
    name = "raid"
    text = N_("take the opponent's card {card} out of the game")
    card: int = param("c")

    @classmethod
    def domain(cls, config):
        return (cls(i) for i in _cards(config) if CARDS[i].group == "building" and CARDS[i].price == 1)

    def describe(self, game: Game, player: int) -> str:
        return _("take the opponent's {card} out of the game").format(card=shown_name(CARDS[self.card]))


@frozen(cache_hash=True)
class NoRaid(Action):
    name = "no-raid"
    text = N_("take no building of the opponent")


@frozen(cache_hash=True)
class SalesDone(Action):
    name = "sales-done"
    text = N_("end the last sales and purchases")


# interned instances: legal lists hand out these
STARTING_COIN = tuple(StartingCoin(h) for h in range(HAND))
BUY = tuple(Buy(i) for i in range(len(CARDS)))
RAZZIA = tuple(BuyRazzia(b) for b in range(16))
TAKE_COIN = tuple(TakeCoin(b) for b in range(16))
RAID = tuple(Raid(i) for i in range(len(CARDS)))
REMOVE_THIRD, KEEP_THIRD, NO_RAID, SALES_DONE = RemoveThird(), KeepThird(), NoRaid(), SalesDone()

ALL = (StartingCoin, Buy, BuyRazzia, RemoveThird, KeepThird, TakeCoin, Raid, NoRaid, SalesDone)
