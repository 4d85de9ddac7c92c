"""Bohnanza's actions outside trading. Codes are 1-based: ``plant f1`` (the bean family's action)
plants the front hand card on the first field, ``plant-traded c2 f1`` plants a received
Chili Bean (the second bean of the card set) on field 1. The harvest and third-field actions are the bean family's (``harvest f1``,
``buy-field``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans import rules_of as bean_rules
from beanframe.beans.planting import PLANT_FRONT as PLANT_FRONT  # re-exported: the interned actions
from beanframe.beans.planting import PlantFront as PlantFront  # the bean family's ``plant f<k>``
from beanframe.core.actions import Action, param
from beanframe.i18n import N_, _

if TYPE_CHECKING:
    from beanframe.core.game import Game


def _fields(config) -> range:
    return range(config.params["beans"].max_fields)


def _beans(config) -> range:
    return range(len(config.params["beans"].cards))


@frozen(cache_hash=True)
class Pass(Action):
    """Phase 1: plant no second card. Trading: nothing more for now (back in when anything changes)."""

    name = "pass"
    text = N_("pass")


@frozen(cache_hash=True)
class PlantTraded(Action):
    """Phase 3: plant a received card (or, for the active player, a face-up card kept) of a bean."""

    name = "plant-traded"
    text = N_("plant a received card of bean {bean} on field {field}")
    bean: int = param("c")
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return (cls(b, f) for b in _beans(config) for f in _fields(config))

    def describe(self, game: Game, player: int) -> str:
        bean = bean_rules(game).cards.names[self.bean]
        return _("plant a received {bean} on field {field}").format(bean=bean, field=self.field + 1)

    def describe_public(self, game: Game) -> str:
        return self.describe(game, -1)  # the bean and the field are public


PASS = Pass()
_PLANT_TRADED: dict[tuple[int, int], PlantTraded] = {}


def plant_traded(bean: int, field: int) -> PlantTraded:
    """The interned ``plant-traded`` action (legal lists hand out canonical instances)."""
    a = _PLANT_TRADED.get((bean, field))
    if a is None:
        a = _PLANT_TRADED[(bean, field)] = PlantTraded(bean, field)
    return a


ALL = (PlantFront, Pass, PlantTraded)
