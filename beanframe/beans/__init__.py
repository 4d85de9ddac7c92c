"""The bean family: what Al Cabohne, Bohnanza and the games built on them share.

Not a plugin itself: bean plugins import it and register its part and mechanics.
"""

from beanframe.beans.cards import BeanType, CardSet, load_beans
from beanframe.beans.table import (
    PART,
    BeanRules,
    BeansView,
    BeanTable,
    deal,
    draw,
    field_bean,
    harvest,
    harvestable,
    may_harvest,
    pay_coins,
    plant_target,
    reshuffle,
    rules_of,
    sell,
    stack_deck,
)

__all__ = [
    "PART",
    "BeanRules",
    "BeanTable",
    "BeanType",
    "BeansView",
    "CardSet",
    "deal",
    "draw",
    "field_bean",
    "harvest",
    "harvestable",
    "load_beans",
    "may_harvest",
    "pay_coins",
    "plant_target",
    "reshuffle",
    "rules_of",
    "sell",
    "stack_deck",
]
