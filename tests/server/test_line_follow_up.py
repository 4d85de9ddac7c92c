"""Issue 24.2: the browser's text box posts a typed line as the action's code; ``accept o3 h3``
(F.27: which copy to give) failed there as at the terminal. The issue's reproduction, through the
table server."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from beanframe.server import Limits

from .helpers import bearer, create_room, make_app


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as c:
        yield c


def test_accept_with_the_copy_named_is_taken_from_the_text_box(client):  # F.27
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human"] * 3, seed=5)
    seats = [bearer(s["token"]) for s in room["seats"]]
    url = f"/api/rooms/{room['room']}"
    state = client.get(f"{url}/state", headers=seats[0]).json()
    lines = [(0, state["legal"][0]["code"]), (0, "plant f2"), (0, "offer p2 give h1 for 1 Blaue Bohne"), (1, "reject o1"),
             (2, "offer p1 give h1 for u2"), (0, "accept o2"), (1, "offer p1 give h2 for 1 Blaue Bohne"), (0, "accept o3 h3")]
    version = state["version"]
    for player, line in lines:
        response = client.post(f"{url}/actions", headers=seats[player], json={"code": line, "version": version})
        assert response.status_code == 200, (line, response.text)
        version = response.json()["version"]
    history = client.get(f"{url}/state", headers=seats[0]).json()["history"]
    assert [h[1] for h in history[-2:]] == ["accept o3", "give-copy h3"]
