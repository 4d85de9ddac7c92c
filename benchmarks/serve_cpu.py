"""The table server's own CPU per accepted action, without the network (issue 28 §2). Run:
``python benchmarks/serve_cpu.py [--rooms 50] [--actions 4000] [--languages en,nl]``.

``benchmarks/serve.py`` measures the whole server over real WebSockets, but on a shared 2-core
machine its figures move with whatever else runs. This one drives the rooms of one hub in this
process (a real store: SQLite in a temporary folder; every seat a connection whose queue is
emptied after each action, as its writer would) and counts this process's CPU time per accepted
action: what a room costs to check, apply, digest, store and publish an action, with no socket,
no WebSocket framing and no client. Four-player Bohnanza rooms with trading, a scripted player
as serve.py's (accepts offers half of the time, sends offers, otherwise any legal action), the
rooms acting concurrently so the store commits them in groups.

``--languages en,nl`` gives each seat one connection per language (the table renders every seat
once per language); ``--profile FILE`` writes a cProfile of the measured part. A benchmark, not
a test: compare runs on one machine, back to back.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if str(Path(__file__).resolve().parent) not in sys.path:  # serve.py beside it, also when imported
    sys.path.append(str(Path(__file__).resolve().parent))
from serve import choose_code  # noqa: E402  (the same scripted player as the network benchmark)


async def play(room: Any, actions: int, rng: random.Random, conns: list[Any], counts: dict[str, int]) -> None:
    """Act in ``room`` until it took ``actions`` actions (or its game ended)."""
    from beanframe.server.refusals import Refused

    for _step in range(actions):
        game = room.game
        if game is None or game.is_over:
            return
        player = rng.choice(list(game.deciders))
        code = choose_code([a.code for a in game.legal_actions(player)], rng)
        try:
            await room.act(player, room.version, code=code)
            counts["accepted"] += 1
        except Refused:
            counts["refused"] += 1
        for conn in conns:  # what each connection's writer would send
            queue = conn.queue
            while not queue.empty():
                counts["bytes"] += len(queue.get_nowait() or "")


async def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    from beanframe.server import open_store

    try:
        from beanframe.server.connection import Connection
    except ImportError:  # a tree from before the connection had its own module
        from beanframe.server.rooms import Connection
    from beanframe.server.hub import Hub
    from beanframe.server.setup import parse_setup

    try:
        from beanframe.i18n import language
    except ImportError:  # a tree from before issue 29
        language = None
    hub = Hub(open_store(str(folder / "rooms.db")), bot_delay=1.0)
    await hub.store.start()
    langs = args.languages.split(",")
    rooms, conns = [], []
    for i in range(args.rooms):
        setup = parse_setup(
            {"variants": ["bohnanza"], "players": 4, "seats": ["human"] * 4, "seed": 1000 + i}, hub.plugin_of
        )
        room, _tokens, _spectator = await hub.create(setup)
        room_conns = []
        for seat in range(4):
            for lang in langs:
                if language is None or langs == ["en"]:
                    conn = Connection(seat, lambda text: None)
                    room.attach(conn)
                else:
                    conn = Connection(seat, lambda text: None, lang)
                    with language(lang):
                        room.attach(conn)
                room_conns.append(conn)
        rooms.append(room)
        conns.append(room_conns)
    for room_conns in conns:
        for conn in room_conns:
            while not conn.queue.empty():
                conn.queue.get_nowait()
    rng = random.Random(args.seed)
    per_room = max(1, args.actions // args.rooms)
    counts = {"accepted": 0, "refused": 0, "bytes": 0}
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(
        *(play(room, per_room, random.Random(rng.random()), c, counts) for room, c in zip(rooms, conns))
    )
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(args.profile)
    await hub.store.close()
    return {**counts, "cpu": cpu, "wall": wall}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--actions", type=int, default=4000, help="actions tried in all (spread over the rooms)")
    parser.add_argument("--languages", default="en", help="one connection per seat per language: en,nl,fr,de")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="runs (the best one counts: the least disturbed)")
    parser.add_argument("--profile", help="write a cProfile of the measured part to FILE")
    args = parser.parse_args(argv)
    best = None
    for _run in range(args.repeat):
        folder = Path(tempfile.mkdtemp(prefix="beanframe-cpu-"))
        try:
            figures = asyncio.run(run(args, folder))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        per_action = 1000 * figures["cpu"] / max(1, figures["accepted"])
        print(f"  {figures['accepted']} accepted, {figures['refused']} refused, {figures['bytes'] / max(1, figures['accepted']) / 1024:.1f} kB "
              f"sent per action · {per_action:.3f} ms CPU per accepted action ({figures['wall']:.1f} s)", flush=True)  # fmt: skip
        best = per_action if best is None else min(best, per_action)
    print(
        f"server CPU per accepted action, best of {args.repeat}: {best:.3f} ms ({args.rooms} rooms, languages {args.languages})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
