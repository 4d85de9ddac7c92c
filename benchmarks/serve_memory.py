"""The table server's memory (issue 27 §1). Run: ``python benchmarks/serve_memory.py``.

Starts a real server process (SQLite in a temporary folder, limits raised so the benchmark is not
refused as a flood) and reads its resident memory (``VmRSS``) from /proc:

1. at the start;
2. after ``--rooms`` created four-player Bohnanza rooms (nobody joins them);
3. after ``--games`` rooms of two random bots (Al Cabohne) have played to their end;
4. with ``--idle S`` (the server's ``Lifetimes`` set to S seconds idle, S/2 finished), again after
   the rooms have had the time to leave memory, and after as many rooms again were created (what
   left memory is used again: Python keeps freed memory for its next objects, so the resident
   figure shows it as reuse rather than as a drop).

Memory per room is the growth divided by the rooms. A benchmark, not a test: the figures depend
on the machine and on the allocator (memory freed by Python is not always given back to the
system; ``--trim`` asks glibc to give it back before each reading, which shows what is live).
It runs against an older beanframe too (``PYTHONPATH=old/checkout``): without ``Lifetimes`` the
server keeps every room.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_server(db: str, port: int, idle: float | None, trim: bool) -> None:  # pragma: no cover - a subprocess
    import asyncio
    import ctypes
    import signal

    import uvicorn

    from beanframe.server import Limits, SQLiteStore, create_app
    from beanframe.server.hub import Hub

    limits = Limits(rate=100_000, burst=100_000, create_rate=100_000, create_burst=100_000)
    store = SQLiteStore(db)
    hub = Hub(store, bot_delay=0.0)
    if idle is not None:
        from beanframe.server.limits import Lifetimes

        hub = Hub(store, bot_delay=0.0, lifetimes=Lifetimes(idle_seconds=idle, over_seconds=idle / 2, sweep_seconds=1))
    app = create_app(store, limits=limits, hub=hub)
    if trim:  # on SIGUSR1: give freed memory back to the system (glibc), then answer
        libc = ctypes.CDLL("libc.so.6")
        signal.signal(signal.SIGUSR1, lambda *_: libc.malloc_trim(0))
    asyncio.run(uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)).serve())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int, trim: bool) -> float:
    if trim:
        os.kill(pid, 10)  # SIGUSR1
        time.sleep(0.5)
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Http:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        self.conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
        response = self.conn.getresponse()
        text = response.read()
        if response.status >= 300:
            raise SystemExit(f"{method} {path}: {response.status} {text[:200]!r}")
        return json.loads(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--idle", type=float, default=None, help="the server's idle time (newer beanframe only)")
    parser.add_argument("--trim", action="store_true", help="malloc_trim before each reading")
    parser.add_argument("--server", nargs=2, metavar=("DB", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.server:
        run_server(args.server[0], int(args.server[1]), args.idle, args.trim)
        return 0
    folder = tempfile.mkdtemp(prefix="beanframe-mem-")
    port = free_port()
    extra = (["--idle", str(args.idle)] if args.idle is not None else []) + (["--trim"] if args.trim else [])
    proc = subprocess.Popen([sys.executable, __file__, "--server", f"{folder}/rooms.db", str(port), *extra])
    try:
        for _ in range(600):
            try:
                http = Http(port)
                http.call("GET", "/api")
                break
            except OSError:
                time.sleep(0.1)
        figures = {"start": rss_mib(proc.pid, args.trim)}
        started = time.monotonic()
        for i in range(args.rooms):
            http.call("POST", "/api/rooms", {"variants": ["bohnanza"], "players": 4, "seats": ["human"] * 4, "seed": i})
        figures["rooms"] = rss_mib(proc.pid, args.trim)
        print(f"{args.rooms} rooms created in {time.monotonic() - started:.0f} s", flush=True)
        games = [http.call("POST", "/api/rooms", {"variants": ["al_cabohne"], "players": 2, "seats": ["bot:random"] * 2,
                                                  "seed": i})["room"] for i in range(args.games)]  # fmt: skip
        waiting = set(games)
        while waiting:
            waiting = {g for g in waiting if not http.call("GET", f"/api/rooms/{g}")["over"]}
            time.sleep(1)
        figures["games"] = rss_mib(proc.pid, args.trim)
        print(f"{args.games} games played to their end in {time.monotonic() - started:.0f} s (from the start)", flush=True)
        if args.idle is not None:
            time.sleep(args.idle + 3)
            figures["idle"] = rss_mib(proc.pid, args.trim)
            http = Http(port)  # the kept-alive connection was closed meanwhile
            for i in range(args.rooms):
                http.call("POST", "/api/rooms", {"variants": ["bohnanza"], "players": 4, "seats": ["human"] * 4, "seed": i})
            figures["again"] = rss_mib(proc.pid, args.trim)
    finally:
        proc.terminate()
        proc.wait(30)
    print(f"resident memory: {figures['start']:.0f} MiB at the start")
    grown = figures["rooms"] - figures["start"]
    print(f"  {figures['rooms']:.0f} MiB after {args.rooms} created rooms ({grown * 1024 / max(1, args.rooms):.1f} KiB a room)")
    grown = figures["games"] - figures["rooms"]
    print(f"  {figures['games']:.0f} MiB after {args.games} finished games ({grown * 1024 / max(1, args.games):.1f} KiB a game)")
    if "idle" in figures:
        print(f"  {figures['idle']:.0f} MiB once idle and finished rooms left memory ({args.idle:g} s idle)")
        print(f"  {figures['again']:.0f} MiB after {args.rooms} more created rooms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
