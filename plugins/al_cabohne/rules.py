"""Al Cabohne's name, options and own parameter record: its own module, below the plugin, the
bots and the search policy that all read them."""

from __future__ import annotations

from attrs import define, field, frozen
from attrs.validators import and_, ge, instance_of, le

from beanframe.core.params import whole
from beanframe.i18n import N_

NAME = "al_cabohne"


def _whole(low: int, high: int):
    return and_(instance_of(int), ge(low), le(high))


@frozen
class AlCabohneOptions:
    """Options of Al Cabohne (the defaults are the rulebook's). Each sets one parameter (its
    ``param`` metadata), which is the value the game reads; a later variant may change it."""

    third_field_cost: int = field(
        default=4, validator=_whole(0, 20),
        metadata={"param": "beans.third_field_cost", "help": N_("coins the third field costs")},
    )
    run_outs: int = field(
        default=3, validator=_whole(1, 6),
        metadata={"param": "beans.run_out_limit", "help": N_("2 players: deck run-outs that end the game (solo: 1)")},
    )
    solo_mafia_factor: int = field(
        default=2, validator=_whole(1, 4),
        metadata={"param": "al_cabohne.solo_mafia_factor", "help": N_("solo: the mafia's coins count this many times")},
    )


@define
class AlCabohneRules:
    """Al Cabohne's own parameter (``config.params["al_cabohne"]``); the rest of its rules are
    the bean family's (``beans``) and the mafia's (``mafia``) records: one home per parameter."""

    solo_mafia_factor: int = field(default=2, validator=whole(1, 4))  # solo score: the mafia's coins count this many times
