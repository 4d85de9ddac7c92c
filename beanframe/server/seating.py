"""Who plays each seat of a room now, and their clocks (issue 25): the room's **table state**.

A room's record says who sat where when it was created (``human``, ``bot:NAME``, ``open``);
:class:`Seating` keeps what changed since, stored with each action (``Store.append(table=...)``)
and whenever it changes alone (``Store.save_table``), so a restart finds it as it was:

- the clocks (:mod:`beanframe.server.clock`), charged from the server's monotonic clock (the
  hub's ``monotonic``, injected in tests); a restart starts them again from what was stored, so
  the downtime is charged to nobody (a checkpoint every :data:`CHECKPOINT` seconds of running
  time bounds what a SIGKILL can give back);
- the seats a bot decides for: a seat that ran out of time (until its person acts again), a seat
  handed to a bot because its person was gone (the same), a seat given up (to the end);
- open seats claimed (their token hashes) or filled with bots;
- the table's own log lines (``table_log``), the room a rematch goes on in (``next_room``).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

import attrs

from beanframe.agents import make_bot
from beanframe.batch import bot_seed
from beanframe.core.scoring import seat_name
from beanframe.i18n import N_, _, language
from beanframe.server.clock import Clocks, ClockProfile, parse_clock
from beanframe.server.refusals import Refused
from beanframe.server.seat import to_json
from beanframe.server.words import lines_words, table_line

if TYPE_CHECKING:
    from beanframe.server.rooms import Room

OPEN = "open"
CHECKPOINT = 30.0  # seconds of running clock between stored checkpoints
LOG_LINES = 40  # the table log lines a state carries (the newest)
BACK = N_("{seat} is back: {seat} plays again")


def clock_profile(data: dict[str, Any] | None) -> ClockProfile | None:
    """The profile a room stored (as :meth:`ClockProfile.to_data` wrote it)."""
    return None if data is None else parse_clock(data, [data.get("bot", "greedy")])


class Seating:
    """The table state of one room (see the module)."""

    def __init__(self, room: Room, data: dict[str, Any] | None) -> None:
        self.room = room
        self.now = getattr(room.hub, "monotonic", time.monotonic)
        self.profile = clock_profile(room.record.clock)
        data = data or {}
        # each line an English template and its arguments (words.table_line), told in each reader's language
        self.lines: list[Any] = list(data.get("log", []))
        self.next_room: str | None = data.get("next_room")
        self.given_up: set[int] = set(data.get("given_up", []))
        self.handed: set[int] = set(data.get("handed", []))  # handed to a bot while their person was gone
        self.subs: set[int] = set()  # seats whose bot agent is ours (not the room's own bot seats)
        self.gone_since: dict[int, float] = {}  # seat -> when its last connection went
        self.timer: asyncio.TimerHandle | None = None
        self.running_since_checkpoint = 0.0
        if "seats" in data:  # open seats claimed or filled, a rematch's tokens, since the room was created
            room.record = attrs.evolve(room.record, seats=tuple(data["seats"]), tokens=tuple(data["tokens"]),
                                       spectator=data["spectator"], creator=data["creator"])  # fmt: skip
        self.clocks: Clocks | None = None
        if self.profile is not None:
            now = self.now()
            if data.get("clocks"):
                self.clocks = Clocks.from_data(self.profile, data["clocks"], now)
            else:
                people = [p for p, kind in enumerate(room.record.seats) if not kind.startswith("bot:")]
                self.clocks = Clocks(self.profile, people, now)

    # -- state --------------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        """No clock runs while seats are still open (the room waits for its players)."""
        return OPEN in self.room.record.seats

    def open_seats(self) -> list[int]:
        return [p for p, kind in enumerate(self.room.record.seats) if kind == OPEN]

    def data(self, clocks: Clocks | None = None) -> dict[str, Any]:
        rec = self.room.record
        clocks = clocks or self.clocks
        return {"version": self.room.version, "seats": list(rec.seats), "tokens": list(rec.tokens),
                "spectator": rec.spectator, "creator": rec.creator,
                "clocks": clocks.to_data() if clocks else None, "log": self.lines[-LOG_LINES:],
                "next_room": self.next_room, "given_up": sorted(self.given_up), "handed": sorted(self.handed)}  # fmt: skip

    def bot_plays(self) -> set[int]:
        """The people's seats a bot decides for now."""
        found = set(self.given_up) | self.handed
        if self.clocks is not None:
            found |= self.clocks.substituted()
        return found

    def fields(self) -> dict[str, Any]:
        """What every state (and update) says of the table: ``clock`` (the profile), ``clocks``
        (seconds left per seat as of now), ``clock_running``, ``bot_plays``, ``open_seats``,
        ``given_up``, ``table_log`` (in the current language), ``next_room``."""
        clocks = self.clocks
        shown = None
        if clocks is not None:
            shown = {seat_name(p): v for p, v in sorted(clocks.seconds_left(self.now()).items())}
        return {
            "clock": self.profile.to_data() if self.profile else None,
            "clocks": shown,
            "clock_running": [seat_name(p) for p in sorted(clocks.running)] if clocks else [],
            "bot_plays": [seat_name(p) for p in sorted(self.bot_plays())],
            "open_seats": [seat_name(p) for p in self.open_seats()],
            "given_up": [seat_name(p) for p in sorted(self.given_up)],
            "table_log": lines_words(self.lines[-LOG_LINES:]),
            "next_room": self.next_room,
        }

    def reload(self, data: dict[str, Any] | None) -> None:
        """Another server process stored actions (PostgreSQL): take its table state."""
        if not data:
            return
        fresh = Seating(self.room, data)
        self.lines, self.next_room, self.given_up, self.handed = fresh.lines, fresh.next_room, fresh.given_up, fresh.handed
        self.clocks = fresh.clocks
        self.start()

    # -- the room's hooks ------------------------------------------------------------------------
    def start(self) -> None:
        """The room is loaded (or new): set the clocks running, the substitutes' bots, the timer."""
        game = self.room.game
        if game is None:
            return
        if self.clocks is not None:
            self.clocks.look(game, self.paused, self.now())
        self.presence_seen()  # a seat nobody has connected to is gone since now
        self.sync_bots()
        self.arm()

    def may_bot_act(self, player: int) -> bool:
        """Whether a bot's action for ``player`` is still wanted (its person may have come back)."""
        return self.room.record.seats[player].startswith("bot:") or player in self.bot_plays()

    def refuse_person(self, player: int) -> None:
        if player in self.given_up:
            raise Refused(_("{seat} was given up: a bot plays it to the end").format(seat=seat_name(player)), 409)

    def prepare(self, trial: Any, player: int, by_bot: bool) -> tuple[Clocks | None, list[Any], dict[str, Any] | None]:
        """The table state after ``player`` (a bot for it if ``by_bot``) made ``trial`` (not yet
        adopted: the action may still fail to be stored)."""
        lines: list[Any] = []
        handed = set(self.handed)
        if not by_bot and player in handed:
            handed.discard(player)
            lines.append(table_line(BACK, seat=seat_name(player)))
        clocks = None
        if self.clocks is not None:
            clocks = Clocks.from_data(self.profile, self.clocks.to_data(), self.clocks.since)
            clocks.charge(self.now())
            if clocks.acted(player, by_bot) and not lines:
                lines.append(table_line(BACK, seat=seat_name(player)))
            clocks.look(trial, self.paused, clocks.since)
        if clocks is None and not lines:
            return None, [], None  # nothing of the table changed: no write beside the action
        data = self.data(clocks)
        data["log"] = (self.lines + lines)[-LOG_LINES:]
        data["handed"] = sorted(handed)
        data["version"] = trial.state.n_actions
        return clocks, lines, data

    def adopt(self, prepared: tuple[Clocks | None, list[Any], dict[str, Any] | None]) -> None:
        """The action was stored: its table state is the room's."""
        clocks, lines, data = prepared
        if clocks is not None:
            self.clocks = clocks
        self.lines = (self.lines + lines)[-LOG_LINES:]
        if data is not None:
            self.handed = set(data["handed"])
        self.running_since_checkpoint = 0.0
        self.sync_bots()
        self.arm()

    # -- bots for people's seats -------------------------------------------------------------------
    def sync_bots(self) -> None:
        """Give the room's bot runner an agent for each seat a bot decides for now, and take it
        back from the seats whose person came back."""
        room = self.room
        if room.game is None:
            return
        wanted = self.bot_plays()
        agents = room.bots.agents
        for p in wanted - self.subs:
            if p not in agents:
                name = self.profile.bot if self.profile else _default_bot(room)
                agents[p] = make_bot(room.game.ruleset, name, bot_seed(room.record.bot_seed, room.record.seed, p))
                self.subs.add(p)
        for p in self.subs - wanted:
            agents.pop(p, None)
            self.subs.discard(p)
        room.bots.schedule()

    # -- the timer -------------------------------------------------------------------------------
    def arm(self) -> None:
        """Wake up when the first running clock reaches zero (or at the next checkpoint)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        clocks = self.clocks
        if clocks is None or not clocks.running:
            return
        left = clocks.next_expiry()
        passed = max(0.0, self.now() - clocks.since)
        delay = min(left - passed, CHECKPOINT) if left is not None else CHECKPOINT
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.timer = loop.call_later(max(0.0, delay) + 0.01, lambda: self.room.hub.spawn(self.tick()))

    async def tick(self) -> list[int]:
        """Charge the running clocks up to now; the seats whose time ran out get a bot (logged in
        words), and the table state is stored. Returns the seats that ran out. (The timer calls
        it; tests call it after moving their clock.)"""
        room = self.room
        async with room.lock:
            clocks, game = self.clocks, room.game
            if clocks is None or game is None or game.is_over:
                return []
            before = clocks.since
            clocks.charge(self.now())
            gone = clocks.expire()
            for p, which in gone:
                seat = seat_name(p)
                if which == "group":
                    text = N_("{seat} ran out of time in this group decision: a {bot} bot decides it for {seat}")
                else:
                    text = N_("{seat} ran out of time: a {bot} bot plays for {seat}")
                self.lines.append(table_line(text, seat=seat, bot=self.profile.bot))
            self.running_since_checkpoint += clocks.since - before
            if gone or self.running_since_checkpoint >= CHECKPOINT:
                self.running_since_checkpoint = 0.0
                await room.hub.store.save_table(room.id, self.data())
            if gone:
                self.push()
                self.sync_bots()
            self.arm()
            return [p for p, _ in gone]

    async def changed(self, line: dict[str, Any] | None = None) -> None:
        """Something of the table changed outside an action (called with the room's lock held):
        log it, store it, tell everyone, set the clocks and bots."""
        room = self.room
        if line:
            self.lines.append(line)
        if self.clocks is not None and room.game is not None:
            self.clocks.charge(self.now())
            self.clocks.look(room.game, self.paused, self.clocks.since)
        await room.hub.store.save_table(room.id, self.data())
        self.sync_bots()
        self.arm()
        self.push()
        room.push_presence()

    def push(self) -> None:
        """Tell every connection the table's fields (a ``table`` message: the game did not move),
        each in its language."""
        texts: dict[str, str] = {}
        for conns in self.room.conns.values():
            for conn in conns:
                text = texts.get(conn.lang)
                if text is None:
                    with language(conn.lang):
                        text = texts[conn.lang] = to_json({"type": "table", "room": self.room.id, **self.fields()})
                conn.push(text)

    def presence_seen(self) -> None:
        """Note when each person's seat lost its last connection (for handing it to a bot)."""
        connected = {p for p, conns in self.room.conns.items() if conns and p is not None}
        now = self.now()
        for p, kind in enumerate(self.room.record.seats):
            if p in connected:
                self.gone_since.pop(p, None)
            elif kind == "human":
                self.gone_since.setdefault(p, now)

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


def _default_bot(room: Room) -> str:
    bots = room.game.ruleset.bots if room.game is not None else {}
    return "greedy" if "greedy" in bots else "random"
