"""Group decisions at the table (issue 24 §3): the version rule lets a seat's action chosen at an
older version through when every choice it had then is still there (an offer made to it while it
chose adds choices, it takes none away), and refuses it when one of them went (its own offer
answered); nothing changes when refused."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from beanframe.server import Limits

from .helpers import make_app, one_line_error
from .test_versions import act, trade_room


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as c:
        yield c


def codes(state):
    return [a["code"] for a in state["legal"]]


def test_an_offer_made_while_a_seat_chose_does_not_refuse_its_choice(client):  # issue 24 §3
    seats, url, state = trade_room(client)
    v = state["version"]
    before = client.get(f"{url}/state", headers=seats[1]).json()
    assert act(client, url, seats[0], "give h1", v).status_code == 200  # p1 builds an offer to p2
    assert act(client, url, seats[0], "send p2", v + 1).status_code == 200
    now = client.get(f"{url}/state", headers=seats[1]).json()
    assert set(codes(before)) < set(codes(now)) and "accept o1" in codes(now)  # only new choices came
    taken = act(client, url, seats[1], "give h1", v)  # p2 chose at v, before the offer came
    assert taken.status_code == 200, taken.text
    assert taken.json()["history"][-1] == ["p2", "give h1"]


def test_a_choice_that_went_refuses_an_action_chosen_before(client):  # issue 24 §3 (RULES C: answering an offer)
    seats, url, state = trade_room(client)
    v = state["version"]
    assert act(client, url, seats[1], "give h1", v).status_code == 200  # p2 offers a card to p1
    assert act(client, url, seats[1], "send p1", v + 1).status_code == 200
    p2 = client.get(f"{url}/state", headers=seats[1]).json()
    assert "withdraw o1" in codes(p2)
    assert act(client, url, seats[0], "reject o1", v + 2).status_code == 200  # p1 answers: p2's withdraw went
    refused = act(client, url, seats[1], "give h2", v + 2)  # p2 chose before it heard of the answer
    assert refused.status_code == 409 and "out of date" in one_line_error(refused)
    assert client.get(f"{url}/state", headers=seats[1]).json()["version"] == v + 3  # nothing done


def test_a_seat_that_did_not_decide_then_cannot_act_on_that_version(client):  # issue 24 §3
    seats, url, state = trade_room(client)
    v = state["version"]
    assert act(client, url, seats[1], "pass", v).status_code == 200  # p2 leaves the group: no choices
    assert act(client, url, seats[0], "give h1", v + 1).status_code == 200
    assert act(client, url, seats[0], "send p2", v + 2).status_code == 200  # a change: p2 decides again
    assert "accept o1" in codes(client.get(f"{url}/state", headers=seats[1]).json())
    refused = act(client, url, seats[1], "reject o1", v + 1)  # at v + 1 p2 had no decision
    assert refused.status_code == 409 and "out of date" in one_line_error(refused)
