"""INTERIM, until the bean family's options land (``beanframe/beans/options.py``, helper
``beans``): the any-time harvest (bean protection rule, F.22) and the third field, for Bohnanza
only. Removed when ``main`` has them; the plugin then registers the family's options."""

from __future__ import annotations

from attrs import frozen

from beanframe.beans import PART as BEANS
from beanframe.beans import harvest, harvestable, pay_coins
from beanframe.core.actions import Action, param
from beanframe.core.state import TURNS
from beanframe.core.steps import Option

from .rules import NAME


@frozen(cache_hash=True)
class Harvest(Action):
    name = "harvest"
    text = "harvest and sell field {field}"
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return (cls(f) for f in range(config.params["beans"].max_fields))


@frozen(cache_hash=True)
class BuyField(Action):
    name = "buy-field"
    text = "buy a third field"


HARVESTS = tuple(Harvest(f) for f in range(8))
BUY = BuyField()


def harvest_legal(game, player):
    if game.state.stage != TURNS:
        return ()
    return harvestable(game.state.parts[BEANS], player, HARVESTS)


def harvest_apply(game, action, player=None):
    harvest(game, game.state.parts[BEANS], game.to_act if player is None else player, action.field)


def buy_legal(game, player):
    s = game.state
    table = s.parts[BEANS]
    if s.stage != TURNS or table.bought_field[player]:
        return ()
    if len(table.coins[player]) < game.ruleset.config.options[NAME].third_field_cost:
        return ()
    return (BUY,)


def buy_apply(game, action, player=None):
    table = game.state.parts[BEANS]
    player = game.to_act if player is None else player
    cost = game.ruleset.config.options[NAME].third_field_cost
    pay_coins(table, player, cost, table.set_aside)
    table.fields[player].append([])
    table.bought_field[player] = True
    game.emit("buy_field", player, cost)


HARVEST_OPTION = Option("harvest", (Harvest,), harvest_legal, harvest_apply)
BUY_FIELD_OPTION = Option("buy_field", (BuyField,), buy_legal, buy_apply)
ALL = (Harvest, BuyField)
