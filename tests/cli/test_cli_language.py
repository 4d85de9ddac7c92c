"""The terminal in the player's language (issue 29): ``beanframe --lang CODE``, ``BEANFRAME_LANG``
and the locale choose it; the play screens, prompts, help, hand-over screens and errors of the
CLI come from its catalog (``cli/locale``) in Dutch, French and German, and a language reaches
what the CLI runs in other threads (the input thread of ``join``) and processes (``simulate
--jobs``)."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from rich.console import Console
from typer.testing import CliRunner

from beanframe.batch import run_pool
from beanframe.core.game import compose
from beanframe.i18n import catalogs, clear_missing, current, language, missing
from beanframe_cli.app import app
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession
from beanframe_cli.table import LineReader

runner = CliRunner()
NO_LOCALE = {"COLUMNS": "200", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "LANGUAGE": "", "BEANFRAME_LANG": ""}
FEW_LINES = "help\n\nwhy\nlog 3\n99\nquit\ny\n\n"

# what a player reads in each language at `play`, and the English it replaces
WORDS = {
    "nl": ["Je keuzes (nummer of code):", "speler 1>", "Commando's:", "geen keuze 99", "eerst het spel opslaan? [j/N]", "spel onafgemaakt verlaten"],
    "fr": ["Vos choix (numéro ou code) :", "joueur 1>", "Commandes :", "pas de choix 99", "sauvegarder d’abord la partie ? [o/N]", "partie laissée inachevée"],
    "de": ["Ihre Möglichkeiten (Nummer oder Code):", "Spieler 1>", "Befehle:", "keine Wahl 99", "zuerst das Spiel speichern? [j/N]", "Spiel unbeendet verlassen"],
}
ENGLISH = ["Your choices (number or code):", "player 1>", "Commands:", "no choice 99", "save the game first?", "game left unfinished", "not saved"]


def invoke(args: list[str], env: dict[str, str] | None = None, input: str | None = None):
    return runner.invoke(app, args, input=input, env={**NO_LOCALE, **(env or {})})


def cli_messages() -> set[str]:
    """Every message of the ``cli`` catalog as ``missing()`` names it (a context as ``ctx|id``)."""
    domain = next(d for d in catalogs.PROJECT if d.name == "cli")
    out = set()
    for message in catalogs.template(domain):
        if not message.id:
            continue
        text = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        out.add(f"{message.context}|{text}" if message.context else text)
    return out


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_play_speaks_the_language_of_lang(lang):
    result = invoke(["--lang", lang, "play", "al_cabohne", "--players", "1", "--seed", "3"], input=FEW_LINES)
    assert result.exit_code == 0, result.output
    for words in WORDS[lang]:
        assert words in result.output, words
    for english in ENGLISH:
        assert english not in result.output, english
    assert "plant f1" in result.output  # codes stay as they are


def test_beanframe_lang_in_the_environment_chooses_french():
    result = invoke(["play", "al_cabohne", "--players", "1", "--seed", "3"], env={"BEANFRAME_LANG": "fr"}, input=FEW_LINES)
    assert result.exit_code == 0, result.output
    assert all(words in result.output for words in WORDS["fr"])
    assert not any(english in result.output for english in ENGLISH)


def test_the_locale_chooses_when_nothing_else_does_and_lang_wins_over_it():
    german = invoke(["play", "al_cabohne", "--players", "1", "--seed", "3"], env={"LANG": "de_DE.UTF-8"}, input=FEW_LINES)
    assert "Ihre Möglichkeiten (Nummer oder Code):" in german.output
    dutch = invoke(["--lang", "nl", "play", "al_cabohne", "--players", "1", "--seed", "3"], env={"BEANFRAME_LANG": "de"}, input=FEW_LINES)
    assert "Je keuzes (nummer of code):" in dutch.output and "Ihre Möglichkeiten" not in dutch.output
    english = invoke(["play", "al_cabohne", "--players", "1", "--seed", "3"], env={"LANG": "pt_BR.UTF-8"}, input=FEW_LINES)
    assert "Your choices (number or code):" in english.output  # a locale beanframe does not speak: English


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        (["--lang", "xx", "variants"], {}, "error: unknown language 'xx' (beanframe speaks en, nl, fr, de)"),
        (["variants"], {"BEANFRAME_LANG": "klingon"}, "error: BEANFRAME_LANG: unknown language 'klingon' (beanframe speaks en, nl, fr, de)"),
    ],
)
def test_an_unknown_language_is_one_line_naming_the_languages(args, env, said):
    result = invoke(args, env=env)
    assert result.exit_code == 2
    assert result.output.strip() == said  # one line, no traceback


def test_the_language_lasts_one_invocation():
    invoke(["--lang", "de", "variants"])
    assert current() == "en"
    assert "Installed variants" in invoke(["variants"]).output


def test_errors_variants_and_simulate_speak_the_language():
    bad = invoke(["--lang", "nl", "play", "nosuchgame"])
    assert bad.exit_code == 2 and bad.output.startswith("fout: onbekende variant 'nosuchgame'")
    listed = invoke(["--lang", "fr", "variants"]).output
    assert "Variantes installées" in listed and "Installed variants" not in listed
    summary = invoke(["--lang", "de", "simulate", "al_cabohne", "-n", "4", "--jobs", "2", "--seed", "1", "--bot-seed", "1"]).output
    assert "Siegquote" in summary and "Spiele/s" in summary and "mean turns" not in summary


def test_a_worker_process_speaks_the_language_of_the_command_that_forked_it():
    seen: list[str] = []
    with language("fr"):
        run_pool(2, lambda: None, (), iter([(0, 1), (1, 1)]), lambda start, count: current(), seen.append)
    assert seen == ["fr", "fr"]


def test_the_input_thread_of_join_speaks_the_language_of_the_session():
    seen: list[str] = []

    def read_line(prompt: str) -> str:
        seen.append(current())
        return "quit"

    async def ask() -> str | None:
        with language("nl"):
            return await LineReader(read_line).ask("p1> ")

    assert asyncio.run(ask()) == "quit"
    assert seen == ["nl"]


# -- random games at the terminal in every language: no message of the CLI left untranslated ------------

TYPED = ["1", "1", "2", "2", "3", "4", "1", "2", "", "help", "why", "why plant f1", "log", "board", "board full", "choices",
         "9999", "xyz", "join p2", "sit-out", "q", "save", "position x.toml"]  # fmt: skip


def scripted(rng: random.Random, lines: int):
    """A person typing at random for ``lines`` lines, then the end of the input."""
    left = [lines]

    def read_line(prompt: str) -> str | None:
        left[0] -= 1
        if left[0] < 0:
            return None
        if not prompt.endswith("> ") and rng.random() < 0.8:
            return ""  # a hand-over screen, a "more" page, a question: mostly Enter
        return rng.choice(TYPED)

    return read_line


GAMES = [(("al_cabohne",), [Seat(), Seat()]), (("bohnanza",), [Seat(), Seat(), Seat("random")]),
         (("al_cabohne", "prohibohn"), [Seat(), Seat("random")]), (("bohnaparte",), [Seat(), Seat()]),
         (("ali_baba",), [Seat(), Seat("random")])]  # fmt: skip


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_random_hot_seat_and_bot_games_leave_no_cli_message_untranslated(lang):
    ours = cli_messages()
    rng = random.Random(29)
    clear_missing()
    shown = io.StringIO()
    for variants, seats in GAMES:
        try:
            ruleset = compose(list(variants), len(seats), {})
        except Exception:  # noqa: BLE001 - a variant set not installed here is not this test's
            continue
        console = Console(file=shown, width=80, height=24, force_terminal=False)
        with language(lang):
            session = PlaySession(ruleset.new_game(seed=rng.randrange(1000)), seats, console, scripted(rng, 250), bot_master=1)
            session.run()
            session.show_result() if session.game.is_over else session.show_board(session.humans[0])
    untranslated = sorted(message for said_in, message in missing() if said_in == lang and message in ours)
    assert untranslated == []
    assert "Your choices (number or code):" not in shown.getvalue()


def test_help_screens_speak_the_language_and_english_comes_back():
    root = invoke(["--lang", "fr", "--help"]).output
    assert "Jouez, examinez et simulez" in root and "Play, inspect and simulate" not in root
    play = invoke(["--lang", "de", "play", "--help"]).output
    assert "Zahl der Spieler." in play and "Optionen" in play and "Number of players." not in play
    assert "Schalter der Varianten" in play  # the variants' flags section too
    english = invoke(["play", "--help"]).output
    assert "Number of players." in english and "Zahl der Spieler." not in english


def test_replay_speaks_the_language(tmp_path):
    saved = tmp_path / "game.json"
    invoke(["play", "al_cabohne", "--players", "1", "--seed", "5"], input=f"1\nsave {saved}\nquit\n")
    out = invoke(["--lang", "nl", "replay", str(saved)]).output
    assert "herhaling: al_cabohne, 1 speler, 1 actie" in out and "beurt 1 · p1" in out
    assert "replay:" not in out


class SeatClient:
    """What a :class:`RemoteSession` reads of its connection: the seat's state; always its turn."""

    def __init__(self, state):
        self.state = state
        self.seat = state["seat"]

    def my_turn(self):
        return True


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_a_seat_of_a_table_at_the_terminal_speaks_the_language(tmp_path, lang):
    from starlette.testclient import TestClient  # noqa: PLC0415 - only this test needs the server

    from beanframe.server import Limits  # noqa: PLC0415
    from beanframe_cli.table import RemoteSession, local_ruleset  # noqa: PLC0415
    from tests.server.helpers import bearer, create_room, make_app  # noqa: PLC0415

    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as client:
        room = create_room(client, variants=["al_cabohne"], players=2, seats=["human", "human"], seed=3)
        state = client.get(f"/api/rooms/{room['room']}/state", headers=bearer(room["seats"][0]["token"])).json()
    out = io.StringIO()
    ours = cli_messages()
    clear_missing()
    with language(lang):
        session = RemoteSession(SeatClient(state), Console(file=out, width=80, height=24, highlight=False), lambda prompt: None)
        session.ruleset, session.note = local_ruleset(state)
        session.announce(state)
        session.show_choices()
        session.show_help()
        for line in ("", "99", "save", "x" * 600, "quit"):
            asyncio.run(session.on_line(line))
        session.on_event("connection", "lost")
        asyncio.run(session.on_line(None))
    text = out.getvalue()
    assert not [message for said_in, message in missing() if said_in == lang and message in ours]
    assert WORDS[lang][0] in text and WORDS[lang][2] in text  # the choices' title, the help's
    assert not any(english in text for english in ("Your choices", "Commands:", "no choice 99", "connection lost", "left the table"))
