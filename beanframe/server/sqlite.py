"""The default store: one SQLite file (stdlib ``sqlite3``, WAL mode) for one server process.

Every call runs on one worker thread that owns the connection, so the event loop never waits on
the disk. Writes are group-committed: the worker takes every job that is waiting, runs each in
its own savepoint and commits them in one transaction, so a busy server pays one ``fsync`` for
many actions. ``synchronous=FULL``: a committed action survives a crash of the process and of the
machine. One process only: a second server process on the same file would not hear of the
first one's actions (use PostgreSQL for that); the conditional write still keeps the file
consistent.
"""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from beanframe.server.store import SCHEMA_VERSION, ActionRow, RoomRecord, Store, StoreError, created_before

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    joined INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(id),
    version INTEGER NOT NULL,
    actor INTEGER NOT NULL,
    code TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (room, version)
);
CREATE INDEX IF NOT EXISTS rooms_open ON rooms(over);
CREATE TABLE IF NOT EXISTS room_tables (room TEXT PRIMARY KEY REFERENCES rooms(id), data TEXT NOT NULL);
"""

_SAVE_TABLE = "INSERT INTO room_tables (room, data) VALUES (?, ?) ON CONFLICT(room) DO UPDATE SET data = excluded.data"
_STOP = object()
_BATCH = 256  # jobs committed together at most


class SQLiteStore(Store):
    """Rooms in the SQLite file ``path`` (created with its folder if missing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._conn: sqlite3.Connection | None = None

    # -- the worker ------------------------------------------------------------------------
    async def start(self) -> None:
        if self._thread is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._thread = threading.Thread(target=self._work, args=(asyncio.get_running_loop(), ready), name="beanframe-sqlite", daemon=True)
        self._thread.start()
        await ready

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        conn.executescript(SCHEMA)
        if "joined" not in [row[1] for row in conn.execute("PRAGMA table_info(rooms)")]:
            # a file from before issue 27: its rooms that were played count as joined
            conn.execute("ALTER TABLE rooms ADD COLUMN joined INTEGER NOT NULL DEFAULT 0")
            conn.execute("UPDATE rooms SET joined = 1 WHERE version > 0")
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is None:
            conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif row[0] != str(SCHEMA_VERSION):
            raise StoreError(f"{self.path} has store schema {row[0]}; this beanframe uses {SCHEMA_VERSION}")
        return conn

    def _work(self, loop: asyncio.AbstractEventLoop, ready: asyncio.Future[None]) -> None:
        try:
            conn = self._conn = self._open()
        except (sqlite3.Error, OSError, StoreError) as exc:
            loop.call_soon_threadsafe(_settle, ready, None, StoreError(f"cannot open {self.path}: {exc}"))
            return
        loop.call_soon_threadsafe(_settle, ready, None, None)
        while True:
            batch = [self._jobs.get()]
            while len(batch) < _BATCH:
                try:
                    batch.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            stop = any(job is _STOP for job in batch)
            self._run(conn, [job for job in batch if job is not _STOP])
            if stop:
                conn.close()
                return

    def _run(self, conn: sqlite3.Connection, batch: list[tuple]) -> None:
        done: list[tuple[asyncio.Future, asyncio.AbstractEventLoop, Any, BaseException | None]] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            many = len(batch) > 1  # a lone job needs no savepoint: the transaction is its own
            for i, (fn, fut, loop) in enumerate(batch):
                if many:
                    conn.execute(f"SAVEPOINT job{i}")
                try:
                    value = fn(conn)
                except sqlite3.Error as exc:
                    if not many:
                        raise  # rolled back whole below, the job told why
                    conn.execute(f"ROLLBACK TO job{i}")
                    done.append((fut, loop, None, StoreError(f"the store failed: {exc}")))
                else:
                    done.append((fut, loop, value, None))
                if many:
                    conn.execute(f"RELEASE job{i}")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:  # the commit itself failed: nothing of the batch is stored
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            error = StoreError(f"the store failed: {exc}")
            done = [(fut, loop, None, error) for _, fut, loop in batch]
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future, Any, BaseException | None]]] = {}
        for fut, loop, value, error in done:
            by_loop.setdefault(loop, []).append((fut, value, error))
        for loop, settled in by_loop.items():  # one wake-up of each loop per batch, not per job
            loop.call_soon_threadsafe(_settle_all, settled)

    async def _call(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        if self._thread is None or not self._thread.is_alive():
            raise StoreError("the store is closed")
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._jobs.put((fn, fut, loop))
        return await fut

    async def close(self) -> None:
        thread = self._thread
        if thread is None:
            return
        self._jobs.put(_STOP)
        await asyncio.to_thread(thread.join, 30)
        self._thread = None

    # -- the calls -------------------------------------------------------------------------
    async def create_room(self, room: RoomRecord) -> None:
        spec = room.spec_json()

        def write(c: sqlite3.Connection) -> None:
            c.execute("INSERT INTO rooms (id, spec) VALUES (?, ?)", (room.id, spec))

        await self._call(write)

    async def get_room(self, room_id: str) -> RoomRecord | None:
        def read(c: sqlite3.Connection) -> Any:
            return c.execute("SELECT id, spec, version, over, result FROM rooms WHERE id = ?", (room_id,)).fetchone()

        row = await self._call(read)
        return None if row is None else RoomRecord.from_row(*row)

    async def actions(self, room_id: str, since: int = 0) -> list[ActionRow]:
        def read(c: sqlite3.Connection) -> Any:
            sql = "SELECT version, actor, code, digest FROM actions WHERE room = ? AND version > ? ORDER BY version"
            return c.execute(sql, (room_id, since)).fetchall()

        return [ActionRow(*row) for row in await self._call(read)]

    async def append(
        self, room_id: str, base: int, rows: Sequence[ActionRow], over: bool, result: dict[str, Any] | None,
        table: dict[str, Any] | None = None,
    ) -> bool:
        last = base + len(rows)
        result_text = None if result is None else json.dumps(result, sort_keys=True)
        values = [(room_id, r.version, r.actor, r.code, r.digest) for r in rows]
        table_text = None if table is None else json.dumps(table, sort_keys=True)

        def write(c: sqlite3.Connection) -> bool:
            cur = c.execute(
                "UPDATE rooms SET version = ?, over = ?, result = ? WHERE id = ? AND version = ?",
                (last, int(over), result_text, room_id, base),
            )
            if cur.rowcount != 1:
                return False
            c.executemany("INSERT INTO actions (room, version, actor, code, digest) VALUES (?, ?, ?, ?, ?)", values)
            if table_text is not None:
                c.execute(_SAVE_TABLE, (room_id, table_text))
            return True

        return await self._call(write)

    async def load_table(self, room_id: str) -> dict[str, Any] | None:
        row = await self._call(lambda c: c.execute("SELECT data FROM room_tables WHERE room = ?", (room_id,)).fetchone())
        return None if row is None else json.loads(row[0])

    async def save_table(self, room_id: str, data: dict[str, Any]) -> None:
        text = json.dumps(data, sort_keys=True)
        await self._call(lambda c: c.execute(_SAVE_TABLE, (room_id, text)))

    async def unfinished(self) -> list[str]:
        rows = await self._call(lambda c: c.execute("SELECT id FROM rooms WHERE over = 0 ORDER BY rowid").fetchall())
        return [row[0] for row in rows]

    async def mark_joined(self, room_id: str) -> None:
        await self._call(lambda c: c.execute("UPDATE rooms SET joined = 1 WHERE id = ? AND joined = 0", (room_id,)))

    async def expire(self, before: float) -> list[str]:
        def delete(c: sqlite3.Connection) -> list[str]:
            specs = c.execute("SELECT id, spec FROM rooms WHERE over = 0 AND joined = 0").fetchall()
            gone = created_before(specs, before)
            for room_id in gone:
                c.execute("DELETE FROM actions WHERE room = ?", (room_id,))
                c.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
            return gone

        return await self._call(delete)


def _settle_all(settled: list[tuple[asyncio.Future, Any, BaseException | None]]) -> None:
    for fut, value, error in settled:
        _settle(fut, value, error)


def _settle(fut: asyncio.Future, value: Any, error: BaseException | None) -> None:
    if fut.done():
        return  # the caller gave up (cancelled): the write happened or not, the room rereads
    if error is not None:
        fut.set_exception(error)
    else:
        fut.set_result(value)
