"""How ``beanframe serve`` runs its process (issue 28 §2): on uvloop's event loop when it is
installed, with the collector settled for a long-running server once it has started, and a room
that makes no cyclic garbage per action (so collecting the young generation seldom frees
nothing late: a room's games are freed by their reference counts as the next action replaces
them)."""

from __future__ import annotations

import asyncio
import gc
import random

import pytest

from beanframe.server import SQLiteStore
from beanframe.server.connection import Connection
from beanframe.server.hub import Hub
from beanframe.server.setup import parse_setup
from beanframe.server.transport import COLLECTOR_THRESHOLDS, run, settle_collector


async def loop_kind() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_the_server_runs_on_uvloop_where_it_is_installed():
    uvloop = pytest.importorskip("uvloop", reason="uvloop is not installed here (it does not build on Windows)")
    assert run(loop_kind()) == uvloop.Loop.__module__
    assert run(loop_kind(), loop="asyncio").startswith("asyncio")


def test_settling_the_collector_freezes_what_is_loaded_and_collects_less_often():
    before = gc.get_threshold()
    try:
        assert settle_collector() == before
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_room_makes_no_cyclic_garbage_as_it_plays(tmp_path):
    """Four seats connected, a trading game played on: every object an action leaves behind is
    freed by its reference count, none waits for the collector."""

    async def play() -> int:
        hub = Hub(SQLiteStore(tmp_path / "rooms.db"), bot_delay=1.0)
        await hub.store.start()
        setup = parse_setup({"variants": ["bohnanza"], "players": 4, "seats": ["human"] * 4, "seed": 3}, hub.plugin_of)
        room, _tokens, _spectator = await hub.create(setup)
        conns = [Connection(seat, lambda text: None) for seat in range(4)]
        for conn in conns:
            room.attach(conn)
        rng = random.Random(3)

        async def act(n: int) -> int:
            done = 0
            for _ in range(n):
                game = room.game
                player = rng.choice(sorted(game.deciders))
                await room.act(player, room.version, action=rng.choice(game.legal_actions(player)))
                for conn in conns:
                    while not conn.queue.empty():
                        conn.queue.get_nowait()
                done += 1
            return done

        await act(20)  # the first actions fill caches (labels, codes) that live on
        gc.collect()
        gc.disable()
        try:
            assert await act(150) == 150
            found = gc.collect()
        finally:
            gc.enable()
        await hub.store.close()
        return found

    assert asyncio.run(play()) == 0
