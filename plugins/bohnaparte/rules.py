"""Bohnaparte's options (what a table chooses) and parameters (what the game code reads)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import define, field, frozen
from attrs.validators import in_, instance_of

from beanframe.core.params import flag, whole
from beanframe.i18n import N_

from .layout import Layout

if TYPE_CHECKING:
    from beanframe.core.game import Game

NAME = "bohnaparte"
LAYOUTS = ("standard", "random", "pyramid5", "pyramid6", "checkerboard")


@frozen
class BohnaparteOptions:
    """Options (``-o bohnaparte.NAME=VALUE``); defaults are the rulebook's and F.10's."""

    deck_runs: int = field(default=4, validator=in_((3, 4, 5)), metadata={"help": N_("times through the deck before the end (3, 4 or 5)")})
    riders: bool = field(default=False, validator=flag, metadata={"help": N_("the rider variant")})
    realm: bool = field(default=False, validator=flag, metadata={"help": N_("riders with Bohnaparte's landscapes added")})
    layout: str = field(default="standard", validator=in_(LAYOUTS), metadata={"help": N_("the board: standard, random, pyramid5, pyramid6 or checkerboard")})
    layout_file: str = field(default="", validator=instance_of(str), metadata={"help": N_("a layout file of your own (--layout FILE)")})
    camp_vp: int = field(default=1, validator=whole(0, 5), metadata={"help": N_("victory points a camp is worth")})


@define
class BohnaparteRules:
    """Read with :func:`rules_of`; ``layout`` is the board's template (the random option deals its
    cards anew in set-up)."""

    layout: Layout = field(validator=instance_of(Layout))
    random_layout: bool = field(default=False, validator=flag)
    camp_vp: int = field(default=1, validator=whole(0))
    attack_cost: int = field(default=1, validator=whole(0))  # RULES D "Attack": one coin per attack
    depot_price: int = field(default=3, validator=whole(0))
    depot_capacity: int = field(default=4, validator=whole(1))  # = the number of players
    fortress_price: int = field(default=2, validator=whole(0))
    merchant_price: int = field(default=3, validator=whole(0))
    merchant_cards: int = field(default=2, validator=whole(0))
    riders: bool = field(default=False, validator=flag)


def rules_of(game: Game) -> BohnaparteRules:
    return game.ruleset.config.params[NAME]


def layout_name(players: int, opts: BohnaparteOptions) -> str:
    """The shipped layout file for a table (``layouts/<name>.toml``)."""
    if opts.riders:
        return f"{'realm' if opts.realm else 'riders'}_{players}"
    if opts.layout in ("pyramid5", "pyramid6"):
        return f"pyramid_{opts.layout[-1]}"
    if opts.layout == "checkerboard":
        return f"checkerboard_{players}"
    return f"standard_{players}"
