"""``beanframe join`` across a table's games (issue 25 §4): after the end the person is offered the
next game (``again`` or Enter: the rematch another seat asked for, or a new one asked for with the
seat's token), and the session goes on in the new room with the same link (the token moves along)."""

from __future__ import annotations

import asyncio
from typing import Any

from rich.console import Console

from beanframe.client import TableClient, TableError
from beanframe.i18n import N_, _, pgettext
from beanframe.rematch import ask_rematch

from .session import ReadLine
from .table import OVER, LineReader, RemoteSession

AGAIN_PROMPT = N_("again? ")
OFFER = N_("the game is over: type again (or press Enter) to play the next game of this table, quit to leave")


async def play_table(client: TableClient, console: Console, read_line: ReadLine, **session: Any) -> None:
    """Play the seat of ``client`` game after game, while the person asks for the next one."""
    while True:
        async with client:
            outcome = await RemoteSession(client, console, read_line, **session).run()
            if outcome != OVER:
                return
            room = await offer_again(client, console, LineReader(read_line))
        if room is None:
            return
        console.print(_("the next game of this table: room {room} (your link follows it)").format(room=room), markup=False)
        client = TableClient(client.invitation.link_to(room))


async def offer_again(client: TableClient, console: Console, reader: LineReader) -> str | None:
    """The next game's room once the person says so (None: they leave); a rematch another seat
    asks for meanwhile is announced."""
    console.print(_(OFFER), markup=False)
    coming: asyncio.Future | None = asyncio.ensure_future(client.next_room())
    line = reader.ask(_(AGAIN_PROMPT))
    try:
        while True:
            done, _other = await asyncio.wait({f for f in (line, coming) if f is not None}, return_when=asyncio.FIRST_COMPLETED)
            if coming in done:
                if coming.result():
                    console.print(_("another seat asked to play again (room {room}): press Enter to follow").format(room=coming.result()), markup=False)
                coming = None
            if line not in done:
                continue
            text = line.result()
            word = (text or "").strip().lower()
            if text is None or word in ("quit", "exit"):
                return None
            if word in ("", "again", pgettext("command", "again")):
                found = client.state.get("next_room")
                if found:
                    return str(found)
                try:
                    return await asyncio.to_thread(ask_rematch, client.invitation)
                except TableError as exc:
                    console.print(str(exc), style="red", markup=False)
                    return None
            console.print(_("type again (or press Enter) for the next game, or quit"), markup=False)
            line = reader.ask(_(AGAIN_PROMPT))
    finally:
        if coming is not None:
            coming.cancel()
