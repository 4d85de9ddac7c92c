"""Issue 29: Bohnanza in English, Dutch, French and German. Random games of 3-5 players with
trading, seen in Dutch, French and German at every door a player reads (labels, prompt, logs,
board, bean-o-meter, why, command help), leave no message without a catalog entry and show no rule
reference and no internal key; the beans carry their printed names; a Dutch player types a trade
line naming a bean in Dutch."""

from __future__ import annotations

import pytest

import beanframe
from beanframe.errors import PositionError
from beanframe.core.present import check_line, presentation
from beanframe.i18n import _, clear_missing, language, missing
from beanframe_plugins.bohnanza.commands import bean_of
from beanframe_plugins.bohnanza.rules import BASE_CARDS, LARGER_CARDS

from .helpers import situation
from .languages import problems, random_play, texts


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3)])
def test_random_games_with_trading_read_whole_in_every_language(players, seed):
    game = beanframe.new_game(["bohnanza"], players, seed=seed)
    found = random_play(game, seed, steps=900, every=45)
    assert game.state.parts["trade"].trades > 0 or any("o1" in line for line in game.log)  # offers were made
    assert found == {"nl": [], "fr": [], "de": []}


def test_the_english_game_shows_no_rule_reference_and_no_internal_key():
    game = beanframe.new_game(["bohnanza"], 4, seed=5)
    found = random_play(game, 5, steps=300, every=60, langs=("en",))
    assert found == {"en": []}


@pytest.mark.parametrize(
    "lang, names",
    [
        ("en", ["Blue Bean", "Chili Bean", "Stink Bean", "Green Bean", "Soy Bean", "Black-eyed Bean", "Red Bean", "Garden Bean"]),
        # the Dutch Al Cabohne rulebook's names (Blauwe boon, Vuurboon, Bruine boon = the Saubohne by its meter, Sperzieboon); the rest translated
        ("nl", ["Blauwe boon", "Vuurboon", "Bruine boon", "Sperzieboon", "Sojaboon", "Zwartoogboon", "Rode boon", "Tuinboon"]),
        # the original German cards
        ("de", ["Blaue Bohne", "Feuerbohne", "Saubohne", "Brechbohne", "Sojabohne", "Augenbohne", "Rote Bohne", "Gartenbohne"]),
    ],
)
def test_the_beans_carry_the_printed_names(lang, names):
    with language(lang):
        assert list(BASE_CARDS.names) == names


def test_a_german_game_shows_feuerbohne_an_english_one_chili_bean():
    game = situation(at="plant", hands=[["fire", "blue"], [], [], []])
    with language("de"):
        assert "Feuerbohne" in game.describe(game.legal_actions(0)[0], 0)
        meter = " ".join(texts(game))
        assert "Feuerbohne" in meter and "Chili" not in meter
    assert game.describe(game.legal_actions(0)[0], 0) == "plant Chili Bean (front card) on field 1"
    english = " ".join(texts(game))
    assert "Chili Bean" in english and "Feuerbohne" not in english


def test_the_larger_deck_names_its_beans_in_every_language():
    with language("de"):
        assert LARGER_CARDS.names[-2:] == ("Kaffeebohne", "Wachsbohne")
    with language("nl"):
        assert LARGER_CARDS.names[-2:] == ("Koffieboon", "Wasboon")


def test_a_dutch_player_types_a_trade_line_naming_a_bean_in_dutch():
    game = situation(at="trade", hands=[["soy", "red", "fire"], ["blue", "fire", "fire"], ["green"], []], deck=["garden", "green"])
    fn, _help = presentation(game.ruleset).line_commands["offer"]
    clear_missing()
    with language("nl"):
        codes = fn(game, 0, "p2 give sojaboon for 2 vuurbonen")
        assert codes == ["give h1", "ask c2", "ask c2", "send p2"]
        for action in check_line(game, 0, codes):
            game.apply(action, 0)
        offer = game.log_for(1)[-1]
        assert offer == "o1: speler 1 biedt speler 2 Sojaboon aan voor Vuurboon, Vuurboon"
        with pytest.raises(ValueError, match="onbekende boon 'toast' \\(bonen: Blauwe boon, Vuurboon"):
            fn(game, 1, "p1 give h1 for toast")
        assert not missing()


def test_beans_are_typed_in_any_language_and_a_message_names_them_as_the_player_sees_them():
    assert BASE_CARDS.beans[bean_of("vuur", BASE_CARDS)].key == "fire"
    assert BASE_CARDS.beans[bean_of("chili", BASE_CARDS)].key == "fire"
    assert BASE_CARDS.beans[bean_of("haricotrouge", BASE_CARDS)].key == "red"
    assert BASE_CARDS.beans[bean_of("sperziebonen", BASE_CARDS)].key == "green"
    with language("fr"), pytest.raises(ValueError) as problem:
        bean_of("toast", BASE_CARDS)
    assert "Feuerbohne" in str(problem.value) and "fire" not in str(problem.value)


@pytest.mark.parametrize("lang, example", [("en", "2 Chili Bean"), ("nl", "2 Vuurboon"), ("fr", "2 Feuerbohne"), ("de", "2 Feuerbohne")])
def test_the_one_line_trade_help_names_the_bean_as_the_player_sees_it(lang, example):
    game = beanframe.new_game(["bohnanza"], 3, seed=0)
    _fn, text = presentation(game.ruleset).line_commands["offer"]
    clear_missing()
    with language(lang):
        shown = _(text)
    assert f"for {example}" in shown and "fire" not in shown and "Feuerbohne" not in shown.replace(example, "")
    assert problems([shown], lang) == []


def test_a_position_written_with_german_names_reads_in_an_english_game():
    assert BASE_CARDS.index("Feuerbohne") == BASE_CARDS.index("Chili Bean") == BASE_CARDS.index("vuurboon") == 1


def test_a_position_problem_is_told_in_the_readers_language_naming_beans_as_they_see_them():
    position = {"beans": {"hands": [["vuurboon", "toast"], 5, 5, 5], "fields": [[["Rote Bohne"] * 9, []], [[], []], [[], []], [[], []]]}}
    with language("nl"), pytest.raises(PositionError) as caught:
        beanframe.compose(["bohnanza"], 4).new_game(seed=2, position=position)
    found = caught.value.problems
    assert any("beans.hands[0][1]: onbekende boon 'toast' (bonen: Blauwe boon, Vuurboon" in p for p in found), found
    assert any("één Rode boon te veel (het spel heeft er 8)" in p for p in found), found  # a German name read, the Dutch one told
