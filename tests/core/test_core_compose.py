"""Composition: validation errors (ConfigError naming the problem), hook order, plugin managers."""

from __future__ import annotations

import pytest
from attrs import field, frozen
from attrs.validators import ge, instance_of

import beanframe
from beanframe.core.compose import get_plugin_manager, validate
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError

from .fakes import counter, info_plugin, plugin


@frozen
class HouseOptions:
    cost: int = field(default=2, validator=[instance_of(int), ge(0)])
    name: str = "x"


def test_compose_accepts_plugin_objects_of_any_kind():
    class ClassPlugin:  # a plain class instance with hookimpl methods
        @hookimpl
        def beanframe_variant(self):
            return VariantInfo(name="klass", version="2.0", requires=("counter",))

    rs = beanframe.compose([counter(), ClassPlugin()], 2)
    assert rs.order == ("counter", "klass")
    assert rs.versions() == {"counter": "1.0", "klass": "2.0"}
    assert rs.name == "counter + klass"


def test_unknown_variant_names_the_installed_ones():
    with pytest.raises(ConfigError, match=r"unknown variant 'al_cabone' \(installed variants: .*al_cabohne"):
        beanframe.compose(["al_cabone"], 2)


def test_names_are_normalised():
    assert beanframe.compose(["Al-Cabohne"], 2).order == ("al_cabohne",)
    assert beanframe.compose("al_cabohne", 1).order == ("al_cabohne",)


def test_no_variant_and_twice_the_same_variant():
    with pytest.raises(ConfigError, match=r"no variant given"):
        beanframe.compose([], 2)
    with pytest.raises(ConfigError, match=r"variant 'counter' is given twice"):
        beanframe.compose([counter(), counter()], 2)


def test_missing_requirement_names_it():
    house = info_plugin("house", requires=("counter",))
    with pytest.raises(ConfigError, match=r"variant house requires counter: add counter to the variant set"):
        validate([house], 2)


def test_conflicting_variants():
    a = info_plugin("alpha", conflicts=("beta",))
    b = info_plugin("beta")
    with pytest.raises(ConfigError, match=r"variants alpha and beta conflict"):
        validate([a, b], 2)
    with pytest.raises(ConfigError, match=r"variants alpha and beta conflict"):
        validate([b, a], 2)  # declared by one side only, found either way


def test_requirement_cycle():
    a = info_plugin("alpha", requires=("beta",))
    b = info_plugin("beta", requires=("alpha",))
    with pytest.raises(ConfigError, match=r"cycle: alpha -> beta -> alpha"):
        validate([a, b], 2)


def test_unsupported_player_count_uses_the_intersection():
    a = info_plugin("alpha", players=(1, 2, 3))
    b = info_plugin("beta", players=(2, 3, 4))
    assert validate([a, b], 2).players == 2
    with pytest.raises(ConfigError, match=r"alpha \+ beta cannot be played by 1 player\(s\) \(supported: 2, 3\)"):
        validate([a, b], 1)
    with pytest.raises(ConfigError, match=r"cannot be played by 4 player"):
        validate([a, b], 4)
    c = info_plugin("gamma", players=(5,))
    with pytest.raises(ConfigError, match=r"supported: none"):
        validate([a, c], 5)
    with pytest.raises(ConfigError, match=r"cannot be played by 3 player"):
        beanframe.compose(["al_cabohne"], 3)


@pytest.mark.parametrize("players", [True, "2", 2.0, None])
def test_the_player_count_must_be_a_whole_number(players):
    with pytest.raises(ConfigError, match=r"number of players must be a whole number"):
        validate([info_plugin("alpha")], players)


@pytest.mark.parametrize("players", [0, -1])
def test_there_is_at_least_one_player(players):
    with pytest.raises(ConfigError, match=r"player"):
        validate([info_plugin("alpha")], players)


def test_options_are_structured_with_defaults():
    house = info_plugin("house", options=HouseOptions)
    comp = validate([house], 2, {"house": {"cost": 5}})
    assert comp.options["house"] == HouseOptions(cost=5)
    assert validate([house], 2).options["house"] == HouseOptions()
    assert validate([house], 2, {"house": None}).options["house"] == HouseOptions()
    assert validate([house], 2, {"house": HouseOptions(cost=1)}).options["house"] == HouseOptions(cost=1)


def test_bad_option_value_names_variant_and_option():
    house = info_plugin("house", options=HouseOptions)
    with pytest.raises(ConfigError, match=r"bad option for house: .*'cost' must be >= 0"):
        validate([house], 2, {"house": {"cost": -1}})
    with pytest.raises(ConfigError, match=r"bad option for house.*cost"):
        validate([house], 2, {"house": {"cost": "many"}})
    with pytest.raises(ConfigError, match=r"options of house must be a table of names and values, not 5"):
        validate([house], 2, {"house": 5})


@pytest.mark.parametrize("value", [2.5, "3", True])
def test_option_values_of_the_wrong_type_are_refused(value):
    house = info_plugin("house", options=HouseOptions)
    with pytest.raises(ConfigError, match=r"bad option for house"):
        validate([house], 2, {"house": {"cost": value}})


def test_unknown_option_key_lists_the_known_ones():
    house = info_plugin("house", options=HouseOptions)
    with pytest.raises(ConfigError, match=r"unknown option house\.costs \(options of house: cost, name\)"):
        validate([house], 2, {"house": {"costs": 1}})
    with pytest.raises(ConfigError, match=r"unknown option alpha\.x \(options of alpha: none\)"):
        validate([info_plugin("alpha")], 2, {"alpha": {"x": 1}})


def test_options_for_a_variant_not_in_the_set():
    with pytest.raises(ConfigError, match=r"options given for 'house', which is not in the variant set \(alpha\)"):
        validate([info_plugin("alpha")], 2, {"house": {}})


def test_an_object_without_beanframe_variant_is_not_a_plugin():
    with pytest.raises(ConfigError, match=r"is not a beanframe variant plugin"):
        validate([object()], 2)
    bad = plugin("bad", beanframe_variant=lambda: {"name": "bad"})
    with pytest.raises(ConfigError, match=r"must return a VariantInfo, not dict"):
        validate([bad], 2)


def test_a_misspelled_hook_fails_loudly():
    house = plugin("house", beanframe_register_phase=lambda pipeline: None)  # "phases"
    with pytest.raises(ConfigError, match=r"beanframe_register_phase"):
        get_plugin_manager([house])
    with pytest.raises(ConfigError, match=r"house.*beanframe_register_phase"):
        beanframe.compose([counter(), house], 2)


def test_a_hook_with_a_wrong_argument_fails_loudly():
    house = plugin("house", beanframe_register_phases=lambda pipe: None)  # the argument is "pipeline"
    with pytest.raises(ConfigError, match=r"house"):
        beanframe.compose([counter(), house], 2)


def test_composition_hooks_run_in_dependency_order():
    # "aaa" sorts first by name but requires "zzz"; "mmm" requires "aaa": zzz, aaa, mmm.
    calls = []

    def make(name, requires=()):
        hooks = {
            h: _recorder(calls, h, name, arg)
            for h, arg in (
                ("beanframe_configure", "config"),
                ("beanframe_register_parts", "register"),
                ("beanframe_register_phases", "pipeline"),
                ("beanframe_register_events", "events"),
            )
        }
        return plugin(name, beanframe_variant=lambda: VariantInfo(name=name, version="1", requires=requires), **hooks)

    mmm, aaa, zzz = make("mmm", ("aaa",)), make("aaa", ("zzz",)), make("zzz")
    rs = beanframe.compose([mmm, aaa, zzz, counter()], 2)
    assert rs.order == ("zzz", "aaa", "counter", "mmm")  # requirements first, else by name
    for hook in ("beanframe_configure", "beanframe_register_parts", "beanframe_register_phases", "beanframe_register_events"):
        assert [n for h, n in calls if h == hook] == ["zzz", "aaa", "mmm"], hook
    assert rs.plugin_order[0] == "beanframe.core"  # the core's own plugin first


def _recorder(calls, hook, name, arg):
    # pluggy reads argument names from the signature: build one with the hook's argument
    namespace = {"calls": calls, "hook": hook, "name": name}
    exec(f"def f({arg}):\n    calls.append((hook, name))", namespace)  # noqa: S102 - test helper
    return namespace["f"]


def test_a_later_variant_refines_what_its_requirement_configured():
    def configure(config):
        config.params["counter"]["target"] = 5

    house = plugin(
        "house",
        beanframe_variant=lambda: VariantInfo(name="house", version="1", requires=("counter",)),
        beanframe_configure=configure,
    )
    rs = beanframe.compose([house, counter()], 2)  # given first, configured after its requirement
    assert rs.config.params["counter"]["target"] == 5
    assert rs.options["counter"].target == 60  # the user's options are untouched


def test_winners_are_decided_by_the_most_refined_variant():
    from beanframe.core.scoring import seat_name

    def score(game, sheet):
        sheet.clear("p1")
        sheet.add("p1", "house bonus", 1000)

    house = plugin(
        "house",
        beanframe_variant=lambda: VariantInfo(name="house", version="1", requires=("counter",)),
        beanframe_score=score,
        beanframe_winners=lambda sheet: [seat_name(1)],
    )
    game = beanframe.compose([counter(), house], 2).new_game(seed=1)
    while not game.is_over:
        game.apply("pass")
    assert game.result.scores["p1"] == 1000  # house scored after counter, and replaced p1's lines
    assert game.result.lines["p1"] == (("house bonus", 1000),)
    assert game.result.winners == ("p2",)  # house's winner rule overrides the core default
    plain = beanframe.compose([counter()], 2).new_game(seed=1)
    while not plain.is_over:
        plain.apply("pass")
    assert plain.result.scores == {"p1": 0, "p2": 0}
    assert plain.result.winners == ("p1", "p2")  # the core default: highest total, shared


def test_each_ruleset_has_its_own_plugin_manager():
    a = beanframe.compose([counter()], 2)
    b = beanframe.compose([counter()], 2)
    assert a.pm is not b.pm
    house = plugin("house", beanframe_variant=lambda: VariantInfo(name="house", version="1", requires=("counter",)))
    c = beanframe.compose([counter(), house], 2)
    assert c.pm.get_plugin("house") is house
    assert a.pm.get_plugin("house") is None  # composing c registered nothing in a
    assert beanframe.compose([counter()], 2).pm.get_plugin("house") is None
    names = {name for name, _ in a.pm.list_name_plugin()}
    assert names == {"beanframe.core", "beanframe.search", "counter"}  # the defaults, then the variant


def test_errors_inside_composition_hooks_name_the_variant_and_hook():
    def parts(register):
        raise KeyError("no such card set")

    house = plugin("house", beanframe_register_parts=parts)
    with pytest.raises(ConfigError, match=r"failed in beanframe_register_parts of house: 'no such card set'"):
        beanframe.compose([counter(), house], 2)
    twice = plugin("twice", beanframe_register_parts=lambda register: register("tally", dict, dict))
    with pytest.raises(ConfigError, match=r"twice: state part 'tally' is registered twice"):
        beanframe.compose([counter(), twice], 2)
