"""How ``beanframe serve`` runs the application on uvicorn: with a bound on the time to a
complete request (issue 27), on uvloop's event loop and with the collector set for a long-running
server (issue 28; :func:`run`, :func:`settle_collector`).

uvicorn closes an idle keep-alive connection (``timeout_keep_alive``) but waits for request
headers for ever: a client trickling header lines holds its connection as long as it likes.
:func:`timed_h11` gives uvicorn's h11 protocol a deadline: the request line and headers must be
complete within ``header_seconds`` of the connection's opening (or of the first byte of a next
request on a kept-alive connection), else the connection is closed. The body then has
``Limits.body_seconds`` (read by the application: :func:`beanframe.server.limits.read_body`).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Coroutine
from typing import Any, TypeVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from beanframe.server.limits import Limits

T = TypeVar("T")

#: the youngest generation's threshold (CPython's default is 700) and the older ones' (the default
#: 10, 10). Each action replaces its room's game with a new one; with 200 rooms, at 700 nearly
#: every game survived a collection and was promoted before its room's next action freed it, and
#: the full collections those promotions set off stopped the server for up to 0.3 s (issue 28).
COLLECTOR_THRESHOLDS = (50_000, 20, 10)


def run(main: Coroutine[Any, Any, T], loop: str = "auto") -> T:
    """Run the server's ``main`` coroutine to its end on uvloop's event loop when it is installed
    (``loop="auto"``; it is a dependency where it builds) or on asyncio's own (``"asyncio"``).
    uvloop does the event loop's work in C: about a sixth less CPU per action at the table."""
    if loop != "asyncio":
        try:
            import uvloop
        except ImportError:
            if loop == "uvloop":
                raise
        else:
            with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
                return runner.run(main)
    return asyncio.run(main)


def settle_collector() -> tuple[int, int, int]:
    """Set the garbage collector for a server that runs for days, once it has started: what is
    loaded by then (modules, plugins, catalogs) is frozen out of every later collection, and
    the young generation is collected less often (:data:`COLLECTOR_THRESHOLDS`). Returns the
    thresholds it replaced. Nothing here changes what is freed: only how often the collector
    looks (the server makes no cyclic garbage per action; tests/server check it)."""
    previous = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    return previous


def timed_h11(header_seconds: float) -> type[H11Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request headers are not complete within
    ``header_seconds``."""

    class TimedH11Protocol(H11Protocol):
        _header_deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.cycle is None or self.cycle.response_complete:  # bytes of a next request
                self._arm()
            super().data_received(data)

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not None and not self.cycle.response_complete:
                self._disarm()  # the headers are in: the body has the application's own limit

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()  # the WebSocket protocol takes the connection over
            super().handle_websocket_upgrade(event)

        def _arm(self) -> None:
            if self._header_deadline is None:
                self._header_deadline = self.loop.call_later(header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._header_deadline is not None:
                self._header_deadline.cancel()
                self._header_deadline = None

        def _too_slow(self) -> None:
            self._header_deadline = None
            if not self.transport.is_closing():
                self.transport.close()

    return TimedH11Protocol


def uvicorn_config(app: Any, limits: Limits, **options: Any) -> uvicorn.Config:
    """The uvicorn configuration ``beanframe serve`` runs ``app`` with (``options`` added)."""
    return uvicorn.Config(
        app,
        http=timed_h11(limits.header_seconds),
        timeout_keep_alive=limits.keep_alive_seconds,  # type: ignore[arg-type] - a float serves
        h11_max_incomplete_event_size=16 * 1024,  # request line and headers: at most this
        log_level="warning",
        ws_max_size=limits.transport_bytes,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=3,
        access_log=False,
        **options,
    )
