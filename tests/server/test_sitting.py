"""Sitting out a trade at the table (issue 24 §1: the browser answered "unknown action 'sit-out'"):
``sit-out`` sets a server-side flag for the seat, and the server then passes for it whenever it is
asked again in that trade, until an offer is made to it (it answers, then sits out again) or the
trade ends. The flag is told to that seat alone (``sitting``)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from beanframe.server import Limits

from .helpers import bearer, create_room, make_app, one_line_error


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as c:
        yield c


def _to_the_trade(client, url, p1):
    state = client.get(f"{url}/state", headers=p1).json()
    while "trade" not in state["phase_label"]:  # plant to the trade phase: first choice each time
        state = client.post(
            f"{url}/actions", headers=p1, json={"code": state["legal"][0]["code"], "version": state["version"]}
        ).json()
    return state


def test_sit_out_passes_for_the_seat_until_an_offer_is_made_to_it(client):  # issue 24 §1, RULES C (trade)
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    p1, p2, p3 = (bearer(s["token"]) for s in room["seats"])
    url = f"/api/rooms/{room['room']}"
    state = _to_the_trade(client, url, p1)
    assert state["sitting"] is None
    # p1 runs the trade: nothing to sit out for the active player; nothing changes
    refused = client.post(f"{url}/actions", headers=p1, json={"code": "sit-out", "version": state["version"]})
    assert refused.status_code == 409 and "sit-out:" in one_line_error(refused)
    version = state["version"]
    answer = client.post(f"{url}/actions", headers=p2, json={"code": "sit-out", "version": version})
    assert answer.status_code == 200, answer.text
    mine = client.get(f"{url}/state", headers=p2).json()
    assert mine["sitting"] == "trade" and mine["history"][-1] == ["p2", "pass"]
    for other in (p1, p3, {}):  # told to that seat alone
        assert client.get(f"{url}/state", headers=other).json()["sitting"] is None
    # p3 passes, p2 is asked again: the server passes for p2 at once
    state = client.get(f"{url}/state", headers=p3).json()
    if "p3" in state["deciders"]:
        state = client.post(f"{url}/actions", headers=p3, json={"code": "pass", "version": state["version"]}).json()
    # an offer to p2: p2 is asked and answers it itself (the server does not pass for it)
    state = client.get(f"{url}/state", headers=p1).json()
    line = (
        "offer p2 give nothing for 1 "
        + client.get(f"{url}/state", headers=p2).json()["view"]["parts"]["beans"]["hand"][0]
    )
    sent = client.post(f"{url}/actions", headers=p1, json={"code": line, "version": state["version"]})
    assert sent.status_code == 200, sent.text
    mine = client.get(f"{url}/state", headers=p2).json()
    assert mine["sitting"] == "trade" and "p2" in mine["deciders"]
    assert any(a["code"].startswith("accept o") for a in mine["legal"])
    offer = next(a["code"] for a in mine["legal"] if a["code"].startswith("reject o"))
    after = client.post(f"{url}/actions", headers=p2, json={"code": offer, "version": mine["version"]})
    assert after.status_code == 200, after.text
    mine = client.get(f"{url}/state", headers=p2).json()
    assert mine["history"][-1] == ["p2", "pass"], "answered, p2 sits out again"
    # the trade ends: the flag goes with it
    state = client.get(f"{url}/state", headers=p1).json()
    client.post(f"{url}/actions", headers=p1, json={"code": "end-trading", "version": state["version"]})
    assert client.get(f"{url}/state", headers=p2).json()["sitting"] is None


def test_sit_out_outside_a_trade_is_one_line_and_changes_nothing(client):  # issue 24 §1
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)
    p1 = bearer(room["seats"][0]["token"])
    url = f"/api/rooms/{room['room']}"
    before = client.get(f"{url}/state", headers=p1).json()
    refused = client.post(f"{url}/actions", headers=p1, json={"code": "sit-out", "version": before["version"]})
    assert refused.status_code == 409 and "nothing to sit out" in one_line_error(refused)
    assert client.get(f"{url}/state", headers=p1).json() == before


def test_sit_out_is_among_the_states_commands_where_a_variant_registers_it(client):  # issue 24 §1
    bohnanza = create_room(client, variants=["bohnanza"], players=3, seats=["human", "bot:random", "bot:random"], seed=5)
    state = client.get(f"/api/rooms/{bohnanza['room']}/state", headers=bearer(bohnanza["seats"][0]["token"])).json()
    found = [c for c in state["commands"] if c["name"] == "sit-out"]
    assert found == [{"name": "sit-out", "kind": "line", "help": found[0]["help"]}]  # sent as an action's code
    assert found[0]["help"].startswith("sit-out: ") and "trade" in found[0]["help"]
    solo = create_room(client, variants=["al_cabohne"], players=1, seed=5)
    state = client.get(f"/api/rooms/{solo['room']}/state", headers=bearer(solo["seats"][0]["token"])).json()
    assert all(c["name"] != "sit-out" for c in state["commands"])  # nothing to sit out in Al Cabohne


def test_join_posts_sit_out_as_an_actions_code():  # issue 24 §1: beanframe join learns sit-out from the state
    import asyncio
    import io

    from rich.console import Console

    from beanframe_cli.table import RemoteSession

    class Client:
        seat = "p2"
        sent: list = []
        state = {
            "version": 7,
            "legal": [{"code": "pass", "label": "pass"}],
            "commands": [{"name": "sit-out", "kind": "line", "help": "sit-out: pass for the rest of this trade"}],
            "log": [],
        }

        async def act(self, code, version, ref=None):
            self.sent.append(("act", code, version))
            return True

        async def send(self, message):
            self.sent.append(("send", message))
            return True

    fake = Client()
    console = Console(file=io.StringIO(), width=80, color_system=None)
    session = RemoteSession(fake, console, lambda prompt: None)
    session.shown = fake.state
    assert asyncio.run(session.on_line("sit-out")) is None
    assert fake.sent == [("act", "sit-out", 7)]
