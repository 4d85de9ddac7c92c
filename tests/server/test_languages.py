"""The table in four languages (issue 29): each connection chooses its own (``?lang=``,
``Accept-Language``, the WebSocket hello's ``"language"``); one room is seen in several languages
at once, the state the same (versions, codes, history), the words different; hidden information
stays hidden in every language; the page's own words come from ``/api/strings``."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from beanframe.core.game import compose
from beanframe.i18n import LANGUAGES, NAMES, has, language
from beanframe.server import Limits
from beanframe.server.seat import seat_state
from beanframe.server.words import marked

from .helpers import SETS, bearer, create_room, make_app, normal, one_line_error
from .test_socket import hello, receive


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, limits=Limits(rate=200, burst=200))) as c:
        yield c


def codes(state: dict) -> tuple:
    """What a state says that no language changes: the version, the codes, the history."""
    return state["version"], [a["code"] for a in state["legal"]], state["history"], state["deciders"]


def test_a_seats_state_asked_in_french_labels_its_actions_in_french(client):
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human"] * 3, seed=5)
    url, token = f"/api/rooms/{room['room']}/state", room["seats"][0]["token"]
    english = client.get(url, headers=bearer(token)).json()
    french = client.get(url, headers={**bearer(token), "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}).json()
    assert codes(french) == codes(english)  # the codes are language-free
    assert english["phase_label"] == "phase 1: plant from the hand"
    assert french["phase_label"].startswith("phase 1 : ")  # the table's catalog: French spacing
    game = compose(["bohnanza"], 3).new_game(seed=5)
    with language("fr"):  # every label is the seat's description made in French
        assert [a["label"] for a in french["legal"]] == [game.describe(a, 0) for a in game.legal_actions(0)]
    german = client.get(f"{url}?lang=de", headers={**bearer(token), "Accept-Language": "fr"}).json()  # ?lang= first
    assert german["phase_label"].startswith("Phase 1: ") and codes(german) == codes(english)


def test_refusals_come_in_the_requests_language(client):
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human"] * 3, seed=5)
    base, t2 = f"/api/rooms/{room['room']}", room["seats"][1]["token"]
    refused = client.post(f"{base}/actions", json={"code": "plant f1", "version": 0}, headers={**bearer(t2), "Accept-Language": "nl"})
    assert refused.status_code == 409
    assert one_line_error(refused) == "het is nu niet aan jou: p1 beslist"
    english = client.post(f"{base}/actions", json={"code": "plant f1", "version": 0}, headers=bearer(t2))
    assert one_line_error(english) == "it is not your decision now: p1 to decide"
    unknown = client.get(f"{base}/state?lang=xx", headers={**bearer(t2), "Accept-Language": "de"})
    assert unknown.status_code == 400
    assert one_line_error(unknown) == "unbekannte Sprache 'xx' (der Tisch spricht en, nl, fr, de)"
    missing = client.get("/api/rooms/nothere/state", headers={"Accept-Language": "fr"})
    assert one_line_error(missing) == "pas de salle 'nothere' ici"


def test_two_connections_of_one_seat_in_dutch_and_german_get_the_same_state_in_their_words(client):
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human"] * 3, seed=5)
    t1 = room["seats"][0]["token"]
    url = f"/api/rooms/{room['room']}/ws"
    with client.websocket_connect(url) as dutch, client.websocket_connect(url) as german, client.websocket_connect(url) as plain:
        dutch.send_json({"type": "hello", "token": t1, "language": "nl"})
        german.send_json({"type": "hello", "token": t1, "language": "de"})
        nl, de, en = receive(dutch, "state"), receive(german, "state"), hello(plain, t1)
        assert codes(nl) == codes(de) == codes(en)
        assert (nl["phase_label"], de["phase_label"], en["phase_label"]) == (
            "fase 1: planten uit de hand", "Phase 1: aus der Hand anbauen", "phase 1: plant from the hand")
        dutch.send_json({"type": "action", "code": nl["legal"][0]["code"], "version": 0, "ref": "a"})
        updates = [receive(ws, "update") for ws in (dutch, german, plain)]  # (the update comes before the answer)
        receive(dutch, "accepted")
        assert len({u["version"] for u in updates}) == 1 and len({str(u["history"]) for u in updates}) == 1
        assert all(u["log_from"] == s["log"].__len__() for u, s in zip(updates, (nl, de, en)))
        assert len({str([a["code"] for a in u["legal"]]) for u in updates}) == 1
        # the table log: p1's seat given up, told to each connection in its own words
        assert client.post(f"/api/rooms/{room['room']}/leave", headers=bearer(t1)).status_code == 200
        lines = [receive(ws, "table")["table_log"][-1] for ws in (dutch, german, plain)]
        assert lines == ["p1 gaf op: een greedy-bot speelt p1 uit", "p1 hat aufgegeben: ein greedy-Bot spielt p1 zu Ende",
                         "p1 gave up: a greedy bot plays p1 to the end"]  # fmt: skip
        # a connection may change its language: its whole state again, in the new words
        german.send_json({"type": "state", "language": "fr"})
        again = receive(german, "state")
        assert again["table_log"][-1] == "p1 a abandonné : un bot greedy joue p1 jusqu'à la fin"
        assert again["version"] >= updates[0]["version"] and again["seat"] == "p1"


def test_a_hello_naming_an_unknown_language_is_refused_in_one_line(client):
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human"] * 3, seed=5)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws?lang=fr") as ws:
        ws.send_json({"type": "hello", "token": room["seats"][0]["token"], "language": "tlh"})
        error = receive(ws, "error")
        assert error["error"] == "langue inconnue 'tlh' (la table parle en, nl, fr, de)"  # in the address's language
        state = hello(ws, room["seats"][0]["token"])  # the connection stays open: a good hello seats it
        assert state["phase_label"].startswith("phase 1 : ")


def test_the_page_gets_its_own_words_in_every_language(client):
    english = client.get("/api/strings?lang=en").json()
    assert english["language"] == "en" and english["languages"] == dict(NAMES) and english["strings"] == {}
    dutch = client.get("/api/strings", headers={"Accept-Language": "nl-BE,nl;q=0.9"}).json()
    assert dutch["language"] == "nl"
    assert dutch["strings"]["leave the game"] == "spel verlaten"
    assert dutch["strings"]["{n} card"] == ["{n} kaart", "{n} kaarten"]
    # every word the page's modules mark has its translation (none falls through in English)
    from importlib import resources  # noqa: PLC0415

    for lang in ("nl", "fr", "de"):
        strings = client.get(f"/api/strings?lang={lang}").json()["strings"]
        for module in resources.files("beanframe.server").joinpath("static").iterdir():
            if module.name.endswith(".js"):
                singles, plurals = marked(module.read_text(encoding="utf-8"))
                for message in singles:
                    assert strings[message] and has(message, lang), (lang, message)
                for one, _many in plurals:
                    assert all(strings[one]) and has(one, lang), (lang, one)


def test_a_rooms_variant_modules_get_their_words_in_the_rooms_web_info(client):
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human"] * 3, seed=5)
    web = client.get(f"/api/rooms/{room['room']}/web", headers={**bearer(room["seats"][0]["token"]), "Accept-Language": "de"}).json()
    assert web["strings"]["end trading"] == "Handel beenden"  # the beans' module (catalog "beans")
    assert web["strings"]["{n} trade so far"] == ["bisher {n} Tausch", "bisher {n} Tausche"]


@pytest.mark.parametrize(("variants", "players"), SETS, ids=[f"{'+'.join(v)}-{n}p" for v, n in SETS])
def test_a_seats_state_says_nothing_it_cannot_see_in_any_language(variants, players):  # issue 18 §3 per language
    """The redeal check of test_leaks (a seat's state is unchanged when everything it cannot see
    is redealt), in every language, at positions of a random game; and every language's state
    has the same codes."""
    game = compose(list(variants), players).new_game(seed=3)
    rng = random.Random(7)
    for step in range(120):
        if game.is_over:
            break
        if step % 20 == 0:
            for seat in [None, *range(players)]:
                redealt = game.determinize(seat, random.Random(step))
                states = {}
                for lang in LANGUAGES:
                    with language(lang):
                        state = normal(seat_state(game, seat))
                        assert normal(seat_state(redealt, seat)) == state, f"{lang}: seat {seat}'s state depends on what it cannot see"
                    states[lang] = state
                assert len({str(codes({**s, "version": 0})) for s in states.values()}) == 1, "the codes are the same in every language"
        actor = game.deciders[0]
        game.apply(rng.choice(game.legal_actions(actor)), actor)
