"""The bean family: what Al Cabohne, Bohnanza and the games built on them share.

Not a plugin itself: bean plugins import it and register its part and mechanics.
"""

from pathlib import Path

from beanframe.i18n import register_catalogs

register_catalogs("beans", Path(__file__).resolve().parent / "locale")  # this part's words (issue 29)

from beanframe.beans.cards import BeanType, CardSet, load_beans
from beanframe.beans.fields import field_bean, harvest, harvestable, may_harvest, pay_coins, sell
from beanframe.beans.rules import ANY_TIME, LITERAL, OWN_TURN, PROTECTION, field_targets, harvestable_fields, sale
from beanframe.beans.table import (
    PART,
    BeanRules,
    BeansView,
    BeanTable,
    deal,
    draw,
    one_bean_per_field,
    plant_targets,
    reshuffle,
    rules_of,
    stack_deck,
)
from beanframe.beans.work import DrawStep, finish, interrupted, pause, start

__all__ = [
    "ANY_TIME",
    "LITERAL",
    "OWN_TURN",
    "PART",
    "PROTECTION",
    "BeanRules",
    "BeanTable",
    "BeanType",
    "BeansView",
    "CardSet",
    "DrawStep",
    "deal",
    "draw",
    "field_bean",
    "field_targets",
    "finish",
    "harvest",
    "harvestable",
    "harvestable_fields",
    "interrupted",
    "load_beans",
    "may_harvest",
    "one_bean_per_field",
    "pause",
    "pay_coins",
    "plant_targets",
    "reshuffle",
    "rules_of",
    "sale",
    "sell",
    "stack_deck",
    "start",
]
