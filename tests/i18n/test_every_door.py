"""Issue 29's every-door test: random legal play of every variant set, read in English, Dutch,
French and German at every door (tests/i18n/doors.py: labels, logs, the terminal's board, help and
``why``, the seat commands of the table server and the agents, the table server's seat state).

It fails, one line per problem (grouped by catalog domain or by door, and by language), on:
(a) a message asked for in Dutch, French or German that no catalog of the language has;
(b) rule references (``F.27``, ``RULES C``); (c) internal keys: snake_case identifiers, and in
Dutch, French and German the data files' keys (``blue``, ``thieves``, ``farm``) where a name should
be; (d) English falling through into a Dutch, French or German text, and a name (a bean, a boss, a
building, a gang, a landscape) in another language than the reader's; (e) a leak: what a seat
reads, in its language, changes when what it cannot see is redealt (``game.determinize``).

Every variant set's game is played once (seeded); each language reads the same positions."""

from __future__ import annotations

import functools
import os
import random
import re
import subprocess
import sys
import tomllib
from typing import Any

import attrs

import pytest

import beanframe.i18n as i18n
from beanframe.core.compose import discover
from beanframe.core.game import compose
from beanframe.core.view import plain_data
from beanframe.i18n import LANGUAGES, language

from .doors import SETS, every_door, illegal_codes, positions, rules_texts, set_id
from .scan import ROOT, Scanner, failure, first_difference, missing_lines, typed_words

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
LEAK_EVERY = 2  # the redeal check at every other sampled position (and never at the end)
CASES = [(variants, players, lang) for variants, players in SETS for lang in LANGUAGES]
IDS = [f"{set_id(v, n)}-{lang}" for v, n, lang in CASES]
TRANSLATED_CASES = [case for case in CASES if case[2] != "en"]
TRANSLATED_IDS = [i for i, case in zip(IDS, CASES) if case[2] != "en"]
TITLES = [v.replace("_", " ") for v in discover()]  # a game's title is no name to translate ("Al Cabohne")


def option_values(options: type) -> set[str]:
    """The words an option takes (``tie_break=hand_cards``): typed, so never translated."""
    found: set[str] = set()
    for field in attrs.fields(options):
        validators = [field.validator, *getattr(field.validator, "_validators", ())]
        for validator in validators:
            found.update(v for v in getattr(validator, "options", ()) if isinstance(v, str))
    return found


def allowed_identifiers(ruleset: Any) -> tuple[set[str], set[str]]:
    """The snake_case words a player may read because they type them: variant names and options
    (``--option al_cabohne.run_outs=1``); and in ``rules``, the composition's own names too
    (phases, any-time options), for it lists how the rules are put together."""
    typed = set(discover())
    for opts in ruleset.options.values():
        typed.update(plain_data(opts) or ())
        typed.update(option_values(type(opts)) if attrs.has(type(opts)) else ())
    listing = {phase.name for stage in ruleset.stages for phase in stage} | {o.name for o in ruleset.any_time}
    listing |= set(ruleset.config.params)  # parameter paths (beans.run_out_limit): what options set
    return typed, listing


class Reading:
    """One variant set read in one language: the scanner's findings, the messages missing, the
    leaks found, and how much was read."""

    def __init__(self, variants: tuple[str, ...], players: int, lang: str) -> None:
        games = positions(variants, players)
        ruleset = games[0].ruleset
        typed, listing = allowed_identifiers(ruleset)
        present_words = {w for g in games for w in _commands(g)}
        words = typed_words((a.code for a in ruleset.actions), present_words) | typed  # typed, so never translated
        self.scanner = Scanner(lang, words, typed, titles=TITLES)
        self.leaks: list[str] = []
        self.texts = 0
        i18n.clear_missing()
        with language(lang):
            rules, parameters = rules_texts(ruleset)
            self.scanner.scan(rules, "rules", "the composed rules", allowed=listing)
            self.scanner.scan(parameters, "rules parameters", "the composed rules", only=["rule references"])
            for i, game in enumerate(games):
                self._read(game, i, leak=i % LEAK_EVERY == 0 and not game.is_over)
        self.missing = i18n.missing()
        i18n.clear_missing()

    def _read(self, game: Any, i: int, leak: bool) -> None:
        at = f"position {i}, action {game.state.n_actions}"
        for seat in [None, *range(game.players)]:
            who = "spectator" if seat is None else f"p{seat + 1}"
            codes = illegal_codes(game, seat, random.Random(i * 10 + (seat or 0))) if seat is not None else ["teleport f9"]
            texts = every_door(game, seat, codes)
            self.texts += len(texts)
            for door, text in texts.items():
                self.scanner.scan(text, door, f"{at}, {who}")
            if leak:
                copy = game.determinize(seat, random.Random(1000 + i))  # the spectator too
                for door, real, redealt in first_difference(texts, every_door(copy, seat, codes)):
                    self.leaks.append(f"[{i18n.current()}] {door} ({at}, {who}) changes when what {who} cannot see is "
                                      f"redealt: {real!r} vs {redealt!r}")  # fmt: skip


def _commands(game: Any) -> list[str]:
    from beanframe.core.present import presentation  # noqa: PLC0415

    present = presentation(game.ruleset)
    return [*present.commands, *present.line_commands, *present.sit_outs]


@functools.cache
def reading(variants: tuple[str, ...], players: int, lang: str) -> Reading:
    return Reading(variants, players, lang)


def where(variants: tuple[str, ...], players: int, lang: str) -> str:
    found = reading(variants, players, lang)
    return f"{set_id(variants, players)} in {lang}, {found.texts} texts read"


@pytest.mark.parametrize(("variants", "players", "lang"), TRANSLATED_CASES, ids=TRANSLATED_IDS)
def test_every_message_has_a_catalog_entry(variants, players, lang):  # (a)
    lines = missing_lines(reading(variants, players, lang).missing)
    if lines:
        pytest.fail(failure(f"messages shown in English for want of a {lang} catalog entry ({where(variants, players, lang)}), by domain", lines), pytrace=False)


@pytest.mark.parametrize(("variants", "players", "lang"), CASES, ids=IDS)
def test_no_rule_references_or_internal_keys(variants, players, lang):  # (b), (c)
    lines = reading(variants, players, lang).scanner.lines("keys")
    if lines:
        pytest.fail(failure(f"rule references and internal keys a player reads ({where(variants, players, lang)}), one per line read", lines), pytrace=False)


@pytest.mark.parametrize(("variants", "players", "lang"), CASES, ids=IDS)
def test_no_english_and_no_foreign_names(variants, players, lang):  # (d)
    lines = reading(variants, players, lang).scanner.lines("words")
    if lines:
        pytest.fail(failure(f"English or another language's names in a {lang} text ({where(variants, players, lang)}), one per line read", lines), pytrace=False)


@pytest.mark.parametrize(("variants", "players", "lang"), CASES, ids=IDS)
def test_redealing_the_hidden_changes_nothing_a_seat_reads(variants, players, lang):  # (e)
    leaks = reading(variants, players, lang).leaks
    if leaks:
        pytest.fail(failure(f"leaks ({where(variants, players, lang)})", leaks), pytrace=False)


def test_the_scanner_finds_english_keys_and_references_but_not_codes():
    # the checks above can fail: what they look for is found, and codes a player types are not
    dutch = Scanner("nl", typed={"plant", "buy-field", "give"}, allowed={"al_cabohne", "run_outs"}, titles=TITLES)
    dutch.scan("plant f1: plant de boon op veld 1 (buy-field, give h2 b1; al_cabohne run_outs=1)", "door", "here")
    assert dutch.lines("keys") == dutch.lines("words") == []
    dutch.scan("kies: the card\nzie F.27 en RULES C\noogst iron_mine en blue", "door", "there")
    keys, words = " ".join(dutch.lines("keys")), " ".join(dutch.lines("words"))
    assert all(f"'{w}'" in keys for w in ("F.27", "RULES C", "iron_mine", "blue")), keys
    assert "'the', 'card'" in words and "(door, there)" in words, words
    english = Scanner("en", typed=set(), allowed=set(), titles=TITLES)
    english.scan("take the blue card; gain_200", "door", "here")
    assert english.lines("words") == [] and english.lines("keys") == ["[en] 'gain_200' in 'take the blue card; gain_200' (door, here)"]
    assert first_difference({"a": "x\ny", "seen p2 · h?": "1"}, {"a": "x\nz", "seen p2 · h1": "2"}) == [("a", "y", "z")]


def test_names_of_another_language_are_found(monkeypatch):
    from . import scan  # noqa: PLC0415

    names = {
        ("bean", "Chili Bean"): {"nl": "Vuurboon", "fr": "Haricot rouge", "de": "Feuerbohne"},
        ("kind", "Casino"): {"nl": "Casino", "fr": "Casino", "de": "Casino"},  # the same everywhere: no finding
        ("boss", "Al Cabohne"): {"nl": "Al Caboon", "fr": "Al Cabohne", "de": "Al Cabohne"},  # also a game's title
    }
    monkeypatch.setattr(scan, "data_names", lambda: frozenset(names))
    monkeypatch.setattr(scan, "name_in", lambda lang, context, name: name if lang == "en" else names[(context, name)][lang])
    scan.foreign_names.cache_clear()  # the names read from the catalogs are cached: not these
    scan.any_name.cache_clear()
    try:
        assert scan.foreign_names("nl", frozenset(["al cabohne"])) == {"Chili Bean", "Haricot rouge", "Feuerbohne"}
        assert scan.foreign_names("de", frozenset(["al cabohne"])) == {"Chili Bean", "Haricot rouge", "Vuurboon", "Al Caboon"}
        dutch = Scanner("nl", typed=set(), allowed=set(), titles=["al cabohne"])
        dutch.scan("plant Vuurboon, geef Feuerbohne aan Al Cabohne in het Casino", "door", "here")
        assert dutch.lines("words") == ["[nl] 'Feuerbohne' in 'plant Vuurboon, geef Feuerbohne aan Al Cabohne in het Casino' (door, here)"]
    finally:
        scan.foreign_names.cache_clear()
        scan.any_name.cache_clear()


def test_the_redeal_check_catches_a_prompt_that_reads_the_deck():
    from beanframe import VariantInfo, hookimpl  # noqa: PLC0415
    from beanframe.beans import PART as BEANS  # noqa: PLC0415

    class LeakyPrompt:  # a house rule whose prompt names the deck's top card
        @hookimpl
        def beanframe_variant(self):
            return VariantInfo(name="leaky_prompt", version="1", requires=("al_cabohne",))

        @hookimpl
        def beanframe_register_steps(self, register):
            from beanframe_plugins.al_cabohne import turn  # noqa: PLC0415

            class Leaky(type(next(s for s in turn.STEPS if s.kind == "play"))):
                def prompt(self, game, frame):
                    return f"play (the deck's top card is {game.part(BEANS).deck[-1]})"

            register(Leaky(), replace=True)

    game = compose(["al_cabohne", LeakyPrompt()], 2).new_game(seed=4)
    with language("nl"):
        found = first_difference(every_door(game, 0, ["teleport f9"]), every_door(game.determinize(0, random.Random(3)), 0, ["teleport f9"]))
    doors = {door for door, _, _ in found}
    assert {"prompt", "seat prompt", "cli board", "text board", "agent state"} <= doors, doors


# ---------------------------------------------------------------------------------------------
# The lists of the terminal: beanframe variants
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_variants_listing_speaks_each_language(lang):
    from beanframe.core.compose import installed_variants  # noqa: PLC0415
    from beanframe.text import plain  # noqa: PLC0415
    from beanframe_cli import render  # noqa: PLC0415

    infos = installed_variants()
    typed = set(discover()) | {name for info in infos if info.options for name in attrs.fields_dict(info.options)}
    typed |= {value for info in infos if info.options for value in option_values(info.options)}
    scanner = Scanner(lang, typed, typed, titles=TITLES)
    i18n.clear_missing()
    with language(lang):
        scanner.scan(plain([render.variants_table(infos)], 100), "beanframe variants", "the installed variants")
    lines = missing_lines(i18n.missing()) + scanner.lines("keys") + scanner.lines("words")
    if lines:
        pytest.fail(failure(f"beanframe variants in {lang}", lines), pytrace=False)


# ---------------------------------------------------------------------------------------------
# The issue's own checks: the terminal in Dutch, a seat's state over HTTP in French
# ---------------------------------------------------------------------------------------------

AL_CABOHNE_NL = ["Blauwe boon", "Kidneyboon", "Vuurboon", "Stootboon", "Bruine boon", "Sperzieboon", "Blufboon"]
BOSSES_NL = ["Al Caboon", "Don Corleboon", "Joe Boonanno"]


def test_beanframe_lang_nl_play_shows_dutch_names_only():
    # issue 29: `beanframe --lang nl play al_cabohne --players 1` names the beans and the bosses as
    # the Dutch rulebook does; no German or English name appears. (`meter` lists every bean.)
    env = {k: v for k, v in os.environ.items() if k not in ("BEANFRAME_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "C.UTF-8"
    done = subprocess.run(
        [sys.executable, "-m", "beanframe_cli.app", "--lang", "nl", "play", "al_cabohne", "--players", "1", "--seed", "3"],
        input="board\nmeter\nhelp\nlog\nwhy\nquit\nn\n", capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    out = done.stdout
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr.strip()[-500:]}"
    assert "Traceback" not in done.stderr + out
    lowered = out.casefold()
    absent = [name for name in AL_CABOHNE_NL + BOSSES_NL if name.casefold() not in lowered]
    assert not absent, f"Dutch names not shown: {absent}\n{out[-3000:]}"
    cards = tomllib.loads((ROOT / "plugins/al_cabohne/cards.toml").read_text(encoding="utf-8"))["bean"]
    german = ["Blaue Bohne", "Kidneybohne", "Feuerbohne", "Puffbohne", "Saubohne", "Brechbohne", "Stangenbohne",
              "Don Corlebohne", "Joe Bohnano"]  # fmt: skip
    other = {name for name in german + [row["name"] for row in cards] if name.casefold() not in map(str.casefold, AL_CABOHNE_NL)}
    shown = sorted(name for name in other if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", out))
    assert not shown, f"German or English names in the Dutch game: {shown}"


def test_a_seats_state_over_http_speaks_the_accept_language(tmp_path):
    # issue 29: at the table each connection chooses; Accept-Language on HTTP
    from starlette.testclient import TestClient  # noqa: PLC0415

    from beanframe.server import Limits  # noqa: PLC0415
    from tests.server.helpers import bearer, create_room, make_app  # noqa: PLC0415

    game = compose(["al_cabohne"], 1).new_game(seed=3)  # the room's game, as the server deals it
    labels = {}
    i18n.clear_missing()
    for lang in LANGUAGES:
        with language(lang):
            labels[lang] = ([game.describe(a, 0) for a in game.legal_actions(0)], game.view(0).prompt)
    if i18n.missing():
        pytest.fail(failure("no catalog entry for the seat's labels and prompt", missing_lines(i18n.missing())), pytrace=False)
    assert labels["fr"] != labels["en"], "the French labels are the English ones"
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as client:
        room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
        url = f"/api/rooms/{room['room']}/state"
        token = bearer(room["seats"][0]["token"])
        asked = {"fr": "fr", "de": "de-CH, fr;q=0.5", "nl": "nl-BE,nl;q=0.9,en;q=0.8", "en": "es, en;q=0.1"}
        states = {}
        for lang in ("fr", "en", "de", "fr", "nl"):  # one game, four languages at once (and French again)
            response = client.get(url, headers={**token, "Accept-Language": asked[lang]})
            assert response.status_code == 200, response.text
            states[lang] = response.json()
            got = ([a["label"] for a in states[lang]["legal"]], states[lang]["view"]["prompt"])
            assert got == labels[lang], f"Accept-Language: {asked[lang]} gave {got}, not {labels[lang]}"
        codes = {lang: [a["code"] for a in state["legal"]] for lang, state in states.items()}
        assert all(c == codes["en"] for c in codes.values()), "codes are language-free"
