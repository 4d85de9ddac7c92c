"""The rooms of one server process: creating them, loading them from the store by replay (and
checking the replay against the stored digests), resuming every unfinished game at start, and
hearing of other processes' changes (PostgreSQL).

Memory stays bounded (issue 27): rooms of one set-up share one composed ruleset; a finished or
idle room leaves memory and is loaded again (replayed) when someone asks for it; a room whose
invitations nobody ever opened is deleted after ``Lifetimes.unjoined_seconds``, which also ends
the rooms of a creation that a crash cut off (nobody got their tokens). Presence heard from
another process expires unless that process repeats it. All of it reads the hub's ``clock``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from beanframe.batch import fresh_seed
from beanframe.core.compose import discover, variant_info
from beanframe.core.game import Game, Ruleset, compose
from beanframe.core.present import presentation
from beanframe.errors import BeanframeError
from beanframe.i18n import _, current
from beanframe.server.bots import BotTurns
from beanframe.server.limits import Lifetimes
from beanframe.server.refusals import Refused
from beanframe.server.rooms import Room
from beanframe.server.setup import RoomSetup, options_data
from beanframe.server.sitting import COMMAND as SIT_OUT
from beanframe.server.store import RoomRecord, Store, StoreError, digest_matches
from beanframe.server.tokens import new_room_id, new_token, token_hash

log = logging.getLogger("beanframe.server")
MAX_RULESETS = 256  # set-ups whose ruleset is kept for sharing (more: such rooms compose their own)


class Hub:
    """Every room this process serves, and what they share (store, bot threads, plugins)."""

    def __init__(
        self,
        store: Store,
        plugins: Sequence[Any] = (),
        bot_delay: float = 1.0,
        executor: Executor | None = None,
        *,
        lifetimes: Lifetimes | None = None,
        clock: Callable[[], float] = time.time,
        bot_seconds: float | None = 1.0,
        bot_workers: int = 2,
    ) -> None:
        """``bot_seconds``: the most a search bot thinks per decision; ``bot_workers``: the
        threads every room's bots share, room by room (:class:`~beanframe.server.bots.BotTurns`)."""
        self.store = store
        self.plugins = {variant_info(p).name: p for p in plugins}  # not installed: house rules under test
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.executor = executor or ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="beanframe-bot")
        self.bot_turns = BotTurns(self.executor, bot_workers, credit=bot_seconds or 1.0)
        self.lifetimes = lifetimes or Lifetimes()
        self.clock = clock
        self._next_expiry = 0.0
        self._next_heartbeat = 0.0
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._tasks: set[asyncio.Task] = set()
        self._rulesets: dict[str, Ruleset] = {}
        self._commands: dict[tuple[int, str], list[dict[str, str]]] = {}

    # -- tasks -------------------------------------------------------------------------------
    def spawn(self, coro: Coroutine) -> asyncio.Task:
        """A background task the hub keeps (and cancels at shutdown); failures are logged."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            log.error("background task failed: %s: %s", type(exc).__name__, exc, exc_info=exc)

    async def start(self) -> None:
        await self.store.start()
        await self.store.listen(self.on_store_message)
        self.spawn(self._run())

    async def _run(self) -> None:
        await self.expire()  # before resuming: a creation a crash cut off is not resumed again
        await self.resume_all()
        while True:
            await asyncio.sleep(self.lifetimes.sweep_seconds)
            await self.sweep()

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            room.seating.stop()  # the clocks' timers (issue 25)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.store.close()
        if isinstance(self.executor, ThreadPoolExecutor):
            self.executor.shutdown(wait=False, cancel_futures=True)

    # -- rulesets ----------------------------------------------------------------------------
    def plugin_of(self, name: str) -> Any:
        return self.plugins.get(name) or discover().get(name)

    def ruleset(self, variants: Sequence[str], players: int, options: dict[str, Any]) -> Ruleset:
        """The ruleset of a stored set-up (composed once: rooms share it)."""
        key = json.dumps([list(variants), players, options], sort_keys=True)
        found = self._rulesets.get(key)
        if found is None:
            plugins = [self.plugin_of(v) or v for v in variants]
            found = self._keep(key, compose(plugins, players, options))
        return found

    def shared(self, ruleset: Ruleset) -> Ruleset:
        """The ruleset rooms of ``ruleset``'s set-up share (``ruleset`` itself if it is the first)."""
        key = json.dumps([list(ruleset.order), ruleset.players, options_data(ruleset)], sort_keys=True)
        return self._rulesets.get(key) or self._keep(key, ruleset)

    def _keep(self, key: str, ruleset: Ruleset) -> Ruleset:
        if len(self._rulesets) < MAX_RULESETS:
            self._rulesets[key] = ruleset
        return ruleset

    def rulesets(self) -> list[Ruleset]:
        """The rulesets composed so far (the rooms loaded share them)."""
        return list(self._rulesets.values())

    def commands_of(self, ruleset: Ruleset) -> list[dict[str, str]]:
        """The variants' extra commands and one-line commands, for clients' help (in the current
        language; the names are codes)."""
        key = (id(ruleset), current())
        found = self._commands.get(key)
        if found is None:
            present = presentation(ruleset)
            found = [{"name": n, "kind": "command", "help": _(h)} for n, (_fn, h) in present.commands.items()]
            found += [{"name": n, "kind": "line", "help": _(h)} for n, (_fn, h) in present.line_commands.items()]
            if present.sit_outs:  # sent as an action's code, like a line (the server's Sitting)
                helps = "; ".join(_(h) for _fn, h in present.sit_outs.values())
                found.append({"name": SIT_OUT, "kind": "line", "help": helps})
            self._commands[key] = found
        return found

    # -- rooms -------------------------------------------------------------------------------
    async def create(self, setup: RoomSetup) -> tuple[Room, list[str | None], str]:
        """A new room; returns it, each seat's token (None for a bot seat) and the spectator's."""
        rs = self.shared(setup.ruleset)
        seed = fresh_seed() if setup.seed is None else setup.seed
        game = rs.new_game(seed=seed)
        tokens = [new_token() if kind == "human" else None for kind in setup.seats]
        spectator = new_token()
        record = RoomRecord(
            id=new_room_id(),
            variants=rs.order,
            players=rs.players,
            options=options_data(rs),
            plugins=rs.versions(),
            seed=seed,
            seeded=setup.seed is not None,
            seats=setup.seats,
            tokens=[None if t is None else token_hash(t) for t in tokens],
            spectator=token_hash(spectator),
            bot_seed=fresh_seed(),
            created=self.clock(),
            **setup.table_fields(),  # the clock, the creator's seat (issue 25)
        )
        try:
            await self.store.create_room(record)
        except StoreError as exc:  # a full disk, a database gone: nothing stored, nobody has a token
            log.error("a new room could not be stored: %s", exc)
            raise Refused(_("the server could not store the new room: nothing made (try again later)"), 503) from None
        room = Room(self, record, game)
        self.rooms[record.id] = room
        room.bots.schedule()
        return room, tokens, spectator

    async def get(self, room_id: str) -> Room | None:
        """The room (loaded from the store by replay if it is not in memory), or None."""
        room = self.rooms.get(room_id)
        if room is not None:
            room.touch()
            return room
        pending = self._loading.get(room_id)
        if pending is None:
            pending = self._loading[room_id] = asyncio.ensure_future(self._load(room_id))
            pending.add_done_callback(lambda _: self._loading.pop(room_id, None))
        return await asyncio.shield(pending)

    async def _load(self, room_id: str) -> Room | None:
        record = await self.store.get_room(room_id)
        if record is None:
            return None
        rows = await self.store.actions(room_id)
        table = await self.store.load_table(room_id)  # clocks, claimed seats (issue 25)
        game, broken = None, None
        try:
            game = self.replay(record, rows)
        except _Unresumable as exc:
            broken = f"room {room_id} cannot go on: {exc}"
            log.error(broken)
        room = Room(self, record, game, broken, table)
        self.rooms[room_id] = room
        room.bots.schedule()
        if self.store.shared:  # the processes that serve it already: who is connected there?
            self.spawn(self.store.announce(room_id, {"ask": "presence"}))
        return room

    def replay(self, record: RoomRecord, rows: Sequence[Any]) -> Game:
        """The room's game rebuilt from its seed and actions, checked against the stored digest."""
        try:
            rs = self.ruleset(record.variants, record.players, record.options)
        except BeanframeError as exc:
            raise _Unresumable(f"its variants cannot be composed here ({exc})") from None
        have = rs.versions()
        for name, version in record.plugins.items():
            if have.get(name) != version:
                raise _Unresumable(f"it was started with {name} {version}; this server has {name} {have.get(name, 'none')}")
        game = rs.new_game(seed=record.seed)
        for row in rows:
            try:
                game.apply(row.code, row.actor)
            except BeanframeError as exc:
                raise _Unresumable(f"its action {row.version} ({row.code}) does not replay: {exc}") from None
        if rows and not digest_matches(game, rows[-1].digest):
            raise _Unresumable(f"its replay does not match the stored state at version {rows[-1].version}")
        return game

    async def resume_all(self) -> None:
        """Load every unfinished room, so bots play on and clients find their games."""
        ids = await self.store.unfinished()
        for room_id in ids:
            if room_id not in self.rooms:
                await self.get(room_id)
                await asyncio.sleep(0)  # let requests in between
        if ids:
            log.info("resumed %d unfinished game(s)", len(ids))

    # -- keeping memory bounded --------------------------------------------------------------
    async def sweep(self) -> None:
        """Forget other processes' presence they did not repeat, tell them ours again, let
        finished and idle rooms leave memory, and (now and then) expire rooms nobody joined."""
        now = self.clock()
        times = self.lifetimes
        heartbeat = self.store.shared and now >= self._next_heartbeat
        if heartbeat:
            self._next_heartbeat = now + times.presence_seconds
        for room in list(self.rooms.values()):
            if room.forget_presence(now - times.presence_expiry):
                room.push_presence()
            if heartbeat and room.conns:
                self.announce_presence(room.id, room.local_presence())
            if self.may_leave(room, now):
                del self.rooms[room.id]
        if now >= self._next_expiry:
            await self.expire()

    def may_leave(self, room: Room, now: float) -> bool:
        """Whether ``room`` may leave memory now: nobody connected, nothing under way, unused
        for long enough (a finished or broken room: over_seconds, else idle_seconds)."""
        if room.conns or room.lock.locked() or room.bots.busy:
            return False
        ended = room.game is None or room.game.is_over
        if not ended and room.seating.open_seats():
            return False  # the lobby lists the rooms in memory: one waiting for players stays listed
        return now - room.used >= (self.lifetimes.over_seconds if ended else self.lifetimes.idle_seconds)

    async def mark_joined(self, room_id: str) -> None:
        """Someone opened an invitation of the room: the store keeps it from expiring."""
        try:
            await self.store.mark_joined(room_id)
        except StoreError as exc:  # tried again when the room is next loaded and opened
            log.warning("room %s: could not be marked joined: %s", room_id, exc)

    async def expire(self) -> None:
        """Delete the unfinished rooms whose invitations nobody opened within unjoined_seconds."""
        now = self.clock()
        self._next_expiry = now + self.lifetimes.expire_every
        try:
            gone = await self.store.expire(now - self.lifetimes.unjoined_seconds)
        except StoreError as exc:
            log.warning("rooms nobody joined could not be expired: %s", exc)
            return
        for room_id in gone:
            self.rooms.pop(room_id, None)
        if gone:
            log.info("%d room(s) nobody joined expired", len(gone))

    # -- other processes ---------------------------------------------------------------------
    async def on_store_message(self, room_id: str, message: dict[str, Any]) -> None:
        """Another process stored actions in a room (``version``), its connections changed
        (``presence``), or the notifications were interrupted (``resync``: every room here
        catches up)."""
        if message.get("resync"):
            for room in list(self.rooms.values()):
                self.spawn(room.sync())
            return
        room = self.rooms.get(room_id)
        if room is None:
            return  # not served here: loaded (up to date) when a client asks for it
        version = message.get("version")
        if message.get("ask") == "presence":
            self.announce_presence(room_id, room.local_presence())
        elif type(version) is int:
            if version > room.version:
                await room.sync()
        elif isinstance(message.get("presence"), dict) and isinstance(message.get("process"), str):
            counts = {k: v for k, v in message["presence"].items() if isinstance(k, str) and type(v) is int}
            room.heard_presence(message["process"], counts, self.clock())
            room.push_presence()

    def announce_presence(self, room_id: str, counts: dict[str, int]) -> None:
        if self.store.shared:
            self.spawn(self.store.announce(room_id, {"presence": counts}))


class _Unresumable(Exception):
    pass
