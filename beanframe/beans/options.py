"""The bean family's any-time options: harvest a field, buy the third field.

A variant registers them (``register(HARVEST_OPTION)``, ``register(BUY_FIELD_OPTION)``) and their
action classes (:class:`Harvest`, :class:`BuyField`); their conditions are ``BeanRules``
parameters, so Al Cabohne and Bohnanza share them:

- ``harvest_when`` / ``buy_field_when``: "own_turn" (Al Cabohne: "at any time during one's own
  turn") or "any_time" (Bohnanza, F.22: at any decision of the player). Never in set-up or at the
  end; never at a step whose ``options`` flag is False (Al Cabohne's phase 4).
- ``one_bean_harvest``: which one-bean fields may be harvested (F.19 literal, or Bohnanza's bean
  protection rule); see :func:`beanframe.beans.rules.harvestable_fields`.
- ``third_field_cost`` (None: no field to buy) and ``max_fields``; a third field is bought once
  per game, its coins go under the discard (``table.set_aside``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans.fields import harvest, pay_coins
from beanframe.beans.rules import OWN_TURN, harvestable_fields
from beanframe.beans.table import PART, rules_of
from beanframe.core.actions import Action, param
from beanframe.core.state import TURNS
from beanframe.core.steps import Option
from beanframe.i18n import N_, ngettext

if TYPE_CHECKING:
    from beanframe.core.compose import Config
    from beanframe.core.game import Game


@frozen(cache_hash=True)
class Harvest(Action):
    name = "harvest"
    text = N_("harvest and sell field {field}")
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return (cls(f) for f in range(config.params["beans"].max_fields))

    def describe(self, game: Game, player: int) -> str:
        rules = rules_of(game)
        f = game.part(PART).fields[player][self.field]
        coins = rules.cards.value(f[-1], len(f))
        name = rules.cards.names[f[-1]]
        return ngettext(
            "harvest field {field} ({n} {bean}: {coins} coin)", "harvest field {field} ({n} {bean}: {coins} coins)", coins
        ).format(field=self.field + 1, n=len(f), bean=name, coins=coins)


@frozen(cache_hash=True)
class BuyField(Action):
    name = "buy-field"
    text = N_("buy a third field")

    def describe(self, game: Game, player: int) -> str:
        cost = rules_of(game).third_field_cost
        return ngettext("buy a third field for {n} coin", "buy a third field for {n} coins", cost).format(n=cost)


# Interned instances for the hot path (legal lists hand out these); fields beyond 16 are not planned.
HARVESTS = tuple(Harvest(f) for f in range(16))
BUY_FIELD = BuyField()


def harvest_legal(game: Game, player: int):
    """The fields ``player`` may harvest now (``BeanRules.harvest_when``, ``one_bean_harvest``)."""
    s = game.state
    if s.stage != TURNS:
        return ()
    rules = game.ruleset.config.params["beans"]
    if s.active != player and rules.harvest_when == OWN_TURN:
        return ()
    return harvestable_fields(s.parts[PART].fields[player], rules.one_bean_harvest, HARVESTS)


def bind_harvest(config: Config):
    """:func:`harvest_legal` with the composed ``harvest_when`` and ``one_bean_harvest`` read once
    (``Option.bind``: the hot path calls this at every decision)."""
    rules = config.params["beans"]
    own_turn = rules.harvest_when == OWN_TURN
    one_bean = rules.one_bean_harvest

    def harvest_legal_bound(game: Game, player: int):
        s = game.state
        if s.stage != TURNS or (own_turn and s.active != player):
            return ()
        return harvestable_fields(s.parts[PART].fields[player], one_bean, HARVESTS)

    return harvest_legal_bound


def harvest_apply(game: Game, action: Harvest, player: int) -> None:
    harvest(game, game.state.parts[PART], player, action.field)


def buy_field_legal(game: Game, player: int):
    """``buy-field`` if ``player`` may buy the third field now (``BeanRules.buy_field_when``,
    ``third_field_cost``, ``max_fields``; once per game)."""
    s = game.state
    table = s.parts[PART]
    if table.bought_field[player] or s.stage != TURNS:
        return ()
    rules = game.ruleset.config.params["beans"]
    cost = rules.third_field_cost
    if cost is None or len(table.coins[player]) < cost or len(table.fields[player]) >= rules.max_fields:
        return ()
    if s.active != player and rules.buy_field_when == OWN_TURN:
        return ()
    return (BUY_FIELD,)


def bind_buy_field(config: Config):
    """:func:`buy_field_legal` with the composed price, field limit and ``buy_field_when`` read
    once (``Option.bind``)."""
    rules = config.params["beans"]
    cost = rules.third_field_cost
    if cost is None:
        return lambda game, player: ()
    most = rules.max_fields
    own_turn = rules.buy_field_when == OWN_TURN
    offer = (BUY_FIELD,)

    def buy_field_legal_bound(game: Game, player: int):
        s = game.state
        table = s.parts[PART]
        if (
            table.bought_field[player]
            or s.stage != TURNS
            or len(table.coins[player]) < cost
            or len(table.fields[player]) >= most
            or (own_turn and s.active != player)
        ):
            return ()
        return offer

    return buy_field_legal_bound


def buy_field_apply(game: Game, action: BuyField, player: int) -> None:
    """The coins paid go under the discard (``table.set_aside``); they return at the next reshuffle."""
    table = game.state.parts[PART]
    cost = rules_of(game).third_field_cost
    pay_coins(table, player, cost, table.set_aside)
    table.fields[player].append([])
    table.bought_field[player] = True
    game.emit("buy_field", player, cost)


HARVEST_OPTION = Option("harvest", (Harvest,), harvest_legal, harvest_apply, bind_harvest)
BUY_FIELD_OPTION = Option("buy_field", (BuyField,), buy_field_legal, buy_field_apply, bind_buy_field)
