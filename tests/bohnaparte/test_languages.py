"""Issue 29: Bohnaparte in English, Dutch, French and German. Random games of 3 and 4 players (with
and without riders) seen in Dutch, French and German at every door a player reads (labels,
prompt, logs, the realm's map and legend, bean-o-meter, why, command help) leave no message
without a catalog entry and show no rule reference and no internal key; the landscapes carry the
Dutch rulebook's names."""

from __future__ import annotations

import pytest

from beanframe.i18n import language
from beanframe_plugins.bohnaparte.events import landscape_name
from beanframe_plugins.bohnaparte.landscapes import LANDSCAPES

from tests.bohnanza.languages import random_play, rendered

from .helpers import new


@pytest.mark.parametrize("players, seed, options", [(3, 1, None), (4, 2, None), (4, 3, {"bohnaparte": {"riders": True}})])
def test_random_games_read_whole_in_every_language(players, seed, options):
    game = new(players, seed=seed, options=options)
    found = random_play(game, seed, steps=700, every=35, hurry=0.6)
    assert any(" attacks " in line for line in game.log)  # the war was fought
    assert found == {"nl": [], "fr": [], "de": []}


def test_the_english_game_shows_no_rule_reference_and_no_internal_key():
    game = new(3, seed=4)
    assert random_play(game, 4, steps=300, every=60, langs=("en",)) == {"en": []}


def test_the_landscapes_carry_the_dutch_rulebooks_names():
    # "6x boerderij, 6x dorp, 4x stad, 4x klooster, 3x rivier, 3x moeras, 6x legerkamp, 3x steengroeve,
    # 3x ijzermijn / paardenspan, 3x vesting / woud"
    with language("nl"):
        names = {key: landscape_name(card) for key, card in LANDSCAPES.items()}
    assert names == {
        "farm": "boerderij", "village": "dorp", "city": "stad", "monastery": "klooster", "river": "rivier", "swamp": "moeras",
        "camp": "legerkamp", "quarry": "steengroeve", "iron_mine": "ijzermijn", "horse_team": "paardenspan", "forest": "woud",
    }


def test_the_legend_names_the_landscapes_in_the_readers_language():
    game = new(3, seed=0)
    from beanframe.core.present import presentation

    draw = presentation(game.ruleset).parts["board"]
    with language("de"):
        view = game.view(0)
        german = " ".join(rendered(draw(view["board"], view, None)))
    view = game.view(0)
    english = " ".join(rendered(draw(view["board"], view, None)))
    assert "Legende:" in german and "Heerlager" in german and "army camp" not in german
    assert "Legend:" in english and "army camp" in english
