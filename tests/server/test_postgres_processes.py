"""Several processes on one PostgreSQL database (issue 27 §2): a seat of a group decision whose
action lost the race to another process's action (the conditional write) catches up and is
judged by the version rule, as on one process; the version rule still refuses what it refuses
there; a process's presence reaches the other and is repeated (heartbeat). Two hubs, each with
its own store, stand for two processes; the one that acts second has not heard of the first
one's action yet (its notifications are not listened to), so the race is lost every time."""

from __future__ import annotations

import asyncio

import pytest

from beanframe.server.hub import Hub
from beanframe.server.limits import Lifetimes
from beanframe.server.postgres import PostgresStore
from beanframe.server.refusals import Refused
from beanframe.server.setup import parse_setup

from .postgres_cluster import cluster


@pytest.fixture(scope="module")
def postgres():
    yield from cluster()


async def two_processes(url: str) -> tuple[Hub, Hub, str]:
    """Two hubs on one database and a 4-player Bohnanza room at its first trade (every seat
    decides), loaded on both; the second hub hears nothing of the first (its race is lost)."""
    first, second = Hub(PostgresStore(url), bot_delay=0.0), Hub(PostgresStore(url), bot_delay=0.0)
    await first.store.start()
    await second.store.start()
    setup = parse_setup({"variants": ["bohnanza"], "players": 4, "seats": ["human"] * 4, "seed": 3}, first.plugin_of)
    room, _, _ = await first.create(setup)
    while len(room.game.deciders) < 4:  # p1 plants: the first choice each time
        await room.act(0, room.version, action=room.game.legal_actions(0)[0])
    assert (await second.get(room.id)).version == room.version
    return first, second, room.id


async def close(*hubs: Hub) -> None:
    for hub in hubs:
        await hub.close()


def test_two_seats_of_a_group_decision_on_two_processes_are_both_taken(postgres):  # issue 27 §2
    async def scenario() -> tuple[int, list]:
        first, second, room_id = await two_processes(postgres)
        here, there = first.rooms[room_id], second.rooms[room_id]
        v = here.version
        await here.act(1, v, code="give h1")  # p2 on the first process
        assert there.version == v  # the second has not heard of it
        await there.act(2, v, code="give h1")  # p3 chose at v too: its write loses, catches up, is taken
        history = [(row.actor, row.code) for row in await first.store.actions(room_id, since=v)]
        await close(first, second)
        return there.version - v, history

    moved, history = asyncio.run(scenario())
    assert moved == 2
    assert history == [(1, "give h1"), (2, "give h1")]


def test_the_version_rule_still_refuses_across_processes(postgres):  # issue 27 §2
    async def scenario() -> tuple[Refused, int, int]:
        first, second, room_id = await two_processes(postgres)
        here, there = first.rooms[room_id], second.rooms[room_id]
        v = here.version
        await here.act(0, v, code="end-trading")  # the trade is over for everyone
        with pytest.raises(Refused) as refused:
            await there.act(2, v, code="pass")  # p3's choices changed: out of date, as on one process
        stored = await first.store.actions(room_id, since=v)
        await close(first, second)
        return refused.value, len(stored), there.version - v

    refused, stored, moved = asyncio.run(scenario())
    assert refused.status == 409 and "out of date" in str(refused)
    assert stored == 1 and moved == 1  # nothing of p3's stored; the second process caught up


def test_a_process_repeats_its_presence_and_the_other_forgets_it_when_it_stops(postgres):  # issue 27 §2
    class Clock:
        now = 0.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    times = Lifetimes(presence_seconds=10, presence_expiry=30)

    async def scenario() -> list[list[bool]]:
        first = Hub(PostgresStore(postgres), bot_delay=0.0, lifetimes=times, clock=clock)
        second = Hub(PostgresStore(postgres), bot_delay=0.0, lifetimes=times, clock=clock)
        for hub in (first, second):
            await hub.store.start()
            await hub.store.listen(hub.on_store_message)
        setup = parse_setup({"variants": ["bohnanza"], "players": 3, "seats": ["human"] * 3, "seed": 8}, first.plugin_of)
        room, _, _ = await first.create(setup)
        there = await second.get(room.id)
        seen = []

        def connected() -> list[bool]:
            return [s["connected"] for s in there.presence()[0]]

        async def until(wanted: list[bool]) -> None:
            for _ in range(400):  # a notification's way through the database (bounded: only to catch a hang)
                if connected() == wanted:
                    return
                await asyncio.sleep(0.025)

        room.conns[1] = {object()}  # p2 connected to the first process (its socket is not needed here)
        await first.sweep()  # the heartbeat tells the other process
        await until([False, True, False])
        seen.append(connected())
        clock.now += 25
        await first.sweep()  # told again (every presence_seconds)
        await asyncio.sleep(0)
        for _ in range(400):
            if there.remote_heard and min(there.remote_heard.values()) == 25:
                break
            await asyncio.sleep(0.025)
        clock.now += 25  # 50: 25 after the last heartbeat: still there
        await second.sweep()
        seen.append(connected())
        clock.now += 10  # the first process died: it says nothing more; 35 after its last word
        await second.sweep()
        seen.append(connected())
        room.conns.clear()
        await close(first, second)
        return seen

    assert asyncio.run(scenario()) == [[False, True, False], [False, True, False], [False, False, False]]


def test_rooms_nobody_joined_expire_in_postgresql_too(postgres):  # issue 27 §1
    async def scenario() -> tuple[bool, bool, bool]:
        clock = [5_000.0]
        hub = Hub(PostgresStore(postgres), bot_delay=0.0, clock=lambda: clock[0], lifetimes=Lifetimes(unjoined_seconds=100))
        await hub.store.start()
        body = {"variants": ["al_cabohne"], "players": 2, "seats": ["human", "human"], "seed": 1}
        lonely, tokens, _ = await hub.create(parse_setup(body, hub.plugin_of))
        joined, tokens, _ = await hub.create(parse_setup(body, hub.plugin_of))
        joined.seat_of(tokens[0])
        await asyncio.gather(*hub._tasks)  # the mark is stored
        clock[0] += 99
        early = await hub.store.expire(clock[0] - 100)
        clock[0] += 1
        gone = await hub.store.expire(clock[0] - 100)
        left = await hub.store.unfinished()
        await hub.close()
        return lonely.id in early, lonely.id in gone and joined.id not in gone, joined.id in left and lonely.id not in left

    assert asyncio.run(scenario()) == (False, True, True)  # (other tests' rooms may expire too)


def test_a_seat_that_sits_out_is_passed_for_after_another_process_acts(postgres):  # issue 24 §1, RULES C (trade)
    async def scenario() -> tuple[bool, bool, list]:
        first, second, room_id = await two_processes(postgres)
        here, there = first.rooms[room_id], second.rooms[room_id]
        await here.act(1, here.version, code="sit-out")  # p2 sits out on the first process
        passed_once = 1 not in here.game.deciders
        await there.sync()
        v = there.version
        await there.act(0, v, code="offer p3 give h1 for 1 blue")  # p1 on the second: p2 is asked again
        asked_again = 1 in there.game.deciders
        await here.sync()  # the first process hears of it (its notification): it passes for p2
        history = [(row.actor, row.code) for row in await first.store.actions(room_id, since=v)]
        await close(first, second)
        return passed_once, asked_again, history

    passed_once, asked_again, history = asyncio.run(scenario())
    assert passed_once and asked_again
    assert history[-1] == (1, "pass") and all(actor == 0 for actor, _ in history[:-1])


class _Monotonic:
    """A process's monotonic clock, moved by the test (each process's starts anywhere)."""

    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_the_clocks_stored_with_an_action_are_the_other_processes_clocks(postgres):  # issue 25 §1, issue 27 §2
    """The process that stores an action stores the clocks with it; the other re-reads them when
    it catches up, so a seat's time is the same whichever process serves it, and the time the
    second process's own clock ran meanwhile is not charged twice."""

    async def scenario():
        first, second = Hub(PostgresStore(postgres), bot_delay=0.0), Hub(PostgresStore(postgres), bot_delay=0.0)
        first.monotonic, second.monotonic = _Monotonic(1000.0), _Monotonic(5.0)
        await first.store.start()
        await second.store.start()
        body = {"variants": ["bohnanza"], "players": 3, "seats": ["human"] * 3, "seed": 5, "clock": {"bank": 100, "increment": 10, "cap": 200}}
        room, _, _ = await first.create(parse_setup(body, first.plugin_of))
        there = await second.get(room.id)
        assert room.game.deciders == (0,) and there.version == room.version
        first.monotonic.t += 30  # p1 thinks for 30 s on the first process, then acts there
        await room.act(0, room.version, code=room.game.legal_actions(0)[0].code)
        here_clocks = dict(room.seating.clocks.left)
        second.monotonic.t += 30  # the same 30 s passed for the second process
        await there.sync()  # it catches up (as its notification would make it)
        there_clocks = dict(there.seating.clocks.left)
        versions = (room.version, there.version)
        await close(first, second)
        return here_clocks, there_clocks, versions

    here, there, (v1, v2) = asyncio.run(scenario())
    assert v1 == v2
    assert here[0] == 80.0  # 100 - 30 + 10
    assert there == here  # the stored clocks, not the second process's own count
