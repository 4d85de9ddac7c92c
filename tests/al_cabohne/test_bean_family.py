"""The bean family's shared rules as Al Cabohne composes them (issue 5 §7): the composed
field-acceptance rule ``plant_targets``, the harvest and third-field options with their
``BeanRules`` conditions, paying coins of a chosen bean, parameter validation."""

from __future__ import annotations

import attrs
import pytest

import beanframe
from beanframe.beans import (
    ANY_TIME,
    PROTECTION,
    BeanRules,
    field_targets,
    pay_coins,
    plant_targets,
    sale,
)
from beanframe.beans import options as bean_options
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError
from beanframe_plugins.al_cabohne.plugin import CARDS

from .helpers import bean, codes, many, situation, table

BOSSES = [["runner"], ["broad"]]


def _house(name: str, configure):
    class House:
        @staticmethod
        @hookimpl
        def beanframe_variant():
            return VariantInfo(name=name, version="1.0", requires=("al_cabohne",))

        @staticmethod
        @hookimpl
        def beanframe_configure(config):
            configure(config.params["beans"])

    return House()


def _situation_with(house, **kwargs):
    return situation(plugins=[house], **kwargs)


# -- plant_targets --------------------------------------------------------------------------


# RULES A "Turn" phase 5: one bean type per field, never on two own fields; empty fields are
# interchangeable, so only the first empty one is offered
def test_default_plant_targets():
    game = situation(at="play", fields=[[["fire"], [], many("blue", 2)], [[], []]], bosses=BOSSES, hands=[["kidney"], ["puff"]])
    assert plant_targets(game, 0, bean("fire")) == [0]
    assert plant_targets(game, 0, bean("blue")) == [2]
    assert plant_targets(game, 0, bean("kidney")) == [1]
    assert field_targets([["a"], ["b"]], "c") == []  # plain data: bean names work as well
    assert field_targets([[], ["c"]], "c") == [1]


def _every_empty_field(game, player, b):
    """A house rule that tells empty fields apart: every field growing the bean or empty."""
    return [i for i, f in enumerate(table(game).fields[player]) if not f or f[-1] == b]


# issue 5 §7: every Al Cabohne step that plants asks the composed rule (one function changes
# phase 1, 3 and 5 at once, as Prohibohn's Nightbar will)
@pytest.mark.parametrize("at", ["leftovers", "play", "plant"])
def test_every_planting_step_asks_the_composed_rule(at):
    house = _house("every_empty", lambda beans: setattr(beans, "plant_targets", _every_empty_field))
    game = _situation_with(
        house,
        at=at,
        active=0,
        fields=[[[], [], []], [[], []]],
        bosses=BOSSES,
        hands=[["fire", "blue"], ["puff"]],
        leftovers=[["kidney"]] if at == "leftovers" else [],
        piles=[["kidney"]] if at == "plant" else [],
    )
    offered = {c for c in codes(game) if c.startswith(("plant", "leftover"))}
    expected = {
        "leftovers": {"leftover s1 f1", "leftover s1 f2", "leftover s1 f3"},
        "play": {"plant f1", "plant f2", "plant f3"},
        "plant": {"plant-pile s1 f1", "plant-pile s1 f2", "plant-pile s1 f3"},
    }[at]
    assert offered == expected


# -- the harvest and third-field options ---------------------------------------------------


# RULES A "Harvest and sell": own turn only (Al Cabohne); F.22 / RULES C: any time (Bohnanza)
def test_harvest_when():
    game = situation(at="play", fields=[[[], []], [many("fire", 3), []]], bosses=BOSSES, hands=[["kidney"], ["puff"]])
    assert bean_options.harvest_legal(game, 1) == ()
    house = _house("any_time_harvest", lambda beans: setattr(beans, "harvest_when", ANY_TIME))
    game = _situation_with(house, at="play", fields=[[[], []], [many("fire", 3), []]], bosses=BOSSES, hands=[["kidney"], ["puff"]])
    assert [a.code for a in bean_options.harvest_legal(game, 1)] == ["harvest f1"]


# RULES C: Bohnanza's bean protection rule instead of Al Cabohne's literal F.19
def test_one_bean_harvest_parameter():
    house = _house("protection", lambda beans: setattr(beans, "one_bean_harvest", PROTECTION))
    game = _situation_with(house, at="play", fields=[[["fire"], ["blue"], []], [[], []]], bosses=BOSSES, hands=[["kidney"], ["puff"]])
    assert set(codes(game)) == {"plant f3", "harvest f1", "harvest f2"}


# RULES A "Third field": the price and whether it can be bought are BeanRules parameters
def test_third_field_parameters():
    kwargs = dict(at="play", coins=[5, 5], bosses=BOSSES, hands=[["kidney"], ["puff"]])
    assert "buy-field" in codes(situation(**kwargs))
    never = _house("no_third_field", lambda beans: setattr(beans, "third_field_cost", None))
    assert "buy-field" not in codes(_situation_with(never, **kwargs))
    dear = _house("dear_field", lambda beans: setattr(beans, "third_field_cost", 6))
    assert "buy-field" not in codes(_situation_with(dear, **kwargs))
    anytime = _house("any_time_field", lambda beans: setattr(beans, "buy_field_when", ANY_TIME))
    game = _situation_with(anytime, **kwargs)
    assert bean_options.buy_field_legal(game, 1) == (bean_options.BUY_FIELD,)
    bean_options.buy_field_apply(game, bean_options.BUY_FIELD, 1)  # the acting player pays
    assert len(table(game).fields[1]) == 3 and len(table(game).coins[1]) == 1 and len(table(game).set_aside) == 4


# -- paying coins ----------------------------------------------------------------------------


# RULES B "Coins keep their bean": pay with coins of a chosen bean; under the discard = set aside
def test_pay_coins_of_a_bean():
    game = situation(at="play", bosses=BOSSES, hands=[["kidney"], ["puff"]])
    t = table(game)
    fire, blue = bean("fire"), bean("blue")
    for b in (fire, blue, fire, blue):  # coins from the deck: every card stays accounted for
        t.deck.remove(b)
        t.coins[0].append(b)
    pay_coins(t, 0, 2, t.set_aside, bean=fire)
    assert t.coins[0] == [blue, blue] and t.set_aside[-2:] == [fire, fire]
    with pytest.raises(ValueError, match="cannot pay 1 coins of bean"):
        pay_coins(t, 0, 1, t.set_aside, bean=fire)
    with pytest.raises(ValueError, match="cannot pay 3 coins"):
        pay_coins(t, 0, 3, t.set_aside)
    assert t.coins[0] == [blue, blue]  # nothing paid
    pay_coins(t, 0, 1, t.discard)
    assert t.coins[0] == [blue]


def test_sale():
    # RULES A "Cards": 5 Fava Bean sell for 2 coins, 3 go to the discard
    assert sale(CARDS, bean("puff"), 5) == (2, 3)
    assert sale(CARDS, bean("blue"), 2) == (0, 2)


# -- parameters are checked --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value"),
    [("harvest_when", "sometimes"), ("buy_field_when", "never"), ("one_bean_harvest", "loose"), ("third_field_cost", -1), ("plant_targets", 3)],
)
def test_bean_rules_validate_new_fields(name, value):
    with pytest.raises((ValueError, TypeError)):
        BeanRules(CARDS, **{name: value})
    rules = BeanRules(CARDS)
    with pytest.raises((ValueError, TypeError)):
        setattr(rules, name, value)


def test_a_bad_parameter_fails_composition():
    bad = _house("bad_when", lambda beans: setattr(beans, "harvest_when", "sometimes"))
    with pytest.raises(ConfigError, match="harvest_when"):
        beanframe.compose(["al_cabohne"], 2, extra_plugins=[bad])


def test_al_cabohne_sets_its_conditions():
    rules = beanframe.compose(["al_cabohne"], 2, options={"al_cabohne": {"third_field_cost": 3}}).config.params["beans"]
    assert (rules.harvest_when, rules.buy_field_when, rules.one_bean_harvest, rules.third_field_cost) == ("own_turn", "own_turn", "literal", 3)
    assert attrs.has(type(rules))
