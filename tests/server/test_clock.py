"""Clocks at the table (issue 25 §1, §5): each rule with an injected clock, never the wall clock.

The hub's ``monotonic`` is a :class:`FakeClock` the test moves; ``room.seating.tick()`` is what the
room's timer calls when a clock may have run out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from beanframe.errors import ConfigError
from beanframe.server import SQLiteStore
from beanframe.server.clock import REAL_TIME, TURN_BASED, parse_clock
from beanframe.server.hub import Hub
from beanframe.server.setup import parse_setup

from .helpers import bearer, create_room, make_app, one_line_error


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


async def until(test: Callable[[], bool], what: str) -> None:
    """Wait for the room's bots (a bound only to catch a hang; nothing is timed by it)."""
    for _ in range(2000):
        if test():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never happened: {what}")


def run(tmp_path, scenario: Callable[[Hub, FakeClock], Any]) -> Any:
    async def main() -> Any:
        clock = FakeClock()
        hub = Hub(SQLiteStore(tmp_path / "rooms.db"), bot_delay=0.0)
        hub.monotonic = clock
        await hub.start()
        try:
            return await scenario(hub, clock)
        finally:
            await hub.close()

    return asyncio.run(main())


def setup(**body: Any) -> Any:
    return parse_setup({"variants": ["bohnanza"], "players": 3, "seed": 5, **body})


async def act_first(room, player: int) -> None:
    """The seat's person acts (its first legal action, as a code: a person's action)."""
    legal = room.game.legal_actions(player)
    await room.act(player, room.version, code=legal[0].code)


# -- the profiles -------------------------------------------------------------------------------
def test_clock_profiles_parse_and_bad_ones_are_one_line():  # issue 25 §5
    real = parse_clock({"bank": 300, "increment": 20})
    assert (real.kind, real.bank, real.increment, real.cap, real.bot) == (REAL_TIME, 300, 20, 300, "greedy")
    turn = parse_clock({"per_decision": 86400})
    assert (turn.kind, turn.bank, turn.group) == (TURN_BASED, 86400, 86400)
    assert parse_clock(None) is None and parse_clock("none") is None
    assert parse_clock("fast").to_data()["bank"] == 300
    for bad, words in [({"bank": -1}, "'bank' must be"), ({"bank": 60, "speed": 2}, "unknown key"),
                       ({"bank": 60, "bot": "oracle"}, "no bot"), ("slowest", "unknown clock"),
                       ({"bank": 60, "per_decision": 60}, "either per_decision")]:  # fmt: skip
        with pytest.raises(ConfigError, match=words) as caught:
            parse_clock(bad)
        assert "\n" not in str(caught.value)


def test_create_room_with_a_clock_and_every_state_has_clocks(tmp_path):  # issue 25 §5
    with TestClient(make_app(tmp_path)) as client:
        plain = create_room(client, variants=["al_cabohne"], players=1, seed=3)
        state = client.get(f"/api/rooms/{plain['room']}/state", headers=bearer(plain["seats"][0]["token"])).json()
        assert state["clocks"] is None and state["clock_running"] == [] and state["clock"] is None
        timed = create_room(client, variants=["bohnanza"], players=3, seats=["human", "human", "bot:greedy"],
                            clock={"bank": 300, "increment": 20})  # fmt: skip
        state = client.get(f"/api/rooms/{timed['room']}/state", headers=bearer(timed["seats"][0]["token"])).json()
        assert state["clocks"] == {"p1": 300.0, "p2": 300.0}  # people's seats; the room's bot has none
        assert state["clock_running"] == ["p1"] and state["clock"]["increment"] == 20
        refused = client.post("/api/rooms", json={"variants": ["bohnanza"], "clock": {"bank": "lots"}})
        assert refused.status_code == 400 and "'bank' must be a number of seconds" in one_line_error(refused)


# -- real time ------------------------------------------------------------------------------------
def test_only_the_deciding_seat_is_charged_and_gets_its_increment(tmp_path):  # issue 25 §1
    async def scenario(hub, clock):
        room, _, _ = await hub.create(setup(seats=["human"] * 3, clock={"bank": 100, "increment": 10, "cap": 105}))
        assert room.game.deciders == (0,)
        clock.t += 30
        assert room.seating.fields()["clocks"] == {"p1": 70.0, "p2": 100.0, "p3": 100.0}
        await act_first(room, 0)  # 70 + 10
        return dict(room.seating.clocks.left)

    assert run(tmp_path, scenario) == {0: 80.0, 1: 100.0, 2: 100.0}


def test_the_cap_bounds_the_bank(tmp_path):  # issue 25 §1: "capped"
    async def scenario(hub, clock):
        room, _, _ = await hub.create(setup(seats=["human"] * 3, clock={"bank": 100, "increment": 50, "cap": 120}))
        await act_first(room, 0)
        return room.seating.clocks.left[0]

    assert run(tmp_path, scenario) == 120


def test_time_out_a_bot_plays_and_the_person_takes_the_seat_back(tmp_path):  # issue 25 §1
    async def scenario(hub, clock):
        room, _, _ = await hub.create(setup(seats=["human"] * 3, clock={"bank": 60, "increment": 5, "group": 20}))
        clock.t += 59.9
        assert await room.seating.tick() == []  # nothing is decided for a seat with time left
        assert room.version == 0 and room.seating.fields()["bot_plays"] == []
        clock.t += 0.2
        assert await room.seating.tick() == [0]
        fields = room.seating.fields()
        assert "p1 ran out of time: a greedy bot plays for p1" in fields["table_log"]
        assert fields["bot_plays"] == ["p1"] and fields["clocks"]["p1"] == 0
        await until(lambda: room.version >= 1, "the bot plays for p1")
        assert room.game.history_for(0)  # the bot acted as p1
        # the person comes back: acting takes the seat back (a person's action is a code)
        room.bots.agents.pop(0, None)  # hold the bot back so that the person's click comes next
        if room.bots.task is not None:
            await asyncio.wait_for(room.bots.task, 30)
        assert 0 in room.game.deciders and 0 in room.seating.bot_plays()
        before = room.version
        await room.act(0, room.version, code=room.game.legal_actions(0)[0].code)
        fields = room.seating.fields()
        assert room.version > before and fields["bot_plays"] == []
        assert fields["table_log"][-1] == "p1 is back: p1 plays again"
        assert room.seating.clocks.left[0] == 20  # the comeback: max(increment, group clock)
        return True

    assert run(tmp_path, scenario)


def test_a_bot_action_for_a_seat_whose_person_is_back_is_refused(tmp_path):  # issue 25 §1
    async def scenario(hub, clock):
        room, _, _ = await hub.create(setup(seats=["human"] * 3, clock={"bank": 60}))
        action = room.game.legal_actions(0)[0]
        with pytest.raises(Exception, match="come back"):
            await room.act(0, 0, action=action, by_bot=True)  # what a bot submits: refused, p1 has time
        return room.version

    assert run(tmp_path, scenario) == 0


def test_group_decision_has_its_own_short_clock(tmp_path):  # issue 25 §1: a trade
    async def scenario(hub, clock):
        room, _, _ = await hub.create(setup(seats=["human"] * 3, clock={"bank": 600, "increment": 0, "group": 30}))
        while len(room.game.deciders) == 1:  # the active player plays until the trade opens
            await act_first(room, room.game.deciders[0])
        assert room.game.frame.kind == "trade" and set(room.game.deciders) == {0, 1, 2}
        clocks = room.seating.clocks
        assert clocks.running == {0: "own", 1: "group", 2: "group"}
        clock.t += 31
        gone = await room.seating.tick()
        assert gone == [1, 2]  # the others' group clocks ran out; the active player's bank did not
        log = room.seating.fields()["table_log"]
        assert "p2 ran out of time in this group decision: a greedy bot decides it for p2" in log
        assert clocks.left[1] == 600 and clocks.left[2] == 600  # their own time is untouched
        assert clocks.left[0] == 569  # the active player's own clock ran
        assert 0 not in room.seating.bot_plays()  # ending the trade stays the active player's choice
        return True

    assert run(tmp_path, scenario)


# -- turn-based -----------------------------------------------------------------------------------
def test_turn_based_gives_each_decision_its_time(tmp_path):  # issue 25 §1
    async def scenario(hub, clock):
        room, _, _ = await hub.create(setup(seats=["human"] * 3, clock={"per_decision": 86400}))
        clock.t += 80000
        await act_first(room, 0)
        assert room.seating.clocks.left[0] == 86400  # a fresh day for the next decision
        clock.t += 86401
        return await room.seating.tick()

    assert run(tmp_path, scenario) == [0]


# -- persistence ----------------------------------------------------------------------------------
def test_clocks_survive_a_restart_and_the_downtime_is_not_charged(tmp_path):  # issue 25 §1
    async def first(hub, clock):
        room, tokens, _ = await hub.create(setup(seats=["human"] * 3, clock={"bank": 300, "increment": 0}))
        clock.t += 10
        await act_first(room, 0)  # stored with the action: p1 has 290
        clock.t += 40
        await room.seating.tick()  # a checkpoint (more than 30 s of running time): 250
        clock.t += 5  # charged to nobody: the process dies before the next checkpoint
        return room.id

    room_id = run(tmp_path, first)

    async def second(hub, clock):
        clock.t = 5.0  # a new process: its monotonic clock starts anywhere
        room = await hub.get(room_id)
        assert room.seating.fields()["clocks"]["p1"] == 250
        clock.t += 7
        return room.seating.fields()["clocks"]

    assert run(tmp_path, second) == {"p1": 243.0, "p2": 300.0, "p3": 300.0}


def test_open_seats_hold_the_clocks(tmp_path):  # issue 25 §1, §3: no clock runs while a room waits
    async def scenario(hub, clock):
        room, _, _ = await hub.create(setup(seats=["human", "open", "open"], clock={"bank": 60}))
        clock.t += 500
        assert await room.seating.tick() == [] and room.seating.fields()["clock_running"] == []
        return room.seating.fields()["clocks"]

    assert run(tmp_path, scenario) == {"p1": 60.0, "p2": 60.0, "p3": 60.0}


def test_serve_refuses_a_bad_clock_in_one_line():  # issue 25 §1: beanframe serve --clock
    from beanframe_cli.commands.serve import default_clock

    assert default_clock("none") is None and default_clock("fast") == "fast"
    assert default_clock('{"bank": 90, "increment": 5}') == {"bank": 90, "increment": 5}
    with pytest.raises(ConfigError, match="unknown clock"):
        default_clock("sluggish")


def test_a_room_without_a_clock_gets_the_servers_default(tmp_path):  # issue 25 §1: serve --clock
    app = make_app(tmp_path)
    app.state.hub.default_clock = "blitz"
    with TestClient(app) as client:
        room = create_room(client, variants=["al_cabohne"], players=1)
        chosen = create_room(client, variants=["al_cabohne"], players=1, clock="none")
        assert client.get(f"/api/rooms/{room['room']}").json()["clock"]["bank"] == 120
        assert client.get(f"/api/rooms/{chosen['room']}").json()["clock"] is None  # "none" is a choice
