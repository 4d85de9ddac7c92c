"""The conformance kit on a house rule that is not reproducible from its seed and actions (issue 27
§4): the author learns that first, with the usual causes (the global random module, the clock),
not only that "the two games differ" at the position check."""

from __future__ import annotations

import random

import pytest

import beanframe
from beanframe.core.variant import VariantInfo
from beanframe.testing import ConformanceError, check_position, conformance_suite
from beanframe.testing.positions import not_reproducible

from .fakes import PART, plugin
from .test_core_position import _deal, _read, _write, counter, played


def lucky():
    """A house rule that ends the game early on a draw from Python's global random module."""

    def on_plant(game, *args):
        if random.random() < 0.2 and not game.ending:  # the mistake: not game.random
            game.end_game()

    return plugin(
        "lucky",
        beanframe_variant=lambda: VariantInfo(name="lucky", version="1.0", requires=("al_cabohne",)),
        beanframe_register_events=lambda events: events.on("plant", on_plant),
    )


def test_a_rule_on_the_global_random_module_is_named_first():
    with pytest.raises(ConformanceError) as caught:
        conformance_suite(["al_cabohne", lucky()], players=[2], games=2, bot_games=0)
    text = str(caught.value)
    assert text.startswith("[position] the game is not reproducible from its seed and actions")
    assert "global random module or reads the clock" in text and "game.random" in text
    assert text.index("not reproducible") < text.index("the two games differ")


def test_the_diagnosis_leaves_the_global_random_module_as_it_was():
    # it reseeds the module between its tries (a rule's draws then differ) and restores it
    rules = beanframe.compose(["al_cabohne"], 2)
    random.seed(12345)
    state = random.getstate()
    assert not not_reproducible(lambda: rules.new_game(seed=3))
    assert random.getstate() == state
    house = beanframe.compose(["al_cabohne", lucky()], 2)

    def lucky_game():
        game = house.new_game(seed=3)
        while not game.is_over and len(game.actions) < 40:
            game.apply(game.legal_actions()[-1])
        return game

    assert not_reproducible(lucky_game)
    assert random.getstate() == state


def test_an_incomplete_position_is_not_blamed_on_randomness():
    def forgetful(game):
        data = _write(game)
        del data["counts"]
        return data

    house = counter(beanframe_register_positions=lambda register: register(PART, forgetful, _read, complete=_deal))
    game = played(beanframe.compose([house], 2).new_game(seed=4), 6)
    with pytest.raises(ConformanceError) as caught:
        check_position(game)
    assert "not reproducible" not in str(caught.value)
