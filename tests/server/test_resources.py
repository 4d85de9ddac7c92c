"""The server's resources (issue 27 §1): rooms share their rulesets, finished and idle rooms leave
memory and come back from the store when asked, rooms nobody joined expire, presence another
process stopped repeating expires; a failed creation is a 503 with nothing stored. Every time is
read from the hub's injected clock."""

from __future__ import annotations

import asyncio

import pytest
from starlette.testclient import TestClient

from beanframe.server import Limits, SQLiteStore, create_app
from beanframe.server.hub import Hub
from beanframe.server.limits import Lifetimes
from beanframe.server.store import StoreError

from .helpers import TEST_HOST, bearer, create_room, one_line_error

TIMES = Lifetimes(idle_seconds=100, over_seconds=10, unjoined_seconds=1000, presence_expiry=30)
FAST = Limits(rate=10_000, burst=10_000, create_rate=10_000, create_burst=10_000)
BOHNANZA = dict(variants=["bohnanza"], players=3, seats=["human", "human", "human"], seed=5)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def table(tmp_path, clock, store=None) -> tuple[TestClient, Hub]:
    hub = Hub(store or SQLiteStore(tmp_path / "rooms.db"), bot_delay=0.0, lifetimes=TIMES, clock=clock)
    return TestClient(create_app(hub.store, limits=FAST, hub=hub, hosts=(TEST_HOST,))), hub


def test_created_and_loaded_rooms_share_one_ruleset(tmp_path, clock):  # issue 27 §1 (memory)
    client, hub = table(tmp_path, clock)
    with client:
        first, second = create_room(client, **BOHNANZA), create_room(client, **{**BOHNANZA, "seed": 6})
        rooms = [hub.rooms[first["room"]], hub.rooms[second["room"]]]
        assert rooms[0].game.ruleset is rooms[1].game.ruleset
        clock.now += TIMES.idle_seconds
        client.portal.call(hub.sweep)
        assert first["room"] not in hub.rooms
        client.get(f"/api/rooms/{first['room']}")  # loaded again from the store
        assert hub.rooms[first["room"]].game.ruleset is rooms[1].game.ruleset


def test_an_idle_room_leaves_memory_and_comes_back_as_it_was(tmp_path, clock):  # issue 27 §1 (memory)
    client, hub = table(tmp_path, clock)
    with client:
        room = create_room(client, **BOHNANZA)
        seat = bearer(room["seats"][0]["token"])
        url = f"/api/rooms/{room['room']}"
        state = client.get(f"{url}/state", headers=seat).json()
        state = client.post(f"{url}/actions", headers=seat, json={"code": state["legal"][0]["code"], "version": 0}).json()
        clock.now += TIMES.idle_seconds - 1
        client.portal.call(hub.sweep)
        assert room["room"] in hub.rooms  # not idle for long enough yet
        clock.now += 1
        client.portal.call(hub.sweep)
        assert room["room"] not in hub.rooms
        again = client.get(f"{url}/state", headers=seat).json()
        assert again == state  # replayed from the store
        assert room["room"] in hub.rooms


def test_a_room_with_a_connection_stays(tmp_path, clock):  # issue 27 §1 (memory)
    client, hub = table(tmp_path, clock)
    with client:
        room = create_room(client, **BOHNANZA)
        with client.websocket_connect(f"/api/rooms/{room['room']}/ws") as ws:
            ws.send_json({"type": "hello", "token": room["seats"][1]["token"]})
            assert ws.receive_json()["type"] == "state"
            clock.now += TIMES.idle_seconds * 10
            client.portal.call(hub.sweep)
            assert room["room"] in hub.rooms


def test_a_finished_game_leaves_memory_sooner(tmp_path, clock):  # issue 27 §1 (2,000 finished games)
    client, hub = table(tmp_path, clock)
    with client:
        room = create_room(client, variants=["al_cabohne"], players=2, seats=["bot:random", "bot:random"], seed=3)
        url = f"/api/rooms/{room['room']}"
        for _ in range(2000):  # the bots play it out (bounded: only to catch a hang)
            if client.get(url).json()["over"]:
                break
            client.portal.call(asyncio.sleep, 0.01)
        assert client.get(url).json()["over"]
        clock.now += TIMES.over_seconds
        client.portal.call(hub.sweep)
        assert room["room"] not in hub.rooms  # finished: gone well before idle_seconds
        assert client.get(url).json()["over"] is True  # and back when asked
        assert client.get(f"{url}/save").status_code == 200


def test_a_room_nobody_joined_expires_and_a_joined_one_stays(tmp_path, clock):  # issue 27 §1
    client, hub = table(tmp_path, clock)
    with client:
        lonely = create_room(client, **BOHNANZA)
        joined = create_room(client, **BOHNANZA)
        assert client.get(f"/api/rooms/{joined['room']}/state", headers=bearer(joined["seats"][2]["token"])).status_code == 200
        clock.now += TIMES.unjoined_seconds - 1
        client.portal.call(hub.expire)
        assert client.get(f"/api/rooms/{lonely['room']}").status_code == 200  # not yet
        clock.now += 1
        client.portal.call(hub.expire)
        gone = client.get(f"/api/rooms/{lonely['room']}")
        assert gone.status_code == 404 and "no room" in one_line_error(gone)
        assert client.get(f"/api/rooms/{joined['room']}").status_code == 200
        assert client.portal.call(hub.store.unfinished) == [joined["room"]]


def test_a_creation_cut_off_by_a_crash_is_not_resumed_for_ever(tmp_path, clock):  # issue 27 §1
    first, _ = table(tmp_path, clock)
    with first:
        cut_off = create_room(first, variants=["al_cabohne"], players=2, seats=["human", "bot:greedy"], seed=4)
    clock.now += TIMES.unjoined_seconds  # nobody ever got its tokens: started again a day later
    second, hub = table(tmp_path, clock)
    with second:
        for _ in range(1000):  # the start expires it before resuming (bounded: only to catch a hang)
            if client_status(second, cut_off["room"]) == 404:
                break
            second.portal.call(asyncio.sleep, 0.01)
        assert client_status(second, cut_off["room"]) == 404
        assert second.portal.call(hub.store.unfinished) == []


def client_status(client: TestClient, room: str) -> int:
    return client.get(f"/api/rooms/{room}").status_code


def test_presence_from_another_process_expires_unless_repeated(tmp_path, clock):  # issue 27 §2
    client, hub = table(tmp_path, clock)
    with client:
        room = create_room(client, **BOHNANZA)
        url = f"/api/rooms/{room['room']}"

        def connected() -> list[bool]:
            return [s["connected"] for s in client.get(url).json()["seats"]]

        told = {"presence": {"p2": 1}, "process": "elsewhere"}
        client.portal.call(hub.on_store_message, room["room"], dict(told))
        assert connected() == [False, True, False]
        clock.now += TIMES.presence_expiry - 1
        client.portal.call(hub.on_store_message, room["room"], dict(told))  # the other process repeats it
        clock.now += TIMES.presence_expiry - 1
        client.portal.call(hub.sweep)
        assert connected() == [False, True, False]
        clock.now += 2  # and then it died: it says nothing more
        client.portal.call(hub.sweep)
        assert connected() == [False, False, False]


class FullDisk(SQLiteStore):
    async def create_room(self, room) -> None:
        raise StoreError("the store failed: database or disk is full")


def test_creating_a_room_on_a_full_disk_is_a_503_with_nothing_stored(tmp_path, clock):  # issue 27 §1
    client, hub = table(tmp_path, clock, store=FullDisk(tmp_path / "rooms.db"))
    with client:
        response = client.post("/api/rooms", json=BOHNANZA)
        assert response.status_code == 503
        assert "could not store" in one_line_error(response)
        assert hub.rooms == {}
        assert client.portal.call(hub.store.unfinished) == []
