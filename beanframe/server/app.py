"""The table server's ASGI application, built by one factory (datasette's pattern).

``create_app(store)`` gives a Starlette application with the HTTP API, the WebSocket and the
page; ``beanframe serve`` runs it on uvicorn, tests call it in-process. The routes are thin: they
read and check the request (:mod:`beanframe.server.limits`), find the room and the seat the token
opens, and leave the game to the room (:mod:`beanframe.server.rooms`). Every refusal is
``{"error": "one line"}`` with a 4xx status; an unexpected failure is one line and a 500, with
the traceback in the server's own log only. Every request is answered in its language (``?lang=``,
else ``Accept-Language``: :mod:`beanframe.server.words`). See ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from beanframe.errors import BeanframeError
from beanframe.i18n import _, current, language
from beanframe.server import catalog
from beanframe.server.commands import run_command, why
from beanframe.server.gate import Gate, allowed_hosts, is_json
from beanframe.server.hub import Hub
from beanframe.server.limits import BadInput, Buckets, Limits, read_body, read_json
from beanframe.server.lobby import lobby_routes
from beanframe.server.refusals import Refused
from beanframe.server.rooms import PROTOCOL, ROOM_ID, Room
from beanframe.server.setup import parse_setup
from beanframe.server.socket import serve_socket
from beanframe.server.store import Store
from beanframe.server.tokens import well_formed
from beanframe.server.web import WebFiles
from beanframe.server.words import page_strings, request_language

log = logging.getLogger("beanframe.server")


#: a seat's state (its hand) is never kept by a browser's or a proxy's cache
PRIVATE = {"Cache-Control": "no-store"}


def error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def negotiated(request: Request) -> str:
    """The request's language without its ``?lang=`` (an unknown one is refused in this one)."""
    try:
        return request_language(request.query_params, request.headers)
    except BadInput:
        return request_language({}, request.headers)


class Api:
    """The routes' shared state: the hub of rooms, the limits, the address links use."""

    def __init__(self, hub: Hub, limits: Limits, public_url: str | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.hub = hub
        self.limits = limits
        self.public_url = public_url.rstrip("/") + "/" if public_url else None
        self.clock = clock  # the rate limits' (a test's own)
        self.creations = Buckets(limits.create_rate, limits.create_burst, clock=clock)
        self.requests = Buckets(limits.rate, limits.burst, clock=clock)

    # -- reading requests --------------------------------------------------------------------
    async def body(self, request: Request) -> Any:
        limit = self.limits.message_bytes
        declared = request.headers.get("content-length", "")
        data = await read_body(request.stream(), declared, limit, self.limits.body_seconds)
        if data and not is_json(request.headers.get("content-type")):
            # a cross-origin page may send text/plain without asking first: never read as JSON
            raise BadInput(_("a request body must be sent as {header}").format(header="Content-Type: application/json"), 415)
        return read_json(data, limit)

    def client(self, request: Request) -> str:
        return request.client.host if request.client else "unknown"

    async def room(self, request: Request) -> Room:
        room_id = request.path_params["room"]
        room = await self.hub.get(room_id) if ROOM_ID.fullmatch(room_id) else None
        if room is None:
            raise Refused(_("no room {room} here").format(room=repr(room_id[:40])), 404)
        return room

    def token(self, request: Request) -> str | None:
        """The bearer token of the request, or None (BadInput for a malformed header)."""
        header = request.headers.get("authorization")
        if header is None:
            return None
        scheme, _sep, token = header.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not well_formed(token):
            raise BadInput(_("the Authorization header must be {form} (the token of your invitation)").format(form="'Bearer TOKEN'"), 401)
        return token

    def base_url(self, request: Request) -> str:
        return self.public_url or str(request.base_url)

    async def in_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the hub's threads, in the request's language (a thread does not
        inherit the context by itself)."""
        run = functools.partial(contextvars.copy_context().run, fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self.hub.executor, run)


class _Table(Starlette):
    """Starlette behind the gate (outermost, so even a 500 carries the security headers)."""

    def __init__(self, hosts: frozenset[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.hosts = hosts

    def build_middleware_stack(self) -> Any:
        return Gate(super().build_middleware_stack(), self.hosts)


def create_app(
    store: Store,
    plugins: Sequence[Any] = (),
    bot_delay: float = 1.0,
    limits: Limits | None = None,
    public_url: str | None = None,
    hub: Hub | None = None,
    hosts: Sequence[str] = (),
    clock: Callable[[], float] = time.monotonic,
) -> Starlette:
    """The table server's application on ``store`` (see the module). ``plugins``: plugin objects
    for variants that are not installed (a house rule under test); ``bot_delay``: the bots' think
    time in seconds; ``public_url``: the address invitation links use (default: the address each
    request came to, right for a local network; set it behind a reverse proxy); ``hosts``: the
    Host names answered besides localhost and ``public_url``'s (the bound address, this
    machine's names; :mod:`beanframe.server.gate`); ``clock``: the rate limits' clock."""
    limits = limits or Limits()
    hub = hub or Hub(store, plugins, bot_delay)
    api = Api(hub, limits, public_url, clock)
    files = WebFiles()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.close()

    def guarded(handler: Any) -> Any:
        """Turn refusals into one-line JSON errors; rate-limit the client's address; answer in
        the request's language (``?lang=``, else ``Accept-Language``)."""

        async def endpoint(request: Request) -> Response:
            try:
                with language(negotiated(request)):
                    lang = request_language(request.query_params, request.headers)  # BadInput for ?lang=xx
                with language(lang):
                    if request.method != "GET" and not api.requests.allow(api.client(request)):
                        raise BadInput(_("too many requests: at most {rate} a second").format(rate=f"{limits.rate:g}"), 429)
                    return await handler(request)
            except (Refused, BadInput) as exc:
                return error(str(exc), exc.status)

        return endpoint

    async def index(request: Request) -> Response:
        page = resources.files("beanframe.server").joinpath("static/index.html").read_text(encoding="utf-8")
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    async def about(request: Request) -> Response:
        return JSONResponse({"server": "beanframe", "protocol": PROTOCOL})

    async def variants(request: Request) -> Response:
        return JSONResponse(await api.in_thread(catalog.variants_data, hub))

    async def strings(request: Request) -> Response:
        return JSONResponse(page_strings(current()))

    async def create_room(request: Request) -> Response:
        if not api.creations.allow(api.client(request)):
            raise BadInput(_("too many new rooms: at most {rate} a second").format(rate=f"{limits.create_rate:g}"), 429)
        data = await api.body(request)
        try:
            setup = parse_setup(data, hub.plugin_of, getattr(hub, "default_clock", None))
        except BeanframeError as exc:
            raise BadInput(" ".join(str(exc).split())) from None
        room, tokens, spectator = await hub.create(setup)
        base = api.base_url(request)
        seats = []
        for player, token in enumerate(tokens):
            if token is not None:
                seats.append({"seat": f"p{player + 1}", "token": token, "url": f"{base}#room={room.id}&token={token}"})
        body = {
            "room": room.id,
            "seats": seats,
            "spectator": {"token": spectator, "url": f"{base}#room={room.id}&token={spectator}"},
        }
        return JSONResponse(body, status_code=201)

    async def room_info(request: Request) -> Response:
        room = await api.room(request)
        info = room.room_fields(None)
        info["over"] = room.game.is_over if room.game is not None else None
        info.pop("seat")
        return JSONResponse(info)

    async def state(request: Request) -> Response:
        room = await api.room(request)
        player = room.seat_of(api.token(request))
        return JSONResponse(room.full_state(player), headers=PRIVATE)

    async def act(request: Request) -> Response:
        room = await api.room(request)
        player = room.seat_of(api.token(request))
        data = await api.body(request)
        if not isinstance(data, dict):
            raise BadInput(_("the body must be a JSON object: {example}").format(example='{"code": "...", "version": N}'))
        await room.act(player, data.get("version"), code=data.get("code"), action_id=data.get("id"))
        return JSONResponse(room.full_state(player), headers=PRIVATE)

    async def explain(request: Request) -> Response:
        room = await api.room(request)
        player = room.seat_of(api.token(request))
        data = await api.body(request)
        code = data.get("code") if isinstance(data, dict) else None
        return JSONResponse({"text": why(room, player, code)}, headers=PRIVATE)

    async def command(request: Request) -> Response:
        room = await api.room(request)
        player = room.seat_of(api.token(request))
        data = await api.body(request)
        if not isinstance(data, dict):
            raise BadInput(_("the body must be a JSON object: {example}").format(example='{"line": "..."}'))
        return JSONResponse({"text": run_command(room, player, data.get("line"), data.get("width"))}, headers=PRIVATE)

    async def save(request: Request) -> Response:
        room = await api.room(request)
        if room.game is None:
            raise Refused(room.broken or _("this room cannot be played"), 409)
        if not room.game.is_over:
            raise Refused(_("the save is served once the game is over (it holds every hand and the deck order)"), 409)
        headers = {"Content-Disposition": f'attachment; filename="beanframe-{room.id}.json"', **PRIVATE}
        return Response(room.game.to_json(), media_type="application/json", headers=headers)

    async def web(request: Request) -> Response:
        room = await api.room(request)
        if room.game is None:
            raise Refused(room.broken or _("this room cannot be played"), 409)
        info = await api.in_thread(files.info, room.game.ruleset)
        # the words the variants' modules mark, in the request's language (the page's own: /api/strings)
        return JSONResponse({**info, "strings": files.strings(room.game.ruleset, current())})

    async def web_file(request: Request) -> Response:
        package, path = request.path_params["package"], request.path_params["path"]
        try:
            data, kind = files.read(package, path)
        except Refused:
            files.learn(hub.rulesets())  # rooms loaded since (a restart): their folders too
            data, kind = files.read(package, path)
        return Response(data, media_type=kind, headers={"Cache-Control": "no-cache"})

    async def socket(websocket: WebSocket) -> None:
        await serve_socket(api, websocket)

    async def not_found(request: Request, exc: HTTPException) -> Response:
        with language(negotiated(request)):
            if exc.status_code == 404:
                return error(_("no such address: {method} {path}").format(method=request.method, path=request.url.path[:80]), 404)
            if exc.status_code == 405:
                return error(_("{method} is not allowed at {path}").format(method=request.method, path=request.url.path[:80]), 405)
            return error(" ".join(str(exc.detail).split())[:200] or _("bad request"), exc.status_code)

    async def crashed(request: Request, exc: Exception) -> Response:
        log.error("unexpected %s on %s %s", type(exc).__name__, request.method, request.url.path, exc_info=exc)
        with language(negotiated(request)):
            return error(_("the server failed ({error}); it is in the server's log").format(error=type(exc).__name__), 500)

    routes = [
        Route("/", index),
        Route("/api", about),
        Route("/api/variants", guarded(variants)),
        Route("/api/strings", guarded(strings)),  # the page's words in a language (issue 29)
        Route("/api/rooms", guarded(create_room), methods=["POST"]),
        *lobby_routes(api, guarded),  # the lobby, open seats, absent players, rematches (issue 25)
        Route("/api/rooms/{room}", guarded(room_info)),
        Route("/api/rooms/{room}/state", guarded(state)),
        Route("/api/rooms/{room}/actions", guarded(act), methods=["POST"]),
        Route("/api/rooms/{room}/why", guarded(explain), methods=["POST"]),
        Route("/api/rooms/{room}/command", guarded(command), methods=["POST"]),
        Route("/api/rooms/{room}/save", guarded(save)),
        Route("/api/rooms/{room}/web", guarded(web)),
        Route("/web/{package}/{path:path}", guarded(web_file)),
        WebSocketRoute("/api/rooms/{room}/ws", socket),
        Mount("/static", app=StaticFiles(packages=[("beanframe.server", "static")]), name="static"),
    ]
    app = _Table(
        allowed_hosts(public_url, more=hosts),
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: not_found, Exception: crashed},
    )
    app.state.hub = hub
    app.state.limits = limits
    return app
