"""Nothing accepted is ever lost (issue 18 §4): a real ``beanframe serve`` process is killed with
SIGKILL in the middle of games while network clients act; started again on the same database,
every game resumes where it was (replayed and checked against the stored digests), no action a
client saw accepted is missing, the clients reconnect by themselves and play to the end."""

from __future__ import annotations

import asyncio
import signal
import socket
import sqlite3
import subprocess
import sys

import pytest
from starlette.testclient import TestClient

from beanframe.client import play_bot
from beanframe_cli.commands.serve import lan_addresses
from beanframe.core.persist import load_game
from beanframe.server.store import DIGEST_PREFIX, legacy_digest, snapshot_digest

from .helpers import ServerProcess, bearer, create_room, make_app, one_line_error, short_options

ROOMS = [
    dict(variants=["bohnanza"], players=3, seats=["human", "human", "human"], options=short_options(("bohnanza",))),
    dict(variants=["al_cabohne"], players=2, seats=["human", "bot:greedy"]),
    dict(variants=["ali_baba"], players=3, seats=["human", "bot:random", "human"]),
]
KILL_AT = 25  # every room at least this far when the server is killed


def test_sigkill_mid_game_loses_nothing_and_clients_come_back(tmp_path):  # issue 18 §4
    db = tmp_path / "rooms.db"
    first = ServerProcess(db).start()
    with first.client() as http:
        rooms = [create_room(http, seed=31 + i, **body) for i, body in enumerate(ROOMS)]
    latest: dict = {}  # (room, seat) -> the client's state now (its history grows in place)

    def recorder(key: tuple) -> object:
        def record(kind: str, data: dict) -> None:
            if kind == "state":
                latest[key] = data

        return record

    async def scenario() -> tuple[dict, list, ServerProcess]:
        plays = [
            asyncio.ensure_future(play_bot(seat["url"], "random", seed=n, on_event=recorder((r, seat["seat"]))))
            for r, room in enumerate(rooms)
            for n, seat in enumerate(room["seats"])
        ]
        while len(latest) < len(plays) or min(s["version"] for s in latest.values()) < KILL_AT:
            assert not any(p.done() for p in plays), "a game ended before the kill: raise KILL_AT's rooms' length"
            await asyncio.sleep(0.02)
        await asyncio.to_thread(first.kill)  # SIGKILL: mid-game, clients acting
        seen = {key: (s["version"], list(s["history"][: s["version"]])) for key, s in latest.items()}
        second = await asyncio.to_thread(ServerProcess(db, port=first.port).start)
        finals = await asyncio.gather(*plays)  # the clients reconnect by themselves and play on
        return seen, finals, second

    try:
        seen, finals, second = asyncio.run(scenario())
    finally:
        if first.proc.poll() is None:
            first.kill()
    with second, second.client() as http:
        for r, room in enumerate(rooms):
            save = http.get(f"/api/rooms/{room['room']}/save")
            assert save.status_code == 200, save.text
            game = load_game(save.text)
            history = [[f"p{actor + 1}", action.code] for actor, action in zip(game.actors, game.actions)]
            for (room_index, seat), (version, before) in seen.items():
                if room_index == r:
                    # what this client saw accepted before the kill is the start of the game's record
                    # (its own private codes as it knew them: the seat's knowledge, not more)
                    assert len(history) >= version and [a for a, _ in history[:version]] == [a for a, _ in before]
                    own = [(i, code) for i, (actor, code) in enumerate(before) if actor == seat]
                    assert all(history[i][1] == code for i, code in own), f"room {r}: {seat}'s own actions"
        assert all(final["over"] for final in finals)


def play_three_actions(client: TestClient, room: dict) -> None:
    """The solo seat of ``room`` takes its last choice three times (versions 0 to 2)."""
    headers = bearer(room["seats"][0]["token"])
    for version in range(3):
        state = client.get(f"/api/rooms/{room['room']}/state", headers=headers).json()
        client.post(f"/api/rooms/{room['room']}/actions", headers=headers, json={"code": state["legal"][-1]["code"], "version": version})


def test_a_game_whose_record_was_tampered_with_is_refused_on_restart(tmp_path):  # issue 18 §4: checked replay
    db = tmp_path / "rooms.db"
    with TestClient(make_app(tmp_path)) as client:
        good = create_room(client, variants=["al_cabohne"], players=1, seed=3)
        bad = create_room(client, variants=["al_cabohne"], players=1, seed=4)
        for room in (good, bad):
            play_three_actions(client, room)
    with sqlite3.connect(db) as conn:  # the last action's stored digest no longer matches its replay
        conn.execute("UPDATE actions SET digest = 'x' WHERE room = ? AND version = 3", (bad["room"],))
    with TestClient(make_app(tmp_path)) as client:
        ok = client.get(f"/api/rooms/{good['room']}/state", headers=bearer(good["seats"][0]["token"]))
        assert ok.status_code == 200 and ok.json()["version"] == 3
        refused = client.get(f"/api/rooms/{bad['room']}/state", headers=bearer(bad["seats"][0]["token"]))
        assert refused.status_code == 409 and "does not match the stored state" in one_line_error(refused)


@pytest.mark.parametrize("earlier", [snapshot_digest, legacy_digest])
def test_rooms_stored_with_the_earlier_digest_still_replay(tmp_path, earlier):  # issue 28 §2: digests are versioned
    db = tmp_path / "rooms.db"
    with TestClient(make_app(tmp_path)) as client:
        old = create_room(client, variants=["al_cabohne"], players=1, seed=5)
        forged = create_room(client, variants=["al_cabohne"], players=1, seed=6)
        for room in (old, forged):
            play_three_actions(client, room)
            games = {room["room"]: client.app.state.hub.rooms[room["room"]].game for room in (old, forged)}
    with sqlite3.connect(db) as conn:  # as a previous version stored them: its kind of digest
        stored = conn.execute("SELECT digest FROM actions WHERE room = ? AND version = 3", (old["room"],)).fetchone()[0]
        assert stored.startswith(DIGEST_PREFIX)
        conn.execute("UPDATE actions SET digest = ? WHERE room = ? AND version = 3", (earlier(games[old["room"]]), old["room"]))
        wrong = earlier(games[old["room"]])  # an earlier-kind digest of another state
        conn.execute("UPDATE actions SET digest = ? WHERE room = ? AND version = 3", (wrong, forged["room"]))
    with TestClient(make_app(tmp_path)) as client:
        ok = client.get(f"/api/rooms/{old['room']}/state", headers=bearer(old["seats"][0]["token"]))
        assert ok.status_code == 200 and ok.json()["version"] == 3
        refused = client.get(f"/api/rooms/{forged['room']}/state", headers=bearer(forged["seats"][0]["token"]))
        assert refused.status_code == 409 and "does not match the stored state" in one_line_error(refused)


def test_serve_prints_its_address_and_stops_cleanly(tmp_path):  # issue 18 §1: Ctrl-C or SIGTERM
    for stop in (signal.SIGTERM, signal.SIGINT):
        server = ServerProcess(tmp_path / "rooms.db").start()
        with server.client() as http:
            assert http.get("/").status_code == 200
        for address in lan_addresses():  # bound to this machine only, by default (§3)
            with pytest.raises(OSError):
                socket.create_connection((address, server.port), timeout=5).close()
        server.proc.send_signal(stop)
        assert server.proc.wait(60) == 0
        assert "stopped" in server.proc.stdout.read()
        assert "Traceback" not in server.proc.stderr.read()


def test_serve_says_what_is_wrong_in_one_line(tmp_path):  # issue 18 §1, §3
    with ServerProcess(tmp_path / "a.db") as first:
        taken = subprocess.run(
            [sys.executable, "-m", "beanframe_cli.app", "serve", "--port", str(first.port), "--db", str(tmp_path / "b.db")],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert taken.returncode == 2 and "cannot listen" in taken.stderr and len(taken.stderr.strip().splitlines()) == 1
    (tmp_path / "folder.db").mkdir()
    bad_db = subprocess.run(
        [sys.executable, "-m", "beanframe_cli.app", "serve", "--port", "0", "--db", str(tmp_path / "folder.db")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert bad_db.returncode == 2 and bad_db.stderr.startswith("error: cannot open") and "Traceback" not in bad_db.stderr


PLUGIN = '''
import attrs
from beanframe import VariantInfo, hookimpl


@attrs.frozen
class Options:
    cost: int = attrs.field(default=1, metadata={"help": "coins the third field costs"})


@hookimpl
def beanframe_variant():
    return VariantInfo(name="table_rule", version="1.0", requires=("al_cabohne",), options=Options)


@hookimpl
def beanframe_configure(config):
    config.params["beans"] = attrs.evolve(config.params["beans"], third_field_cost=config.options["table_rule"].cost)
'''


def test_a_house_rule_file_is_played_at_the_table(tmp_path):  # issue 18 §1: the same plugins as the CLI
    (tmp_path / "table_rule.py").write_text(PLUGIN)
    server = ServerProcess(tmp_path / "rooms.db")
    server.command[3:3] = ["--plugin", str(tmp_path / "table_rule.py")]
    with server, server.client() as http:
        room = create_room(http, variants=["al_cabohne", "table_rule"], players=1, seed=3)
        state = http.get(f"/api/rooms/{room['room']}/state", headers=bearer(room["seats"][0]["token"])).json()
        assert state["variants"] == ["al_cabohne", "table_rule"] and state["options"]["table_rule"] == {"cost": 1}
        offered = http.get("/api/variants").json()["sets"]
        assert any(s["variants"] == ["al_cabohne", "table_rule"] for s in offered)
