"""House rule ``cheap_field`` for Al Cabohne: the third field costs ``cost`` coins (default 2)
instead of the rulebook's 4 (RULES A "Third field"). Everything else stays as it is.

The whole rule is one composition hook. The third field's price is a bean-family parameter,
``config.params["beans"].third_field_cost`` (the bean family's buy-field option reads it when it
lists and applies the action); Al Cabohne set it from its own option, and this plugin runs after
it (it *requires* al_cabohne, so composition calls it later) and sets it to this rule's ``cost``.
Every parameter has one home, so that is all: ``beanframe rules al_cabohne cheap_field`` shows
the price as changed by this rule, beside Al Cabohne's option.

Its words come with it: the description and the option's help are marked ``N_(...)`` (translated
where they are shown), and its own catalogs in ``locale/`` (Dutch, French, German; written with
``python -m beanframe.i18n update --domain cheap_field --source beanframe_house_cheap_field``)
are found through the ``beanframe_catalogs`` hook.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from attrs.validators import and_, ge, instance_of, le

from beanframe import VariantInfo, hookimpl
from beanframe.i18n import N_

NAME = "cheap_field"
VERSION = "1.0.0"
REQUIRES = "al_cabohne"
LOCALE = Path(__file__).resolve().parent / "locale"


@attrs.frozen
class CheapFieldOptions:
    """Options of the house rule."""

    cost: int = attrs.field(default=2, validator=and_(instance_of(int), ge(0), le(20)), metadata={"help": N_("coins the third field costs")})


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description=N_("house rule: Al Cabohne's third field costs fewer coins (option cost, default 2)"),
        requires=(REQUIRES,),
        options=CheapFieldOptions,
    )


@hookimpl
def beanframe_catalogs():
    return LOCALE


@hookimpl
def beanframe_configure(config):
    opts: CheapFieldOptions = config.options[NAME]
    config.params["beans"] = attrs.evolve(config.params["beans"], third_field_cost=opts.cost)
