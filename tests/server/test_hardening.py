"""The server facing the internet (issue 27 §3): security headers on every response, no cache for a
seat's state, bodies only as application/json, only the Host names the server serves, and option
errors in one line naming the option, the value and what is allowed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sqlite3

import pytest
import websockets
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from beanframe.server import Limits
from beanframe.server.gate import allowed_hosts, host_name
from beanframe_cli.commands.serve import served_names

from .helpers import ServerProcess, bearer, create_room, make_app, one_line_error


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as c:
        yield c


def rooms_in(tmp_path) -> int:
    """The rooms stored (make_app's SQLite file)."""
    with contextlib.closing(sqlite3.connect(tmp_path / "rooms.db")) as db:
        return db.execute("SELECT count(*) FROM rooms").fetchone()[0]


def test_every_response_carries_the_security_headers(client):  # issue 27 §3
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    answers = [
        client.get("/"),
        client.get("/api"),
        client.get("/static/app.js"),
        client.get(f"/api/rooms/{room['room']}"),
        client.get("/nowhere"),
        client.post("/api/rooms", json={"variants": ["nothing"]}),
    ]
    for response in answers:
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, response.url
        assert "default-src 'none'" in policy  # nothing from elsewhere unless named
        assert response.headers["x-content-type-options"] == "nosniff"


def test_seat_states_are_never_cached(client):  # issue 27 §3
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    headers = bearer(room["seats"][0]["token"])
    state = client.get(f"/api/rooms/{room['room']}/state", headers=headers)
    assert state.headers["cache-control"] == "no-store"
    code = state.json()["legal"][0]["code"]
    acted = client.post(f"/api/rooms/{room['room']}/actions", headers=headers, json={"code": code, "version": 0})
    assert acted.status_code == 200 and acted.headers["cache-control"] == "no-store"
    for path, body in (("why", {"code": "x"}), ("command", {"line": "meter"})):  # words for this seat
        answer = client.post(f"/api/rooms/{room['room']}/{path}", headers=headers, json=body)
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None])
def test_a_body_that_is_not_declared_json_creates_nothing(client, tmp_path, kind):  # issue 27 §3: a cross-origin simple POST
    headers = {"Content-Type": kind} if kind else {}
    response = client.post("/api/rooms", content=b'{"variants": ["al_cabohne"], "players": 1}', headers=headers)
    assert response.status_code == 415
    assert "application/json" in one_line_error(response)
    assert rooms_in(tmp_path) == 0


def test_json_with_a_charset_is_json(client, tmp_path):
    response = client.post("/api/rooms", content=b'{"variants": ["al_cabohne"], "players": 1}',
                           headers={"Content-Type": "application/json; charset=utf-8"})  # fmt: skip
    assert response.status_code == 201
    assert rooms_in(tmp_path) == 1


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "localhost.evil.example", "", "127.0.0.1.nip.io"])
def test_other_host_names_are_refused(tmp_path, host):  # issue 27 §3: DNS rebinding
    with TestClient(make_app(tmp_path)) as client:
        response = client.post("/api/rooms", json={"variants": ["al_cabohne"], "players": 1}, headers={"Host": host})
        assert response.status_code == 421
        assert "host name" in one_line_error(response)
        assert response.headers["x-content-type-options"] == "nosniff"
        assert rooms_in(tmp_path) == 0
        assert client.get("/", headers={"Host": host}).status_code == 421


def test_a_websocket_under_another_host_name_is_refused(tmp_path):  # issue 27 §3
    with TestClient(make_app(tmp_path)) as client:
        room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(f"/api/rooms/{room['room']}/ws", headers={"Host": "evil.example"}) as ws:
                ws.receive_json()
        assert closed.value.code == 1008


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST", "beans.example.org"])
def test_the_served_names_are_answered(tmp_path, host):  # issue 27 §3: --url's host and localhost
    with TestClient(make_app(tmp_path, hosts=(), public_url="https://beans.example.org/"), base_url=f"http://{host}") as client:
        room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
        assert room["seats"][0]["url"].startswith("https://beans.example.org/#room=")


def test_without_configuration_the_test_client_name_is_refused(tmp_path):
    # the fixtures answer "testserver" because they configure it, not because the check is lax
    with TestClient(make_app(tmp_path, hosts=())) as client:
        assert client.get("/api").status_code == 421


def test_the_allowed_names():
    assert host_name("[::1]:8000") == "::1" and host_name("Example.ORG.:80") == "example.org" and host_name("a:b") == ""
    assert allowed_hosts("https://beans.example.org:8443/table/", "192.168.1.5") == {
        "localhost", "127.0.0.1", "::1", "beans.example.org", "192.168.1.5"}  # fmt: skip
    assert allowed_hosts(None, "0.0.0.0") == {"localhost", "127.0.0.1", "::1"}  # a wildcard is no name
    assert "::1" in allowed_hosts(None, "::1")


@pytest.mark.parametrize(
    "options, words",
    [
        ({"bohnaparte": {"deck_runs": 7}}, "bohnaparte.deck_runs: 7 is not allowed (allowed: 3, 4, 5)"),
        ({"bohnanza": {"tie_break": "coin"}}, "bohnanza.tie_break: 'coin' is not allowed (allowed: share, hand_cards)"),
        ({"bohnaparte": {"layout": "hex"}}, "bohnaparte.layout: 'hex' is not allowed (allowed: standard, random"),
    ],
)
def test_option_errors_name_the_option_the_value_and_what_is_allowed(client, tmp_path, options, words):  # issue 27 §3
    response = client.post("/api/rooms", json={"variants": ["bohnanza", "bohnaparte"], "players": 4, "options": options})
    assert response.status_code == 400
    text = one_line_error(response)
    assert words in text
    assert "Attribute" not in text and "validator" not in text
    assert rooms_in(tmp_path) == 0


def test_configured_ipv6_addresses_are_understood():
    assert "fe80::1" in allowed_hosts(None, more=("fe80::1", "[2001:db8::2]"))
    assert "2001:db8::2" in allowed_hosts(None, more=("[2001:db8::2]",))
    assert host_name("[fe80::1]:8000") == "fe80::1"


def test_serve_answers_its_bound_address_and_on_every_interface_its_own_names():
    assert served_names("192.168.1.5") == ["192.168.1.5"]
    everywhere = served_names("0.0.0.0")
    assert socket.gethostname().lower() in everywhere and f"{socket.gethostname().lower()}.local" in everywhere


def test_a_real_server_refuses_another_host_name_over_http_and_websocket(tmp_path):  # issue 27 §3, uvicorn included
    with ServerProcess(str(tmp_path / "rooms.db")) as server, server.client() as client:
        refused = client.post("/api/rooms", json={"variants": ["al_cabohne"], "players": 1}, headers={"Host": "rebound.example"})
        assert refused.status_code == 421 and "host name" in one_line_error(refused)
        assert client.get("/api", headers={"Host": f"localhost:{server.port}"}).status_code == 200
        room = client.post("/api/rooms", json={"variants": ["al_cabohne"], "players": 1}).json()
        assert room["seats"][0]["url"].startswith(server.url)  # built from a name it serves

        async def socket_under(name: str) -> str:
            url = f"ws://{name}:{server.port}/api/rooms/{room['room']}/ws"  # the Host header; the socket goes to 127.0.0.1
            try:
                async with websockets.connect(url, host="127.0.0.1", port=server.port, open_timeout=30) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": room["spectator"]["token"]}))
                    return json.loads(await asyncio.wait_for(ws.recv(), 30))["type"]
            except websockets.InvalidStatus as exc:
                return f"refused {exc.response.status_code}"

        assert asyncio.run(socket_under("rebound.example")) == "refused 403"
        assert asyncio.run(socket_under("localhost")) == "state"
