"""Where rooms live: one small interface (:class:`Store`), two implementations.

A store keeps what a save holds (variant set, options, plugin versions, seed, actions with their
actors) plus the room's seats: who plays each seat and the hashes of the seats' tokens (never the
tokens). Games are rebuilt by replay, and each action row carries a digest of the state it made,
so a restart checks the replay against what was stored, as ``load_game`` checks a save's
snapshot. :mod:`beanframe.server.sqlite` (the default, one server process) and
:mod:`beanframe.server.postgres` (several processes on one database, told of each other's changes
by LISTEN/NOTIFY) implement it; boardgame.io's ``db/base.ts`` is the model.

``append`` is the one write during play and the authority on versions: it stores the new actions
only if the room is still at the version they were made against (a conditional update in one
transaction), so two processes can never both apply an action at one version.
"""

from __future__ import annotations

import abc
import hashlib
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import orjson
from attrs import field, frozen

from beanframe.core.persist import snapshot

if TYPE_CHECKING:
    from beanframe.core.game import Game

SCHEMA_VERSION = 1

#: what another process said about a room: (room id, message); the message holds ``version``
#: (the room changed) or ``presence`` (who is connected there); see :meth:`Store.listen`
Listener = Callable[[str, dict[str, Any]], Awaitable[None]]


@frozen
class RoomRecord:
    """A room as stored: the game's set-up and its seats."""

    id: str
    variants: tuple[str, ...] = field(converter=tuple)
    players: int
    options: dict[str, Any]  # plain data, as composed (every option with its value)
    plugins: dict[str, str]  # variant -> version the room was created with
    seed: int
    seeded: bool  # the creator chose the seed (everyone at the table is told)
    seats: tuple[str, ...] = field(converter=tuple)  # "human" or "bot:NAME", per player
    tokens: tuple[str | None, ...] = field(converter=tuple)  # sha256 of each human seat's token
    spectator: str  # sha256 of the spectator token
    bot_seed: int  # master seed of the room's bots (never the game's seed)
    created: float
    clock: dict[str, Any] | None = None  # the room's clock profile (issue 25), None: no clock
    creator: int | None = None  # the seat of the room's creator (the first human seat), if any
    absent: float = 60.0  # seconds a person must be gone before their seat may be handed to a bot
    version: int = 0
    over: bool = False
    result: dict[str, Any] | None = None

    def spec_json(self) -> str:
        data = attrs.asdict(self, recurse=False)
        for key in ("id", "version", "over", "result"):
            data.pop(key)
        data["variants"], data["seats"], data["tokens"] = list(self.variants), list(self.seats), list(self.tokens)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_row(cls, room_id: str, spec: str, version: int, over: bool, result: str | None) -> RoomRecord:
        data = json.loads(spec)
        return cls(id=room_id, version=version, over=bool(over), result=json.loads(result) if result else None, **data)


@frozen
class ActionRow:
    """One accepted action: the version it made (the first action makes version 1), who took it
    (0-based player), its code, and the digest of the state after it (for the last action of
    each commit, the one a replay is checked against; empty for the actions before it in one
    commit, such as the first actions of a one-line command)."""

    version: int
    actor: int
    code: str
    digest: str


def created_before(specs: Sequence[tuple[str, str]], before: float) -> list[str]:
    """The ids of ``(id, spec)`` rows whose room was created at ``before`` or earlier."""
    return [room_id for room_id, spec in specs if json.loads(spec).get("created", 0.0) <= before]


#: what starts a digest of :func:`state_digest`'s kind (the state's fields written by orjson)
DIGEST_PREFIX = "f:"
#: what starts a digest of :func:`snapshot_digest`'s kind (the save snapshot written by orjson)
SNAPSHOT_PREFIX = "o:"


def state_digest(game: Game) -> str:
    """A short digest of the game's state: equal states, equal digests. Its canonical text is
    orjson's (sorted keys, compact) of what the save snapshot holds, written straight from the
    state's attrs records (their compared fields; every tuple, list and number in C), several
    times cheaper than unstructuring the snapshot first; marked by :data:`DIGEST_PREFIX`, so rows
    of the earlier kinds keep replaying. A state orjson cannot write (a set, a dict keyed by
    tuples) gets :func:`snapshot_digest`'s kind instead."""
    text = state_text(game)
    if text is None:
        return snapshot_digest(game)
    return DIGEST_PREFIX + hashlib.sha256(text).hexdigest()[:32]


def state_text(game: Game) -> bytes | None:
    """The canonical text :func:`state_digest` hashes: what the save snapshot holds (read back, the
    snapshot's data: a test holds it to that in every variant set), or None for a state orjson
    cannot write."""
    s = game.state
    data = {
        "stage": s.stage, "phase": s.phase, "turn": s.turn, "active": s.active, "ending": s.ending, "chance": s.chance,
        "stack": [[f.kind, f.player, f.args, *([f.group] if f.group else [])] for f in s.stack],
        "parts": s.parts,
    }  # fmt: skip
    try:
        return orjson.dumps(data, default=_state_fields, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return None


def _state_fields(value: Any) -> dict[str, Any]:
    """An attrs record of the state as its compared fields (what its equality is made of: a
    cache that takes no part in it never changes the digest); TypeError for anything else."""
    kind = type(value)
    names = _STATE_FIELDS.get(kind)
    if names is None:
        if not attrs.has(kind):
            raise TypeError(f"{kind.__name__} is not state data")
        names = _STATE_FIELDS[kind] = tuple(f.name for f in attrs.fields(kind) if f.eq)
    return {name: getattr(value, name) for name in names}


_STATE_FIELDS: dict[type, tuple[str, ...]] = {}


def snapshot_digest(game: Game) -> str:
    """The digest of the previous version: the save snapshot's canonical text by orjson, marked
    :data:`SNAPSHOT_PREFIX`."""
    data = snapshot(game)
    try:
        text = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # what orjson does not take (non-string keys, huge ints): still canonical
        text = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    return SNAPSHOT_PREFIX + hashlib.sha256(text).hexdigest()[:32]


def legacy_digest(game: Game) -> str:
    """The digest of the earliest versions (the standard library's JSON text), unmarked."""
    text = json.dumps(snapshot(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def digest_matches(game: Game, stored: str) -> bool:
    """Whether ``stored`` (any kind) is the digest of ``game``'s state: the replay check."""
    if stored.startswith(DIGEST_PREFIX):
        made = state_digest(game)
        if not made.startswith(DIGEST_PREFIX):  # this state is of the snapshot's kind now: it differs
            return False
    elif stored.startswith(SNAPSHOT_PREFIX):
        made = snapshot_digest(game)
    else:
        made = legacy_digest(game)
    return made == stored


class StoreError(Exception):
    """The store failed (disk full, database gone): the action was not stored, so not applied."""


class Store(abc.ABC):
    """The few calls the server makes of its storage. Every call is a coroutine."""

    #: whether other server processes may change the same rooms (then :meth:`listen` matters)
    shared: bool = False

    @abc.abstractmethod
    async def start(self) -> None:
        """Open the store (create its tables if needed)."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Finish pending writes and close."""

    @abc.abstractmethod
    async def create_room(self, room: RoomRecord) -> None:
        """Store a new room (version 0)."""

    @abc.abstractmethod
    async def get_room(self, room_id: str) -> RoomRecord | None:
        """The stored room, or None."""

    @abc.abstractmethod
    async def actions(self, room_id: str, since: int = 0) -> list[ActionRow]:
        """The room's actions after version ``since``, oldest first."""

    @abc.abstractmethod
    async def append(
        self, room_id: str, base: int, rows: Sequence[ActionRow], over: bool, result: dict[str, Any] | None,
        table: dict[str, Any] | None = None,
    ) -> bool:
        """Store ``rows`` (versions ``base + 1``...) if the room is still at version ``base``, in
        one transaction (with ``table``, the room's table state after them, see
        :meth:`save_table`); False (nothing stored) if it is not. StoreError if storing failed."""

    @abc.abstractmethod
    async def unfinished(self) -> list[str]:
        """The ids of the rooms whose game is not over."""

    @abc.abstractmethod
    async def mark_joined(self, room_id: str) -> None:
        """Someone opened an invitation of the room: it never expires (see :meth:`expire`)."""

    @abc.abstractmethod
    async def expire(self, before: float) -> list[str]:
        """Delete the unfinished rooms nobody joined that were created at ``before`` or earlier (the
        rooms' ``created`` clock), with their actions; their ids."""

    @abc.abstractmethod
    async def load_table(self, room_id: str) -> dict[str, Any] | None:
        """The room's table state (:mod:`beanframe.server.seating`: clocks, claimed open seats,
        who a bot plays for), or None if none was stored."""

    @abc.abstractmethod
    async def save_table(self, room_id: str, data: dict[str, Any]) -> None:
        """Store the room's table state (replacing the one before)."""

    async def listen(self, listener: Listener) -> None:  # noqa: B027 - optional for single-process stores
        """Call ``listener(room_id, message)`` when another process changed a room or its
        presence (a store that only one process uses never calls it)."""

    async def announce(self, room_id: str, message: dict[str, Any]) -> None:  # noqa: B027
        """Tell the other processes something about a room (its presence here); nothing for a
        store that only one process uses. (A new version is announced by :meth:`append`.)"""
