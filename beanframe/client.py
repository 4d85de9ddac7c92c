"""Play a seat of a table server from another program: the network side of ``beanframe join``
and ``beanframe bot`` (docs/protocol.md).

:class:`TableClient` opens an invitation link (``http://HOST:PORT/#room=ID&token=T``), says hello
over the room's WebSocket, keeps the seat's state up to date from the server's updates, and
reconnects by itself when the connection drops (after 1, 2, 4 ... up to 30 seconds; the server
then sends the whole state again). Events come out of :meth:`TableClient.events` in order::

    async with TableClient(link) as client:
        async for kind, data in client.events():
            if kind == "state" and client.my_turn():
                await client.act(client.state["legal"][0]["code"])

Kinds: ``state`` (the seat's state changed: ``client.state``), ``presence``, ``error`` (one
line from the server), ``accepted`` (an action sent with a ``ref`` was taken), ``why`` /
``output`` (answers), ``connection`` (``"lost"`` once when the connection drops, however many
attempts it takes to come back, then ``"back"``). The iteration ends when the game is over
(after its last state) or on a fatal error (:class:`TableError`: an unknown room, a token that
opens nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Callable
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit, urlunsplit

import websockets
from websockets.asyncio.client import ClientConnection, connect

import beanframe.i18n as i18n
from beanframe.agents import make_bot
from beanframe.core.game import Ruleset, compose
from beanframe.core.view import View
from beanframe.errors import BeanframeError
from beanframe.token_bucket import Bucket

#: close codes after which reconnecting cannot help
FATAL_CLOSE = {4403: "the token opens no seat of this room", 4404: "no such room"}


class TableError(Exception):
    """The seat cannot be played: a bad link, an unknown room, a token that opens nothing."""


class Invitation:
    """An invitation link taken apart: the server's address, the room and the token (the part
    after ``#``, which browsers never send)."""

    def __init__(self, link: str, token: str | None = None) -> None:
        parts = urlsplit(link.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise TableError(f"not an invitation link: {link[:60]!r} (it looks like http://HOST:PORT/#room=ID&token=T)")
        fragment = parse_qs(parts.fragment)
        room = (fragment.get("room") or [None])[0]
        if not room:
            raise TableError("the link names no room (it ends with #room=ID&token=T)")
        self.room: str = room
        self.token: str | None = token or (fragment.get("token") or [None])[0]
        path = parts.path if parts.path.endswith("/") else parts.path + "/"
        self.base = urlunsplit((parts.scheme, parts.netloc, path, "", ""))
        ws_scheme = "wss" if parts.scheme == "https" else "ws"
        self.ws_url = urlunsplit((ws_scheme, parts.netloc, f"{path}api/rooms/{room}/ws", "", ""))

    def api(self, tail: str) -> str:
        return f"{self.base}api/rooms/{self.room}/{tail}"

    def link_to(self, room: str) -> str:
        """The link of the same seat's person in ``room`` (a rematch: the token moves along)."""
        token = f"&token={quote(self.token)}" if self.token else ""
        return f"{self.base}#room={quote(room)}{token}"


def merge(state: dict[str, Any], update: dict[str, Any]) -> dict[str, Any] | None:
    """The state after ``update``, or None if the update does not continue it (a gap: ask for the
    whole state again). A new dict, but ``history`` and ``log`` grow in place (copying them for
    every update would cost more and more as the game goes on)."""
    history, log = state.get("history", []), state.get("log", [])
    if update.get("history_from") != len(history) or update.get("log_from") != len(log):
        return None
    out = dict(state)
    for key, value in update.items():
        if key not in ("type", "history", "log", "history_from", "log_from"):
            out[key] = value
    if "view" in update and "view" in state:  # only the parts that changed come: merged by name
        out["view"] = {**update["view"], "parts": {**state["view"]["parts"], **update["view"]["parts"]}}
    history.extend(update.get("history", ()))
    log.extend(update.get("log", ()))
    out["history"], out["log"] = history, log
    return out


def backoff(first: float = 1.0, most: float = 30.0) -> Any:
    """Delays between reconnection attempts: 1, 2, 4 ... seconds, doubling up to ``most``."""
    delay = first
    while True:
        yield delay
        delay = min(most, delay * 2)


#: the messages a second a client sends at most on average, and at once: under the table's
#: limits of 50 and 100 a connection (docs/protocol.md), so a bot against fast bots on a quick
#: server is never refused as a flood
SEND_RATE = 40.0
SEND_BURST = 20


#: the refusals a seat's own race causes (the game moved while its action was on its way): a
#: client chooses again from the newer state, quietly (issue 24 §3)
RACES = ("out of date", "it is not your decision now")


def is_race(error: dict[str, Any]) -> bool:
    """Whether a refusal means only that the game moved on while the action was on its way."""
    return error.get("status") == 409 and any(words in str(error.get("error", "")) for words in RACES)


class TableClient:
    """One seat (or a spectator) of a room; see the module."""

    def __init__(
        self,
        link: str,
        token: str | None = None,
        first_delay: float = 1.0,
        max_delay: float = 30.0,
        sleep: Callable[[float], Any] = asyncio.sleep,
        language: str | None = None,
    ) -> None:
        self.invitation = Invitation(link, token)
        # the words the table sends this seat (labels, log, refusals): by default the language
        # of the context that made the client (`beanframe --lang nl join ...`); codes never change
        self.language = language or i18n.current()
        self.state: dict[str, Any] = {}
        self.presence: dict[str, Any] = {}
        self._queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._ws: ClientConnection | None = None
        self._sends = Bucket(SEND_RATE, SEND_BURST)  # keeps the client under the table's limit
        self._task: asyncio.Task | None = None
        self._delays = (first_delay, max_delay)
        self._sleep = sleep  # the wait between attempts (a test's own clock)
        self.reconnects = 0

    async def __aenter__(self) -> TableClient:
        self._task = asyncio.ensure_future(self._run())
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    # -- reading ---------------------------------------------------------------------------
    @property
    def seat(self) -> str | None:
        return self.state.get("seat")

    def player(self) -> int | None:
        """This seat as a 0-based player (None: a spectator)."""
        seat = self.seat
        return None if seat is None else int(seat[1:]) - 1

    def caught_up(self) -> bool:
        """Whether every message received so far has been handed out: the state is the newest
        this client has (act on it; otherwise the next events bring a newer one)."""
        return self._queue.empty()

    def my_turn(self) -> bool:
        """Whether this seat decides now (it has legal actions)."""
        return bool(self.state) and self.seat in self.state.get("deciders", ()) and bool(self.state.get("legal"))

    async def events(self) -> AsyncIterator[tuple[str, Any]]:
        while True:
            kind, data = await self._queue.get()
            if kind == "fatal":
                raise TableError(data)
            if kind == "message":
                applied = self._apply(data)
                if applied is None:
                    continue
                kind, data = applied
            yield kind, data
            if kind == "state" and data.get("over"):
                return

    async def next_room(self) -> str | None:
        """After the game's end: wait until the table's next game is asked for (any seat's
        rematch: the state gains ``next_room``) and return its room; None if the connection
        ends first."""
        while not self.state.get("next_room"):
            task = self._task
            if task is None or (task.done() and self._queue.empty()):
                return None
            get = asyncio.ensure_future(self._queue.get())
            done, _ = await asyncio.wait({get, task}, return_when=asyncio.FIRST_COMPLETED)
            if get not in done:
                get.cancel()
                continue
            kind, data = get.result()
            if kind == "fatal":
                return None
            if kind == "message":
                self._apply(data)
        return str(self.state["next_room"])

    # -- sending ---------------------------------------------------------------------------
    async def send(self, message: dict[str, Any]) -> bool:
        """Send a message; False if the connection is down (it comes back by itself). Messages
        go out at most :data:`SEND_RATE` a second, so a bot never outruns the table's limit."""
        ws = self._ws
        if ws is None:
            return False
        while not self._sends.allow():
            await asyncio.sleep(self._sends.wait())
        try:
            await ws.send(json.dumps(message))
            return True
        except websockets.ConnectionClosed:
            return False

    def send_wait(self) -> float:
        """Seconds until a message may go (0: now)."""
        return self._sends.wait()

    async def act(self, code: str, version: int | None = None, ref: Any = None) -> bool:
        """Take an action (a code or a one-line command) against ``version`` (default: the
        version of the state we have)."""
        message: dict[str, Any] = {"type": "action", "code": code, "version": self.state.get("version") if version is None else version}
        if ref is not None:
            message["ref"] = ref
        return await self.send(message)

    # -- the connection --------------------------------------------------------------------
    async def _run(self) -> None:
        delays = backoff(*self._delays)
        first = True
        lost = False  # "lost" was announced: once per outage, not once per attempt
        while True:
            try:
                async with connect(self.invitation.ws_url, max_size=1 << 24, open_timeout=10, compression=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": self.invitation.token, "language": self.language}))
                    self._ws = ws
                    if not first:
                        self.reconnects += 1
                    delays = backoff(*self._delays)  # a connection that came up starts the backoff again
                    lost = False
                    await self._receive(ws, first)
                    first = False
                    if ws.close_code in FATAL_CLOSE:
                        await self._queue.put(("fatal", self._last_error or FATAL_CLOSE[ws.close_code]))
                        return
            except asyncio.CancelledError:
                raise
            except websockets.ConnectionClosed as exc:
                self._ws = None
                code = exc.rcvd.code if exc.rcvd is not None else None
                if code in FATAL_CLOSE:
                    await self._queue.put(("fatal", self._last_error or FATAL_CLOSE[code]))
                    return
            except (OSError, websockets.InvalidHandshake, websockets.InvalidURI, TimeoutError) as exc:
                self._ws = None
                if first and isinstance(exc, websockets.InvalidURI):
                    await self._queue.put(("fatal", f"bad server address: {exc}"))
                    return
            self._ws = None
            if self.state.get("over"):
                return
            if not lost:
                lost = True
                await self._queue.put(("connection", "lost"))
            await self._sleep(next(delays))
            first = False

    _last_error: str | None = None

    async def _receive(self, ws: ClientConnection, first: bool) -> None:
        # messages are queued as they come and applied to the state as :meth:`events` hands
        # them out: ``state`` is always the state of the event being handled
        async for raw in ws:
            try:
                message = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            if message.get("type") == "error":
                self._last_error = message.get("error")
            if message.get("type") == "state" and not first:
                first = True
                await self._queue.put(("connection", "back"))
            await self._queue.put(("message", message))

    def _apply(self, message: dict[str, Any]) -> tuple[str, Any] | None:
        kind = message.get("type")
        if kind == "state":
            self.state = message
            return "state", self.state
        if kind == "update":
            merged = merge(self.state, message) if self.state else None
            if merged is None:  # a gap (should not happen): ask for everything again
                asyncio.ensure_future(self.send({"type": "state"}))
                return None
            self.state = merged
            return "state", self.state
        if kind == "table":  # the table changed, not the game: clocks, bots for people, a rematch
            if self.state:
                self.state = {**self.state, **{k: v for k, v in message.items() if k != "type"}}
            return "table", message
        if kind == "presence":
            self.presence = message
            if self.state:
                self.state = {**self.state, "seats": message.get("seats"), "spectators": message.get("spectators")}
            return "presence", message
        if kind in ("error", "why", "output", "accepted", "pong"):
            return kind, message
        return None


def answer_body(request: urllib.request.Request, timeout: float, refused: str) -> bytes:
    """The body of the server's answer to ``request``; a TableError of one line if it refuses
    (``refused: its reason``) or cannot be reached."""
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - an http(s) link
            return response.read()
    except urllib.error.HTTPError as exc:
        try:
            reason = json.loads(exc.read()).get("error", exc.reason)
        except ValueError:
            reason = exc.reason
        raise TableError(f"{refused}: {reason}") from None
    except OSError as exc:
        raise TableError(f"cannot reach the server: {exc}") from None


def fetch_save(invitation: Invitation, timeout: float = 30) -> str:
    """The save of a finished game (``GET .../save``), as text for ``beanframe replay``."""
    request = urllib.request.Request(invitation.api("save"), headers={"Accept": "application/json"})
    return answer_body(request, timeout, "no save").decode("utf-8")


# --------------------------------------------------------------------------------------------
# A bot at a seat over the network (``beanframe bot``)
# --------------------------------------------------------------------------------------------


_rulesets: dict[str, Ruleset] = {}


def compose_table(state: dict[str, Any]) -> Ruleset:
    """The room's ruleset from this machine's plugins (TableError if they cannot compose it or
    their versions differ from the table's: a bot must play the table's rules). Composed once
    per set-up: bots at many tables share it."""
    try:
        key = json.dumps([state["variants"], state["players"], state["options"]], sort_keys=True)
        ruleset = _rulesets.get(key)
        if ruleset is None:
            ruleset = _rulesets[key] = compose(list(state["variants"]), state["players"], state["options"])
    except (BeanframeError, KeyError, TypeError, ValueError) as exc:
        raise TableError(f"this machine cannot compose the table's rules: {' '.join(str(exc).split())[:160]}") from None
    if ruleset.versions() != state.get("plugins"):
        mine = ", ".join(f"{n} {v}" for n, v in ruleset.versions().items())
        theirs = ", ".join(f"{n} {v}" for n, v in state.get("plugins", {}).items())
        raise TableError(f"the table plays {theirs}; this machine has {mine}")
    return ruleset


async def play_bot(
    link: str,
    bot: str,
    seed: int | None = None,
    delay: float = 0.0,
    on_event: Callable[[str, Any], None] | None = None,
    games: int | None = 1,
    on_game_over: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play the seat of ``link`` with the bot named ``bot`` (a bot of the table's rules, made
    with ``seed``) until the game is over; returns the final state. ``delay``: seconds to wait
    before each action; ``on_event(kind, data)`` sees every event (for printing), a refusal its
    own race caused (:func:`is_race`) as ``refused`` rather than ``error``.

    ``games``: how many games of the table to play (None: every one): after a game's end
    (``on_game_over(final state)``) it waits for a rematch (the state's ``next_room``) and follows
    the seat's person to the new room with the same token; it stops when the connection ends.

    It acts as docs/protocol.md asks of a client: once per version it decides in, on the newest
    state it has, one action at a time (the next once the server has answered), and after a
    refusal it chooses again from the newer state."""
    played = 0
    while True:
        async with TableClient(link) as client:
            final = await _play_game(client, bot, seed, delay, on_event)
            played += 1
            if on_game_over is not None:
                on_game_over(final)
            if games is not None and played >= games:
                return final
            room = await client.next_room()
        if room is None:
            return final
        link = client.invitation.link_to(room)


async def _play_game(
    client: TableClient, bot: str, seed: int | None, delay: float, on_event: Callable[[str, Any], None] | None
) -> dict[str, Any]:
    """One game of :func:`play_bot`: its final state."""
    agent = None
    ruleset = None
    refused = 0
    acted_on = None  # the version the bot acted on last: once per version
    waiting = None  # the ref of its action the server has not answered yet
    async for kind, data in client.events():
        if kind == "error" and data.get("ref") is not None and data.get("ref") == waiting:
            kind = "refused" if is_race(data) else kind
        if on_event is not None:
            on_event(kind, data)
        if kind in ("error", "refused", "accepted"):
            if data.get("ref") is None or data.get("ref") != waiting:
                continue  # about something else (an earlier action, a lost connection's)
            waiting = None
            if kind == "accepted":
                refused = 0
            else:
                refused += 1
                if refused > 20:
                    raise TableError(f"the server refused the bot's actions 20 times in a row; the last: {data.get('error')}")
                if data.get("status") == 429:
                    await asyncio.sleep(0.5)  # over the rate limit: wait a little
                if kind == "error":  # not a race: re-read, and choose from the state that comes
                    acted_on = None
                    await client.send({"type": "state"})
                    continue
        elif kind == "connection":
            acted_on = waiting = None  # an action on the lost connection is never answered
        # any other event (presence, the table's clocks) may be the last of a burst that came
        # after the newest state: look whether to act then too, or the state goes unanswered
        if waiting is not None or not client.caught_up() or not client.my_turn() or client.state["version"] == acted_on:
            continue
        wait = client.send_wait()
        if wait > 0:  # at the client's rate limit: wait, then choose from the newest state
            await asyncio.sleep(wait)
            if not client.caught_up():
                continue  # what came meanwhile is looked at first (the check above runs again)
        state = client.state
        if ruleset is None:
            ruleset = compose_table(state)
            agent = make_bot(ruleset, bot, seed)
            if getattr(agent, "uses_information", False):
                raise TableError(
                    f"bot {bot} searches the game itself, which a network seat does not have: seat it on the "
                    f"server instead (\"seats\": [..., \"bot:{bot}\"])"
                )
        view = View.from_dict(ruleset, state["view"])
        legal = [ruleset.actions.from_id(a["id"]) for a in state["legal"]]
        action = agent.act(view if getattr(agent, "uses_view", True) else None, legal)
        if delay:
            await asyncio.sleep(delay)
        if await client.act(action.code, state["version"], ref=state["version"]):
            acted_on, waiting = state["version"], state["version"]
    return client.state
