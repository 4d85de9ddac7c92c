"""PipelineBuilder: phases added, replaced, wrapped and removed at explicit places, with provenance."""

from __future__ import annotations

import pytest

import beanframe
from beanframe.core.compose import Config
from beanframe.core.pipeline import Pipeline, PipelineBuilder
from beanframe.errors import ConfigError

from .fakes import counter, plugin


def _noop(game):
    return None


def builder(variant: str = "base") -> PipelineBuilder:
    b = PipelineBuilder(Config(("base",), 2, {}))
    b.variant = variant
    return b


def test_add_appends_in_order_and_records_who_added():
    b = builder("base")
    b.add("turn", "one", _noop, number=1)
    b.add("turn", "two", _noop, number=2)
    b.variant = "house"
    b.add("turn", "three", _noop)
    assert b.names("turn") == ["one", "two", "three"]
    assert [b.get(n).variant for n in ("one", "two", "three")] == ["base", "base", "house"]
    assert b.names("setup") == [] and b.names("end") == []


def test_add_after_and_before_an_anchor():
    b = builder()
    for name in ("a", "b", "c"):
        b.add("turn", name, _noop)
    b.add("turn", "after_a", _noop, after="a")
    b.add("turn", "before_a", _noop, before="a")
    b.add("turn", "after_c", _noop, after="c")
    b.add("turn", "before_c", _noop, before="c")
    assert b.names("turn") == ["before_a", "a", "after_a", "b", "before_c", "c", "after_c"]


def test_unknown_anchor_is_an_error_naming_it_and_the_phases():
    b = builder()
    b.add("turn", "plant", _noop)
    with pytest.raises(ValueError, match=r"no phase 'plnat' in stage 'turn' \(did you mean 'plant'\? known: plant\)"):
        b.add("turn", "attack", _noop, after="plnat")
    with pytest.raises(ValueError, match=r"no phase 'nope'"):
        b.add("turn", "attack", _noop, before="nope")
    # an anchor of another stage does not count
    b.add("setup", "deal", _noop)
    with pytest.raises(ValueError, match=r"no phase 'deal' in stage 'turn'"):
        b.add("turn", "x", _noop, after="deal")
    assert b.names("turn") == ["plant"]  # nothing was added by the failed calls


def test_add_rejects_duplicates_both_anchors_and_unknown_stages():
    b = builder()
    b.add("turn", "a", _noop)
    with pytest.raises(ValueError, match=r"phase 'a' exists already"):
        b.add("end", "a", _noop)  # names are unique over all stages
    b.add("turn", "b", _noop)
    with pytest.raises(ValueError, match=r"after= or before="):
        b.add("turn", "c", _noop, after="a", before="b")
    with pytest.raises(ValueError, match=r"unknown stage 'turns'"):
        b.add("turns", "d", _noop)


def test_replace_keeps_place_name_number_and_records_the_change():
    b = builder("base")
    b.add("turn", "a", _noop, number=1, title="first")
    b.add("turn", "b", _noop, number=2, title="second")
    b.add("turn", "c", _noop, number=3)

    def other(game):
        return None

    b.variant = "house"
    b.replace("b", other)
    phase = b.get("b")
    assert b.names("turn") == ["a", "b", "c"]
    assert phase.enter is other
    assert (phase.name, phase.number, phase.title, phase.variant) == ("b", 2, "second", "base")
    assert phase.changes == ("replaced by house",)
    b.variant = "other_house"
    b.replace("b", _noop, title="new title")
    assert b.get("b").title == "new title"
    assert b.get("b").changes == ("replaced by house", "replaced by other_house")
    with pytest.raises(ValueError, match=r"no phase named 'zz'"):
        b.replace("zz", _noop)


def test_wrap_calls_the_inner_phase_where_the_wrapper_wants_it():
    calls = []
    b = builder("base")
    b.add("turn", "a", lambda game: calls.append(("inner", game)))

    def around(game, inner):
        calls.append("before")
        inner(game)
        calls.append("after")

    b.variant = "house"
    b.wrap("a", around)
    b.get("a").enter("G")
    assert calls == ["before", ("inner", "G"), "after"]
    assert b.get("a").changes == ("wrapped by house",)
    assert b.get("a").variant == "base"

    # a wrapper may also skip the inner phase entirely
    calls.clear()
    b.variant = "skipper"
    b.wrap("a", lambda game, inner: calls.append("skipped"))
    b.get("a").enter("G")
    assert calls == ["skipped"]
    assert b.get("a").changes == ("wrapped by house", "wrapped by skipper")


def test_set_skip_remove_and_build():
    b = builder()
    b.add("setup", "deal", _noop)
    b.add("turn", "a", _noop)
    b.add("turn", "b", _noop)
    b.add("end", "score", _noop)
    b.variant = "house"
    b.set_skip("a", lambda game: True)
    assert b.get("a").skip(None) is True
    assert b.get("a").changes == ("skip rule by house",)
    b.remove("b")
    assert "b" not in b and "a" in b
    with pytest.raises(ValueError):
        b.remove("b")
    pipeline = b.build()
    assert isinstance(pipeline, Pipeline)
    assert [p.name for p in pipeline.setup] == ["deal"]
    assert [p.name for p in pipeline.turn] == ["a"]
    assert [p.name for p in pipeline.stage(2)] == ["score"]
    assert isinstance(pipeline.turn, tuple)  # immutable once built


def test_phase_labels():
    b = builder()
    b.add("turn", "plant_beans", _noop)
    b.add("turn", "draw", _noop, title="draw new beans")
    assert b.get("plant_beans").label == "plant beans"
    assert b.get("draw").label == "draw new beans"


def test_a_composed_pipeline_records_each_variant_and_runs_wrappers():
    # a house rule wraps the counter game's turn phase and adds a phase after it
    seen = []

    def phases(pipeline):
        pipeline.wrap("count", lambda game, inner: (seen.append(game.state.turn), inner(game)))
        pipeline.add("turn", "after_count", lambda game: None, after="count")

    from beanframe.core.variant import VariantInfo

    house = plugin(
        "house",
        beanframe_variant=lambda: VariantInfo(name="house", version="1", requires=("counter",)),
        beanframe_register_phases=phases,
    )
    rs = beanframe.compose([house, counter()], 2)
    assert [(p.name, p.variant, p.changes) for p in rs.pipeline.turn] == [
        ("count", "counter", ("wrapped by house",)),
        ("after_count", "house", ()),
    ]
    game = rs.new_game(seed=1)
    game.apply(game.legal_actions()[0])
    assert seen == [1, 2]  # the wrapper ran in turn 1 and turn 2, and the inner phase still works
    assert game.to_act == 1


def test_an_unknown_anchor_in_a_plugin_is_a_config_error_naming_variant_and_hook():
    house = plugin("house", beanframe_register_phases=lambda pipeline: pipeline.add("turn", "x", _noop, after="plnat"))
    with pytest.raises(ConfigError, match=r"beanframe_register_phases of house.*no phase 'plnat'"):
        beanframe.compose([counter(), house], 2)


def test_a_ruleset_without_turn_phases_is_refused():
    with pytest.raises(ConfigError, match=r"defines no turn phases"):
        beanframe.compose([plugin("empty")], 2)


def test_relabel_renumbers_and_retitles_a_phase_with_provenance():
    # an expansion's rulebook numbers an inherited phase anew (Bohnaparte: Bohnanza's draw is phase 5)
    b = builder("base")
    b.add("turn", "plant", _noop, title="plant", number=1)
    b.add("turn", "draw", _noop, title="draw 3 cards", number=2)
    b.variant = "expansion"
    b.add("turn", "attack", _noop, number=2, after="plant")
    b.relabel("draw", number=3, title="draw 3 cards, one more per village")
    b.relabel("plant", number=1)  # unchanged: no provenance entry
    draw = b.get("draw")
    assert (draw.number, draw.title, draw.enter, draw.variant) == (3, "draw 3 cards, one more per village", _noop, "base")
    assert draw.changes == ("numbered 3 by expansion", "retitled by expansion")
    assert b.get("plant").changes == () and b.names("turn") == ["plant", "attack", "draw"]
    with pytest.raises(ValueError, match=r"no phase named 'drow'"):
        b.relabel("drow", number=3)
    with pytest.raises(ValueError, match=r"a phase number is a whole number >= 0, not -1"):
        b.relabel("draw", number=-1)
    assert b.get("draw").number == 3
