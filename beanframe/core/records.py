"""Private records: who may know what of the game's history.

The engine keeps one full record (``game.history``, ``game.actions``, ``game.events``,
``game.log``): for replays, saves and tests, **never for players**. What one observer may know of
it (a player, or ``None``: a spectator, who knows only what is public) is derived from it here:

- **Actions.** Each history entry records its actor. A parameter declared with
  ``param(prefix, private=True)`` (a hand position, a card laid face down) is known only to the
  actor; everyone else knows the action's public form (``give h? b1``).
- **Events.** ``game.emit(kind, *args, to=players, public=event)`` records an event that the
  players in ``to`` know whole; the others know ``public`` instead (``None``: nothing at all).
  Events emitted without ``to`` are public and stored as plain tuples, as before, so the hot
  path pays nothing for privacy it does not use.

The history is a persistent linked list of nodes ``(action, rest, actor)`` and the event list one
of nodes ``(item, rest)``, where an item is an event tuple or a :class:`PrivateEvent`. Both are
immutable and shared by clones.

**Redacted lists.** What is handed to a player must not *hold* what they may not know, not even
in a private attribute (a pickled view, a debugger, a careless bot would find it). So each
observer has its own persistent lists, the *redacted record* (:func:`known_lists`): the same
nodes, but another player's private action is a :class:`HiddenAction` (its public code only) and
an event hidden from the observer is its public form (or gone). They are kept up to date
incrementally in the state (``state.known``, a cache that is not part of the position): making
one costs only the actions and events since that observer's last one. A :class:`Record` keeps the
heads of those lists, and a determinized game's full record is its observer's redacted record
(:func:`redacted_copy_record`): a search bot reading it learns nothing the observer did not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from beanframe.core.actions import shorten
from beanframe.core.state import linked_items

if TYPE_CHECKING:
    from beanframe.core.actions import Action


class PrivateEvent(tuple):
    """An event that only the players in ``to`` know whole; the others know ``public`` (None:
    nothing). A tuple ``(event, to, public)``: immutable, cheap to make, shared by every clone."""

    __slots__ = ()

    event: tuple = property(itemgetter(0))  # type: ignore[assignment]
    to: tuple[int, ...] = property(itemgetter(1))  # type: ignore[assignment]
    public: tuple | None = property(itemgetter(2))  # type: ignore[assignment]

    def known_by(self, player: int | None) -> tuple | None:
        """The event as ``player`` knows it (None: not at all)."""
        return self[0] if player in self[1] else self[2]

    def __repr__(self) -> str:
        return f"PrivateEvent({self[0]!r}, to={self[1]!r}, public={self[2]!r})"


def private_event(players: int, event: tuple, to: Iterable[int] | None, public: tuple | None) -> PrivateEvent:
    """Check the privacy arguments of ``game.emit`` and make the record (a plugin's mistake is a
    ValueError naming it). Kept lean: it runs on every private event."""
    if type(to) is not tuple:
        if to is None:
            raise ValueError(f"event {shorten(event[0])}: a public form was given but no 'to' (without 'to' an event is public)")
        to = (to,) if isinstance(to, int) else tuple(to)
    for p in to:
        if type(p) is not int or not 0 <= p < players:
            raise ValueError(f"event {shorten(event[0])}: 'to' names {shorten(p)}, not a player of this {players}-player game")
    if public is not None and (type(public) is not tuple or not public or type(public[0]) is not str):
        raise ValueError(f"event {shorten(event[0])}: the public form must be an event tuple (kind, *args) or None, not {shorten(public)}")
    return PrivateEvent((event, to, public))


# --------------------------------------------------------------------------------------------
# Walking the full record
# --------------------------------------------------------------------------------------------


def iter_history(node: tuple | None) -> Iterator[tuple[int, Action]]:
    """``(actor, action)`` of every history entry, newest first."""
    while node is not None:
        yield node[2], node[0]
        node = node[1]


def full_event(item: Any) -> tuple:
    """The whole event of an event-list item."""
    return item[0] if type(item) is PrivateEvent else item


def known_code(actor: int, action: Action, player: int | None) -> str:
    """The code of ``action`` (taken by ``actor``) as ``player`` knows it."""
    if actor == player or not action.is_private:
        return action.code
    return action.public_code


def history_for(node: tuple | None, player: int | None) -> list[tuple[int, str]]:
    """``(actor, code as player knows it)`` for every history entry, oldest first."""
    out = []
    while node is not None:
        action, node, actor = node
        out.append((actor, action.code if actor == player or not action.is_private else action.public_code))
    out.reverse()
    return out


def events_for(node: tuple | None, player: int | None, count: int | None = None) -> list[tuple]:
    """The events ``player`` knows, oldest first: of the newest ``count`` events (None: all)."""
    out = []
    while node is not None and count != 0:
        item = node[0]
        if type(item) is PrivateEvent:
            item = item.known_by(player)
            if item is not None:
                out.append(item)
        else:
            out.append(item)
        node = node[1]
        if count is not None:
            count -= 1
    out.reverse()
    return out


class HiddenAction:
    """Another player's private action as an observer's record holds it: its public code only
    (``give h? b1``), never the private parameter. Read like an action by the record's walkers
    (``code``, ``public_code``, ``is_private``)."""

    __slots__ = ("code",)
    is_private = True

    def __init__(self, public_code: str) -> None:
        self.code = public_code

    @property
    def public_code(self) -> str:
        return self.code

    def __eq__(self, other: object) -> bool:
        return type(other) is HiddenAction and other.code == self.code

    def __hash__(self) -> int:
        return hash(("HiddenAction", self.code))

    def __repr__(self) -> str:
        return f"HiddenAction({self.code!r})"

    def __reduce__(self) -> tuple:
        return (HiddenAction, (self.code,))


class KnownLists(tuple):
    """One observer's redacted record, as cached in ``state.known``: ``(history_seen,
    history, events_seen, events, n_events, shared)``. ``*_seen`` are the heads of the game's full
    lists it was brought up to; ``history`` and ``events`` the heads of the redacted lists;
    ``n_events`` how many events the redacted list holds; ``shared``: it keeps a private event
    that some other player knows whole too (then another observer's record cannot be derived
    from the spectator's, see :func:`redacted_copy_record`)."""

    __slots__ = ()

    history_seen = property(itemgetter(0))
    history = property(itemgetter(1))
    events_seen = property(itemgetter(2))
    events = property(itemgetter(3))
    n_events = property(itemgetter(4))
    shared = property(itemgetter(5))


_EMPTY = KnownLists((None, None, None, None, 0, False))


def known_lists(state: Any, observer: int | None) -> KnownLists:
    """``observer``'s redacted record of ``state`` (None: a spectator's), brought up to date with
    the actions and events since it was last asked for (``state.known`` caches it)."""
    known = state.known
    entry = known.get(observer, _EMPTY)
    history, events = state.history, state.events
    if entry[0] is history and entry[2] is events:
        return entry
    seen, head = entry[0], entry[1]
    new = []
    node = history
    while node is not seen and node is not None:
        new.append(node)
        node = node[1]
    if node is not seen:  # the cache is not of this game's lists: start over
        head = None
    for action, _, actor in reversed(new):
        if actor != observer and action.is_private:
            action = HiddenAction(action.public_code)
        head = (action, head, actor)
    history_head = head
    seen, head, count, shared = entry[2], entry[3], entry[4], entry[5]
    new = []
    node = events
    while node is not seen and node is not None:
        new.append(node[0])
        node = node[1]
    if node is not seen:
        head, count, shared = None, 0, False
    for item in reversed(new):
        if type(item) is PrivateEvent:
            if observer in item[1]:
                shared = shared or len(item[1]) > 1
            else:
                item = item[2]
                if item is None:
                    continue  # the observer learns nothing of it, not even that it happened
        head = (item, head)
        count += 1
    entry = known[observer] = KnownLists((history, history_head, events, head, count, shared))
    return entry


def redacted_copy_record(state: Any, copy: Any, observer: int | None) -> None:
    """Give ``copy`` (a clone of ``state`` being determinized for ``observer``) the observer's
    redacted record as its full record, and seed its cache: the observer's own record is the
    copy's whole record, and, unless a private event the observer knows is known to others too,
    every other player's record of the copy is the spectator's record of ``state``."""
    mine = known_lists(state, observer)
    copy.history, copy.events, copy.n_events = mine.history, mine.events, mine.n_events
    same = KnownLists((mine.history, mine.history, mine.events, mine.events, mine.n_events, mine.shared))
    known = copy.known = {observer: same}
    if observer is None:
        return
    if mine.shared:
        return  # the others' records of the copy are built from it when asked for
    public = known_lists(state, None)
    other = KnownLists((mine.history, public.history, mine.events, public.events, public.n_events, False))
    known[None] = other
    for p in range(state.players):
        if p != observer:
            known[p] = other


class Record:
    """What ``player`` (None: a spectator) may know of the game's history, as a view carries it.

    ``history``: ``(actor, code as player knows it)`` per action, oldest first (an information
    state, as OpenSpiel keeps one); ``events``: the events ``player`` knows, each whole or in its
    public form, oldest first. A record keeps the heads of the player's redacted lists
    (:func:`known_lists`), so it holds nothing the player may not know; each tuple is computed the
    first time it is read.
    """

    __slots__ = ("player", "_history_node", "_events_node", "_history", "_events")

    def __init__(self, player: int | None, history: tuple | None, events: tuple | None) -> None:
        self.player = player
        self._history_node = history
        self._events_node = events
        self._history: tuple[tuple[int, str], ...] | None = None
        self._events: tuple[tuple, ...] | None = None

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        if self._history is None:
            self._history = tuple(history_for(self._history_node, self.player))
        return self._history

    @property
    def events(self) -> tuple[tuple, ...]:
        if self._events is None:
            self._events = tuple(events_for(self._events_node, self.player))
        return self._events

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "history": [[actor, code] for actor, code in self.history],
            "events": [list(e) for e in self.events],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        if self.player != other.player:
            return False
        if self._history_node is other._history_node and self._events_node is other._events_node:
            return True  # the same shared lists: no need to walk them
        return self.history == other.history and self.events == other.events

    def __hash__(self) -> int:
        return hash((self.player, self.history, self.events))

    def held(self) -> tuple[list[Any], list[Any]]:
        """The items the record holds, oldest first: ``(actor, action)`` per action (another
        player's private action as a :class:`HiddenAction`) and each event item as stored (an
        event tuple, or a :class:`PrivateEvent` the player knows whole). For leak checks."""
        return list(iter_history(self._history_node))[::-1], linked_items(self._events_node)

    def __reduce__(self) -> tuple:
        return (Record, (self.player, self._history_node, self._events_node))

    def __repr__(self) -> str:
        return f"Record(player={self.player!r}, {len(self.history)} actions, {len(self.events)} events)"
