"""The example house-rule plugin (examples/house_rule): a third-party variant installed as its own
distribution and found through the entry-point group, exactly like a user's house rule.

Requires ``pip install -e examples/house_rule`` (the CI command does it).
"""

from __future__ import annotations

import random
from importlib.metadata import entry_points

import attrs
import pytest

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.compose import ENTRY_POINT_GROUP, discover
from beanframe.errors import ConfigError, IllegalActionError
from beanframe.testing import conformance_suite

HOUSE = "cheap_field"
BOTH = ["al_cabohne", HOUSE]


def test_the_house_rule_is_discovered_through_its_entry_point():
    names = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert names.get(HOUSE) == "beanframe_house_cheap_field"
    plugins = discover(refresh=True)
    assert HOUSE in plugins
    assert plugins[HOUSE].__name__ == "beanframe_house_cheap_field"
    # the package is a real distribution with its own name, not part of beanframe
    ep = next(ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == HOUSE)
    assert ep.dist is not None and ep.dist.name == "beanframe-house-rule-cheap-field"


def test_without_al_cabohne_composition_names_the_missing_requirement():
    with pytest.raises(ConfigError, match=r"cheap_field requires al_cabohne"):
        beanframe.compose([HOUSE], 2)


def test_its_options_are_validated():
    with pytest.raises(ConfigError, match=r"cheap_field"):
        beanframe.compose(BOTH, 2, options={HOUSE: {"cost": -1}})
    with pytest.raises(ConfigError, match=r"unknown option cheap_field\.price"):
        beanframe.compose(BOTH, 2, options={HOUSE: {"price": 1}})


def test_it_refines_al_cabohne_parameters_after_al_cabohne_set_them():
    rs = beanframe.compose(BOTH, 2, options={HOUSE: {"cost": 3}})
    assert rs.order == ("al_cabohne", HOUSE)  # dependency order: requirement first
    assert rs.config.params["beans"].third_field_cost == 3
    assert rs.param_sources["beans.third_field_cost"] == ("al_cabohne", HOUSE)
    # issue 20: one home per parameter (Al Cabohne's record no longer copies the price)
    assert not hasattr(rs.config.params["al_cabohne"], "third_field_cost")
    # the user's al_cabohne options themselves are untouched (saves record them as given)
    assert rs.options["al_cabohne"].third_field_cost == 4


def _with_coins(variants, coins: int, options=None):
    """A 2-player game from a position (issue 21): the starting player decides in phase 3 of the
    first turn and holds ``coins`` coins (the seed deals the cards, every one accounted for)."""
    position = {"turn": 1, "phase": "play", "beans": {"hands": [5, 5], "coins": [coins, 0]}}
    game = beanframe.new_game(variants, 2, seed=11, options=options, position=position)
    assert game.to_act == 0 and game.frame.kind == "play"
    return game


def _codes(game) -> list[str]:
    return [a.code for a in game.legal_actions()]


def _problems(game) -> list[str]:
    return [p for lst in game.ruleset.pm.hook.beanframe_invariants(game=game) for p in lst]


def test_two_coins_buy_the_third_field_only_with_the_house_rule():
    # RULES A "Third field": 4 coins in the rulebook; the house rule makes it 2
    plain = _with_coins(["al_cabohne"], 2)
    assert "buy-field" not in _codes(plain)
    with pytest.raises(IllegalActionError):
        plain.apply("buy-field")
    assert len(plain.part(BEANS).fields[0]) == 2

    house = _with_coins(BOTH, 2)
    assert "buy-field" in _codes(house)
    assert "2 coins" in house.describe(house.ruleset.actions.parse("buy-field"))
    house.apply("buy-field")
    table = house.part(BEANS)
    assert len(table.fields[0]) == 3
    assert table.coins[0] == []
    assert len(table.set_aside) == 2  # the paid coins are set aside (RULES A "Third field")
    assert "buy-field" not in _codes(house)  # once per game
    assert _problems(house) == []


def test_the_cost_option_is_honoured():
    assert "buy-field" not in _codes(_with_coins(BOTH, 2, options={HOUSE: {"cost": 3}}))
    assert "buy-field" in _codes(_with_coins(BOTH, 3, options={HOUSE: {"cost": 3}}))
    assert "buy-field" in _codes(_with_coins(BOTH, 0, options={HOUSE: {"cost": 0}}))


def test_a_saved_house_rule_game_loads_and_replays():
    game = _with_coins(BOTH, 0, options={HOUSE: {"cost": 0}})
    game.apply("buy-field")
    rng = random.Random(5)
    for _ in range(40):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    text = game.to_json()
    assert '"cheap_field"' in text
    loaded = beanframe.load_game(text)
    assert loaded.ruleset.order == ("al_cabohne", HOUSE)
    assert loaded.to_json() == text


def test_conformance_of_al_cabohne_with_the_house_rule():
    # every check of the kit (invariants, legality, clones, views, hand order, end, saves)
    # after every action of seeded random games; a cost of 0 makes buying the field common
    for options in (None, {HOUSE: {"cost": 0}}):
        report = conformance_suite(BOTH, players=[1, 2], options=options, games=3)
        assert report.variants == ("al_cabohne", HOUSE)
        assert report.games == 6 and report.actions > 0


def test_random_play_with_a_free_field_buys_it():
    # the rule is reachable in play, not only in a set-up situation
    bought = 0
    for seed in range(3):
        game = beanframe.new_game(BOTH, 2, seed=seed, options={HOUSE: {"cost": 0}})
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            buy = [a for a in legal if a.code == "buy-field"]
            game.apply(buy[0] if buy else rng.choice(legal))
        bought += sum(1 for kind, *_ in game.events if kind == "buy_field")
        assert _problems(game) == []
    assert bought >= 3


def test_its_words_come_through_its_own_catalogs_found_through_its_hook():
    # issue 29: a house rule ships its Dutch, French and German; the core finds them through the
    # plugin's beanframe_catalogs hook (no registration by hand)
    from pathlib import Path

    from beanframe import i18n
    from beanframe.core.compose import variant_info

    plugin = discover(refresh=True)[HOUSE]
    folder = Path(plugin.beanframe_catalogs())
    assert (folder / "nl" / "LC_MESSAGES" / "cheap_field.mo").is_file()
    i18n.reload()
    assert i18n.catalog_folders()["cheap_field"] == folder
    info = variant_info(plugin)
    help_text = attrs.fields(info.options).cost.metadata["help"]
    i18n.clear_missing()
    with i18n.language("nl"):
        assert i18n._(help_text) == "daalders die het derde veld kost"
        assert i18n._(info.description).startswith("huisregel: het derde veld van Al Cabohne")
    with i18n.language("de"):
        assert i18n._(help_text) == "Taler, die das dritte Feld kostet"
    with i18n.language("fr"):
        assert i18n._(help_text) == "pièces que coûte le troisième champ"
    assert not i18n.missing()
    assert i18n._(help_text) == "coins the third field costs"  # English: the code's own words
