"""The SQLite worker's group commit (issue 28 §2: a lone job runs without a savepoint): a job
that fails is refused with a one-line StoreError and leaves nothing behind, alone or among
others, and the others of its batch are stored."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from beanframe.server.sqlite import SQLiteStore
from beanframe.server.store import StoreError


def _insert(key: str):
    def write(c: sqlite3.Connection) -> None:
        c.execute("INSERT INTO meta VALUES (?, 'v')", (key,))

    return write


def _insert_then_fail(key: str):
    def write(c: sqlite3.Connection) -> None:
        c.execute("INSERT INTO meta VALUES (?, 'v')", (key,))
        c.execute("INSERT INTO meta VALUES ('schema', 'twice')")  # the primary key is taken

    return write


def _keys(path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {row[0] for row in conn.execute("SELECT key FROM meta")}


def test_a_failing_job_leaves_nothing_alone_or_in_a_batch(tmp_path):
    path = tmp_path / "rooms.db"

    async def run() -> list:
        store = SQLiteStore(path)
        await store.start()
        try:
            with pytest.raises(StoreError, match="the store failed: UNIQUE constraint failed"):
                await store._call(_insert_then_fail("alone"))
            await store._call(_insert("after"))  # the worker goes on
            # queued together: the worker mostly takes them as one batch (either way, the same outcome)
            return await asyncio.gather(store._call(_insert("first")), store._call(_insert_then_fail("middle")),
                                        store._call(_insert("last")), return_exceptions=True)  # fmt: skip
        finally:
            await store.close()

    results = asyncio.run(run())
    assert results[0] is None and results[2] is None and isinstance(results[1], StoreError)
    assert _keys(path) == {"schema", "after", "first", "last"}
