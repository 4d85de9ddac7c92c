"""Two seats of one group decision posting at once on two server processes (issue 27 §2). Run:
``python benchmarks/serve_processes.py [--rounds 150] [--pg URL]``.

Two hubs (as two processes: each its own PostgreSQL store, both listening) serve one 4-player
Bohnanza room at its first trade. Each round, p2 acts on the first and p3 on the second at the
same version, at once (``asyncio.gather``); counted: rounds where both were taken, and actions
refused. Then the same with both seats on one hub, for comparison. Without ``--pg`` a throwaway
cluster is started (initdb, as ``benchmarks/serve.py`` does). Runs against an older beanframe
too (``PYTHONPATH=old/checkout``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serve import start_cluster  # noqa: E402 - the benchmark next to this one


async def race(url: str, rounds: int, two: bool) -> tuple[int, int]:
    from beanframe.server.hub import Hub
    from beanframe.server.postgres import PostgresStore
    from beanframe.server.refusals import Refused
    from beanframe.server.setup import parse_setup

    hubs = [Hub(PostgresStore(url), bot_delay=0.0) for _ in range(2)]
    for hub in hubs:
        await hub.store.start()
        await hub.store.listen(hub.on_store_message)
    both = refused = 0
    for n in range(rounds):
        setup = parse_setup({"variants": ["bohnanza"], "players": 4, "seats": ["human"] * 4, "seed": n}, hubs[0].plugin_of)
        room, _, _ = await hubs[0].create(setup)
        while len(room.game.deciders) < 4:
            await room.act(0, room.version, action=room.game.legal_actions(0)[0])
        other = await hubs[1].get(room.id) if two else room
        v = room.version
        results = await asyncio.gather(room.act(1, v, code="give h1"), other.act(2, v, code="give h1"), return_exceptions=True)
        failed = sum(isinstance(r, Refused) for r in results)
        both += failed == 0
        refused += failed
    for hub in hubs:
        await hub.close()
    return both, refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--pg", default=None, help="a PostgreSQL URL (default: a throwaway cluster)")
    args = parser.parse_args(argv)
    url, stop = (args.pg, lambda: None) if args.pg else start_cluster()
    try:
        for two in (False, True):
            both, refused = asyncio.run(race(url, args.rounds, two))
            where = "two processes" if two else "one process"
            print(f"{where}: {args.rounds} rounds, both taken in {both}, {refused} action(s) refused", flush=True)
    finally:
        stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
