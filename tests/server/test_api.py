"""The HTTP side of the table server (issue 18 §2, §3), in-process (Starlette's test client).

Rooms are created, read and played through the documented endpoints; tokens open exactly one
seat; every refusal is one line with a 4xx status and leaves the game as it was."""

from __future__ import annotations

import json
import re
import time

import pytest
from starlette.testclient import TestClient

from beanframe.core.persist import load_game
from beanframe.server import Limits

from .helpers import bearer, create_room, make_app, one_line_error


@pytest.fixture
def client(tmp_path):
    # these tests play whole games as fast as they can: above a person's rate limit
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as c:
        yield c


def solo(client):
    return create_room(client, variants=["al_cabohne"], players=1, seed=3)


def test_create_room_answers_tokens_and_links(client):  # issue 18 §2
    body = create_room(client, variants=["bohnanza"], players=4, seats=["human", "bot:greedy", "human", "bot:random"])
    assert re.fullmatch(r"[A-Za-z0-9_-]+", body["room"])
    assert [s["seat"] for s in body["seats"]] == ["p1", "p3"]  # a token for each human seat only
    tokens = [s["token"] for s in body["seats"]] + [body["spectator"]["token"]]
    assert len(set(tokens)) == 3
    for seat in [*body["seats"], body["spectator"]]:
        assert len(seat["token"]) >= 22  # secrets.token_urlsafe: at least 128 bits
        base, fragment = seat["url"].split("#")
        assert base == "http://testserver/" and fragment == f"room={body['room']}&token={seat['token']}"  # after '#'


def test_state_has_the_documented_fields(client):  # issue 18 §2
    room = solo(client)
    token = room["seats"][0]["token"]
    state = client.get(f"/api/rooms/{room['room']}/state", headers=bearer(token)).json()
    for key in ("seat", "version", "view", "log", "deciders", "legal", "over", "result", "history", "seats"):
        assert key in state
    assert state["seat"] == "p1" and state["version"] == 0 and state["deciders"] == ["p1"]
    assert state["over"] is False and state["result"] is None and "seed" not in state
    assert all(set(a) == {"code", "label", "id"} for a in state["legal"]) and state["legal"]
    assert state["view"]["parts"]["beans"]["hand"]  # the seat's own hand


def test_no_token_and_the_spectator_token_see_the_public_view(client):  # issue 18 §2, §3
    room = solo(client)
    public = client.get(f"/api/rooms/{room['room']}/state").json()
    spectator = client.get(f"/api/rooms/{room['room']}/state", headers=bearer(room["spectator"]["token"])).json()
    for state in (public, spectator):
        assert state["seat"] is None and state["legal"] == []
        assert state["view"]["parts"]["beans"]["hand"] is None  # no hand for a spectator


def test_an_action_moves_the_game_on_by_one_version(client):  # issue 18 §2
    room = solo(client)
    headers = bearer(room["seats"][0]["token"])
    state = client.get(f"/api/rooms/{room['room']}/state", headers=headers).json()
    code = state["legal"][0]["code"]
    response = client.post(f"/api/rooms/{room['room']}/actions", headers=headers, json={"code": code, "version": 0})
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == 1 and after["history"][-1] == ["p1", code]
    # the same request again (a double click) is refused: its version is old
    again = client.post(f"/api/rooms/{room['room']}/actions", headers=headers, json={"code": code, "version": 0})
    assert again.status_code == 409 and "out of date" in one_line_error(again)
    assert client.get(f"/api/rooms/{room['room']}/state", headers=headers).json()["version"] == 1


def test_an_action_by_id_works_too(client):  # issue 18 §2 (the legal list's ids)
    room = solo(client)
    headers = bearer(room["seats"][0]["token"])
    state = client.get(f"/api/rooms/{room['room']}/state", headers=headers).json()
    response = client.post(f"/api/rooms/{room['room']}/actions", headers=headers, json={"id": state["legal"][0]["id"], "version": 0})
    assert response.status_code == 200 and response.json()["version"] == 1


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"variants": ["no_such_game"]}, 400, "unknown variant"),
        ({"variants": []}, 400, "'variants' must be"),
        ({"variants": ["bohnanza"], "players": 2}, 400, "cannot be played by 2"),
        ({"variants": ["bohnanza"], "players": "four"}, 400, "'players' must be"),
        ({"variants": ["bohnanza"], "players": 3, "seats": ["human", "robot"]}, 400, "bad seat"),
        ({"variants": ["bohnanza"], "players": 3, "seats": ["bot:nobody"]}, 400, "unknown bot"),
        ({"variants": ["bohnanza"], "players": 3, "seats": ["human"] * 4}, 400, "4 seats given"),
        ({"variants": ["bohnanza"], "options": {"bohnanza": {"run_outs": "x"}}}, 400, "bad option"),
        ({"variants": ["bohnanza"], "options": {"bohnanza": {"colour": 1}}}, 400, "unknown option"),
        ({"variants": ["ali_baba"], "options": {"ali_baba": {"board": "/etc/passwd"}}}, 400, "names a file on the server"),
        ({"variants": ["bohnanza"], "seed": -1}, 400, "'seed' must be"),
        ({"variants": ["bohnanza"], "colour": "red"}, 400, "unknown key"),
        ([1, 2], 400, "must be a JSON object"),
    ],
)
def test_bad_room_requests_are_one_line(client, body, status, words):  # issue 18 §2 "as the CLI words them"
    response = client.post("/api/rooms", json=body)
    assert response.status_code == status
    assert words in one_line_error(response)


def test_the_file_option_text_is_not_read(client):  # issue 18 §3: a table never reads the server's files
    response = client.post("/api/rooms", json={"variants": ["ali_baba"], "options": {"ali_baba": {"board": "/etc/hostname"}}})
    assert "/etc/hostname" not in response.text or "names a file" in response.text


@pytest.mark.parametrize(
    ("raw", "words"),
    [(b"{", "not JSON"), (b"\xff\xfe", "not UTF-8"), (b"[" * 100 + b"]" * 100, "nested"), (b"9" * 5000, "not JSON")],
)
def test_malformed_bodies_are_one_line(client, raw, words):  # issue 18 §3
    response = client.post("/api/rooms", content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and words in one_line_error(response)


def test_huge_bodies_are_refused(client):  # issue 18 §3: a size limit
    response = client.post("/api/rooms", content=b" " * 100_000, headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and "too long" in one_line_error(response)


def test_tokens_open_exactly_one_seat_of_one_room(client):  # issue 18 §3
    first, second = solo(client), solo(client)
    other = second["seats"][0]["token"]
    response = client.get(f"/api/rooms/{first['room']}/state", headers=bearer(other))
    assert response.status_code == 403 and "opens no seat" in one_line_error(response)
    act = client.post(f"/api/rooms/{first['room']}/actions", headers=bearer(other), json={"code": "x", "version": 0})
    assert act.status_code == 403


@pytest.mark.parametrize("header", ["Basic abc", "Bearer", "Bearer " + "x" * 500, b"Bearer caf\xc3\xa9", "token"])
def test_odd_authorization_headers_are_one_line(client, header):  # issue 18 §3 odd tokens
    room = solo(client)
    response = client.get(f"/api/rooms/{room['room']}/state", headers={"Authorization": header})
    assert response.status_code in (400, 401, 403) and one_line_error(response)


def test_unknown_rooms_and_addresses(client):  # issue 18 §3
    for path in ("/api/rooms/nosuchroom/state", "/api/rooms/../../etc/state", "/api/rooms/" + "x" * 300 + "/state", "/nothing"):
        response = client.get(path)
        assert response.status_code == 404 and one_line_error(response)
    assert client.delete("/api/rooms").status_code == 405


def test_refused_actions_change_nothing(client):  # issue 18 §2, §3
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    p1, p2 = (bearer(s["token"]) for s in room["seats"][:2])
    url = f"/api/rooms/{room['room']}"
    before = client.get(f"{url}/state", headers=p1).json()
    attempts = [
        (p2, {"code": "plant f1", "version": 0}, 409, "not your decision"),  # an action for another seat
        (p1, {"code": "harvest f9", "version": 0}, 400, ""),  # no such action
        (p1, {"code": "buy-field", "version": 0}, 409, "not possible now"),
        (p1, {"code": "plant f1"}, 400, "version"),
        (p1, {"code": "plant f1", "version": "0"}, 400, "version"),
        (p1, {"code": 7, "version": 0}, 400, "give the action"),
        (p1, {"id": 10**9, "version": 0}, 400, "no action id"),
        (p1, {"code": "x" * 5000, "version": 0}, 400, ""),
        ({}, {"code": "plant f1", "version": 0}, 403, "spectator"),
    ]
    for headers, body, status, words in attempts:
        response = client.post(f"{url}/actions", headers=headers, json=body)
        assert response.status_code == status, (body, response.text)
        assert words in one_line_error(response)
    after = client.get(f"{url}/state", headers=p1).json()
    assert after == before


def test_a_one_line_offer_is_resolved_on_the_server(client):  # issue 18 §2 (offer p3 give h2 h4 for 2 fire)
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    p1 = bearer(room["seats"][0]["token"])
    url = f"/api/rooms/{room['room']}"
    state = client.get(f"{url}/state", headers=p1).json()
    while "trade" not in state["phase_label"]:  # plant to the trade phase: first choice each time
        state = client.post(f"{url}/actions", headers=p1, json={"code": state["legal"][0]["code"], "version": state["version"]}).json()
    hand = state["view"]["parts"]["beans"]["hand"]
    wanted = state["view"]["parts"]["beans"]["hand"][0]
    bad = client.post(f"{url}/actions", headers=p1, json={"code": "offer p3 give h99 for 1 nothing", "version": state["version"]})
    assert bad.status_code == 409 and "(nothing done)" in one_line_error(bad)
    line = f"offer p2 give h1 for 1 {wanted}" if len(hand) else "offer p2 for 1 fire"
    response = client.post(f"{url}/actions", headers=p1, json={"code": line, "version": state["version"]})
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["version"] > state["version"] + 1  # one line, several actions, one version each
    assert after["history"][-1][1].startswith("send")


def test_why_and_the_variants_commands(client):  # issue 18 §2 (why, meter) answered for the seat
    room = solo(client)
    p1 = bearer(room["seats"][0]["token"])
    url = f"/api/rooms/{room['room']}"
    why = client.post(f"{url}/why", headers=p1, json={"code": "buy-field"}).json()["text"]
    assert why.startswith("buy-field")
    meter = client.post(f"{url}/command", headers=p1, json={"line": "meter", "width": 60})
    assert meter.status_code == 200 and "Chili Bean" in meter.json()["text"]
    unknown = client.post(f"{url}/command", headers=p1, json={"line": "teleport"})
    assert unknown.status_code == 400 and "unknown command" in one_line_error(unknown)


def test_the_save_is_served_only_once_the_game_is_over(client):  # issue 18 §2, §4
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3, options={"al_cabohne": {"run_outs": 1}})
    p1 = bearer(room["seats"][0]["token"])
    url = f"/api/rooms/{room['room']}"
    early = client.get(f"{url}/save")
    assert early.status_code == 409 and "once the game is over" in one_line_error(early)
    state = client.get(f"{url}/state", headers=p1).json()
    while not state["over"]:
        body = {"code": state["legal"][0]["code"], "version": state["version"]}
        response = client.post(f"{url}/actions", headers=p1, json=body)
        assert response.status_code == 200, response.text
        state = response.json()
    assert state["result"]["winners"] and state["seed"] == 3  # the seed only now
    save = client.get(f"{url}/save")
    assert save.status_code == 200
    game = load_game(save.text)  # what beanframe replay reads
    assert game.is_over and [a.code for a in game.actions] == [code for _, code in state["history"]]
    finished = client.post(f"{url}/actions", headers=p1, json={"code": "plant f1", "version": state["version"]})
    assert finished.status_code == 409 and "over" in one_line_error(finished)


def test_bots_fill_seats_on_the_server(client):  # issue 18 §1
    room = create_room(client, variants=["bohnanza"], players=3, seats=["bot:greedy", "bot:random", "bot:greedy"],
                       options={"bohnanza": {"run_outs": 1}}, seed=3)  # fmt: skip
    url = f"/api/rooms/{room['room']}"
    assert room["seats"] == []
    # bots play on (think time 0 here) and the game ends by itself: poll until it is over. Only a
    # hang is bounded (generously): how many polls that takes depends on how busy the machine is.
    deadline = time.monotonic() + 600
    while not (state := client.get(f"{url}/state").json())["over"] and time.monotonic() < deadline:
        time.sleep(0.02)  # let the server's loop and the bots' thread run
    assert state["over"] and all(s["connected"] for s in state["seats"])


def test_variants_list_for_the_create_form(client):  # issue 19's create form, served here
    data = client.get("/api/variants").json()
    sets = {tuple(s["variants"]): s for s in data["sets"]}
    assert sets[("bohnanza",)]["players"] == [3, 4, 5]
    assert sets[("al_cabohne", "prohibohn")]["players"] == [2]
    assert "greedy" in sets[("bohnanza",)]["bots"]
    run_outs = next(o for o in sets[("bohnanza",)]["options"]["bohnanza"] if o["name"] == "run_outs")
    assert run_outs["default"] == 3 and run_outs["help"]
    board = next(o for o in sets[("ali_baba",)]["options"]["ali_baba"] if o["name"] == "board")
    assert board["file"] is True
    json.dumps(data)


def test_the_page_is_served(client):  # issue 19: beanframe serve in a browser is not a 404
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text
    assert client.get("/static/index.html").status_code == 200  # package data
    assert client.get("/api").json()["protocol"] == 1


def test_floods_of_requests_are_refused_with_one_line(tmp_path):  # issue 18 §3 floods
    with TestClient(make_app(tmp_path, limits=Limits(rate=1, burst=5, create_rate=1, create_burst=2))) as client:
        room = solo(client)
        headers = bearer(room["seats"][0]["token"])
        answers = [client.post(f"/api/rooms/{room['room']}/why", headers=headers, json={}) for _ in range(12)]
        refused = [r for r in answers if r.status_code == 429]
        assert refused and "too many requests" in one_line_error(refused[0])
        assert client.get(f"/api/rooms/{room['room']}/state", headers=headers).status_code == 200  # reading goes on
        creations = [client.post("/api/rooms", json={"variants": ["al_cabohne"]}) for _ in range(4)]
        assert creations[-1].status_code == 429 and "too many" in one_line_error(creations[-1])
