"""Al Cabohne's actions. Codes are 1-based: ``plant f1`` plants on the first field, ``b1`` is
Al Cabohne, ``b2`` Don Corlebohne, ``b3`` Joe Bohnano (their names in the reader's language:
``mafia.boss_name``), ``h1`` the front hand card, ``p1`` the first
face-up pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import rules_of
from beanframe.beans.options import BUY_FIELD as BUY_FIELD  # re-exported: the interned action
from beanframe.beans.options import HARVESTS, BuyField, Harvest
from beanframe.beans.planting import PLANT_FRONT as PLANT_FRONT  # re-exported: the interned actions
from beanframe.beans.planting import PlantFront as PlantFront  # the bean family's ``plant f<k>``
from beanframe.core.actions import Action, param
from beanframe.core.compose import Config
from beanframe.i18n import N_, _
from attrs import frozen

from .mafia import boss_name

if TYPE_CHECKING:
    from beanframe.core.game import Game

MAX_PILES = 3  # at most 3 counted flips make piles (replacement flips go to the mafia)


def _fields(config: Config) -> range:
    return range(config.params["beans"].max_fields)


def _bosses(config: Config) -> range:
    return range(len(config.params["mafia"].bosses))


def _bean(game: Game, card: int) -> str:
    return rules_of(game).cards.names[card]


def _boss(game: Game, b: int) -> str:
    return boss_name(game.ruleset.config.params["mafia"].bosses[b].name)


@frozen(cache_hash=True)
class Pass(Action):
    name = "pass"
    text = N_("plant no second card")


@frozen(cache_hash=True)
class PayTax(Action):
    name = "pay-tax"
    text = N_("hand the mafia its tax")


@frozen(cache_hash=True)
class PlantLeftover(Action):
    name = "leftover"
    text = N_("plant a card of leftover pile {pile} on field {field}")
    pile: int = param("s")  # s: a stack; p<k> names the seats (issue 20.3)
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return (cls(p, f) for p in range(MAX_PILES) for f in _fields(config))

    def describe(self, game: Game, player: int) -> str:
        bean = game.part(BEANS).leftovers[self.pile][0]
        return _("plant a leftover {bean} on field {field}").format(bean=_bean(game, bean), field=self.field + 1)


@frozen(cache_hash=True)
class DiscardLeftover(Action):
    name = "discard"
    text = N_("discard a card of leftover pile {pile}")
    pile: int = param("s")  # s: a stack; p<k> names the seats (issue 20.3)

    @classmethod
    def domain(cls, config):
        return (cls(p) for p in range(MAX_PILES))

    def describe(self, game: Game, player: int) -> str:
        bean = game.part(BEANS).leftovers[self.pile][0]
        return _("discard a leftover {bean}").format(bean=_bean(game, bean))


@frozen(cache_hash=True)
class PlantPile(Action):
    name = "plant-pile"
    text = N_("plant face-up pile {pile} on field {field}")
    pile: int = param("s")  # s: a stack; p<k> names the seats (issue 20.3)
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return (cls(p, f) for p in range(MAX_PILES) for f in _fields(config))

    def describe(self, game: Game, player: int) -> str:
        pile = game.part(BEANS).piles[self.pile]
        return _("plant the {n} flipped {bean} on field {field}").format(n=len(pile), bean=_bean(game, pile[0]), field=self.field + 1)


@frozen(cache_hash=True)
class GivePile(Action):
    name = "give-pile"
    text = N_("give face-up pile {pile} to boss {boss}")
    pile: int = param("s")  # s: a stack; p<k> names the seats (issue 20.3)
    boss: int = param("b")

    @classmethod
    def domain(cls, config):
        return (cls(p, b) for p in range(MAX_PILES) for b in _bosses(config))

    def describe(self, game: Game, player: int) -> str:
        pile = game.part(BEANS).piles[self.pile]
        return _("give the {n} flipped {bean} to {boss}").format(n=len(pile), bean=_bean(game, pile[0]), boss=_boss(game, self.boss))


@frozen(cache_hash=True)
class Gift(Action):
    name = "give"
    text = N_("give hand card {hand} to boss {boss}")
    public_text = N_("give a hand card to boss {boss}")
    hand: int = param("h", private=True)  # the hand's order is the player's secret (F.13)
    boss: int = param("b")

    @classmethod
    def domain(cls, config):
        total = config.params["beans"].cards.total
        return (cls(h, b) for h in range(total) for b in _bosses(config))

    def describe(self, game: Game, player: int) -> str:
        hand = game.part(BEANS).hands[player]
        return _("give hand card {hand} ({bean}) to {boss}").format(hand=self.hand + 1, bean=_bean(game, hand[self.hand]), boss=_boss(game, self.boss))

    def describe_public(self, game: Game) -> str:
        return _("give a hand card to {boss}").format(boss=_boss(game, self.boss))


@frozen(cache_hash=True)
class Done(Action):
    name = "done"
    text = N_("end planting")

    def describe(self, game: Game, player: int) -> str:
        frame = game.frame
        if frame is not None and frame.kind == "before_flip":
            return _("start flipping (no more harvests or purchases before the flips)")
        return _(self.text)


# The any-time options' actions are the bean family's (beanframe.beans.options)


# Interned instances for the hot path: legal-action lists hand out these, never new objects.
_F = range(3)
_B = range(3)
_P = range(MAX_PILES)
_H = range(128)
HARVEST = HARVESTS[:3]
PLANT_LEFTOVER = tuple(tuple(PlantLeftover(p, f) for f in _F) for p in _P)
DISCARD_LEFTOVER = tuple(DiscardLeftover(p) for p in _P)
PLANT_PILE = tuple(tuple(PlantPile(p, f) for f in _F) for p in _P)
GIVE_PILE = tuple(tuple(GivePile(p, b) for b in _B) for p in _P)
GIFT = tuple(tuple(Gift(h, b) for b in _B) for h in _H)
PASS, PAY_TAX, DONE = Pass(), PayTax(), Done()

ALL = (PlantFront, Pass, PayTax, PlantLeftover, DiscardLeftover, PlantPile, GivePile, Gift, Done, Harvest, BuyField)
