"""Al Cabohne in Dutch, French and German (issue 29): every text the plugin puts before a player
has a translation in each language, names no rule and no internal key, and the cards and the
bosses carry the printed editions' names (the Dutch rulebook's Vuurboon and Al Caboon)."""

from __future__ import annotations

import pytest

from beanframe.i18n import clear_missing, language, missing
from beanframe_plugins.al_cabohne import plugin
from beanframe_plugins.al_cabohne.plugin import CARDS

from .helpers import mafia, new
from .words import LANGUAGES, problems, read_game, words_of_the_plugins


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (1, 7), (2, 3), (2, 11)])
def test_random_games_read_in_every_language_without_gaps_rule_references_or_keys(players, seed):
    texts = read_game(["al_cabohne"], players, seed=seed)
    assert all(texts[lang] for lang in LANGUAGES)
    assert problems(texts) == []


def test_the_variant_and_its_options_are_described_in_every_language():
    import beanframe

    clear_missing()
    words = words_of_the_plugins(beanframe.compose(["al_cabohne"], 1), plugin)
    assert "Al Caboon: alleen of met z'n tweeën tegen de bonenmaffia" in words
    assert "de bonenmaffia" in words and "bonen omdraaien" in words
    assert missing() == set()
    assert not any("F." in w or "RULES" in w or '"Third field"' in w for w in words)


# The printed editions' names: the Dutch Al Caboon rulebook's beans and bosses; the French
# edition (Gigamic) keeps the German names; the English names are the data's.
PRINTED = {
    "en": ["Blue Bean", "Kidney Bean", "Chili Bean", "Fava Bean", "Stink Bean", "Green Bean", "Runner Bean"],
    "nl": ["Blauwe boon", "Kidneyboon", "Vuurboon", "Stootboon", "Bruine boon", "Sperzieboon", "Blufboon"],
    "fr": ["Blaue Bohne", "Kidneybohne", "Feuerbohne", "Puffbohne", "Saubohne", "Brechbohne", "Stangenbohne"],
    "de": ["Blaue Bohne", "Kidneybohne", "Feuerbohne", "Puffbohne", "Saubohne", "Brechbohne", "Stangenbohne"],
}
BOSSES = {"en": ["Al Cabohne", "Don Corlebohne", "Joe Bohnano"], "nl": ["Al Caboon", "Don Corleboon", "Joe Boonanno"],
          "fr": ["Al Cabohne", "Don Corlebohne", "Joe Bohnano"], "de": ["Al Cabohne", "Don Corlebohne", "Joe Bohnano"]}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_beans_and_bosses_carry_the_printed_names(lang):
    # RULES A "Cards" (the Dutch rulebook's list: 20 Blauwe boon, 19 Kidneyboon, 18 Vuurboon ...)
    clear_missing()
    with language(lang):
        assert list(CARDS.names) == PRINTED[lang]
        game = new(1, seed=2)
        assert list(game.view(0)["mafia"].bosses) == BOSSES[lang]
    assert missing() == set()


def test_a_dutch_game_names_the_vuurboon_and_al_caboon():
    # set-up (RULES A "Set-up, 2 players"): 5 cards each, then the next card goes to Al Cabohne,
    # the first card of another bean to Don Corlebohne
    game = new(2, deck=["blue"] * 10 + ["fire", "fire", "kidney"])
    with language("nl"):
        log = game.log_for(0)
        assert log.count("1 Vuurboon naar Al Caboon") == 2
        assert "1 Kidneyboon naar Don Corleboon" in log
        assert game.view(0)["mafia"].fields[0] == ("Vuurboon", "Vuurboon")
        assert game.prompt() == "spelen: je moet je voorste kaart verbouwen"
    assert [m for m in mafia(game).bosses] == [[CARDS.index("fire")] * 2, [CARDS.index("kidney")]]
    with language("en"):
        assert "1 Kidney Bean to Don Corlebohne" in game.log_for(0)  # the same game, in English


def test_typed_bean_names_are_found_in_the_readers_language():
    with language("nl"):
        assert CARDS.index("Vuurboon") == CARDS.index("fire")
    with language("de"):
        assert CARDS.index("Feuerbohne") == CARDS.index("Chili Bean")


@pytest.mark.parametrize(("lang", "variants", "bot"), [("nl", ["al_cabohne"], "greedy"), ("fr", ["al_cabohne"], "greedy"),
                                                  ("de", ["al_cabohne", "prohibohn"], "prohibohn")])
def test_the_bots_read_views_in_any_language(lang, variants, bot):
    # a view names the beans in its reader's words (Vuurboon, Feuerbohne): a bot deciding in a
    # Dutch game maps them back to the cards; the game plays to its end as in English
    import beanframe
    from beanframe.agents import make_bot, play_game

    players = 2 if "prohibohn" in variants else 1
    with language(lang):
        game = beanframe.new_game(variants, players, seed=6)
        play_game(game, [make_bot(game.ruleset, bot, seed=p) for p in range(players)])
    assert game.is_over and game.result is not None


def test_a_position_problem_is_told_in_the_readers_language():
    # RULES A "Harvest and sell": a boss harvests at once at its threshold (Al: 3 coins)
    from .test_position import problems as position_problems

    with language("nl"):
        found = position_problems({"mafia": {"bosses": [["fire"] * 8, []]}})
    assert any("8 Vuurboon halen de drempel van Al Caboon van 3 daalders" in p for p in found), found
