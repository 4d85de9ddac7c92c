"""The sending side of one connection to a room (a WebSocket's), with the language it speaks."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any


class Connection:
    """The sending side of one connection: a bounded queue drained by the connection's own writer
    task, so a slow client never holds up the room (one that falls too far behind is dropped; it
    reconnects and gets the whole state)."""

    QUEUE = 512

    def __init__(self, seat: int | None, send: Callable[[str], Any], lang: str = "en") -> None:
        self.seat = seat
        self.lang = lang  # the language its words are in (issue 29); codes are the same in all
        self.send = send
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(self.QUEUE)
        self.overflowed = False

    def push(self, text: str) -> None:
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)  # the writer stops; the endpoint closes the connection

    async def write(self) -> None:
        """Send what is queued until told to stop (None)."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.send(text)
