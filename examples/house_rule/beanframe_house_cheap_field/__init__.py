"""House rule ``cheap_field`` for Al Cabohne: the third field costs ``cost`` coins (default 2)
instead of the rulebook's 4 (RULES A "Third field"). Everything else stays as it is.

The whole rule is one composition hook. The third field's price is a bean-family parameter,
``config.params["beans"].third_field_cost`` (the bean family's buy-field option reads it when it
lists and applies the action); Al Cabohne set it from its own option, and this plugin runs after
it (it *requires* al_cabohne, so composition calls it later) and sets it to this rule's ``cost``.
Every parameter has one home, so that is all: ``beanframe rules al_cabohne cheap_field`` shows
the price as changed by this rule, beside Al Cabohne's option.
"""

from __future__ import annotations

import attrs
from attrs.validators import and_, ge, instance_of, le

from beanframe import VariantInfo, hookimpl

NAME = "cheap_field"
VERSION = "1.0.0"
REQUIRES = "al_cabohne"


@attrs.frozen
class CheapFieldOptions:
    """Options of the house rule."""

    cost: int = attrs.field(default=2, validator=and_(instance_of(int), ge(0), le(20)), metadata={"help": "coins the third field costs"})


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description="house rule: Al Cabohne's third field costs fewer coins (option cost, default 2)",
        requires=(REQUIRES,),
        options=CheapFieldOptions,
    )


@hookimpl
def beanframe_configure(config):
    opts: CheapFieldOptions = config.options[NAME]
    config.params["beans"] = attrs.evolve(config.params["beans"], third_field_cost=opts.cost)
