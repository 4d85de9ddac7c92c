"""Issue 29: Ali Baba in Dutch, French and German. Random games of 2-6 players (and the options'
readings) rendered in every language at every text door a seat has (prompts, actions, compact
labels, the board, the log, why) ask the catalogs for nothing they lack, and show no rule
reference and no internal key. The names follow the Dutch rulebook (its Dutch names, and the
German ones it prints in brackets)."""

from __future__ import annotations

import random
import re
import tomllib
from importlib import resources

import pytest

import beanframe
from beanframe import i18n
from beanframe.core.present import label
from beanframe.i18n import language
from beanframe.text.commands import seat_command, why_text
from beanframe_plugins.ali_baba import data, names

from .helpers import BOARD

LANGUAGES = ("nl", "fr", "de")
RULE_REFERENCE = re.compile(r"\bF\.\d+|\bRULES [A-E]\b")
SNAKE_CASE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
KEYS = re.compile(r"\b(?:" + "|".join(BOARD.gang_keys) + r")\b")  # the gangs' keys: swindlers, thieves, ...


def texts_of(game, player: int) -> list[str]:
    """Every text the seat ``player`` reads now, in the current language."""
    out = [game.prompt(), seat_command(game, player, "board", "", width=120), "\n".join(game.log_for(player))]
    legal = game.legal_actions(player)
    for action in legal:
        out += [str(action), game.describe(action, player), label(game, player, action)]
    illegal = next((c for c in ("sell k1", "take k64", "move c5", "bail k1", "accept") if game.ruleset.actions.coerce(c) not in legal), None)
    if illegal:
        out.append(why_text(game, player, illegal))
    return out


def play_and_read(players: int, lang: str, seed: int, options=None, steps: int = 500, every: int = 7) -> list[str]:
    game = beanframe.compose(["ali_baba"], players, options).new_game(seed=seed)
    rng = random.Random(seed)
    read: list[str] = []
    for step in range(steps):
        if game.is_over:
            break
        player = rng.choice(game.deciders)
        if step % every == 0:
            with language(lang):
                read += texts_of(game, player)
        legal = game.legal_actions(player)
        # "done" ends negotiations and buying early: most of the time, not always
        done = [a for a in legal if a.code == "done"]
        game.apply(done[0] if done and rng.random() < 0.6 else rng.choice(legal), player)
    with language(lang):
        read += texts_of(game, game.deciders[0]) if game.deciders else ["\n".join(game.log_for(0))]
        read.append("\n".join(game.log_for(None)))
    return read


def bad_words(text: str, lang: str) -> list[str]:
    """Rule references and internal keys (snake_case: the events' keys; in another language than
    English, the gangs' keys too: in English they are words)."""
    return RULE_REFERENCE.findall(text) + SNAKE_CASE.findall(text) + (KEYS.findall(text) if lang != "en" else [])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_read_in_every_language_ask_for_no_missing_words(players, lang):
    i18n.clear_missing()
    read = play_and_read(players, lang, seed=players * 10 + LANGUAGES.index(lang))
    assert not i18n.missing(), sorted(i18n.missing())[:10]
    found = {w for text in read for w in bad_words(text, lang)}
    assert not found, found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_readings_and_the_variant_read_in_every_language(lang):
    # the surrender reading adds the bail step; pick_any every pile card; many offers long bazaars
    i18n.clear_missing()
    read = play_and_read(4, lang, seed=7, options={"ali_baba": {"pick_any": True, "surrender": True, "offers": 6}}, every=3)
    assert not i18n.missing(), sorted(i18n.missing())[:10]
    assert not {w for text in read for w in bad_words(text, lang)}


def test_english_reads_no_rule_reference_nor_internal_key():
    read = play_and_read(3, "en", seed=5)
    assert not {w for text in read for w in bad_words(text, "en")}


def test_the_names_are_the_dutch_rulebooks():
    # the Dutch rulebook names the gangs and groups, and the German ones in brackets
    board = data.default_board()
    with language("nl"):
        assert [names.gang_name(board, g) for g in range(4)] == ["Zwendelaars", "Dieven", "Bedriegers", "Rovers"]
        assert names.card_name(board, 36) == "Smokkelaars (Bedriegers, 80)"
    with language("de"):
        assert [names.gang_name(board, g) for g in range(4)] == ["Schwindler", "Diebe", "Betrüger", "Räuber"]
        assert names.group_name(board, 12) == "Schlitzohren"
    with language("fr"):
        assert names.gang_name(board, 3) == "Brigands"
    assert names.card_name(board, 36) == "Smugglers (Deceivers, 80)"  # English: the board file's names


def test_the_written_out_group_names_are_the_board_files():
    # names.shipped_groups() marks board.toml's nested group names for the catalogs
    raw = tomllib.loads(resources.files("beanframe_plugins.ali_baba").joinpath("board.toml").read_text(encoding="utf-8"))
    in_file = tuple(g["name"] for gang in raw["gangs"] for g in gang["groups"])
    with language("en"):
        assert names.shipped_groups() == in_file
    assert names.board_title(BOARD) == raw["title"]


def test_a_board_files_own_names_are_shown_as_written():
    text = resources.files("beanframe_plugins.ali_baba").joinpath("board.toml").read_text(encoding="utf-8")
    board = data.parse_board(text.replace('name = "Robbers"', 'name = "Rovers of the Night"'), "mine.toml")
    i18n.clear_missing()
    with language("de"):
        assert names.gang_name(board, 3) == "Rovers of the Night"
        assert names.gang_name(board, 0) == "Schwindler"
    assert not i18n.missing()


def test_one_game_reads_in_four_languages_at_once():
    # the state is the same; only the words differ
    game = beanframe.compose(["ali_baba"], 3).new_game(seed=3)
    prompts = {}
    for lang in ("en", "nl", "fr", "de"):
        with language(lang):
            prompts[lang] = game.prompt()
    assert prompts["en"] == "player 1: play a movement card"
    assert prompts["nl"] == "speler 1: speel een bewegingskaart"
    assert prompts["fr"] == "joueur 1 : jouez une carte de déplacement"
    assert prompts["de"] == "Spieler 1: spiele eine Bewegungskarte"


def test_a_bad_board_file_is_named_in_the_readers_language(tmp_path):
    from beanframe.errors import ConfigError

    bad = tmp_path / "board.toml"
    bad.write_text("movement = [1, 2]\n", encoding="utf-8")
    with language("de"), pytest.raises(ConfigError, match=r"Spielplandatei .*board\.toml: die Bewegungskarten ergeben 3, nicht 52"):
        beanframe.compose(["ali_baba"], 2, {"ali_baba": {"board": str(bad)}})
    with pytest.raises(ConfigError, match=r"board file .*board\.toml: the movement cards sum to 3, not 52"):
        beanframe.compose(["ali_baba"], 2, {"ali_baba": {"board": str(bad)}})
