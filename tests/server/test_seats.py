"""Open seats and the lobby, absent players, giving up, rematches (issue 25 §2-§5), through the
documented HTTP doors; time from an injected clock."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from beanframe.server import Limits

from .helpers import bearer, create_room, make_app, one_line_error


class FakeClock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def table(tmp_path):
    app = make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))
    clock = FakeClock()
    app.state.hub.monotonic = clock
    with TestClient(app) as client:
        yield client, clock


def state(client, room, token=None):
    return client.get(f"/api/rooms/{room}/state", headers=bearer(token) if token else {}).json()


def play_until_over(client, room, tokens):
    """Every person's seat plays its first legal action until the game is over."""
    for _ in range(5000):
        moved = False
        for token in tokens:
            s = state(client, room, token)
            if s["over"]:
                return s
            if s["legal"]:
                client.post(f"/api/rooms/{room}/actions", headers=bearer(token), json={"code": s["legal"][0]["code"], "version": s["version"]})
                moved = True
        assert moved or state(client, room)["over"] or True
    raise AssertionError("the game did not end")


def test_open_seats_are_listed_claimed_once_and_private_rooms_never(table):  # issue 25 §3, §5
    client, _ = table
    private = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "bot:greedy"])
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "open", "open"], clock="fast")
    listed = client.get("/api/rooms?open=1").json()["rooms"]
    assert [r["room"] for r in listed] == [room["room"]]  # the private room is not listed
    entry = listed[0]
    assert entry["open_seats"] == ["p2", "p3"] and entry["variants"] == ["bohnanza"] and entry["players"] == 3
    assert entry["clock"]["bank"] == 300 and "token" not in str(entry) and "seed" not in entry
    assert private["room"] not in str(listed)
    claimed = client.post(f"/api/rooms/{room['room']}/seats/p2")
    assert claimed.status_code == 200
    body = claimed.json()
    assert body["seat"] == "p2" and body["url"].endswith(f"#room={room['room']}&token={body['token']}")
    assert state(client, room["room"], body["token"])["seat"] == "p2"  # the token opens the seat
    again = client.post(f"/api/rooms/{room['room']}/seats/p2")
    assert again.status_code == 409 and "not open" in one_line_error(again)
    assert client.post(f"/api/rooms/{room['room']}/seats/p9").status_code == 404
    assert client.get("/api/rooms?open=1").json()["rooms"][0]["open_seats"] == ["p3"]
    client.post(f"/api/rooms/{room['room']}/seats/p3")
    assert client.get("/api/rooms?open=1").json()["rooms"] == []  # nobody awaited: no longer listed
    assert "every seat is taken" in state(client, room["room"])["table_log"][-1]


def test_the_creator_fills_open_seats_with_bots_and_the_game_goes_on(table):  # issue 25 §3
    client, _ = table
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "open", "open"])
    token = room["seats"][0]["token"]
    other = client.post(f"/api/rooms/{room['room']}/seats/p2").json()["token"]
    refused = client.post(f"/api/rooms/{room['room']}/fill", headers=bearer(other))
    assert refused.status_code == 403 and "creator (p1)" in one_line_error(refused)
    filled = client.post(f"/api/rooms/{room['room']}/fill", headers=bearer(token))
    assert filled.status_code == 200 and filled.json() == {"filled": ["p3"]}
    seats = state(client, room["room"])["seats"]
    assert seats[2]["player"] == "bot:greedy" and state(client, room["room"])["open_seats"] == []


def test_an_absent_seat_is_handed_to_a_bot_and_taken_back_by_acting(table):  # issue 25 §2
    client, clock = table
    # the bot thinks long (it would otherwise take p3's decisions at once): p3's person acts first
    client.app.state.hub.bot_delay = 3600
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], absent=60)
    p1, p2 = room["seats"][0]["token"], room["seats"][1]["token"]
    early = client.post(f"/api/rooms/{room['room']}/seats/p2/bot", headers=bearer(p1))
    assert early.status_code == 409 and "less than 60 s" in one_line_error(early)
    clock.t += 61
    stranger = client.post(f"/api/rooms/{room['room']}/seats/p3/bot", headers=bearer(p2))
    assert stranger.status_code == 403  # only the creator (who is here)
    taken = client.post(f"/api/rooms/{room['room']}/seats/p3/bot", headers=bearer(p1))
    assert taken.status_code == 200
    s = state(client, room["room"])
    assert s["bot_plays"] == ["p3"] and "p3 is away: a greedy bot plays for p3 until they are back" in s["table_log"]
    # p3's person acts again when it is their decision: their seat is theirs again
    p3 = room["seats"][2]["token"]
    for _ in range(500):
        mine = state(client, room["room"], p3)
        if mine["legal"]:
            answer = client.post(f"/api/rooms/{room['room']}/actions", headers=bearer(p3), json={"code": mine["legal"][0]["code"], "version": mine["version"]})
            if answer.status_code == 200:
                break
        for token in (p1, p2):
            s = state(client, room["room"], token)
            if s["legal"]:
                client.post(f"/api/rooms/{room['room']}/actions", headers=bearer(token), json={"code": s["legal"][0]["code"], "version": s["version"]})
    s = state(client, room["room"])
    assert s["bot_plays"] == [] and "p3 is back: p3 plays again" in s["table_log"]
    # the creator gone (no connection for over a minute): another person may hand their seat over
    assert client.post(f"/api/rooms/{room['room']}/seats/p1/bot", headers=bearer(p2)).status_code == 200
    assert state(client, room["room"])["bot_plays"] == ["p1"]


def test_a_seat_given_up_is_played_by_a_bot_to_the_end(table):  # issue 25 §2
    client, _ = table
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"])
    p2 = room["seats"][1]["token"]
    assert client.post(f"/api/rooms/{room['room']}/leave", headers=bearer(p2)).status_code == 200
    s = state(client, room["room"])
    assert s["given_up"] == ["p2"] and "p2" in s["bot_plays"]
    assert "p2 gave up: a greedy bot plays p2 to the end" in s["table_log"]
    again = client.post(f"/api/rooms/{room['room']}/leave", headers=bearer(p2))
    assert again.status_code == 409


def test_rematch_rotates_seats_and_old_tokens_open_the_new_room(table):  # issue 25 §4, §5
    client, _ = table
    room = create_room(client, variants=["al_cabohne"], players=2, seats=["human", "human"], seed=3,
                       options={"al_cabohne": {"run_outs": 1}}, clock={"bank": 600, "increment": 5})  # fmt: skip
    tokens = [s["token"] for s in room["seats"]]
    early = client.post(f"/api/rooms/{room['room']}/rematch", headers=bearer(tokens[0]))
    assert early.status_code == 409 and "once the game is over" in one_line_error(early)
    final = play_until_over(client, room["room"], tokens)
    assert final["over"] and final["next_room"] is None
    answer = client.post(f"/api/rooms/{room['room']}/rematch", headers=bearer(tokens[1]))
    assert answer.status_code == 200
    new = answer.json()["room"]
    assert client.post(f"/api/rooms/{room['room']}/rematch", headers=bearer(tokens[0])).json()["room"] == new  # one next room
    assert state(client, room["room"], tokens[0])["next_room"] == new
    first, second = state(client, new, tokens[0]), state(client, new, tokens[1])
    assert (first["seat"], second["seat"]) == ("p2", "p1")  # rotated: old p2 starts
    assert first["variants"] == ["al_cabohne"] and first["options"]["al_cabohne"]["run_outs"] == 1
    assert first["clock"]["increment"] == 5 and first["version"] == 0
    assert client.post(f"/api/rooms/{room['room']}/rematch").status_code == 403  # no token: no rematch


def test_the_lobby_lists_only_with_open_1(table):  # issue 25 §3: nothing of a private room
    client, _ = table
    answer = client.get("/api/rooms")
    assert answer.status_code == 400 and "private" in one_line_error(answer)


def test_the_table_fields_are_public_and_hold_no_secret(table):  # issue 25; hidden information
    client, _ = table
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "open", "human"], clock="fast")
    tokens = [s["token"] for s in room["seats"]]
    claimed = client.post(f"/api/rooms/{room['room']}/seats/p2").json()["token"]
    keys = ("clock", "clocks", "clock_running", "bot_plays", "open_seats", "given_up", "table_log", "next_room")
    seen = [{k: state(client, room["room"], t)[k] for k in keys} for t in [*tokens, claimed, None]]
    assert all(s == seen[0] for s in seen)  # one public table for every seat and spectator
    text = str(seen) + str(client.get("/api/rooms?open=1").json())
    for secret in [*tokens, claimed, room["spectator"]["token"]]:
        assert secret not in text
    hand = state(client, room["room"], tokens[0])["view"]["parts"]["beans"]["hand"]
    assert not any(card in str(seen) for card in hand)


def test_the_result_marks_a_seat_given_up_where_it_is_shown_and_stored(table, tmp_path):  # issue 25 §2
    import sqlite3

    client, _ = table
    room = create_room(client, variants=["al_cabohne"], players=2, seats=["human", "human"], seed=3,
                       options={"al_cabohne": {"run_outs": 1}})  # fmt: skip
    p1, p2 = (s["token"] for s in room["seats"])
    assert client.post(f"/api/rooms/{room['room']}/leave", headers=bearer(p2)).status_code == 200
    final = play_until_over(client, room["room"], [p1])  # a bot plays p2 to the end
    assert final["result"]["given_up"] == ["p2"] and {"p1", "p2"} <= final["result"]["scores"].keys()
    assert state(client, room["room"])["result"]["given_up"] == ["p2"]  # the spectator's too
    stored = sqlite3.connect(tmp_path / "rooms.db").execute("SELECT result FROM rooms WHERE id = ?", (room["room"],)).fetchone()
    assert '"given_up": ["p2"]' in stored[0]


def test_a_result_without_a_seat_given_up_marks_none(table):  # issue 25 §2
    client, _ = table
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3, options={"al_cabohne": {"run_outs": 1}})
    final = play_until_over(client, room["room"], [room["seats"][0]["token"]])
    assert final["result"]["given_up"] == []
