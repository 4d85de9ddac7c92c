"""The room's WebSocket (issue 18 §2, §3), in-process: the hello, pushes after every change, and
bad input through every door answered with one line to that connection only, the connection
and the game intact."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from beanframe.server import Limits

from .helpers import bearer, create_room, make_app


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, limits=Limits(rate=200, burst=200))) as c:
        yield c


def receive(ws, *kinds: str) -> dict:
    """The next message of one of ``kinds`` (presence messages come whenever someone connects)."""
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] in kinds:
            return message
    raise AssertionError(f"no {kinds} message")


def check_error(message: dict, status: int | None = None) -> str:
    assert message["type"] == "error", message
    text = message["error"]
    assert "\n" not in text and "Traceback" not in text and len(text) <= 400
    if status is not None:
        assert message["status"] == status, message
    return text


def hello(ws, token) -> dict:
    ws.send_json({"type": "hello", "token": token})
    return receive(ws, "state")


def test_hello_then_updates_after_every_change(client):  # issue 18 §2
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    t1, t2 = (s["token"] for s in room["seats"][:2])
    url = f"/api/rooms/{room['room']}/ws"
    with client.websocket_connect(url) as ws1, client.websocket_connect(url) as ws2:
        s1, s2 = hello(ws1, t1), hello(ws2, t2)
        assert (s1["seat"], s2["seat"], s1["version"]) == ("p1", "p2", 0)
        assert s2["legal"] == [] and s1["legal"]
        ws1.send_json({"type": "action", "code": s1["legal"][0]["code"], "version": 0, "ref": "a1"})
        u2 = receive(ws2, "update")  # the other seat hears of it
        u1 = receive(ws1, "update")
        assert u1["version"] == u2["version"] == 1
        assert u1["history_from"] == 0 and u1["history"] == [["p1", s1["legal"][0]["code"]]]
        assert u2["log_from"] == len(s2["log"])
        assert receive(ws1, "accepted") == {"type": "accepted", "version": 1, "ref": "a1"}


def test_presence_is_in_the_public_state(client):  # issue 18 §2 (STYLE 19: presence)
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "bot:greedy"], seed=5)
    url = f"/api/rooms/{room['room']}/ws"
    with client.websocket_connect(url) as ws1:
        state = hello(ws1, room["seats"][0]["token"])
        assert [s["connected"] for s in state["seats"]] == [True, False, True]  # a bot is always there
        with client.websocket_connect(url) as ws2:
            hello(ws2, room["seats"][1]["token"])
            assert [s["connected"] for s in receive(ws1, "presence")["seats"]] == [True, True, True]
        assert [s["connected"] for s in receive(ws1, "presence")["seats"]] == [True, False, True]
        with client.websocket_connect(url) as ws3:
            hello(ws3, None)  # a spectator without a token
            assert receive(ws1, "presence")["spectators"] == 1


@pytest.mark.parametrize(
    ("message", "status", "words"),
    [
        ("{", 400, "not JSON"),
        ("[1, 2]", 400, "JSON object"),
        ('{"no": "type"}', 400, "needs a \"type\""),
        ('{"type": "dance"}', 400, "unknown message type"),
        ('{"type": "action", "code": "plant f1"}', 400, "version"),
        ('{"type": "action", "code": "fly away", "version": 0}', 400, ""),
        ('{"type": "action", "code": "harvest f1", "version": 0}', 409, ""),
        ('{"type": "action", "code": "plant f1", "version": 99}', 409, "out of date"),
        ('{"type": "action", "id": -4, "version": 0}', 400, "no action id"),
        ('{"type": "action", "code": "plant f1", "version": 0, "ref": [1]}', 400, "ref"),
        ('{"type": "hello", "token": "x"}', 400, "already"),
        ('{"type": "command", "line": "teleport"}', 400, "unknown command"),
        ('{"type": "why", "code": 5}', 400, "code"),
        ("9" * 5000, 400, "not JSON"),
        ('{"type": "action", "code": "' + "x" * 9000 + '", "version": 0}', 413, "too long"),
        (json.dumps({"type": "action", "code": "plant f1", "version": 0, "pad": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}), 400, "nested"),
    ],
)
def test_bad_messages_are_one_line_and_change_nothing(client, message, status, words):  # issue 18 §3
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        state = hello(ws, room["seats"][0]["token"])
        ws.send_text(message)
        assert words in check_error(receive(ws, "error"), status)
        # the connection is intact and the game unchanged: the first choice still works at version 0
        ws.send_json({"type": "action", "code": state["legal"][0]["code"], "version": 0})
        assert receive(ws, "update")["version"] == 1


def test_binary_frames_are_read_as_text_or_refused(client):  # issue 18 §3
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        ws.send_bytes(b"\xff\xfe\x00")
        assert "UTF-8" in check_error(receive(ws, "error"), 400)
        ws.send_bytes(json.dumps({"type": "hello", "token": room["seats"][0]["token"]}).encode())
        assert receive(ws, "state")["seat"] == "p1"


def test_actions_for_another_seat_are_refused(client):  # issue 18 §3
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        hello(ws, room["seats"][1]["token"])  # p2, while p1 decides
        ws.send_json({"type": "action", "code": "plant f1", "version": 0})
        assert "not your decision" in check_error(receive(ws, "error"), 409)
        ws.send_json({"type": "state"})
        assert receive(ws, "state")["version"] == 0
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        hello(ws, room["spectator"]["token"])
        ws.send_json({"type": "action", "code": "plant f1", "version": 0})
        assert "spectator" in check_error(receive(ws, "error"), 403)


class FakeClock:
    """The rate limits' clock: it moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_flood_is_refused_and_the_connection_stays(tmp_path):  # issue 18 §3: a per-connection rate limit
    clock = FakeClock()  # issue 27 §5: the bucket's clock is the test's, so the count is exact
    with TestClient(make_app(tmp_path, limits=Limits(rate=5, burst=10), clock=clock)) as client:
        room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
        with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
            state = hello(ws, room["seats"][0]["token"])
            for i in range(40):
                ws.send_json({"type": "ping", "ref": i})
            answers = [receive(ws, "pong", "error") for _ in range(40)]
            refused = [a for a in answers if a["type"] == "error"]
            assert all("too many messages" in check_error(a, 429) for a in refused)
            assert len(refused) == 40 - 10 + 1  # the burst of 10, the hello among them
            clock.now += 1.0  # five more a second
            ws.send_json({"type": "action", "code": state["legal"][0]["code"], "version": 0})
            assert receive(ws, "update")["version"] == 1


@pytest.mark.parametrize("token", ["wrong-token", 12, "x" * 1000, "caf\u00e9", ""])
def test_odd_tokens_get_one_line(client, token):  # issue 18 §3 odd tokens
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        message = receive(ws, "error")
        assert check_error(message)
        if token == "wrong-token":  # a well-formed token that opens nothing: closed after the line
            assert message["status"] == 403
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        else:  # not a token at all: say hello properly and play on
            ws.send_json({"type": "hello", "token": room["seats"][0]["token"]})
            assert receive(ws, "state")["seat"] == "p1"


def test_unknown_rooms_close_after_one_line(client):  # issue 18 §3
    with client.websocket_connect("/api/rooms/nosuchroom/ws") as ws:
        ws.send_json({"type": "hello", "token": None})
        assert "no room" in check_error(receive(ws, "error"), 404)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_errors_go_to_that_connection_only(client):  # issue 18 §2
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    url = f"/api/rooms/{room['room']}/ws"
    with client.websocket_connect(url) as ws1, client.websocket_connect(url) as ws2:
        s1 = hello(ws1, room["seats"][0]["token"])
        hello(ws2, room["seats"][1]["token"])
        ws2.send_json({"type": "dance"})
        check_error(receive(ws2, "error"))
        ws1.send_json({"type": "action", "code": s1["legal"][0]["code"], "version": 0})
        assert receive(ws1, "update", "error")["type"] == "update"  # ws1 heard no one else's error
        ws1.send_json({"type": "ping"})
        assert receive(ws1, "pong", "error")["type"] == "pong"


def test_why_and_commands_over_the_socket(client):  # issue 18 §2
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        hello(ws, room["seats"][0]["token"])
        ws.send_json({"type": "why", "code": "buy-field", "ref": 1})
        answer = receive(ws, "why")
        assert answer["ref"] == 1 and answer["text"].startswith("buy-field")
        ws.send_json({"type": "command", "line": "meter", "width": 50})
        assert "Chili Bean" in receive(ws, "output")["text"]


def test_http_and_socket_see_the_same_game(client):  # issue 18 §2: both doors, one authority
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    token = room["seats"][0]["token"]
    with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
        state = hello(ws, token)
        response = client.post(f"/api/rooms/{room['room']}/actions", headers=bearer(token), json={"code": state["legal"][0]["code"], "version": 0})
        assert response.status_code == 200
        assert receive(ws, "update")["version"] == 1  # pushed to the socket of the seat that acted over HTTP
