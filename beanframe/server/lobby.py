"""The table's routes beside playing (issue 25 §2-§5): the lobby of open rooms, claiming an open
seat, filling open seats with bots, handing an absent seat to a bot, giving a seat up, rematches.

A room is **private** unless it was created with open seats: only rooms that still have an open
seat (and whose game is not over) are listed, with their public facts (never a token, a hand or
the seed). The work is done by :mod:`beanframe.server.seats`; these are the thin HTTP doors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from beanframe.core.scoring import seat_name
from beanframe.server import seats

if TYPE_CHECKING:
    from beanframe.server.app import Api
    from beanframe.server.rooms import Room

LISTED = 100  # rooms in one lobby answer at most


def listing(room: Room) -> dict[str, Any] | None:
    """A room's lobby entry, or None if it is not waiting for players."""
    game = room.game
    if game is None or game.is_over or room.broken:
        return None
    free = room.seating.open_seats()
    if not free:
        return None
    rec = room.record
    return {"room": room.id, "variants": list(rec.variants), "players": rec.players, "options": rec.options,
            "clock": room.seating.profile.to_data() if room.seating.profile else None,
            "open_seats": [seat_name(p) for p in free], "seats": list(rec.seats)}  # fmt: skip


def lobby_routes(api: Api, guarded: Callable[[Any], Any]) -> list[Route]:
    """The routes above, each wrapped by the app's ``guarded`` (one-line refusals, rate limits)."""
    hub = api.hub

    async def open_rooms(request: Request) -> Response:
        if request.query_params.get("open") not in ("1", "true"):
            return JSONResponse({"error": "rooms are private: only GET /api/rooms?open=1 (rooms waiting for players) is listed"}, 400)
        found = []
        for room in list(hub.rooms.values()):
            entry = listing(room)
            if entry is not None:
                found.append(entry)
            if len(found) >= LISTED:
                break
        return JSONResponse({"rooms": found})

    async def claim(request: Request) -> Response:
        room = await api.room(request)
        player = seats.seat_index(room, request.path_params["seat"])
        token = await seats.claim(room, player)
        url = f"{api.base_url(request)}#room={room.id}&token={token}"
        return JSONResponse({"seat": seat_name(player), "token": token, "url": url})

    async def fill(request: Request) -> Response:
        room = await api.room(request)
        filled = await seats.fill(room, room.seat_of(api.token(request)))
        return JSONResponse({"filled": filled})

    async def hand_over(request: Request) -> Response:
        room = await api.room(request)
        player = seats.seat_index(room, request.path_params["seat"])
        await seats.hand_over(room, room.seat_of(api.token(request)), player)
        return JSONResponse({"seat": seat_name(player), "bot_plays": True})

    async def give_up(request: Request) -> Response:
        room = await api.room(request)
        player = room.seat_of(api.token(request))
        await seats.give_up(room, player)
        return JSONResponse({"seat": seat_name(player), "given_up": True})

    async def rematch(request: Request) -> Response:
        room = await api.room(request)
        new = await seats.rematch(hub, room, room.seat_of(api.token(request)))
        return JSONResponse({"room": new})

    return [
        Route("/api/rooms", guarded(open_rooms), methods=["GET"]),
        Route("/api/rooms/{room}/seats/{seat}", guarded(claim), methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat}/bot", guarded(hand_over), methods=["POST"]),
        Route("/api/rooms/{room}/fill", guarded(fill), methods=["POST"]),
        Route("/api/rooms/{room}/leave", guarded(give_up), methods=["POST"]),
        Route("/api/rooms/{room}/rematch", guarded(rematch), methods=["POST"]),
    ]
