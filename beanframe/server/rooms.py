"""A room: one game and the one authority that changes it (boardgame.io's master, done better).

Every action, from a person or a bot, goes through :meth:`Room.act`: check that the seat decides
now, that the action (or one-line command) is legal and that the client's version is still
current for that seat (:mod:`beanframe.server.freshness`);
apply it to a copy; **commit it to the store**; only then make the copy the game and push every
seat its own state (computed once per seat per change, :mod:`beanframe.server.seat`). A refused
action is answered with one line and changes nothing. The commit runs as its own task, so a
client that hangs up mid-action cannot leave a stored action unapplied.

A room also seats the connections (each seat may have several: a phone and a laptop) and tells
everyone who is connected (presence); its bot seats are played by :mod:`beanframe.server.bots`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from beanframe.core.actions import Action, shorten
from beanframe.core.game import Game
from beanframe.core.present import check_line, explain, presentation
from beanframe.core.scoring import seat_name
from beanframe.errors import BeanframeError
from beanframe.i18n import _, current, language
from beanframe.server.bots import RoomBots
from beanframe.server.connection import Connection
from beanframe.server.freshness import Freshness
from beanframe.server.refusals import Refused
from beanframe.server.limits import one_line
from beanframe.server.seating import Seating
from beanframe.server.seat import result_data, seat_name_of, seat_state, seat_update, to_json
from beanframe.server.sitting import Sitting
from beanframe.server.store import ActionRow, RoomRecord, StoreError, digest_matches, state_digest
from beanframe.server.tokens import matches

if TYPE_CHECKING:
    from beanframe.server.hub import Hub

PROTOCOL = 1
LOST_WRITES = 3  # tries of one commit that other processes' actions overtake (then: out of date)
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # what a room id may look like (checked before any lookup)
log = logging.getLogger("beanframe.server")


def _dumps(data: dict[str, Any]) -> str:
    return to_json(data)


def speaking(lang: str) -> Any:
    """``language(lang)``, or nothing to do when the context speaks it already (a publish from a
    connection of that language: the usual case)."""
    return contextlib.nullcontext() if current() == lang else language(lang)


class Room:
    """One game, its seats and its connections; see the module."""

    def __init__(
        self, hub: Hub, record: RoomRecord, game: Game | None, broken: str | None = None, table: dict[str, Any] | None = None
    ) -> None:
        self.hub = hub
        self.record = record
        self.id = record.id
        self.game = game
        self.broken = broken  # why this room cannot go on (it could not be resumed), or None
        self.lock = asyncio.Lock()
        self.conns: dict[int | None, set[Connection]] = {}
        # kept per (seat, language): two connections of one seat in two languages get their own words
        self.log_len: dict[tuple[int | None, str], int] = {}  # length of each connected seat's log now
        self.sent: dict[tuple[int | None, str], dict[str, Any]] = {}  # each connected seat's part views, as sent
        self.states: dict[tuple[int | None, str], tuple[int, dict[str, Any]]] = {}  # -> (version, its seat_state)
        self.remote: dict[str, dict[str, int]] = {}  # presence at other server processes
        self.remote_heard: dict[str, float] = {}  # when each of them last told it (hub's clock)
        self.used = hub.clock()  # when someone last asked for the room (it leaves memory when idle)
        self.joined = False  # someone opened an invitation (known here; the store keeps it too)
        self.freshness = Freshness(game) if game is not None else None  # the version rule
        self.seating = Seating(self, table)  # clocks, open seats, bots for people's seats (issue 25)
        self.bots = RoomBots(self)
        self.sitting = Sitting()  # the seats that sit out a trade (sit-out)
        self.seating.start()

    def touch(self) -> None:
        self.used = self.hub.clock()

    @property
    def version(self) -> int:
        return self.game.state.n_actions if self.game is not None else self.record.version

    def seat_of(self, token: str | None) -> int | None:
        """The player (0-based) ``token`` opens here: None for the spectator token or no token;
        Refused (403) for a token that opens nothing here. Every stored hash is compared, in
        constant time, whatever matches."""
        if token is None:
            return None
        found: int | None = -1
        for player, stored in enumerate(self.record.tokens):
            if matches(token, stored):
                found = player
        if matches(token, self.record.spectator):
            found = None
        if found == -1:
            raise Refused(_("this token opens no seat of room {room}").format(room=self.id), 403)
        if not self.joined:  # a room someone joined never expires (Hub.expire)
            self.joined = True
            self.hub.spawn(self.hub.mark_joined(self.id))
        return found

    # -- what a seat is told -----------------------------------------------------------------
    def presence(self) -> tuple[list[dict[str, Any]], int]:
        counts = {seat: len(conns) for seat, conns in self.conns.items()}
        for other in self.remote.values():  # connections at other server processes (PostgreSQL)
            for key, n in other.items():
                if key == "spectators":
                    counts[None] = counts.get(None, 0) + n
                elif key[1:].isdigit():
                    counts[int(key[1:]) - 1] = counts.get(int(key[1:]) - 1, 0) + n
        seats = [
            {"seat": seat_name(p), "player": kind, "connected": kind.startswith("bot:") or counts.get(p, 0) > 0,
             "bot_plays": p in self.seating.bot_plays()}
            for p, kind in enumerate(self.record.seats)
        ]
        return seats, counts.get(None, 0)

    def room_fields(self, player: int | None) -> dict[str, Any]:
        """The room's fields of a state, in the current language."""
        rec = self.record
        seats, spectators = self.presence()
        out = {
            "protocol": PROTOCOL,
            "room": self.id,
            "seat": seat_name_of(player),
            "version": self.version,
            "variants": list(rec.variants),
            "players": rec.players,
            "options": rec.options,
            "plugins": rec.plugins,
            "seeded": rec.seeded,
            "seats": seats,
            "spectators": spectators,
            "commands": self.hub.commands_of(self.game.ruleset) if self.game is not None else [],
            **self.seating.fields(),
        }
        out["sitting"] = self.sitting.of(self.game, player)
        if self.game is not None and self.game.is_over:
            out["seed"] = rec.seed  # only now: before the end it would rebuild every hand
        return out

    def full_state(self, player: int | None) -> dict[str, Any]:
        """The seat's whole state (``GET .../state``, and the answer to an action over HTTP) in
        the current language: the game's part computed once per seat, language and version (a
        client that polls costs one lookup)."""
        if self.game is None:
            raise Refused(self.broken or _("this room cannot be played"), 409)
        version = self.version
        key = (player, current())
        cached = self.states.get(key)
        if cached is None or cached[0] != version:
            cached = self.states[key] = (version, self.marked(seat_state(self.game, player)))
        return {"type": "state", **self.room_fields(player), **cached[1]}

    def marked(self, fields: dict[str, Any]) -> dict[str, Any]:
        """A seat's state or update whose result marks the seats given up (the table's, which
        the game's own result does not know of)."""
        if fields.get("result") is not None and self.game is not None:
            fields["result"] = result_data(self.game, self.seating.given_up)
        return fields

    # -- connections -------------------------------------------------------------------------
    def attach(self, conn: Connection) -> dict[str, Any]:
        """Seat a connection; its first message is the whole state in its language (returned,
        and counted so the updates that follow continue it)."""
        if self.game is None:
            raise Refused(self.broken or _("this room cannot be played"), 409)
        before = self._connected()
        # the seat's other connections in this language hold the same (current) parts: one
        # record of what was sent
        self.conns.setdefault(conn.seat, set()).add(conn)
        sent: dict[str, Any] = {}
        try:
            with language(conn.lang):
                state = {"type": "state", **self.room_fields(conn.seat), **self.marked(seat_state(self.game, conn.seat, sent))}
        except BaseException:
            self.detach(conn)
            raise
        key = (conn.seat, conn.lang)
        self.log_len[key] = len(state["log"])
        self.sent[key] = sent
        conn.push(_dumps(state))
        if self._connected() != before:
            self.presence_changed(skip=conn)  # the new connection has it in its state
        return state

    def detach(self, conn: Connection) -> None:
        conns = self.conns.get(conn.seat)
        if conns is None or conn not in conns:
            return
        self.touch()  # idle from now on, if it was the last one
        before = self._connected()
        conns.discard(conn)
        if not any(other.lang == conn.lang for other in conns):
            self.log_len.pop((conn.seat, conn.lang), None)
            self.sent.pop((conn.seat, conn.lang), None)
        if not conns:
            del self.conns[conn.seat]
        if self._connected() != before:
            self.presence_changed()

    def speak(self, conn: Connection, lang: str) -> None:
        """The connection's words are in ``lang`` from now on: its whole state again, in it."""
        old, conn.lang = conn.lang, lang
        if not any(other.lang == old for other in self.conns.get(conn.seat, ())):
            self.log_len.pop((conn.seat, old), None)
            self.sent.pop((conn.seat, old), None)
        with language(lang):
            self.attach(conn)

    def _connected(self) -> tuple:
        return tuple(sorted((-1 if s is None else s, len(c)) for s, c in self.conns.items() if c))

    def push_presence(self, skip: Connection | None = None) -> None:
        """Tell every connection (but ``skip``) who is connected now."""
        seats, spectators = self.presence()
        text = _dumps({"type": "presence", "room": self.id, "seats": seats, "spectators": spectators})
        for conns in self.conns.values():
            for conn in conns:
                if conn is not skip:
                    conn.push(text)

    def heard_presence(self, process: str, counts: dict[str, int], now: float) -> None:
        """Another process's connections to this room (none: it has none now)."""
        if counts:
            self.remote[process] = counts
            self.remote_heard[process] = now
        else:
            self.remote.pop(process, None)
            self.remote_heard.pop(process, None)

    def forget_presence(self, before: float) -> bool:
        """Forget what other processes said before ``before`` (a process that died stops
        repeating it); whether anything was forgotten."""
        old = [process for process, at in self.remote_heard.items() if at < before]
        for process in old:
            self.heard_presence(process, {}, before)
        return bool(old)

    def local_presence(self) -> dict[str, int]:
        """The connections to this process, by seat ("p1"..., "spectators")."""
        return {("spectators" if s is None else seat_name(s)): len(c) for s, c in self.conns.items() if c}

    def presence_changed(self, skip: Connection | None = None) -> None:
        self.seating.presence_seen()
        self.push_presence(skip)
        self.hub.announce_presence(self.id, self.local_presence())

    def by_language(self) -> dict[str, list[tuple[int | None, list[Connection]]]]:
        """The connections grouped by language, then by seat: each (seat, language) is told the
        same words, and each language's words are looked up in one go."""
        groups: dict[str, list[tuple[int | None, list[Connection]]]] = {}
        for seat, conns in list(self.conns.items()):
            if not conns:
                continue
            langs = {conn.lang for conn in conns}
            if len(langs) == 1:  # the usual case: no sorting out
                groups.setdefault(langs.pop(), []).append((seat, list(conns)))
                continue
            for lang in sorted(langs):
                groups.setdefault(lang, []).append((seat, [conn for conn in conns if conn.lang == lang]))
        return groups

    def publish(self, new_actions: int, since_events: int) -> None:
        """Push every connected seat what changed (computed once per seat and language; the
        table's fields once per language)."""
        game = self.game
        version = self.version
        seed = self.record.seed if game.is_over else None
        for lang, seats in self.by_language().items():
            with speaking(lang):
                table = self.seating.fields()
                for seat, conns in seats:
                    key = (seat, lang)
                    update = self.marked(seat_update(game, seat, new_actions, since_events, self.sent.setdefault(key, {})))
                    update["type"] = "update"
                    update["room"] = self.id
                    update["version"] = version
                    update["history_from"] = version - new_actions
                    update["log_from"] = self.log_len.get(key, 0)
                    update["sitting"] = self.sitting.of(game, seat)
                    if seed is not None:
                        update["seed"] = seed
                    update.update(table)
                    self.log_len[key] = update["log_from"] + len(update["log"])
                    text = _dumps(update)
                    for conn in conns:
                        conn.push(text)

    # -- acting ------------------------------------------------------------------------------
    async def act(
        self,
        player: int | None,
        version: Any,
        code: Any = None,
        action_id: Any = None,
        action: Action | None = None,
        by_bot: bool = False,
    ) -> int:
        """Apply an action (a code, a one-line command, an action id, or an Action) for
        ``player`` against ``version`` (``by_bot``: a bot's choice for the seat, refused if its
        person has come back); returns the new version. Refused with one line if it is
        not possible; nothing changes then."""
        if player is None:
            raise Refused(_("a spectator cannot act: open an invitation link for a seat"), 403)
        if type(version) is not int:
            raise Refused(_('say which version you act on: {example} (the version of your state)').format(example='{"code": "...", "version": N}'), 400)
        # its own task: a caller that goes away mid-commit must not leave a stored action unapplied
        task = asyncio.ensure_future(self._act(player, version, code, action_id, action, by_bot))
        return await asyncio.shield(task)

    async def _act(
        self, player: int, version: int, code: Any, action_id: Any, action: Action | None, by_bot: bool
    ) -> int:
        async with self.lock:
            game = self.game
            if game is None or self.broken:
                raise Refused(self.broken or _("this room cannot be played"), 409)
            if version != self.version and not self.freshness.still_current(player, version, self.version):
                raise Refused(_("your state is out of date (version {version}, the game is at {now}): nothing done")
                              .format(version=version, now=self.version), 409)  # fmt: skip
            if game.is_over:
                raise Refused(_("the game is over: no more actions"), 409)
            if player not in game.deciders:
                who = ", ".join(seat_name(p) for p in game.deciders)
                raise Refused(_("it is not your decision now: {seats} to decide").format(seats=who), 409)
            if by_bot and not self.seating.may_bot_act(player):
                raise Refused(_("{seat}'s person has come back: no bot decides for it").format(seat=seat_name(player)), 409)
            if not by_bot:
                self.seating.refuse_person(player)
            if action is not None:
                actions = [action]
            elif self.sitting.is_command(code):
                actions = self.sitting.start(game, player)
            else:
                actions = self.resolve(game, player, code, action_id)
            await self.commit(player, actions, version, by_bot)
            await self.sitting.follow(self)
            return self.version

    def resolve(self, game: Game, player: int, code: Any, action_id: Any) -> list[Action]:
        """The actions a request stands for, each checked legal (Refused with one line if not)."""
        table = game.ruleset.actions
        if action_id is not None:
            if type(action_id) is not int or not 0 <= action_id < len(table):
                raise Refused(_("no action id {id} (ids go from 0 to {last})").format(id=shorten(action_id, 20), last=len(table) - 1), 400)
            found = table.from_id(action_id)
            if found not in game.legal_actions(player):
                raise Refused(self.not_now(game, player, found), 409)
            return [found]
        if not isinstance(code, str) or not code.strip():
            raise Refused(_("give the action: {example} (or {id})").format(example='{"code": "plant f1", "version": N}', id='"id": N'), 400)
        text = " ".join(code.split())
        word, _sep, rest = text.partition(" ")
        lines = presentation(game.ruleset).line_commands
        if word.lower() in lines:
            fn, _help = lines[word.lower()]
            try:
                return check_line(game, player, list(fn(game, player, rest)))
            except (ValueError, BeanframeError) as exc:
                raise Refused(_("{command}: {problem} (nothing done)").format(command=word.lower(), problem=one_line(exc)), 409) from None
            except Exception as exc:  # noqa: BLE001 - a plugin's command must not end the game
                log.exception("room %s: line command %s failed", self.id, word)
                raise Refused(_("{command} failed: {error} (nothing done)").format(command=word.lower(), error=type(exc).__name__), 500) from None
        try:
            found = table.coerce(text)
        except BeanframeError as exc:
            raise Refused(str(exc), 400) from None
        if found not in game.legal_actions(player):
            raise Refused(self.not_now(game, player, found), 409)
        return [found]

    def not_now(self, game: Game, player: int, action: Action) -> str:
        return _("{code} is not possible now: {reason}").format(code=action.code, reason=self.reason(game, player, action))

    @staticmethod
    def reason(game: Game, player: int, action: Action | None) -> str:
        try:
            found = explain(game, player, action)
        except Exception:  # noqa: BLE001 - a plugin's explanation must not end the game
            found = None
        return found or _("now: {prompt}").format(prompt=game.prompt())

    async def commit(
        self, player: int, actions: Sequence[Action], version: int | None = None, by_bot: bool = False
    ) -> None:
        """Apply ``actions`` to a copy, store them, then make the copy the game and tell everyone.
        Called with the lock held. If another process stored an action first (PostgreSQL), catch
        up and let the version rule decide on ``version`` (the one the seat chose at), as it would
        have had this process heard of that action in time: a seat of a group decision whose
        choices did not change is not refused because two processes served it (issue 27)."""
        base = self.version
        for _try in range(LOST_WRITES):
            if await self._store_and_apply(player, actions, by_bot):
                return
            await self._catch_up()
            if version is None or not self._still_possible(player, version, actions):
                break
        raise Refused(_("your state is out of date (the game has moved on from version {version}): nothing done").format(version=base), 409)

    def _still_possible(self, player: int, version: int, actions: Sequence[Action]) -> bool:
        game = self.game
        if game is None or self.broken or game.is_over or player not in game.deciders:
            return False
        return self.freshness.still_current(player, version, self.version) and actions[0] in game.legal_actions(player)

    async def _store_and_apply(self, player: int, actions: Sequence[Action], by_bot: bool) -> bool:
        """One try of :meth:`commit`: False if another process stored an action at this version."""
        game = self.game
        base = self.version
        since_events = game.state.n_events
        trial = game.clone()
        rows = []
        try:
            for i, action in enumerate(actions, 1):
                trial.apply(action, player)
                rows.append(ActionRow(base + i, player, action.code, ""))
            # the digest of the state the commit made: the one a replay is checked against (the
            # rows before it, from one one-line command, need none)
            rows[-1] = attrs.evolve(rows[-1], digest=state_digest(trial))
        except BeanframeError as exc:
            raise Refused(one_line(exc), 409) from None
        except Exception as exc:  # noqa: BLE001 - a plugin's bug: the game stays as it was
            log.exception("room %s: the game failed on %s", self.id, [a.code for a in actions])
            raise Refused(_("the game failed on that action ({error}); nothing done").format(error=type(exc).__name__), 500) from None
        table = self.seating.prepare(trial, player, by_bot)
        try:
            stored = await self.hub.store.append(self.id, base, rows, trial.is_over, result_data(trial, self.seating.given_up), table=table[2])
        except StoreError as exc:
            log.error("room %s: %s", self.id, exc)
            raise Refused(_("the server could not store the action: nothing done (try again)"), 503) from None
        if not stored:  # another server process applied an action at this version first
            return False
        self.game = trial
        self.touch()
        self.freshness.moved(trial, [(row.version, row.actor) for row in rows])
        self.seating.adopt(table)
        self.publish(len(rows), since_events)
        self.bots.schedule()
        return True

    async def sync(self) -> None:
        """Catch up with actions another server process stored (PostgreSQL), then tell everyone;
        the seats that sit out here are passed for if those actions asked them again (the flag
        lives in this process only)."""
        async with self.lock:
            await self._catch_up()
            await self.sitting.follow(self)

    async def _catch_up(self) -> None:
        """:meth:`sync` with the lock held."""
        game = self.game
        if game is None:
            return
        try:
            rows = await self.hub.store.actions(self.id, since=self.version)
        except StoreError as exc:
            log.error("room %s: catching up failed: %s", self.id, exc)
            return
        if not rows:
            return
        since_events = game.state.n_events
        trial = game.clone()
        try:
            for row in rows:
                trial.apply(row.code, row.actor)
        except Exception as exc:  # noqa: BLE001 - a stored action that does not replay
            self.broken = f"room {self.id} cannot go on: a stored action does not replay ({type(exc).__name__})"
            log.error("%s: %s", self.broken, exc)
            return
        if not digest_matches(trial, rows[-1].digest):
            self.broken = f"room {self.id} cannot go on: its replay does not match the stored state"
            log.error("%s at version %d", self.broken, rows[-1].version)
            return
        self.game = trial
        self.freshness.moved(trial, [(row.version, row.actor) for row in rows])
        self.seating.reload(await self.hub.store.load_table(self.id))  # the other process's clocks
        self.publish(len(rows), since_events)
        self.bots.schedule()
