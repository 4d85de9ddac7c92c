"""A room's bot seats: played off the event loop, after a short think time, through the room's
one authority like anyone else.

After every change the room asks :meth:`RoomBots.schedule`; if a bot decides now, one task per
room waits ``bot_delay`` seconds (people can follow; a change meanwhile does not start the wait
again), copies the game as it is then and asks the bot in a worker thread (a search bot gets its
information set from the copy), then submits its action against the version it thought about
(taken if none of its choices went since, by the version rule of
:mod:`beanframe.server.freshness`; refused, and it looks again, if one did). A bot that fails or
answers an illegal action is logged for the operator and plays a random legal action, so the game
goes on. Several bots deciding at once (a trade) take turns round-robin, a bot whose choices
another seat changed (an offer made to it) first: it answers within one think time.

Every room's bots share a few worker threads, fairly (issue 27): a search bot thinks at most
``Hub.bot_seconds`` per decision, and :class:`BotTurns` gives a free thread to the waiting room
that has used the least thread time (rooms that used equally: in turn), so a room of search bots
delays another room's bot decision by at most one budget per thread, however many such rooms
there are.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from beanframe.agents import _ask, make_bot
from beanframe.batch import bot_seed
from beanframe.core.actions import Action, shorten
from beanframe.server.limits import one_line
from beanframe.server.refusals import Refused

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.server.rooms import Room

log = logging.getLogger("beanframe.server")


class BotTurns:
    """Worker threads shared by every room's bots: at most ``workers`` decisions at once; a free
    thread goes to the waiting room that has used the least thread time (read on ``clock``),
    rooms that used equally in the order they came. A room that comes to wait is counted as
    having used at least ``credit`` seconds less than the least of the rooms already waiting or
    at work, so a room idle for long cannot bank time and then hold the threads. With more than
    one thread, one is kept for light rooms (a greedy bot's), so they never wait for a search to
    end: a room is heavy while its decisions are said to be (a search bot's) or its last one took
    ``heavy`` seconds or more."""

    def __init__(
        self, executor: Executor, workers: int, clock: Callable[[], float] = time.perf_counter, credit: float = 1.0, heavy: float = 0.05
    ) -> None:
        self.executor = executor
        self.workers = workers
        self.clock = clock
        self.credit = credit
        self.heavy = heavy
        self.heavy_rooms: set[str] = set()  # the rooms whose last decision took heavy seconds or more
        self.searching: set[str] = set()  # the rooms whose next decision is said to be heavy
        self.used: dict[str, float] = {}  # room -> thread seconds, as compared (see the class)
        self.waiting: dict[str, deque[tuple[asyncio.Future, Callable[..., Any], tuple]]] = {}
        self.working: dict[str, int] = {}  # room -> its decisions at work now

    async def run(self, room: str, fn: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        """``fn(*args)`` in a worker thread when it is ``room``'s turn; its result. ``heavy``: the
        decision may take a whole budget (a search)."""
        future = asyncio.get_running_loop().create_future()
        if heavy:
            self.searching.add(room)
        else:
            self.searching.discard(room)
        others = [self.used[r] for r in (*self.waiting, *self.working) if r != room]
        if others:
            self.used[room] = max(self.used.get(room, 0.0), min(others) - self.credit)
        self.waiting.setdefault(room, deque()).append((future, fn, args))
        self._serve()
        return await future

    def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        while sum(self.working.values()) < self.workers and self.waiting:
            candidates = list(self.waiting)
            heavy_at_work = sum(n for r, n in self.working.items() if self._heavy(r))
            if self.workers > 1 and heavy_at_work >= self.workers - 1:  # the last thread: light rooms only
                candidates = [r for r in candidates if not self._heavy(r)]
                if not candidates:
                    return
            room = min(candidates, key=lambda r: self.used.setdefault(r, 0.0))  # the first of the least used
            jobs = self.waiting.pop(room)
            future, fn, args = jobs.popleft()
            if jobs:
                self.waiting[room] = jobs  # its next one waits behind the others
            if future.done():  # its caller went away
                continue
            self.working[room] = self.working.get(room, 0) + 1
            started = self.clock()
            work = loop.run_in_executor(self.executor, fn, *args)
            work.add_done_callback(lambda done, room=room, future=future, started=started: self._finished(room, future, started, done))

    def _heavy(self, room: str) -> bool:
        return room in self.searching or room in self.heavy_rooms

    def _finished(self, room: str, future: asyncio.Future, started: float, done: asyncio.Future) -> None:
        self.working[room] -= 1
        if not self.working[room]:
            del self.working[room]
        cost = self.clock() - started
        self.used[room] = self.used.get(room, 0.0) + cost
        if cost >= self.heavy:
            self.heavy_rooms.add(room)
        else:
            self.heavy_rooms.discard(room)
        if not future.done():
            if done.cancelled():
                future.cancel()
            elif done.exception() is not None:
                future.set_exception(done.exception())
            else:
                future.set_result(done.result())
        if len(self.used) > 2 * (len(self.waiting) + len(self.working)) + 64:  # forget the rooms at rest
            self.used = {r: u for r, u in self.used.items() if r in self.waiting or r in self.working}
            self.heavy_rooms &= set(self.used)
            self.searching &= set(self.used)
        self._serve()


class RoomBots:
    """The bot seats of one room."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.agents: dict[int, Any] = {}
        self.task: asyncio.Task | None = None
        self.last: dict[tuple, int] = {}  # the group decision -> the bot seat that acted last
        self.seen: dict[int, tuple] = {}  # a bot seat's choices when it began to wait or last acted
        self.seen_in: tuple | None = None  # the decision ``seen`` is about
        self.think = asyncio.sleep  # the think time's wait (a test waits on its own clock)
        record = room.record
        if room.game is not None:
            for p, kind in enumerate(record.seats):
                if kind.startswith("bot:"):
                    self.agents[p] = agent = make_bot(room.game.ruleset, kind[4:], bot_seed(record.bot_seed, record.seed, p))
                    budget = room.hub.bot_seconds
                    if budget and hasattr(agent, "seconds"):  # a search bot: its budget per decision
                        agent.seconds = budget if agent.seconds is None else min(agent.seconds, budget)

    def __contains__(self, player: int) -> bool:
        return player in self.agents

    @property
    def busy(self) -> bool:
        """Whether a bot of the room is thinking or about to."""
        return self.task is not None and not self.task.done()

    def schedule(self) -> None:
        """Start the room's bot task if a bot decides now (one task per room)."""
        game = self.room.game
        if game is None or game.is_over or self.room.broken or not self.agents:
            return
        if self.task is not None and not self.task.done():
            return
        if any(p in self.agents for p in game.deciders):
            self.task = self.room.hub.spawn(self._play())

    def _next(self, game: Game, players: list[int]) -> int:
        # several bots decide (a group decision): round-robin from the one after the last to act
        frame = game.frame
        key = (game.state.turn, frame.kind, frame.player)
        last = self.last.get(key)
        n = game.players
        player = players[0] if last is None else min(players, key=lambda p: (p - last - 1) % n)
        if last is None:
            self.last.clear()  # a new decision: the ones before are over
        self.last[key] = player
        return player

    async def _play(self) -> None:
        room = self.room
        while True:
            game = room.game
            if game is None or game.is_over or room.broken:
                return
            players = [p for p in game.deciders if p in self.agents]
            if not players:
                return
            self.remember(game, players)
            await self.think(room.hub.bot_delay)  # think time: people can follow
            # the game as it is now: a change during the wait does not start it again (a person
            # who keeps acting would keep an offer to a bot unanswered)
            game = room.game
            players = [] if game is None or game.is_over or room.broken else [p for p in game.deciders if p in self.agents]
            if not players:
                continue
            version = room.version
            player = self._next(game, answering_first(game, players, self.seen))
            copy = game.clone()  # the bot works on its own copy, in a worker thread
            search = hasattr(self.agents[player], "seconds")  # a search bot: it may take its whole budget
            action = await room.hub.bot_turns.run(room.id, self._choose, copy, player, heavy=search)
            try:
                await room.act(player, version, action=action, by_bot=True)
            except Refused:
                continue  # a choice of its own went while the bot thought
            if room.game is not None:
                self.seen[player] = room.game.legal_actions(player)

    def remember(self, game: Game, players: list[int]) -> None:
        """Note the choices of the bot seats that begin to wait in this decision (a new decision
        forgets the last one's): a change to them is news (:func:`answering_first`)."""
        frame = game.frame
        key = (game.state.turn, frame.kind, frame.player)
        if key != self.seen_in:
            self.seen, self.seen_in = {}, key
        for p in players:
            self.seen.setdefault(p, game.legal_actions(p))

    def _choose(self, game: Game, player: int) -> Action:
        agent = self.agents[player]
        legal = game.legal_actions(player)
        try:
            view = game.view(player) if getattr(agent, "uses_view", True) else None
            action = _ask(agent, game, player, view, legal)
            if action in legal:
                return game.ruleset.actions.coerce(action)
            problem = f"an illegal action ({shorten(getattr(action, 'code', action), 40)})"
        except Exception as exc:  # noqa: BLE001 - a failing bot must not stop the game
            problem = f"{type(exc).__name__}: {one_line(exc, 120)}"
        room = self.room
        log.warning("room %s: bot %s (player %d) chose %s: it plays a random move", room.id, room.record.seats[player], player + 1, problem)
        return random.Random(bot_seed(room.record.bot_seed, game.state.n_actions, player)).choice(legal)


def answering_first(game: Game, players: list[int], seen: dict[int, tuple]) -> list[int]:
    """The bot seats to choose from (round-robin) when several decide at once: those whose
    choices another seat changed since they began to wait or last acted (an offer made to them,
    their offer answered) first, so that a bot answers an offer within its think time."""
    news = [p for p in players if game.legal_actions(p) != seen.get(p)]
    return news or players
