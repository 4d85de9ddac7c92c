"""Load on the table server (issue 18 §5). Run: ``python benchmarks/serve.py [--rooms 200]``.

Starts a real server process (what ``beanframe serve`` runs, with the limits raised so that the
benchmark's own clients are not refused as floods), then drives four-player Bohnanza rooms with trading over
real WebSocket connections on localhost: every seat a scripted client in one of ``--clients``
client processes (a room's four seats in one process, so one clock times it). Each seat, while
it may act, acts about every two seconds (1.5-2.5 s, a person's pace): it accepts an offer made
to it half of the time, builds and sends offers, passes or ends the trade, otherwise plays a
random legal action. Measured over ``--seconds`` after the rooms are seated:

- actions per second accepted by the server (and refusals: a seat's choices changed while its
  action was on its way, e.g. an offer made to it; each seat acts once per version it decides in
  and waits for the answer to its action, as docs/protocol.md asks of a client);
- the latency from sending an action to every seat of its room receiving the new state
  (median, p99, max);
- the server process's CPU time per accepted action.

Then the same rooms with every seat acting as fast as it can (``--fast-seconds``): the most
actions per second the server sustains. Both for SQLite (the default store, group-committed
with fsync) and for PostgreSQL (a throwaway cluster started with initdb/pg_ctl, as the tests do,
or ``--pg URL``). ``--stores sqlite`` skips PostgreSQL.

Each figure is followed by its ratio to a baseline (``--baseline FILE``, by default
``serve_baseline.json`` next to this script: the figures of the server as first merged, with
the strict version rule; ``x0.50`` is half the baseline's value); ``--save FILE`` writes this
run's figures in that form, to compare a later change with.

A benchmark, not a test: the figures depend on the machine and on what else runs on it (the load
average is printed before and after each store; the baseline file says what it was).
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

PACE = (1.5, 2.5)  # seconds a person takes for one action


# ---------------------------------------------------------------------------------------------
# The server, in its own process
# ---------------------------------------------------------------------------------------------


def run_server(db: str, port: int, loop: str = "auto") -> None:  # pragma: no cover - a subprocess
    """What ``beanframe serve --db DB --port PORT`` runs (its event loop, uvicorn's settings, the
    collector's), with the limits raised so that the benchmark's own clients are not refused."""
    from beanframe.server import Limits
    from beanframe.server.transport import run
    from beanframe_cli.commands.serve import serve

    limits = Limits(rate=10_000, burst=10_000, create_rate=10_000, create_burst=10_000)
    run(serve("127.0.0.1", port, db, bot_delay=1.0, limits=limits), loop=loop)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, loop: str = "auto") -> tuple[subprocess.Popen, str]:
    port = free_port()
    command = os.environ.get("BENCH_SERVER_COMMAND")  # e.g. a profiler around run_server
    own = [sys.executable, __file__, "--server", db, "--port", str(port), "--loop", loop]
    # its address line and log go nowhere: the figures are this script's output
    proc = subprocess.Popen([*command.split(), db, str(port)] if command else own, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "api", timeout=2):
                return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def create_rooms(base: str, n: int) -> list[list[str]]:
    rooms = []
    for i in range(n):
        body = json.dumps({"variants": ["bohnanza"], "players": 4, "seats": ["human"] * 4, "seed": 1000 + i}).encode()
        request = urllib.request.Request(base + "api/rooms", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            rooms.append([seat["url"] for seat in json.load(response)["seats"]])
    return rooms


# ---------------------------------------------------------------------------------------------
# The clients: a lean WebSocket client per seat (only what choosing an action needs)
# ---------------------------------------------------------------------------------------------


def choose(legal: list[dict[str, Any]], rng: random.Random) -> str:
    """A scripted player who trades: accept offers made to it half of the time, send an offer it
    is building, otherwise any legal action (passing and ending the trade included)."""
    return choose_code([a["code"] for a in legal], rng)


def choose_code(codes: list[str], rng: random.Random) -> str:
    """:func:`choose` among the codes themselves (``serve_cpu.py`` plays the same player)."""
    accept = [c for c in codes if c.startswith("accept")]
    if accept and rng.random() < 0.5:
        return rng.choice(accept)
    send = [c for c in codes if c.startswith("send")]
    if send and rng.random() < 0.7:
        return rng.choice(send)
    return rng.choice(codes)


class Seat:
    def __init__(self, room: int, link: str, pace: tuple[float, float] | None, stats: dict, rng: random.Random) -> None:
        from urllib.parse import parse_qs, urlsplit

        parts = urlsplit(link)
        fragment = parse_qs(parts.fragment)
        self.room = room
        self.token = fragment["token"][0]
        self.url = f"ws://{parts.netloc}/api/rooms/{fragment['room'][0]}/ws"
        self.pace = pace
        self.stats = stats
        self.rng = rng
        self.version = -1
        self.legal: list = []
        self.deciding = False
        self.acted_on = -1  # the version this seat acted on last: it acts once per version
        self.waiting: int | None = None  # the ref of its action the server has not answered yet
        self.changed = asyncio.Event()
        self.ws: Any = None

    def on_state(self, message: dict[str, Any]) -> None:
        self.version = message["version"]
        self.legal = message["legal"]
        self.deciding = bool(self.legal)
        arrivals = self.stats["arrivals"].setdefault((self.room, self.version), [])
        arrivals.append(time.monotonic())
        self.changed.set()

    def on_accepted(self, message: dict[str, Any]) -> None:
        self.answered(message)
        sent = self.stats["pending"].pop(message["ref"], None)
        if sent is not None:  # this seat's action made that version
            self.stats["sent"][(self.room, message["version"])] = sent

    def answered(self, message: dict[str, Any]) -> None:
        if message.get("ref") == self.waiting:
            self.waiting = None
            self.changed.set()

    async def run(self, stop: float) -> None:
        from websockets.asyncio.client import connect

        async with connect(self.url, compression=None, max_size=1 << 24, open_timeout=60) as ws:
            self.ws = ws
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            reader = asyncio.ensure_future(self.read(ws))
            try:
                await self.act(ws, stop)
            finally:
                reader.cancel()

    async def read(self, ws: Any) -> None:
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind in ("state", "update"):
                self.on_state(message)
            elif kind == "accepted":
                self.on_accepted(message)
            elif kind == "error":
                self.stats["refused"] += 1
                self.stats["pending"].pop(message.get("ref"), None)
                self.answered(message)

    def ready(self) -> bool:
        """Whether to act now: the seat decides, at a version it has not acted on, and its last
        action has been answered (docs/protocol.md: a client acts once per version it decides
        in; acting again on every update while an action is on its way only races itself)."""
        return self.deciding and self.waiting is None and self.version != self.acted_on

    async def act(self, ws: Any, stop: float) -> None:
        while time.monotonic() < stop:
            if not self.ready():
                self.changed.clear()
                try:
                    await asyncio.wait_for(self.changed.wait(), max(0.01, stop - time.monotonic()))
                except TimeoutError:
                    return
                continue
            if self.pace is not None:
                await asyncio.sleep(self.rng.uniform(*self.pace))  # a person thinks (and sees changes)
                if not self.ready():
                    continue
            version = self.version
            code = choose(self.legal, self.rng)
            self.stats["counter"] += 1
            ref = self.stats["counter"]
            self.stats["pending"][ref] = time.monotonic()  # timed from here to every seat's new state
            self.acted_on, self.waiting = version, ref
            await ws.send(json.dumps({"type": "action", "code": code, "version": version, "ref": ref}))


async def drive(rooms: list[tuple[int, list[str]]], pace: tuple[float, float] | None, seconds: float, warmup: float, seed: int) -> dict:
    stats: dict = {"arrivals": {}, "sent": {}, "pending": {}, "counter": 0, "refused": 0}
    rng = random.Random(seed)
    seats = [Seat(r, link, pace, stats, random.Random(rng.random())) for r, links in rooms for link in links]
    start = time.monotonic() + warmup
    stop = start + seconds
    tasks = [asyncio.ensure_future(seat.run(stop)) for seat in seats]
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    stats["sent"].clear()  # measure from here
    stats["refused"] = 0
    cpu = time.process_time()
    await asyncio.gather(*tasks, return_exceptions=True)
    cpu = time.process_time() - cpu
    latencies = []
    for (room, version), sent in stats["sent"].items():
        arrivals = stats["arrivals"].get((room, version), [])
        if len(arrivals) == 4:  # every seat of the room got the new state (a refused action: no such version)
            latencies.append(max(arrivals) - sent)
    accepted = sum(1 for (room, version) in stats["sent"])
    return {"latencies": latencies, "refused": stats["refused"], "accepted": accepted, "cpu": cpu}


def client_process(rooms: list, pace: Any, seconds: float, warmup: float, seed: int, out: Any) -> None:  # pragma: no cover
    out.put(asyncio.run(drive(rooms, pace, seconds, warmup, seed)))


def measure(base: str, server: subprocess.Popen, rooms: list[list[str]], pace: Any, seconds: float, clients: int) -> dict:
    indexed = list(enumerate(rooms))
    shares = [indexed[i::clients] for i in range(clients)]
    queue: Any = multiprocessing.get_context("spawn").Queue()
    warmup = 3.0 + len(rooms) * 0.02  # connecting every seat
    procs = [
        multiprocessing.get_context("spawn").Process(target=client_process, args=(share, pace, seconds, warmup, i, queue))
        for i, share in enumerate(shares)
    ]
    for p in procs:
        p.start()
    time.sleep(warmup)
    cpu0 = cpu_seconds(server.pid)
    results = [queue.get(timeout=seconds + warmup + 120) for _ in procs]
    cpu1 = cpu_seconds(server.pid)
    for p in procs:
        p.join(30)
    latencies = sorted(x for r in results for x in r["latencies"])
    accepted = sum(r["accepted"] for r in results)
    refused = sum(r["refused"] for r in results)
    return {
        "seconds": seconds,
        "actions_per_s": accepted / seconds,
        "refused": refused,
        "median_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "max_ms": 1000 * latencies[-1] if latencies else float("nan"),
        "server_cpu_ms_per_action": 1000 * (cpu1 - cpu0) / accepted if accepted else float("nan"),
        "server_cpu_share": (cpu1 - cpu0) / seconds,
        "clients_cpu_share": sum(r["cpu"] for r in results) / seconds,
    }


# ---------------------------------------------------------------------------------------------
# PostgreSQL: a throwaway cluster (as the tests start one)
# ---------------------------------------------------------------------------------------------


def start_cluster(under: str | None = None) -> tuple[str, Any]:
    found = shutil.which("initdb")
    bindir = Path(found).resolve().parent if found else None
    if bindir is None:
        candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
        bindir = Path(candidates[0]).parent if candidates else None
    if bindir is None:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql), or give --pg URL")
    run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    folder = Path(tempfile.mkdtemp(prefix="beanframe-bench-pg-", dir=under))
    data, sock = folder / "data", folder / "sock"
    sock.mkdir()
    if run_as:
        shutil.chown(folder, "postgres")
        shutil.chown(sock, "postgres")
        folder.chmod(0o755)
    subprocess.run([*run_as, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"], check=True, capture_output=True)
    options = f"-k {sock} -c listen_addresses='' -c max_connections=60"
    subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"], check=True, capture_output=True)

    def stop() -> None:
        subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)

    return f"postgresql://postgres@/postgres?host={sock}", stop


# ---------------------------------------------------------------------------------------------


RATIOS = (("actions_per_s", "actions/s"), ("median_ms", "median"), ("p99_ms", "p99"),
          ("server_cpu_ms_per_action", "CPU/action"), ("refused", "refused"))  # fmt: skip


def report(name: str, figures: dict, baseline: dict | None) -> None:
    print(
        f"  {name:<9} {figures['actions_per_s']:7.1f} actions/s · latency median {figures['median_ms']:6.1f} ms, "
        f"p99 {figures['p99_ms']:6.1f} ms, max {figures['max_ms']:6.1f} ms · {figures['refused']} refused (stale, "
        f"{figures['refused'] / max(1.0, figures['actions_per_s'] * figures['seconds']):.2f} per accepted action) · "
        f"server {figures['server_cpu_ms_per_action']:.2f} ms CPU per action ({figures['server_cpu_share']:.0%} of a core; "
        f"the clients {figures['clients_cpu_share']:.0%})",
        flush=True,
    )
    if baseline:
        ratios = [f"{label} x{figures[key] / baseline[key]:.2f}" for key, label in RATIOS if baseline.get(key)]
        print(f"  {'':<9} vs baseline: {', '.join(ratios)}", flush=True)


def fsync_latency(folder: str, seconds: float = 5.0) -> str:
    """How long the disk under ``folder`` takes to make 12 kB durable (write and fsync, as a
    commit of a few pages does), a few hundred times: a store that commits before it tells anyone
    waits that long, whatever the server does, so its stalls set a floor under p99."""
    times = []
    fd, path = tempfile.mkstemp(dir=folder)
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            os.write(fd, b"x" * 12288)
            start = time.perf_counter()
            os.fsync(fd)
            times.append(time.perf_counter() - start)
            time.sleep(0.004)
    finally:
        os.close(fd)
        os.unlink(path)
    times.sort()
    at = lambda q: 1000 * times[int(q * (len(times) - 1))]  # noqa: E731
    return f"median {at(0.5):.2f} ms, p99 {at(0.99):.1f} ms, p99.9 {at(0.999):.1f} ms, max {at(1.0):.1f} ms"


def bench_store(store: str, db: str, args: argparse.Namespace, baseline: dict, saved: dict) -> None:
    server, base = start_server(db, args.loop)
    try:
        rooms = create_rooms(base, args.rooms)
        print(f"{store}: {args.rooms} rooms of 4-player Bohnanza, {4 * args.rooms} WebSocket clients in {args.clients} processes "
              f"(load average {os.getloadavg()[0]:.2f})", flush=True)  # fmt: skip
        figures = saved[store] = {}
        for name, pace, seconds in (("paced", PACE, args.seconds), ("fast", None, args.fast_seconds)):
            figures[name] = measure(base, server, rooms, pace, seconds, args.clients)
            report(name, figures[name], baseline.get(store, {}).get(name))
        print(f"  (load average after {store}: {os.getloadavg()[0]:.2f})", flush=True)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time at a person's pace")
    parser.add_argument("--fast-seconds", type=float, default=20.0, help="measured time as fast as they can")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--folder", help="where the SQLite file goes (default: the temporary folder; /dev/shm: no disk, "
                        "to tell the server's own latency from the disk's fsync stalls)")
    parser.add_argument("--pg", help="a PostgreSQL URL to use instead of a throwaway cluster")
    parser.add_argument("--baseline", default=str(Path(__file__).with_name("serve_baseline.json")),
                        help="figures to compare with (default: serve_baseline.json here; '' for none)")
    parser.add_argument("--save", help="write this run's figures to FILE (a baseline for later runs)")
    parser.add_argument("--loop", default="auto", choices=("auto", "asyncio", "uvloop"),
                        help="the server's event loop (auto: uvloop if it is installed, as beanframe serve)")
    parser.add_argument("--server", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.server:
        run_server(args.server, args.port, args.loop)
        return 0
    baseline: dict = {}
    if args.baseline:
        baseline = json.loads(Path(args.baseline).read_text())
        if baseline.get("rooms") != args.rooms:
            print(f"(the baseline is of {baseline.get('rooms')} rooms, this run of {args.rooms}: ratios are rough)")
        print(f"baseline: {baseline.get('about', args.baseline)}")
    saved: dict = {"about": f"benchmarks/serve.py --rooms {args.rooms}", "rooms": args.rooms}
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores: the figures count only on a quiet machine)")
    for store in args.stores.split(","):
        if store == "sqlite":
            folder = tempfile.mkdtemp(prefix="beanframe-bench-", dir=args.folder)
            print(f"fsync under {Path(folder).parent}: {fsync_latency(folder)}", flush=True)
            try:
                bench_store("SQLite", str(Path(folder) / "rooms.db"), args, baseline, saved)
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        elif store == "postgres":
            if args.pg:
                bench_store("PostgreSQL", args.pg, args, baseline, saved)
            else:
                url, stop = start_cluster(args.folder)
                try:
                    bench_store("PostgreSQL", url, args, baseline, saved)
                finally:
                    stop()
        else:
            parser.error(f"unknown store {store!r} (sqlite, postgres)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if args.save:
        Path(args.save).write_text(json.dumps(saved, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
