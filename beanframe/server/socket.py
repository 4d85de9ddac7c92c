"""The WebSocket of a room: ``/api/rooms/ID/ws``.

The first message says hello with the token (``{"type": "hello", "token": T}``; no token or
``null``: a spectator) and may name the connection's language (``"language": "nl"``; else the
address's ``?lang=``, else the ``Accept-Language`` of the upgrade request, else English: issue
29). The server answers with the seat's whole state in that language, then pushes an
``update`` after every change and a ``presence`` message when someone connects or leaves. The
client may send ``action``, ``why``, ``command``, ``state`` (with ``"language"``: from now on in
that language) and ``ping`` messages. Anything wrong
is answered with one ``error`` line to this connection only; the connection stays open (except
for an unknown room or a token that opens nothing, which are closed after their error).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from beanframe.core.actions import shorten
from beanframe.i18n import _, language
from beanframe.server.commands import run_command, why
from beanframe.server.limits import BadInput, Bucket, read_message
from beanframe.server.refusals import Refused
from beanframe.server.rooms import ROOM_ID, Connection, Room, log
from beanframe.server.seat import to_json
from beanframe.server.tokens import well_formed
from beanframe.server.words import asked_language, request_language

if TYPE_CHECKING:
    from beanframe.server.app import Api

TYPES = "hello, action, why, command, state, ping"
CLOSE_NO_ROOM = 4404
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_SLOW = 4408


def _text(data: dict[str, Any]) -> str:
    return to_json(data)


async def serve_socket(api: Api, websocket: WebSocket) -> None:
    await websocket.accept()
    limits = api.limits
    bucket = Bucket(limits.rate, limits.burst, api.clock)
    room_id = websocket.path_params["room"]
    try:
        default = request_language(websocket.query_params, websocket.headers)
    except BadInput:
        default = "en"  # an unknown ?lang=: the hello may still name one (else English)
    try:
        with language(default):
            token, lang = await asyncio.wait_for(_hello(api, websocket, bucket), limits.hello_seconds)
    except (TimeoutError, WebSocketDisconnect):
        with _quiet():
            await websocket.close()
        return
    lang = lang or default
    room = await api.hub.get(room_id) if ROOM_ID.fullmatch(room_id) else None
    if room is None:
        with language(lang):
            await _refuse(websocket, _("no room {room} here").format(room=repr(room_id[:40])), 404, CLOSE_NO_ROOM)
        return
    try:
        with language(lang):
            player = room.seat_of(token)
    except Refused as exc:
        await _refuse(websocket, str(exc), exc.status, CLOSE_FORBIDDEN)
        return
    conn = Connection(player, websocket.send_text, lang)
    try:
        with language(lang):
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


async def _hello(api: Api, websocket: WebSocket, bucket: Bucket) -> tuple[str | None, str | None]:
    """Wait for a good hello; its token (None for a spectator) and the language it names (None:
    none). Bad messages get one error each."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if not bucket.allow():
            continue
        try:
            data = read_message(message.get("text") or message.get("bytes") or "", api.limits.message_bytes)
            if data["type"] != "hello":
                example = '{"type": "hello", "token": "YOUR TOKEN"}'
                raise BadInput(_("say hello first: {example} (or null to watch)").format(example=example), 401)
            token = data.get("token")
            if token is not None and not well_formed(token):
                raise BadInput(_("that is not a token (the token of your invitation link, after token=)"), 401)
            asked = data.get("language")
            return token, None if asked is None else asked_language(asked)
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
        with language(conn.lang):  # a "state" message may change it: read it for every message
            await _answer(room, conn, bucket, limit, message)


async def _answer(room: Room, conn: Connection, bucket: Bucket, limit: int, message: Any) -> None:
    """Answer one message, in the connection's language."""
    ref = None
    try:
        data = read_message(message.get("text") or message.get("bytes") or "", limit)
        ref = data.get("ref")
        if ref is not None and not (type(ref) in (int, str) and len(str(ref)) <= 40):
            ref = None
            raise BadInput(_("{field} must be a short text or number (it is echoed in the answer)").format(field='"ref"'))
        if not bucket.allow():  # refused, not queued: a flood cannot pile up work
            raise BadInput(_("too many messages: at most {rate} a second (this one was ignored)").format(rate=f"{bucket.rate:g}"), 429)
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
        conn.push(_text({"type": "error", "error": _("the server failed ({error})").format(error=type(exc).__name__), "status": 500}))


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
        if data.get("language") is not None:  # from now on in this language (the page's selector)
            room.speak(conn, asked_language(data["language"]))
        else:
            room.attach(conn)  # the whole state again (a client that lost track)
        return None
    if kind == "ping":
        return {"type": "pong"}
    if kind == "hello":
        raise BadInput(_("already said hello: this connection has its seat"))
    raise BadInput(_("unknown message type {type} (types: {types})").format(type=shorten(kind, 30), types=TYPES))
