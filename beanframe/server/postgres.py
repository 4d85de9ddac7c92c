"""The PostgreSQL store (psycopg 3, the extra ``beanframe[postgres]``): several server processes
serve the same rooms.

The database is the authority for each room: :meth:`PostgresStore.append` stores an action only
if the room is still at the version it was made against (a conditional ``UPDATE`` and the
inserts in one transaction), so two processes can never both apply an action at one version.
The same transaction sends a NOTIFY on the channel ``beanframe``; PostgreSQL delivers it only
once the transaction commits, so a process hears of an action exactly when it is stored. Each
process LISTENs on one connection of its own and catches the rooms it serves up with what the
others stored (``Hub.on_store_message`` → ``Room.sync``). Presence travels the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

import psycopg

from beanframe.batch import fresh_seed
from beanframe.server.store import SCHEMA_VERSION, ActionRow, Listener, RoomRecord, Store, StoreError, created_before

CHANNEL = "beanframe"
SCHEMA = """
CREATE TABLE IF NOT EXISTS beanframe_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS beanframe_rooms (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    over BOOLEAN NOT NULL DEFAULT FALSE,
    result TEXT,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS beanframe_actions (
    room TEXT NOT NULL REFERENCES beanframe_rooms(id),
    version INTEGER NOT NULL,
    actor INTEGER NOT NULL,
    code TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (room, version)
);
CREATE INDEX IF NOT EXISTS beanframe_rooms_open ON beanframe_rooms(over);
CREATE TABLE IF NOT EXISTS beanframe_room_tables (room TEXT PRIMARY KEY REFERENCES beanframe_rooms(id), data TEXT NOT NULL);
"""
# a database from before issue 27: its rooms that were played count as joined
_JOINED = """
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                   WHERE table_name = 'beanframe_rooms' AND column_name = 'joined') THEN
        ALTER TABLE beanframe_rooms ADD COLUMN joined BOOLEAN NOT NULL DEFAULT FALSE;
        UPDATE beanframe_rooms SET joined = TRUE WHERE version > 0;
    END IF;
END $$;
"""
# the conditional update, the inserts and the notification in one statement (so one transaction):
# nothing is inserted or announced unless the room was still at the base version
_APPEND_TEMPLATE = """
WITH moved AS (
    UPDATE beanframe_rooms SET version = %s, over = %s, result = %s WHERE id = %s AND version = %s RETURNING id
), stored AS (
    INSERT INTO beanframe_actions (room, version, actor, code, digest)
    {rows}
    WHERE EXISTS (SELECT 1 FROM moved)
    RETURNING 1
), told AS (
    SELECT pg_notify(%s, %s) WHERE EXISTS (SELECT 1 FROM moved)
), tabled AS (
    INSERT INTO beanframe_room_tables (room, data) SELECT %s, %s
    WHERE EXISTS (SELECT 1 FROM moved) AND %s::text IS NOT NULL
    ON CONFLICT (room) DO UPDATE SET data = excluded.data
    RETURNING 1
)
SELECT (SELECT count(*) FROM moved), (SELECT count(*) FROM stored), (SELECT count(*) FROM told),
       (SELECT count(*) FROM tabled)
"""
# several actions (a one-line command) as arrays; one action, the usual commit, as plain values
# (cheaper to send than four one-element arrays)
_APPEND = _APPEND_TEMPLATE.replace("{rows}", "SELECT %s, v, a, c, d FROM unnest(%s::int[], %s::int[], %s::text[], %s::text[]) AS t(v, a, c, d)")
_APPEND_ONE = _APPEND_TEMPLATE.replace("{rows}", "SELECT %s, %s::int, %s::int, %s::text, %s::text")
_SCHEMA_LOCK = 0x6265616E  # an advisory lock: two processes starting at once create the tables once
log = logging.getLogger("beanframe.server")


class PostgresStore(Store):
    """Rooms in the PostgreSQL database at ``url`` (``postgresql://user@host/db``; a Unix socket:
    ``postgresql://user@/db?host=/run/postgresql``), over ``connections`` pooled connections."""

    shared = True

    def __init__(self, url: str, connections: int = 4) -> None:
        self.url = url
        self.size = connections
        self.process = f"{fresh_seed():x}"  # names this process in its notifications
        self._pool: asyncio.Queue[psycopg.AsyncConnection | None] | None = None
        self._listener: asyncio.Task | None = None

    async def start(self) -> None:
        if self._pool is not None:
            return
        try:
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                await conn.execute(SCHEMA)
                await conn.execute(_JOINED)
                cur = await conn.execute("SELECT value FROM beanframe_meta WHERE key = 'schema'")
                row = await cur.fetchone()
                if row is None:
                    await conn.execute("INSERT INTO beanframe_meta VALUES ('schema', %s)", (str(SCHEMA_VERSION),))
                elif row[0] != str(SCHEMA_VERSION):
                    raise StoreError(f"the database has store schema {row[0]}; this beanframe uses {SCHEMA_VERSION}")
        except psycopg.Error as exc:
            raise StoreError(f"cannot use the PostgreSQL database: {_line(exc)}") from None
        self._pool = asyncio.Queue()
        self._pool.put_nowait(conn)
        for _ in range(self.size - 1):
            self._pool.put_nowait(None)  # opened when first needed

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None
        pool, self._pool = self._pool, None
        while pool is not None and not pool.empty():
            conn = pool.get_nowait()
            if conn is not None:
                await conn.close()

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[psycopg.AsyncConnection]:
        if self._pool is None:
            raise StoreError("the store is closed")
        conn = await self._pool.get()
        try:
            if conn is None or conn.closed:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            yield conn
        except psycopg.Error as exc:
            if conn is not None and conn.broken:
                await conn.close()
                conn = None  # reopened next time
            raise StoreError(f"the store failed: {_line(exc)}") from None
        finally:
            self._pool.put_nowait(conn)

    # -- the calls -------------------------------------------------------------------------
    async def create_room(self, room: RoomRecord) -> None:
        async with self._conn() as conn:
            await conn.execute("INSERT INTO beanframe_rooms (id, spec) VALUES (%s, %s)", (room.id, room.spec_json()))

    async def get_room(self, room_id: str) -> RoomRecord | None:
        async with self._conn() as conn:
            cur = await conn.execute("SELECT id, spec, version, over, result FROM beanframe_rooms WHERE id = %s", (room_id,))
            row = await cur.fetchone()
        return None if row is None else RoomRecord.from_row(*row)

    async def actions(self, room_id: str, since: int = 0) -> list[ActionRow]:
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT version, actor, code, digest FROM beanframe_actions WHERE room = %s AND version > %s ORDER BY version",
                (room_id, since),
            )
            return [ActionRow(*row) for row in await cur.fetchall()]

    async def append(
        self, room_id: str, base: int, rows: Sequence[ActionRow], over: bool, result: dict[str, Any] | None,
        table: dict[str, Any] | None = None,
    ) -> bool:
        last = base + len(rows)
        result_text = None if result is None else json.dumps(result, sort_keys=True)
        note = json.dumps({"room": room_id, "version": last, "process": self.process})
        if len(rows) == 1:
            statement, columns = _APPEND_ONE, (rows[0].version, rows[0].actor, rows[0].code, rows[0].digest)
        else:
            statement = _APPEND
            columns = ([r.version for r in rows], [r.actor for r in rows], [r.code for r in rows], [r.digest for r in rows])
        async with self._conn() as conn:  # one statement: one transaction, one round trip
            table_text = None if table is None else json.dumps(table, sort_keys=True)
            values = (last, over, result_text, room_id, base, room_id, *columns, CHANNEL, note, room_id, table_text, table_text)
            cur = await conn.execute(statement, values)
            row = await cur.fetchone()
        return bool(row and row[0])

    async def load_table(self, room_id: str) -> dict[str, Any] | None:
        async with self._conn() as conn:
            cur = await conn.execute("SELECT data FROM beanframe_room_tables WHERE room = %s", (room_id,))
            row = await cur.fetchone()
        return None if row is None else json.loads(row[0])

    async def save_table(self, room_id: str, data: dict[str, Any]) -> None:
        async with self._conn() as conn:
            await conn.execute(
                "INSERT INTO beanframe_room_tables (room, data) VALUES (%s, %s) ON CONFLICT (room) DO UPDATE SET data = excluded.data",
                (room_id, json.dumps(data, sort_keys=True)),
            )

    async def unfinished(self) -> list[str]:
        async with self._conn() as conn:
            cur = await conn.execute("SELECT id FROM beanframe_rooms WHERE NOT over ORDER BY created")
            return [row[0] for row in await cur.fetchall()]

    async def mark_joined(self, room_id: str) -> None:
        async with self._conn() as conn:
            await conn.execute("UPDATE beanframe_rooms SET joined = TRUE WHERE id = %s AND NOT joined", (room_id,))

    async def expire(self, before: float) -> list[str]:
        async with self._conn() as conn, conn.transaction():
            cur = await conn.execute("SELECT id, spec FROM beanframe_rooms WHERE NOT over AND NOT joined FOR UPDATE")
            gone = created_before(await cur.fetchall(), before)
            if gone:
                await conn.execute("DELETE FROM beanframe_actions WHERE room = ANY(%s)", (gone,))
                await conn.execute("DELETE FROM beanframe_rooms WHERE id = ANY(%s)", (gone,))
        return gone

    # -- the other processes -----------------------------------------------------------------
    async def announce(self, room_id: str, message: dict[str, Any]) -> None:
        note = json.dumps({**message, "room": room_id, "process": self.process})
        async with self._conn() as conn:
            await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, note))

    async def listen(self, listener: Listener) -> None:
        self._listener = asyncio.ensure_future(self._listen(listener))

    async def _listen(self, listener: Listener) -> None:
        """LISTEN on a connection of its own; after a lost connection, listen again and let
        every room catch up (notifications sent meanwhile are gone)."""
        delay = 0.2
        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    delay = 0.2
                    if lost:
                        await listener("", {"resync": True})
                    async for note in conn.notifies():
                        await self._hear(listener, note.payload)
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as exc:
                log.warning("listening to PostgreSQL failed (%s); trying again", _line(exc))
            lost = True
            await asyncio.sleep(delay)
            delay = min(5.0, delay * 2)

    async def _hear(self, listener: Listener, payload: str) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("process") == self.process or not isinstance(message.get("room"), str):
            return
        try:
            await listener(message.pop("room"), message)
        except Exception:  # noqa: BLE001 - one room's trouble must not stop the listening
            log.exception("a notification could not be handled")


def _line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__
