"""Prohibohn in Dutch, French and German (issue 29): every text the expansion puts before a player
has a translation in each language, names no rule and no internal key; the buildings carry the
printed names (the Dutch rulebook's Nightbar, Undertaker, Police Station), translated where no
edition prints them (French)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import beanframe
from beanframe.i18n import clear_missing, language, missing
from beanframe_plugins.prohibohn import plugin
from beanframe_plugins.prohibohn.cards import CARDS, END_VALUE, POWER_TEXTS, RAZZIA_TEXT, card_id, shown_name, shown_text
from beanframe_plugins.prohibohn.render import buildings_command, explain, render_prohibohn

from ..al_cabohne.words import LANGUAGES, problems, read_game, words_of_the_plugins

PUB = {"prohibohn": {"pub": True}}


@pytest.mark.parametrize(("options", "seed"), [(None, 2), (None, 9), (PUB, 4), (PUB, 13)])
def test_random_games_read_in_every_language_without_gaps_rule_references_or_keys(options, seed):
    texts = read_game(["al_cabohne", "prohibohn"], 2, seed=seed, options=options, steps=300, every=5)
    assert all(texts[lang] for lang in LANGUAGES)
    assert problems(texts) == []


def test_every_card_power_is_marked_for_translation():
    # buildings.toml words the powers; cards.POWER_TEXTS marks them for the catalogs
    assert {c.text for c in CARDS} <= {*POWER_TEXTS, END_VALUE, RAZZIA_TEXT}
    clear_missing()
    for lang in LANGUAGES:
        with language(lang):
            for card in CARDS:
                assert shown_text(card) != card.text  # every power has its own words
                shown_name(card)
    assert missing() == set()


def test_the_variant_and_its_option_are_described_in_every_language():
    from beanframe_plugins.al_cabohne import plugin as al_cabohne

    clear_missing()
    words = words_of_the_plugins(beanframe.compose(["al_cabohne", "prohibohn"], 2, options=PUB), al_cabohne, plugin)
    assert "twee handkaarten worden startdaalders" in words
    assert "de Pub-variant: de Cognacbonen, de Pubs en Joe Boonanno; ieder drie velden" in words
    assert missing() == set()
    assert not any("RULES" in w for w in words)


def _screen(game, player):
    view = game.view(player)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for item in render_prohibohn(view["prohibohn"], view, None) + buildings_command(game, player, ""):
        console.print(getattr(item, "full", item))
    return out.getvalue()


def test_the_buildings_carry_their_printed_names_in_each_language():
    game = beanframe.new_game(["al_cabohne", "prohibohn"], 2, seed=3, options=PUB)
    with language("nl"):  # the Dutch rulebook keeps the German edition's building names
        text = _screen(game, 0)
        assert "c1 1-Casino" in text and "3-Undertaker" in text and "3-Police Station" in text
        assert "(Cognacboon)" in text and "(Blufboon)" in text
        assert "Gebouwen te koop:" in text
    with language("fr"):  # no French edition: translated
        text = _screen(game, 0)
        assert "Pompes funèbres 3" in text and "Commissariat 4" in text and "Rafle" in text
        assert "Bâtiments à vendre :" in text
    with language("de"):
        text = _screen(game, 0)
        assert "3-Nightbar" in text and "(Stangenbohne)" in text and "Gebäude zu kaufen:" in text
    with language("en"):
        text = _screen(game, 0)
        assert "3-Nightbar" in text and "(Runner Bean)" in text and "(Cognac Bean)" in text


def test_why_a_purchase_is_not_possible_in_dutch():
    from beanframe_plugins.prohibohn.actions import BUY

    from .helpers import situation

    game = situation(at="play", hands=[["fire"], ["puff"]], bosses=[["blue"], ["runner"]], coins=[["runner"], []])
    with language("nl"):
        assert explain(game, 0, BUY[card_id("casino3")]) == "3-Casino kost 3 Blufboon-daalders; je hebt er 1"
        assert explain(game, 1, BUY[card_id("casino1")]) == "gebouwen, Police Stations en de Razzia koop je alleen in je eigen beurt"
    with language("fr"):
        assert explain(game, 0, BUY[card_id("casino3")]) == "Casino 3 coûte 3 pièces de Stangenbohne ; vous en avez 1"
