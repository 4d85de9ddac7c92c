"""beanframe.i18n (issue 29): which language is asked for (Accept-Language, --lang, BEANFRAME_LANG,
the locale), the language per thread and per asyncio task, messages missing from the catalogs,
plural rules per language, contexts, and a plugin's own catalogs found when it is added at run
time. Catalogs are written here with Babel, with messages no project catalog has."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

import beanframe.i18n as i18n
from beanframe.core.compose import add_plugin, remove_plugin
from beanframe.core.game import compose
from beanframe.i18n import _, choose, from_environment, language, negotiate, ngettext, npgettext, pgettext

from .words import write_catalogs

# ---------------------------------------------------------------------------------------------
# Accept-Language
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr", "fr"),
        ("de;q=0.5, nl;q=0.9", "nl"),  # the best-rated, not the first
        ("en;q=0.1, fr;q=0.8, de", "de"),  # no q is 1
        ("nl;q=0.8, fr;q=0.8", "nl"),  # equal rating: the one named first
        ("de;q=0, fr;q=0.2", "fr"),  # q=0: "not this one"
        ("nl-BE,nl;q=0.9,en;q=0.8", "nl"),  # a region is its language
        ("fr-CA", "fr"),
        ("de-AT;q=0.7, en-GB;q=0.9", "en"),
        ("DE-de", "de"),  # tags are case-insensitive
        ("es-ES, it;q=0.9, pt", "en"),  # none beanframe speaks: English
        ("es, fr;q=0.3", "fr"),  # the only one it speaks, however low
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        (";;;,,", "en"),  # garbage
        ("fr;q=abc, de;q=0.1", "de"),  # an unreadable q counts as 0
        ("nl;q=, de", "de"),
        ("klingon-x-private;q=1, \x00\xff", "en"),
        (",".join(["es"] * 100) + ",nl", "en"),  # only the first 32 items are read (no floods)
    ],
)
def test_negotiate_reads_accept_language(header, expected):
    assert negotiate(header) == expected


# ---------------------------------------------------------------------------------------------
# The terminal: --lang, BEANFRAME_LANG, the locale
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"BEANFRAME_LANG": "nl"}, "nl"),
        ({"BEANFRAME_LANG": "fr_FR.UTF-8"}, "fr"),
        ({"BEANFRAME_LANG": " de "}, "de"),
        ({"BEANFRAME_LANG": "de", "LC_ALL": "fr_FR.UTF-8", "LANG": "nl_NL.UTF-8"}, "de"),  # beanframe's own first
        ({"BEANFRAME_LANG": "", "LANG": "nl_NL.UTF-8"}, "nl"),  # empty: not set
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),  # LC_ALL before LANG
        ({"LC_MESSAGES": "fr_BE.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),  # LC_MESSAGES before LANG
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "nl_BE@euro"}, "nl"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # the first one set decides, as in the C library
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # a locale it does not speak: English
        ({"LANGUAGE": "es:nl:de"}, "nl"),  # LANGUAGE is a list of preferences
        ({"LANG": "xx"}, "en"),  # an unknown locale is no error
    ],
)
def test_the_terminal_language_comes_from_the_environment(environ, expected):
    assert from_environment(environ) == expected
    assert choose(None, environ) == expected  # no --lang: the environment's


def test_an_unknown_beanframe_lang_is_an_error_naming_it():
    with pytest.raises(ValueError, match=r"^BEANFRAME_LANG: unknown language 'klingon' \(beanframe speaks en, nl, fr, de\)$"):
        from_environment({"BEANFRAME_LANG": "klingon", "LANG": "nl_NL.UTF-8"})


@pytest.mark.parametrize(("asked", "expected"), [("nl", "nl"), ("NL", "nl"), ("fr-CA", "fr"), ("de_DE.UTF-8", "de"), ("en", "en")])
def test_lang_beats_the_environment(asked, expected):
    assert choose(asked, {"BEANFRAME_LANG": "fr", "LANG": "de_DE.UTF-8"}) == expected


@pytest.mark.parametrize("asked", ["xx", "español", "n l", "e" * 500])
def test_an_unknown_lang_is_one_short_line(asked):
    with pytest.raises(ValueError) as caught:
        choose(asked, {})
    message = str(caught.value)
    assert message.startswith("unknown language ") and "\n" not in message and len(message) < 100
    assert "en, nl, fr, de" in message  # what it does speak
    with pytest.raises(ValueError):
        i18n.set_language(asked)


# ---------------------------------------------------------------------------------------------
# The language of a context
# ---------------------------------------------------------------------------------------------


def test_language_is_a_context_that_nests_and_restores():
    assert i18n.current() == "en"
    with language("nl") as outer:
        assert outer == "nl" and i18n.current() == "nl"
        with language("fr"):
            assert i18n.current() == "fr"
        assert i18n.current() == "nl"
        with language("xx") as unknown, language(None) as nothing:  # not spoken: English
            assert unknown == nothing == "en" and i18n.current() == "en"
        assert i18n.current() == "nl"
    assert i18n.current() == "en"


def test_each_thread_speaks_its_own_language():
    # four threads hold four languages at once, each until all have looked (a Barrier, no sleeping)
    barrier = threading.Barrier(4, timeout=30)  # the timeout only catches a hang
    seen: dict[str, list[str]] = {}

    def speak(code: str) -> None:
        with language(code):
            barrier.wait()
            seen[code] = [i18n.current()]
            barrier.wait()
            seen[code].append(i18n.current())
        seen[code].append(i18n.current())

    threads = [threading.Thread(target=speak, args=(code,)) for code in i18n.LANGUAGES]
    with language("de"):
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert i18n.current() == "de"  # the threads changed nothing here
    assert seen == {code: [code, code, "en"] for code in i18n.LANGUAGES}


def test_each_asyncio_task_speaks_its_own_language():
    async def speak(code: str, ready: asyncio.Event, go: asyncio.Event) -> list[str]:
        i18n.set_language(code)  # for this task only
        ready.set()
        await go.wait()  # every task has set its own by now
        return i18n.current()

    async def main() -> tuple[list[str], str]:
        events = [(asyncio.Event(), asyncio.Event()) for _ in i18n.LANGUAGES]
        tasks = [asyncio.create_task(speak(code, *pair)) for code, pair in zip(i18n.LANGUAGES, events)]
        for ready, _go in events:
            await ready.wait()
        for _ready, go in events:
            go.set()
        return await asyncio.gather(*tasks), i18n.current()

    with language("fr"):
        results, after = asyncio.run(main())
        assert i18n.current() == "fr"
    assert results == list(i18n.LANGUAGES)  # each task kept its own while all four were set
    assert after == "fr"  # the main task: the caller's language (asyncio.run copies it), untouched by the tasks


# ---------------------------------------------------------------------------------------------
# Catalogs of the tests' own: missing messages, plurals, contexts
# ---------------------------------------------------------------------------------------------

COIN = ("{n} test-coin", "{n} test-coins")


@pytest.fixture
def own_catalogs(tmp_path):
    """``make(domain, messages, plural_forms=None)``: write catalogs (see words.write_catalogs)
    and register them; they are forgotten afterwards."""
    made = []

    def make(domain: str, messages, plural_forms=None) -> Path:
        folder = write_catalogs(tmp_path / domain, domain, messages, plural_forms)
        i18n.register_catalogs(domain, folder)
        made.append(domain)
        return folder

    yield make
    for domain in made:
        i18n._folders.pop(domain, None)  # noqa: SLF001 - no public way to drop a domain: tests only
    i18n.reload()


def test_a_message_no_catalog_has_is_shown_in_english_and_recorded(own_catalogs):
    own_catalogs("test_missing", {"nl": {("test: translated", None): "test: vertaald"}})
    i18n.clear_missing()
    assert _("test: nowhere") == "test: nowhere" and i18n.missing() == set()  # English needs no catalog
    with language("nl"):
        assert _("test: translated") == "test: vertaald"
        assert _("test: nowhere") == "test: nowhere"
        assert pgettext("test-context", "test: nowhere") == "test: nowhere"
        assert ngettext(*COIN, 3) == "{n} test-coins"
    with language("de"):
        assert _("test: translated") == "test: translated"  # Dutch only
    assert i18n.missing() == {
        ("nl", "test: nowhere"), ("nl", "test-context|test: nowhere"), ("nl", COIN[0]), ("de", "test: translated"),
    }  # fmt: skip
    assert i18n.has("test: translated", "nl") and not i18n.has("test: translated", "de") and i18n.has("anything", "en")
    i18n.clear_missing()
    assert i18n.missing() == set()


PLURALS = {
    "nl": {(COIN, None): ("{n} test-munt", "{n} test-munten")},
    "de": {(COIN, None): ("{n} Test-Münze", "{n} Test-Münzen")},
    "fr": {(COIN, None): ("{n} pièce-test", "{n} pièces-test", "{n} pièces-test")},  # Babel's French: 3 forms
}


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("en", {0: "test-coins", 1: "test-coin", 2: "test-coins", 10: "test-coins"}),
        ("nl", {0: "test-munten", 1: "test-munt", 2: "test-munten", 21: "test-munten"}),
        ("de", {0: "Test-Münzen", 1: "Test-Münze", 2: "Test-Münzen", 101: "Test-Münzen"}),
        ("fr", {0: "pièce-test", 1: "pièce-test", 2: "pièces-test", 1_000_000: "pièces-test"}),  # French: 0 and 1 singular
    ],
)
def test_plural_rules_per_language(own_catalogs, lang, forms):
    own_catalogs("test_plurals", PLURALS)
    i18n.clear_missing()
    with language(lang):
        for n, word in forms.items():
            assert ngettext(*COIN, n).format(n=n) == f"{n} {word}"
    assert i18n.missing() == set()


def test_each_catalog_counts_its_plurals_by_its_own_rule(own_catalogs):
    # the lookup merges every domain of a language: one written with the classic two French forms
    # (n > 1) and one with Babel's three (CLDR's "many" for millions) must both come out right
    own_catalogs("test_fr_three", PLURALS)
    two = {"fr": {(("{n} test-tour", "{n} test-tours"), None): ("{n} tour-test", "{n} tours-test")}}
    own_catalogs("test_fr_two", two, plural_forms={"fr": "nplurals=2; plural=(n > 1);"})
    with language("fr"):
        for n in (0, 1, 2, 5, 1_000_000):
            many = n > 1
            assert ngettext("{n} test-tour", "{n} test-tours", n) == ("{n} tours-test" if many else "{n} tour-test")
            assert ngettext(*COIN, n) == ("{n} pièces-test" if many else "{n} pièce-test")


def test_a_plural_with_a_form_untranslated_is_missing_not_english_in_disguise(own_catalogs):
    # Babel compiles an empty plural form as the English one; compile leaves such a plural out,
    # so it is shown in English *and* recorded as missing (the every-door test sees it)
    half = {"fr": {(COIN, None): ("{n} pièce-test", "{n} pièces-test", "")}, "nl": {(COIN, None): ("{n} test-munt", "")}}
    own_catalogs("test_half_plurals", half)
    i18n.clear_missing()
    for lang in ("fr", "nl"):
        with language(lang):
            assert ngettext(*COIN, 1) == COIN[0] and ngettext(*COIN, 2) == COIN[1]
            assert not i18n.has(COIN[0])
    assert i18n.missing() == {("fr", COIN[0]), ("nl", COIN[0])}


def test_contexts_tell_the_same_english_apart(own_catalogs):
    own_catalogs(
        "test_contexts",
        {
            "nl": {
                ("Test Pub", None): "Testkroeg",
                ("Test Pub", "test-building"): "Testcafé",
                ("Test Pub", "test-bean"): "Testpubboon",
                (("{n} Test Pub", "{n} Test Pubs"), "test-building"): ("{n} Testcafé", "{n} Testcafés"),
            }
        },
    )
    i18n.clear_missing()
    with language("nl"):
        assert _("Test Pub") == "Testkroeg"
        assert pgettext("test-building", "Test Pub") == "Testcafé"
        assert pgettext("test-bean", "Test Pub") == "Testpubboon"
        assert npgettext("test-building", "{n} Test Pub", "{n} Test Pubs", 2) == "{n} Testcafés"
        assert npgettext("test-building", "{n} Test Pub", "{n} Test Pubs", 1) == "{n} Testcafé"
        assert pgettext("test-gang", "Test Pub") == "Test Pub"  # a context no catalog has: English, recorded
        assert i18n.has("Test Pub", context="test-bean") and not i18n.has("Test Pub", context="test-gang")
    assert i18n.missing() == {("nl", "test-gang|Test Pub")}
    assert pgettext("test-bean", "Test Pub") == "Test Pub"  # English is the source


# ---------------------------------------------------------------------------------------------
# A plugin added at run time brings its words (the beanframe_catalogs hook)
# ---------------------------------------------------------------------------------------------

PLUGIN = '''\
"""A house rule of the i18n tests: Al Cabohne with its own words."""
from pathlib import Path

from beanframe import VariantInfo, hookimpl

NAME = "test_words"


@hookimpl
def beanframe_variant():
    return VariantInfo(name=NAME, version="1.0.0", description="a house rule with its own words", requires=("al_cabohne",))


@hookimpl
def beanframe_catalogs():
    return Path(__file__).resolve().parent / "locale"
'''


def test_a_plugin_added_at_run_time_brings_its_catalogs(tmp_path):
    from beanframe_cli.config import load_plugin_file  # as beanframe play --plugin FILE loads one

    write_catalogs(tmp_path / "locale", "test_words", {
        "nl": {("Test Moon Bean", "bean"): "Testmaanboon", ("{player} wishes on the test moon", None): "{player} doet een testmaanwens"},
        "fr": {("Test Moon Bean", "bean"): "Haricot-lune de test"},
    })  # fmt: skip
    (tmp_path / "test_words.py").write_text(PLUGIN)
    plugin = load_plugin_file(tmp_path / "test_words.py")
    with language("nl"):  # the catalogs are merged before the plugin is added: it must be found later
        assert pgettext("bean", "Test Moon Bean") == "Test Moon Bean"
    name = add_plugin(plugin, str(tmp_path / "test_words.py"))
    try:
        assert name == "test_words"
        assert i18n.catalog_folders()["test_words"] == tmp_path / "locale"
        compose(["al_cabohne", "test_words"], 1).new_game(seed=1)  # a real variant of the game
        i18n.clear_missing()
        with language("nl"):
            assert pgettext("bean", "Test Moon Bean") == "Testmaanboon"
            assert _("{player} wishes on the test moon").format(player="p1") == "p1 doet een testmaanwens"
        with language("fr"):
            assert pgettext("bean", "Test Moon Bean") == "Haricot-lune de test"
        assert i18n.missing() == set()
    finally:
        remove_plugin(name)
    with language("nl"):  # removed: its words went with it
        assert pgettext("bean", "Test Moon Bean") == "Test Moon Bean"
    assert "test_words" not in i18n.catalog_folders()
