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
"""

from __future__ import annotations

import asyncio
import logging
import random
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
                    self.agents[p] = make_bot(room.game.ruleset, kind[4:], bot_seed(record.bot_seed, record.seed, p))

    def __contains__(self, player: int) -> bool:
        return player in self.agents

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
        loop = asyncio.get_running_loop()
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
            action = await loop.run_in_executor(room.hub.executor, self._choose, copy, player)
            try:
                await room.act(player, version, action=action)
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
