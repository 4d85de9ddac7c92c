"""The WebSocket of a room: ``/api/rooms/ID/ws``.

The first message says hello with the token (``{"type": "hello", "token": T}``; no token or
``null``: a spectator). The server answers with the seat's whole state, then pushes an
``update`` after every change and a ``presence`` message when someone connects or leaves. The
client may send ``action``, ``why``, ``command``, ``state`` and ``ping`` messages. Anything wrong
is answered with one ``error`` line to this connection only; the connection stays open (except
for an unknown room or a token that opens nothing, which are closed after their error).
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from beanframe.core.actions import shorten
from beanframe.server.commands import run_command, why
from beanframe.server.limits import BadInput, Bucket, read_message
from beanframe.server.refusals import Refused
from beanframe.server.rooms import ROOM_ID, Connection, Room, log
from beanframe.server.tokens import well_formed

if TYPE_CHECKING:
    from beanframe.server.app import Api

TYPES = "hello, action, why, command, state, ping"
CLOSE_NO_ROOM = 4404
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_SLOW = 4408


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


async def serve_socket(api: Api, websocket: WebSocket) -> None:
    await websocket.accept()
    limits = api.limits
    bucket = Bucket(limits.rate, limits.burst, api.clock)
    room_id = websocket.path_params["room"]
    try:
        token = await asyncio.wait_for(_hello(api, websocket, bucket), limits.hello_seconds)
    except (TimeoutError, WebSocketDisconnect):
        with _quiet():
            await websocket.close()
        return
    room = await api.hub.get(room_id) if ROOM_ID.fullmatch(room_id) else None
    if room is None:
        await _refuse(websocket, f"no room {room_id[:40]!r} here", 404, CLOSE_NO_ROOM)
        return
    try:
        player = room.seat_of(token)
    except Refused as exc:
        await _refuse(websocket, str(exc), exc.status, CLOSE_FORBIDDEN)
        return
    conn = Connection(player, websocket.send_text)
    try:
        room.attach(conn)
    except Refused as exc:
        await _refuse(websocket, str(exc), exc.status, CLOSE_NO_ROOM)
        return
    writer = asyncio.ensure_future(_write(websocket, conn))
    try:
        await _read(websocket, room, conn, bucket, limits.message_bytes)
    finally:
        room.detach(conn)
        writer.cancel()


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's queue; a client too slow to keep up is closed (it reconnects)."""
    try:
        await conn.write()
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # gone: the reader hears of it
    if conn.overflowed:
        with _quiet():
            await websocket.close(CLOSE_TOO_SLOW, "too slow: reconnect for the whole state")


async def _hello(api: Api, websocket: WebSocket, bucket: Bucket) -> str | None:
    """Wait for a good hello; its token (None for a spectator). Bad messages get one error each."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if not bucket.allow():
            continue
        try:
            data = read_message(message.get("text") or message.get("bytes") or "", api.limits.message_bytes)
            if data["type"] != "hello":
                raise BadInput('say hello first: {"type": "hello", "token": "YOUR TOKEN"} (or null to watch)', 401)
            token = data.get("token")
            if token is not None and not well_formed(token):
                raise BadInput("that is not a token (the token of your invitation link, after token=)", 401)
            return token
        except BadInput as exc:
            await websocket.send_text(_text({"type": "error", "error": str(exc), "status": exc.status}))


async def _refuse(websocket: WebSocket, message: str, status: int, code: int) -> None:
    with _quiet():
        await websocket.send_text(_text({"type": "error", "error": message, "status": status}))
        await websocket.close(code)


class _quiet:
    """Ignore a connection that is already gone."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> bool:
        return kind is not None and issubclass(kind, (WebSocketDisconnect, RuntimeError, OSError))


async def _read(websocket: WebSocket, room: Room, conn: Connection, bucket: Bucket, limit: int) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        ref = None
        try:
            data = read_message(message.get("text") or message.get("bytes") or "", limit)
            ref = data.get("ref")
            if ref is not None and not (type(ref) in (int, str) and len(str(ref)) <= 40):
                ref = None
                raise BadInput('"ref" must be a short text or number (it is echoed in the answer)')
            if not bucket.allow():  # refused, not queued: a flood cannot pile up work
                raise BadInput(f"too many messages: at most {bucket.rate:g} a second (this one was ignored)", 429)
            reply = await _handle(room, conn, data)
            if reply is not None:
                if ref is not None:
                    reply["ref"] = ref
                conn.push(_text(reply))
        except (BadInput, Refused) as exc:
            error = {"type": "error", "error": str(exc), "status": exc.status}
            if ref is not None:
                error["ref"] = ref
            conn.push(_text(error))
        except Exception as exc:  # noqa: BLE001 - one line for the client, the traceback in the log
            log.exception("room %s: a message failed", room.id)
            conn.push(_text({"type": "error", "error": f"the server failed ({type(exc).__name__})", "status": 500}))


async def _handle(room: Room, conn: Connection, data: dict[str, Any]) -> dict[str, Any] | None:
    kind = data["type"]
    if kind == "action":
        version = await room.act(conn.seat, data.get("version"), code=data.get("code"), action_id=data.get("id"))
        return {"type": "accepted", "version": version} if data.get("ref") is not None else None
    if kind == "why":
        return {"type": "why", "text": why(room, conn.seat, data.get("code"))}
    if kind == "command":
        return {"type": "output", "text": run_command(room, conn.seat, data.get("line"), data.get("width"))}
    if kind == "state":
        room.attach(conn)  # the whole state again (a client that lost track)
        return None
    if kind == "ping":
        return {"type": "pong"}
    if kind == "hello":
        raise BadInput("already said hello: this connection has its seat")
    raise BadInput(f"unknown message type {shorten(kind, 30)} (types: {TYPES})")
