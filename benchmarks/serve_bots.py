"""Rooms of search bots beside a room of greedy bots (issue 27 §1). Run:
``python benchmarks/serve_bots.py [--search-rooms 10] [--seconds 30]``.

One hub in this process (SQLite in a temporary folder, no think time) serves ``--search-rooms``
five-player Bohnanza rooms of ``bot:ismcts`` seats and one three-player Bohnanza room of
``bot:greedy`` seats. For ``--seconds`` it records when each room's game moves on; printed: the
greedy room's time between two of its actions (median and max: how long its bots wait for a
thread) and how many actions the search rooms made. Runs against an older beanframe too
(``PYTHONPATH=old/checkout``). A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time


async def run(search_rooms: int, seconds: float) -> None:
    from beanframe.server import SQLiteStore
    from beanframe.server.hub import Hub
    from beanframe.server.rooms import Room
    from beanframe.server.setup import parse_setup

    moves: dict[str, list[float]] = {}
    publish = Room.publish

    def timed(self: Room, new_actions: int, since_events: int) -> None:
        moves.setdefault(self.id, []).append(time.perf_counter())
        publish(self, new_actions, since_events)

    Room.publish = timed  # type: ignore[method-assign]
    hub = Hub(SQLiteStore(tempfile.mkdtemp(prefix="beanframe-bots-") + "/rooms.db"), bot_delay=0.0)
    await hub.store.start()
    for n in range(search_rooms):
        body = {"variants": ["bohnanza"], "players": 5, "seats": ["bot:ismcts"] * 5, "seed": n}
        await hub.create(parse_setup(body, hub.plugin_of))
    body = {"variants": ["bohnanza"], "players": 3, "seats": ["bot:greedy"] * 3, "seed": 99}
    greedy, _, _ = await hub.create(parse_setup(body, hub.plugin_of))
    await asyncio.sleep(seconds)
    await hub.close()
    times = moves.get(greedy.id, [])
    gaps = [(b - a) * 1000 for a, b in zip(times, times[1:])]
    searched = sum(len(t) for room, t in moves.items() if room != greedy.id)
    if gaps:
        print(f"greedy room: {len(times)} actions in {seconds:g} s; between two: median {statistics.median(gaps):.0f} ms, max {max(gaps):.0f} ms")
    else:
        print(f"greedy room: {len(times)} actions in {seconds:g} s")
    print(f"{search_rooms} search rooms: {searched} actions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--search-rooms", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    asyncio.run(run(args.search_rooms, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
