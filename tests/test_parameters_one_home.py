"""Issue 20: a parameter has one home. Each rule parameter lives in one record that everything
reads; titles and ``beanframe rules`` show effective values; a house rule that sets a parameter
nothing reads is a ConfigError. (Before: ``beans.draw = 4`` under Bohnanza still drew 3, as
Bohnanza read its own ``bohnanza.draw``; ``al_cabohne.third_field_cost`` copied
``beans.third_field_cost``, and setting the copy changed nothing.)"""

from __future__ import annotations

import random

import attrs
import pytest
from attrs import frozen
from typer.testing import CliRunner

import beanframe
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError
from beanframe_cli.app import app



def plugin(name, **hooks):
    """A plugin object holding ``hooks`` (as in tests/core/fakes.py)."""
    import types

    mod = types.ModuleType(f"house_{name}")
    for hook, fn in hooks.items():
        setattr(mod, hook, hookimpl(fn))
    return mod


def title(rs, name):
    return next(p.title for p in rs.pipeline.turn if p.name == name)


def draw4():
    def configure(config):
        config.params["beans"] = attrs.evolve(config.params["beans"], draw=4)

    return plugin("draw4", beanframe_variant=lambda: VariantInfo(name="draw4", version="1.0", requires=("bohnanza",)),
                  beanframe_configure=configure)


def test_the_bean_familys_draw_is_bohnanzas_draw():
    # RULES C "Rules" 4 draws 3; a house rule that sets beans.draw = 4 draws 4
    rs = beanframe.compose(["bohnanza", draw4()], 3)
    assert title(rs, "draw") == "draw 4 cards"
    assert title(beanframe.compose(["bohnanza"], 3), "draw") == "draw 3 cards"
    assert not hasattr(rs.config.params["bohnanza"], "draw")
    game = rs.new_game(seed=3)
    rng = random.Random(1)
    while game.state.turn == 1:
        p = game.to_act
        game.apply(rng.choice(game.legal_actions(p)), p)
    first_turn = game.events[: game.events.index(("turn", 2, 1))]
    drawn = [e for e in first_turn if e[0] == "draw" and e[1] == 0]
    assert len(drawn) == 4


def test_bohnapartes_titles_read_the_effective_parameters():
    rs = beanframe.compose(["bohnanza", "bohnaparte", draw4()], 4)
    assert title(rs, "draw").startswith("draw 4 new bean cards")


def test_setting_a_parameter_nothing_reads_is_a_config_error():
    def set_copy(config):  # the README's old snippet: Al Cabohne no longer keeps a copy
        config.params["al_cabohne"].third_field_cost = 2

    def evolve_copy(config):
        config.params["bohnanza"] = attrs.evolve(config.params["bohnanza"], draw=4)

    for name, requires, fn, what in [("a", "al_cabohne", set_copy, "third_field_cost"), ("b", "bohnanza", evolve_copy, "draw")]:
        house = plugin(name, beanframe_variant=lambda n=name, r=requires: VariantInfo(name=n, version="1.0", requires=(r,)),
                       beanframe_configure=fn)
        with pytest.raises(ConfigError, match=rf"failed in beanframe_configure of {name}: .*{what}"):
            beanframe.compose([requires, house], 3 if requires == "bohnanza" else 2)


@frozen
class BadOptions:
    speed: int = attrs.field(default=1, metadata={"param": "beans.speed"})


def test_an_option_that_names_no_parameter_is_a_config_error():
    house = plugin("fast", beanframe_variant=lambda: VariantInfo(name="fast", version="1.0", requires=("al_cabohne",), options=BadOptions))
    with pytest.raises(ConfigError, match=r"option fast\.speed names the parameter 'beans\.speed', which does not exist"):
        beanframe.compose(["al_cabohne", house], 2)


def test_every_built_in_option_names_the_parameter_it_sets():
    from beanframe.core.provenance import option_params

    rs = beanframe.compose(["al_cabohne"], 2, options={"al_cabohne": {"third_field_cost": 3, "run_outs": 2}})
    found = {(v, o): (path, value) for v, o, _, path, value, _ in option_params(rs)}
    assert found[("al_cabohne", "third_field_cost")] == ("beans.third_field_cost", 3)
    assert found[("al_cabohne", "run_outs")] == ("beans.run_out_limit", 2)
    assert found[("al_cabohne", "solo_mafia_factor")] == ("al_cabohne.solo_mafia_factor", 2)
    rs = beanframe.compose(["bohnanza"], 3, options={"bohnanza": {"offers_per_turn": 2}})
    found = {(v, o): (path, value) for v, o, _, path, value, _ in option_params(rs)}
    assert found[("bohnanza", "offers_per_turn")] == ("bohnanza.offers_per_turn", 2)
    assert found[("bohnanza", "third_field_cost")] == ("beans.third_field_cost", 3)


def test_rules_shows_the_effective_draw(tmp_path):
    rule = tmp_path / "draw4.py"
    rule.write_text(
        "import attrs\nfrom beanframe import VariantInfo, hookimpl\n\n"
        "@hookimpl\ndef beanframe_variant():\n    return VariantInfo(name='draw4', version='1.0', requires=('bohnanza',))\n\n"
        "@hookimpl\ndef beanframe_configure(config):\n"
        "    config.params['beans'] = attrs.evolve(config.params['beans'], draw=4)\n"
    )
    result = CliRunner().invoke(app, ["--plugin", str(rule), "rules", "bohnanza", "draw4", "--players", "3"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "draw 4 cards" in out and "draw 3 cards" not in out
    assert " bohnanza.draw " not in out
    assert any(" beans.draw " in line and "│ 4 " in line and "changed by draw4" in line for line in out.splitlines())


