"""The version rule (issue 18 §2, docs/protocol.md "versions"): an action sent against an old
version is taken when its seat has not acted since and none of its legal choices went, so the
seats of a group decision (Bohnanza's trade) act at once without refusing each other; it is
refused, with nothing changed, when the seat acted since (a double click) or its choices
changed."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from beanframe.server import Limits

from .helpers import bearer, create_room, make_app, one_line_error


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as c:
        yield c


def trade_room(client):
    """A 4-player Bohnanza room at its first trade (every seat decides); the seats' headers,
    its address and p1's state."""
    room = create_room(client, variants=["bohnanza"], players=4, seats=["human"] * 4, seed=3)
    seats = [bearer(s["token"]) for s in room["seats"]]
    url = f"/api/rooms/{room['room']}"
    state = client.get(f"{url}/state", headers=seats[0]).json()
    while len(state["deciders"]) < 4:  # p1 plants: the first choice each time
        body = {"code": state["legal"][0]["code"], "version": state["version"]}
        state = client.post(f"{url}/actions", headers=seats[0], json=body).json()
    return seats, url, state


def act(client, url, headers, code, version):
    return client.post(f"{url}/actions", headers=headers, json={"code": code, "version": version})


def test_an_old_version_is_taken_when_another_seat_moved(client):  # issue 18 §2 (the version rule)
    seats, url, state = trade_room(client)
    v = state["version"]
    p3_before = client.get(f"{url}/state", headers=seats[2]).json()
    assert p3_before["version"] == v and "give h1" in [a["code"] for a in p3_before["legal"]]
    first = act(client, url, seats[1], "give h1", v)  # p2 starts building an offer
    assert first.status_code == 200, first.text
    p3_now = client.get(f"{url}/state", headers=seats[2]).json()
    assert p3_now["legal"] == p3_before["legal"]  # nothing p3 decides on changed
    # p3 chose at version v, before it heard of p2's action: taken, not refused as stale
    second = act(client, url, seats[2], "give h1", v)
    assert second.status_code == 200, second.text
    after = second.json()
    assert after["version"] == v + 2
    assert after["history"][-2:] == [["p2", "give h?"], ["p3", "give h1"]]


def test_a_double_click_is_still_refused(client):  # issue 18 §2 (two quick clicks never apply twice)
    seats, url, state = trade_room(client)
    v = state["version"]
    assert act(client, url, seats[1], "give h1", v).status_code == 200
    again = act(client, url, seats[1], "give h1", v)  # p2 acted since v
    assert again.status_code == 409 and "out of date" in one_line_error(again)
    assert client.get(f"{url}/state", headers=seats[1]).json()["version"] == v + 1


def test_an_old_version_is_refused_when_the_seats_choices_changed(client):  # issue 18 §2 (the version rule)
    seats, url, state = trade_room(client)
    v = state["version"]
    before = client.get(f"{url}/state", headers=seats[2]).json()
    assert "end-trading" in [a["code"] for a in state["legal"]]
    assert act(client, url, seats[0], "end-trading", v).status_code == 200  # the trade is over for everyone
    now = client.get(f"{url}/state", headers=seats[2]).json()
    assert now["legal"] != before["legal"]
    refused = act(client, url, seats[2], "pass", v)
    assert refused.status_code == 409 and "out of date" in one_line_error(refused)
    assert client.get(f"{url}/state", headers=seats[2]).json() == now  # nothing changed


def test_a_version_from_the_future_or_before_the_start_is_refused(client):  # issue 18 §2
    seats, url, state = trade_room(client)
    v = state["version"]
    for version in (v + 1, -1):
        response = act(client, url, seats[2], "pass", version)
        assert response.status_code == 409 and "out of date" in one_line_error(response)
