"""The mutable state of one game, apart from the immutable ruleset that interprets it.

The core state holds only what every game has: the stage and phase, the turn and active player,
the decision stack, the chance counter, and the history. Everything specific to a game family
(cards, fields, bosses, buildings, boards) lives in *parts*: attrs classes that plugins register,
each with a cheap ``clone()`` and a ``view(player)`` that hides what that player may not see.

History and events are persistent linked lists ``(item, rest)``: appending is O(1) and a clone
shares them, so cloning costs only the parts, never the length of the game. A history entry
carries a third element, the player who took the action (``(action, rest, player)``): one tuple
per action records both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from attrs import define, field

# Stages of a game.
SETUP, TURNS, END, OVER = 0, 1, 2, 3
STAGE_NAMES = ("setup", "turns", "end", "over")

# Values of State.ending.
NOT_ENDING, END_AFTER_TURN, END_NOW = 0, 1, 2


class Frame:
    """One entry of the decision stack: a step of kind ``kind`` for ``player``.

    ``group`` lists the players who may act on this frame now, in any order (a group decision:
    everyone bids, trades, plants what they received); empty means just ``player``, the usual
    one-decider frame. ``player`` stays the frame's owner (e.g. the player whose trade phase it
    is). ``deciders`` is ``group or (player,)``; the first one is ``game.to_act``. A step that
    lets deciders drop out replaces its frame with a smaller group and pops it when nobody is
    left (an empty group would mean ``player`` alone).

    Frames are values that are never changed (steps replace a frame rather than change it), so
    cloning the stack is a list copy. ``args`` carries the step's small integer parameters; bigger
    data lives in parts. Equal when kind, player, args and group are.

    A plain slotted class, not a frozen attrs class: a frame is made at nearly every decision,
    and a frozen class's ``__init__`` (``object.__setattr__`` per field) cost about a twentieth of
    a random Al Cabohne game's time. Do not assign to a frame's attributes.
    """

    __slots__ = ("kind", "player", "args", "group")

    def __init__(self, kind: str, player: int, args: tuple[int, ...] = (), group: tuple[int, ...] = ()) -> None:
        self.kind = kind
        self.player = player
        self.args = args
        self.group = group

    @property
    def deciders(self) -> tuple[int, ...]:
        """The players who may act on this frame now (``group``, or ``player`` alone)."""
        return self.group or (self.player,)

    def _key(self) -> tuple:
        return (self.kind, self.player, self.args, self.group)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Frame(kind={self.kind!r}, player={self.player!r}, args={self.args!r}, group={self.group!r})"


class Part(Protocol):
    """What the core needs of a state part."""

    def clone(self) -> Part: ...

    def view(self, player: int | None) -> Any:
        """What ``player`` may see of this part (``None``: a spectator, who sees public data)."""
        ...


def linked_items(linked: tuple | None) -> list:
    """The items of a persistent linked list, oldest first."""
    out = []
    while linked is not None:
        out.append(linked[0])
        linked = linked[1]
    out.reverse()
    return out


def iter_linked(linked: tuple | None) -> Iterator:
    """The items of a persistent linked list, newest first."""
    while linked is not None:
        yield linked[0]
        linked = linked[1]


@define(slots=True)
class State:
    players: int
    seed: int
    stage: int = SETUP
    phase: int = -1  # index in the current stage's phase list
    turn: int = 0
    active: int = 0
    ending: int = NOT_ENDING
    chance: int = 0  # how many random streams were drawn so far
    stack: list[Frame] = field(factory=list)
    parts: dict[str, Any] = field(factory=dict)
    # linked list of the applied (canonical) actions: (action, rest, player who took it); see
    # core/records.py
    history: tuple | None = None
    n_actions: int = 0
    events: tuple | None = None  # linked list of event tuples (kind, *args) or PrivateEvents
    n_events: int = 0
    #: a copy made by ``game.determinize``: hidden cards and seed are a guess (no save file)
    determinized: bool = False
    #: the player whose turn comes next, when game code chose one (``game.set_next_player``);
    #: -1: the usual order. Consumed when the next turn starts, so it never outlives a turn.
    next_active: int = -1
    #: each observer's redacted record (``beanframe.core.records.known_lists``): a cache, not part
    #: of the position (never compared, saved or shown)
    known: dict = field(factory=dict, eq=False, repr=False)

    def clone(self) -> State:
        return State(
            self.players,
            self.seed,
            self.stage,
            self.phase,
            self.turn,
            self.active,
            self.ending,
            self.chance,
            self.stack.copy(),
            {name: part.clone() for name, part in self.parts.items()},
            self.history,
            self.n_actions,
            self.events,
            self.n_events,
            self.determinized,
            self.next_active,
            self.known.copy(),
        )
