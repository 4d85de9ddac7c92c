"""The floor under the table server's CPU per action (issue 28 §2). Run:
``python benchmarks/serve_floor.py [--rooms 200] [--seconds 30]``.

What ``benchmarks/serve.py`` counts as the server's CPU per accepted action includes what the web
stack costs for the messages alone. This measures that part: a bare Starlette application on
uvicorn and uvloop, as ``beanframe serve`` runs, that for each action message a seat sends (a
room's seats taking turns, about one action a room every 0.8 s: serve.py's pace) parses it and
sends each of the room's four seats a message of the size of a real update and the actor its
answer. No game, no store, no views: the CPU per action here is what the same traffic costs any
application on this stack, and what is left for beanframe's own work under a budget.

A benchmark, not a test: run it on a quiet machine, beside serve.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

UPDATE_BYTES = 1900  # serve.py's four-player Bohnanza: about 7.4 kB sent per action, 4 updates and an answer
PACE = (0.55, 1.0)  # seconds between a room's actions (serve.py: 200 rooms make about 255 a second)


def run_server(port: int) -> None:  # pragma: no cover - a subprocess
    import orjson
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute

    from beanframe.server.transport import run, settle_collector

    rooms: dict[int, list[Any]] = {}
    update = orjson.dumps({"type": "update", "view": "x" * UPDATE_BYTES}).decode()

    async def seat(websocket: Any) -> None:
        await websocket.accept()
        members = rooms.setdefault(int(websocket.query_params["room"]), [])
        members.append(websocket)
        try:
            while True:
                message = orjson.loads(await websocket.receive_text())
                for member in members:
                    await member.send_text(update)
                await websocket.send_text(orjson.dumps({"type": "accepted", "ref": message["ref"]}).decode())
        except Exception:  # noqa: BLE001 - the client went away
            members.remove(websocket)

    app = Starlette(routes=[WebSocketRoute("/ws", seat)])

    async def main() -> None:
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_ping_interval=20, access_log=False))
        task = asyncio.ensure_future(server.serve())
        while not server.started:
            await asyncio.sleep(0.05)
        settle_collector()
        await task

    run(main())


async def drive(port: int, rooms: range, seconds: float, warmup: float) -> int:
    from websockets.asyncio.client import connect

    sent = 0
    stop = time.monotonic() + warmup + seconds
    start = time.monotonic() + warmup

    async def seat(room: int, acts: bool) -> None:
        nonlocal sent
        async with connect(f"ws://127.0.0.1:{port}/ws?room={room}", compression=None) as ws:
            reader = asyncio.ensure_future(_drain(ws))
            rng = random.Random(room)
            await asyncio.sleep(max(0.0, start - time.monotonic()))
            while acts and time.monotonic() < stop:
                await asyncio.sleep(rng.uniform(*PACE))
                await ws.send(json.dumps({"type": "action", "code": "x", "version": 1, "ref": sent}))
                sent += 1
            await asyncio.sleep(max(0.0, stop - time.monotonic()))
            reader.cancel()

    await asyncio.gather(*(seat(room, s == 0) for room in rooms for s in range(4)))
    return sent


async def _drain(ws: Any) -> None:
    async for _message in ws:
        pass


def client_process(port: int, rooms: range, seconds: float, warmup: float, out: Any) -> None:  # pragma: no cover
    out.put(asyncio.run(drive(port, rooms, seconds, warmup)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.server:
        run_server(args.server)
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from serve import cpu_seconds, free_port

    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--server", str(port)])
    try:
        time.sleep(2.0)
        context = multiprocessing.get_context("spawn")
        queue: Any = context.Queue()
        warmup = 3.0 + args.rooms * 0.02
        half = args.rooms // 2
        procs = [context.Process(target=client_process, args=(port, r, args.seconds, warmup, queue)) for r in (range(half), range(half, args.rooms))]
        for p in procs:
            p.start()
        time.sleep(warmup + 1.0)  # every seat connected, the clients' clocks started
        cpu0, wall0 = cpu_seconds(server.pid), time.monotonic()
        sent = [queue.get(timeout=args.seconds + warmup + 60) for _ in procs]
        cpu, wall = cpu_seconds(server.pid) - cpu0, time.monotonic() - wall0
        for p in procs:
            p.join(30)
    finally:
        server.terminate()
        server.wait(30)
    actions = sum(sent) * min(1.0, wall / args.seconds)  # the actions inside the measured window, about
    print(f"bare Starlette on uvicorn/uvloop, {args.rooms} rooms x 4 seats: {sum(sent) / args.seconds:.1f} actions/s, "
          f"{1000 * cpu / actions:.3f} ms of server CPU per action (1 message in, {4 + 1} out, {UPDATE_BYTES} B updates)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
