"""What the server accepts from a client, and how fast: message sizes, rate limits, JSON shape.

Everything a client sends is read through :func:`read_message`, which turns any bad input into
one line (:class:`BadInput`) and never raises anything else; rate limits are token buckets.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from typing import Any

from attrs import frozen
from starlette.requests import ClientDisconnect

from beanframe.core.limits import loads_json
from beanframe.i18n import _
from beanframe.token_bucket import Bucket


@frozen
class Limits:
    """The server's limits (defaults suit people and bots playing; a benchmark may raise them)."""

    message_bytes: int = 8192  # one WebSocket message or HTTP body
    rate: float = 50.0  # messages a second a connection may send on average (a fast bot stays under)...
    burst: int = 100  # ...and at once
    create_rate: float = 1.0  # rooms a client address may create a second on average...
    create_burst: int = 30  # ...and at once
    hello_seconds: float = 30.0  # a new WebSocket must say hello within this time
    # the transport's own hard limit (uvicorn closes a connection with code 1009 above it): a
    # message between message_bytes and this is answered with one line, the connection stays
    transport_bytes: int = 1 << 20
    # a request must be complete in time: its request line and headers (uvicorn's protocol,
    # :mod:`beanframe.server.transport`) and then its body (the server's own read); an idle
    # keep-alive connection is closed after keep_alive_seconds
    header_seconds: float = 10.0
    body_seconds: float = 10.0
    keep_alive_seconds: float = 5.0


@frozen
class Lifetimes:
    """How long a room stays in memory and in the store (see docs/protocol.md "Running a table")."""

    idle_seconds: float = 600.0  # a room nobody is connected to, with no bot at work, leaves memory...
    over_seconds: float = 60.0  # ...and a finished one sooner (both come back from the store when asked)
    unjoined_seconds: float = 86_400.0  # a room whose invitations nobody ever opened is deleted
    presence_seconds: float = 15.0  # this process tells the others who is connected here this often...
    presence_expiry: float = 45.0  # ...and forgets what another process said this long ago
    sweep_seconds: float = 5.0  # how often the above is looked at
    expire_every: float = 600.0  # how often the store is searched for rooms nobody joined


def one_line(text: object, limit: int = 200) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


class BadInput(Exception):
    """A message or body the server cannot take: one line, and an HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def read_json(data: bytes | str, limit: int) -> Any:
    """A JSON value from a client (BadInput with one line if it is too long or not JSON)."""
    if len(data) > limit:
        raise BadInput(_("the message is too long ({size} bytes; at most {limit})").format(size=len(data), limit=limit), 413)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput(_("the message is not UTF-8 text")) from None
    try:
        return loads_json(data)
    except (ValueError, TypeError, RecursionError) as exc:
        raise BadInput(_("not JSON: {problem}").format(problem=one_line(exc, 80))) from None


async def read_body(chunks: AsyncIterator[bytes], declared: str, limit: int, seconds: float) -> bytes:
    """An HTTP body, at most ``limit`` bytes (``declared``: its Content-Length header), complete
    within ``seconds`` (BadInput 408 if not). A client that hangs up mid-body is :class:`Gone`."""
    if declared.isdigit() and int(declared) > limit:
        raise BadInput(_("the body is too long ({size} bytes; at most {limit})").format(size=declared, limit=limit), 413)
    data = b""

    async def read() -> None:
        nonlocal data
        async for chunk in chunks:
            data += chunk
            if len(data) > limit:
                raise BadInput(_("the body is too long (more than {limit} bytes)").format(limit=limit), 413)

    try:
        await asyncio.wait_for(read(), seconds)
    except TimeoutError:
        raise BadInput(_("the body did not come within {seconds} seconds").format(seconds=f"{seconds:g}"), 408) from None
    except ClientDisconnect:  # the client hung up: nobody to answer, nothing worth a log line
        raise Gone() from None
    return data


class Gone(BadInput):
    """The client hung up before its request was complete: nobody to answer, nothing to log."""

    def __init__(self) -> None:
        super().__init__("the client hung up before its request was complete", 400)


def read_message(data: bytes | str, limit: int) -> dict[str, Any]:
    """A WebSocket message: a JSON object with a ``type`` text."""
    value = read_json(data, limit)
    if not isinstance(value, dict):
        raise BadInput(_("a message is a JSON object such as {example}").format(example='{"type": "action", "code": "...", "version": N}'))
    kind = value.get("type")
    if not isinstance(kind, str):
        raise BadInput(_("a message needs a {field} ({types})").format(field='"type"', types="hello, action, why, command, state, ping"))
    return value


class Buckets:
    """One bucket per key (a client address), the least recently used forgotten beyond ``size``."""

    def __init__(self, rate: float, burst: int, size: int = 10_000, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.size, self.clock = rate, burst, size, clock
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.rate, self.burst, self.clock)
            if len(self.buckets) > self.size:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.allow()
