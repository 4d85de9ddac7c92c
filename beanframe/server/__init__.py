"""The table server: play together from any device, and connect any program (issue 18).

``create_app(store)`` (:mod:`beanframe.server.app`) is an ASGI application: rooms with one
authority each (:mod:`~beanframe.server.rooms`), what each seat is told
(:mod:`~beanframe.server.seat`), storage behind one small interface (:mod:`~beanframe.server.store`;
:mod:`~beanframe.server.sqlite`, :mod:`~beanframe.server.postgres`), the WebSocket
(:mod:`~beanframe.server.socket`), limits (:mod:`~beanframe.server.limits`) and tokens
(:mod:`~beanframe.server.tokens`). :mod:`beanframe.client` plays a seat from another program.
The protocol is documented in ``docs/protocol.md``. The core never imports this package.
"""

from pathlib import Path

from beanframe.i18n import register_catalogs

register_catalogs("table", Path(__file__).resolve().parent / "locale")  # this part's words (issue 29)

from beanframe.server.app import create_app
from beanframe.server.limits import Limits
from beanframe.server.sqlite import SQLiteStore
from beanframe.server.store import Store

__all__ = ["Limits", "SQLiteStore", "Store", "create_app", "open_store"]


def open_store(where: str) -> Store:
    """The store a ``--db`` value names: a ``postgresql://`` (or ``postgres://``) URL, else the
    path of a SQLite file."""
    if where.startswith(("postgresql://", "postgres://")):
        from beanframe.server.postgres import PostgresStore  # psycopg is an optional extra

        return PostgresStore(where)
    return SQLiteStore(where)
