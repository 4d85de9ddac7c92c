"""The core's words in the reader's language (issue 29): refusals, errors and why answers come in
the current language, English stays as it was, a refused action changes nothing in any language,
every text ``beanframe.text`` draws has its words in the core's catalog, and the language is
per thread and per asyncio task."""

from __future__ import annotations

import asyncio
import random
import re
import threading

import pytest

from beanframe.agents import make_bot, seat_bot
from beanframe.core import compose, new_game
from beanframe.core.words import count, counted
from beanframe.errors import BeanframeError, ConfigError, IllegalActionError
from beanframe.i18n import _, clear_missing, current, language, missing, ngettext
from beanframe.text.commands import seat_command, why_text

TRANSLATED = ("nl", "fr", "de")


def _error(fn, *args):
    with pytest.raises(BeanframeError) as caught:
        fn(*args)
    return str(caught.value)


def _snapshot(game):
    return game.to_json()


@pytest.fixture
def bohnanza():
    return new_game("bohnanza", players=3, seed=7)


# -- refusals and errors -----------------------------------------------------------------------


def test_an_unknown_action_is_refused_in_the_current_language(bohnanza):
    english = _error(bohnanza.apply, "zap f9")
    assert english.startswith("unknown action 'zap f9' (known actions: accept, ask,")
    with language("nl"):
        assert _error(bohnanza.apply, "zap f9").startswith("onbekende actie 'zap f9' (bekende acties: accept, ask,")
    with language("fr"):
        assert _error(bohnanza.apply, "zap f9").startswith("action inconnue 'zap f9' (actions connues : accept,")
    with language("de"):
        assert _error(bohnanza.apply, "zap f9").startswith("unbekannte Aktion 'zap f9' (bekannte Aktionen: accept,")
    assert _error(bohnanza.apply, "zap f9") == english  # back in English outside the with


def test_not_your_decision_is_said_in_the_current_language(bohnanza):
    other = (bohnanza.to_act + 1) % 3
    action = bohnanza.legal_actions()[0]
    english = _error(bohnanza.apply, action, other)
    assert re.match(r"p2 may not act now: p1 to decide \(", english)
    with language("nl"):
        assert re.match(r"p2 is nu niet aan de beurt: p1 beslist \(", _error(bohnanza.apply, action, other))
    with language("de"):
        assert re.match(r"p2 ist jetzt nicht dran: p1 entscheidet \(", _error(bohnanza.apply, action, other))


def test_an_illegal_action_and_a_bad_form_are_refused_in_every_language(bohnanza):
    with language("fr"):
        said = _error(bohnanza.apply, "harvest f3")
        assert said.startswith("'harvest f3' n'est pas permis maintenant (") and "; permis : plant f1" in said
        said = _error(bohnanza.apply, "harvest")
        assert said == "'harvest' n'est pas une action 'harvest' valide : elle s'écrit harvest f<k>, par exemple harvest f1"
    with language("nl"):
        assert _error(bohnanza.apply, 10**9) == "geen actie heeft id 1000000000 (de ids lopen van 0 tot " + str(len(bohnanza.ruleset.actions) - 1) + ")"


def test_english_errors_are_unchanged(bohnanza):
    assert _error(bohnanza.apply, "harvest") == "'harvest' is not a valid 'harvest' action: it is written harvest f<k>, e.g. harvest f1"
    assert _error(bohnanza.apply, object()).startswith("not an action: <object object at")
    with pytest.raises(ConfigError) as caught:
        compose("bohnanza", 3, {"bohnanza": {"third_field_cost": -1}})
    assert str(caught.value) == "bad option for bohnanza: third_field_cost must be from 0 to 20, not -1"


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_a_refused_action_changes_nothing_in_any_language(bohnanza, lang):
    before = _snapshot(bohnanza)
    legal = bohnanza.legal_actions()
    with language(lang):
        for bad in ("zap", "harvest f3", "harvest", "plant f9", 10**9, -1, object()):
            with pytest.raises(IllegalActionError):
                bohnanza.apply(bad)
        with pytest.raises(IllegalActionError):
            bohnanza.apply(legal[0], (bohnanza.to_act + 1) % 3)
        why_text(bohnanza, bohnanza.to_act, "harvest f3")
    assert _snapshot(bohnanza) == before
    assert bohnanza.legal_actions() == legal


def test_config_and_option_errors_come_in_the_current_language():
    with language("nl"), pytest.raises(ConfigError) as caught:
        compose("no_such_game", 2)
    assert str(caught.value).startswith("onbekende variant 'no_such_game' (geïnstalleerde varianten: ")
    with language("de"), pytest.raises(ConfigError) as caught:
        compose("bohnanza", 3, {"bohnanza": {"no_such": 1}})
    assert str(caught.value).startswith("unbekannte Option bohnanza.no_such (Optionen von bohnanza: ")
    with language("fr"), pytest.raises(ConfigError) as caught:
        compose("bohnanza", 3, {"bohnanza": {"third_field_cost": -1}})
    assert str(caught.value) == "option invalide pour bohnanza : third_field_cost doit aller de 0 à 20, pas -1"
    with language("fr"), pytest.raises(ConfigError) as caught:
        compose("bohnanza", 9)
    assert str(caught.value).startswith("bohnanza ne se joue pas à 9 joueur(s) (possible : ")
    ruleset = compose("bohnanza", 3)
    with language("nl"), pytest.raises(ConfigError) as caught:
        seat_bot("robot", ruleset)
    assert str(caught.value).startswith("ongeldige plaats 'robot': een plaats is 'human' of 'bot:NAME' (")
    with language("de"), pytest.raises(ConfigError) as caught:
        make_bot(ruleset, "nobody")
    assert str(caught.value).startswith("unbekannter Bot 'nobody' für bohnanza (Bots: ")


def test_save_and_position_errors_come_in_the_current_language():
    from beanframe.core.persist import load_game  # noqa: PLC0415
    from beanframe.errors import PositionError, SaveFileError  # noqa: PLC0415

    with language("nl"), pytest.raises(SaveFileError) as caught:
        load_game("{}")
    assert str(caught.value) == "geen opgeslagen spel van beanframe (er staat geen 'format': 'beanframe-save' in)"
    with language("de"), pytest.raises(PositionError) as caught:
        new_game("bohnanza", players=3, position={"seed": -3})
    assert str(caught.value) == "seed: nicht negative ganze Zahl erwartet, nicht -3 (eine ganze Zahl)"
    with language("nl"), pytest.raises(PositionError) as caught:
        new_game("bohnanza", players=3, position={"players": 4, "stage": "over", "phase": "plant"})
    assert caught.value.problems == [
        "players: de positie is voor 4 spelers, het spel heeft er 3",
        "phase: een afgelopen spel is in geen enkele fase",
    ]


def test_why_answers_come_in_the_current_language(bohnanza):
    me = bohnanza.to_act
    assert why_text(bohnanza, me, "plant f1") == "plant f1 is possible now"
    with language("nl"):
        assert why_text(bohnanza, me, "plant f1") == "plant f1 kan nu"
        assert why_text(bohnanza, None, "plant f1") == "plant f1: een toeschouwer kan niet spelen"
    with language("de"):
        assert why_text(bohnanza, me, "zap").startswith("unbekannte Aktion 'zap'")
        with pytest.raises(BeanframeError, match="^log erwartet eine Zeilenzahl, nicht 'x'$"):
            seat_command(bohnanza, me, "log", "x")


def test_counting_asks_the_catalogs_and_english_stays():
    assert (count(1, "coin"), count(2, "coin"), count(0, "hand card")) == ("1 coin", "2 coins", "0 hand cards")
    assert count(2, "mouse", "mice") == "2 mice"
    with language("nl"):
        assert (count(1, "coin"), count(3, "coin"), count(2, "card")) == ("1 daalder", "3 daalders", "2 kaarten")
    with language("fr"):
        assert (count(0, "coin"), count(1, "coin"), count(2, "coin")) == ("0 pièce", "1 pièce", "2 pièces")  # French: 0 is singular
    with language("de"):
        assert counted(4, "{n} hand card", "{n} hand cards") == "4 Handkarten"


# -- every text beanframe.text draws, in every language -----------------------------------------


@pytest.fixture(scope="module")
def core_messages():
    """The messages of the core's catalog (``beanframe``): extracted from its files as the
    catalog tool does (a message missing from a plugin's catalog is that plugin's to add)."""
    from beanframe.i18n.catalogs import PROJECT, template  # noqa: PLC0415 - Babel: a development tool

    domain = next(d for d in PROJECT if d.name == "beanframe")
    found = set()
    for message in template(domain):
        if message.id:
            first = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            found.add(first if message.context is None else f"{message.context}|{first}")
    return found


def _texts(game, player, rng):
    legal = game.legal_actions(player) if player is not None and player in game.deciders else ()
    codes = ["harvest f3", "zap", "buy-field", *(a.code for a in legal[:2])]
    out = [seat_command(game, player, word, "", 100) for word in ("board", "log", "help")]
    out += [why_text(game, player, rng.choice(codes)), why_text(game, player, "")]
    try:
        game.apply("harvest f9", player if player is not None else 0)
    except BeanframeError as exc:
        out.append(str(exc))
    return out


@pytest.mark.parametrize("variants, players", [("al_cabohne", 1), ("al_cabohne", 2), ("bohnanza", 3)])
def test_random_play_leaves_nothing_of_the_core_untranslated(variants, players, core_messages):
    rng = random.Random(f"{variants}{players}")
    game = new_game(variants, players=players, seed=rng.randrange(2**32))
    clear_missing()
    texts = []
    for lang in TRANSLATED:
        with language(lang):
            texts.append(seat_command(game, None, "rules", "", 120))
    steps = 0
    while not game.is_over and steps < 160:
        if steps % 9 == 0:
            lang = TRANSLATED[steps // 9 % 3]
            with language(lang):
                for player in (*range(players), None):
                    texts += _texts(game, player, rng)
        player = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(player)), player)
        steps += 1
    for lang in TRANSLATED:
        with language(lang):
            texts += _texts(game, 0, rng)
    ours = sorted((lang, m) for lang, m in missing() if m in core_messages)
    assert not ours, f"the core's catalog lacks {ours[:5]}"
    for text in texts:  # no rule references and no numbers left of a placeholder
        assert not re.search(r"\bF\.\d+|\bRULES [A-E]\b|\{[a-z_]+\}", text), text


def test_the_untranslated_check_can_fail(core_messages):
    clear_missing()
    with language("nl"):
        _("a message no catalog has")
        _("the game is over")
    assert ("nl", "a message no catalog has") in missing()
    assert not [m for _lang, m in missing() if m in core_messages]
    assert "the game is over" in core_messages


# -- one language per thread and per task ------------------------------------------------------


def test_the_language_is_per_thread():
    barrier = threading.Barrier(4)
    said: dict[str, str] = {}

    def speak(lang):
        with language(lang):
            barrier.wait()  # all four are inside their own language now
            said[lang] = f"{current()}: {_('the game is over')}"
            barrier.wait()

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("en", *TRANSLATED)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert said == {
        "en": "en: the game is over",
        "nl": "nl: het spel is afgelopen",
        "fr": "fr: la partie est terminée",
        "de": "de: das Spiel ist vorbei",
    }
    assert current() == "en"


def test_the_language_is_per_asyncio_task():
    async def main():
        inside = asyncio.Event()
        go = asyncio.Event()

        async def dutch():
            with language("nl"):
                inside.set()
                await go.wait()  # the other task speaks meanwhile
                return ngettext("{n} coin", "{n} coins", 2).format(n=2)

        async def german():
            await inside.wait()
            with language("de"):
                said = _("nobody")
            go.set()
            return said

        return await asyncio.gather(dutch(), german())

    assert asyncio.run(main()) == ["2 daalders", "niemand"]
    assert current() == "en"
