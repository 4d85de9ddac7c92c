"""Observations, information states and returns: the game as numbers, for learning and search.

``game.observation(player)`` is a fixed-length ``float32`` numpy vector per ruleset, made of named
*segments*. The core contributes the generic ones (stage, phase, decision kind, whose turn, who
decides); every plugin contributes its own through the composition hook ``beanframe_observation``
(``register(name, size, encode, high=..., doc=...)``; ``encode(game, player, out)`` writes into its
zeroed slice ``out``). The layout is collected once per ruleset, at composition, so a mistake (a
size that is not a positive whole number, a name used twice) is a ConfigError then, never mid-game.
``ruleset.observation_layout`` names every segment with its offset and size;
``ruleset.observation_shape`` is ``(size,)``.

Seats in the vector are *relative*: index 0 is the observer, then the next players in seat order,
so one network serves every seat. An observation carries only what ``player`` may see: it must not
change when the cards the player cannot see are redealt (``game.determinize``), which the
conformance kit checks. Nothing here runs during play: observations are computed on demand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.core.actions import shorten
from beanframe.core import limits
from beanframe.core.compose import call_in_order
from beanframe.core.registries import _Registry
from beanframe.core.scoring import seat_name
from beanframe.core.records import PrivateEvent, known_code
from beanframe.core.state import STAGE_NAMES
from beanframe.errors import ConfigError

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset

if TYPE_CHECKING:
    import numpy as np

#: the observation's numpy dtype (numpy is imported only when an observation is asked for, so
#: composing and playing never pay for it)
DTYPE = "float32"
Encoder = Callable[["Game", "int | None", "np.ndarray"], None]


@frozen
class Segment:
    """One named piece of the observation vector: ``vector[offset:offset + size]``."""

    name: str
    variant: str  # who registered it ("core" for the core's own)
    offset: int
    size: int
    high: float  # the largest value it may hold (its values are in [0, high]): for spaces
    doc: str
    encode: Encoder

    @property
    def slice(self) -> slice:
        return slice(self.offset, self.offset + self.size)


class ObservationRegistry(_Registry):
    """What ``beanframe_observation`` receives: ``register(name, size, encode, high=1.0, doc="")``
    adds a segment after those registered before it; ``replace=True`` puts a later variant's
    segment in place of one a requirement registered (same place, its own size);
    ``register.remove(name)`` drops one."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[str, tuple[str, int, float, str, Encoder]] = {}

    def __call__(
        self, name: str, size: int, encode: Encoder, high: float = 1.0, doc: str = "", replace: bool = False
    ) -> None:
        if type(name) is not str or not name:
            raise ConfigError(f"{self.variant}: an observation segment needs a name, not {shorten(name)}")
        if type(size) is not int or size < 1:
            raise ConfigError(f"{self.variant}: observation segment {shorten(name)}: size must be a whole number >= 1, not {shorten(size)}")
        if not callable(encode):
            raise ConfigError(f"{self.variant}: observation segment {shorten(name)}: encode must be a function, not {shorten(encode)}")
        if type(high) not in (int, float) or not high > 0:
            raise ConfigError(f"{self.variant}: observation segment {shorten(name)}: high must be a positive number, not {shorten(high)}")
        if replace and name not in self.entries:
            raise self._missing("observation segment", name, self.entries, "replace")
        if name in self.entries and not replace:
            raise ConfigError(f"{self.variant}: observation segment {shorten(name)} is registered twice (use replace=True)")
        self.entries[name] = (self.variant, size, float(high), doc, encode)

    def remove(self, name: str) -> None:
        if name not in self.entries:
            raise self._missing("observation segment", name, self.entries, "remove")
        del self.entries[name]


class ObservationLayout:
    """The segments of a ruleset's observation vector, in order (``layout["beans.hand"]`` is a
    :class:`Segment`; ``layout.size``, ``layout.high`` the upper bounds as a vector)."""

    def __init__(self, entries: dict[str, tuple[str, int, float, str, Encoder]]) -> None:
        segments = []
        offset = 0
        for name, (variant, size, high, doc, encode) in entries.items():
            segments.append(Segment(name, variant, offset, size, high, doc, encode))
            offset += size
        self.segments: tuple[Segment, ...] = tuple(segments)
        self.size = offset
        self._by_name = {s.name: s for s in segments}
        self._high: np.ndarray | None = None

    @property
    def high(self) -> np.ndarray:
        """Every entry's largest value, as a read-only vector (the lower bound is 0)."""
        if self._high is None:
            import numpy as np

            high = np.zeros(self.size, DTYPE)
            for s in self.segments:
                high[s.slice] = s.high
            high.flags.writeable = False
            self._high = high
        return self._high

    def __getitem__(self, name: str) -> Segment:
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Segment]:
        return iter(self.segments)

    def __len__(self) -> int:
        return len(self.segments)

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Every segment's ``(offset, size)`` by name, in order."""
        return {s.name: (s.offset, s.size) for s in self.segments}

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """A vector cut into its segments, by name (for reading and debugging)."""
        return {s.name: vector[s.slice] for s in self.segments}

    def describe(self) -> str:
        """The layout as a table: offset, size, name, who registered it, what it holds."""
        return "\n".join(f"{s.offset:5d} {s.size:4d}  {s.name:24s} {s.variant:12s} {s.doc}" for s in self.segments)


# --------------------------------------------------------------------------------------------
# The core's own segments: generic, from the pipeline and the decision stack
# --------------------------------------------------------------------------------------------


def relative(player: int | None, seat: int, players: int) -> int:
    """``seat``'s index as ``player`` sees the table: 0 is the observer, then the next seats."""
    return (seat - (player or 0)) % players


def _core_entries(ruleset: Ruleset) -> dict[str, tuple[str, int, float, str, Encoder]]:
    players = ruleset.players
    turn_phases = {p.name: i for i, p in enumerate(ruleset.pipeline.turn)}
    kinds = {k: i for i, k in enumerate(ruleset.steps)}

    def stage(game: Game, player: int | None, out: np.ndarray) -> None:
        out[game.state.stage] = 1.0

    def phase(game: Game, player: int | None, out: np.ndarray) -> None:
        ph = game.phase
        i = turn_phases.get(ph.name) if ph is not None and game.stage_name == "turns" else None
        if i is not None:
            out[i] = 1.0

    def step(game: Game, player: int | None, out: np.ndarray) -> None:
        frame = game.frame
        if frame is not None:
            out[kinds[frame.kind]] = 1.0

    def active(game: Game, player: int | None, out: np.ndarray) -> None:
        if not game.is_over:
            out[relative(player, game.state.active, players)] = 1.0

    def deciders(game: Game, player: int | None, out: np.ndarray) -> None:
        for p in game.deciders:
            out[relative(player, p, players)] = 1.0

    return {
        "core.stage": ("core", len(STAGE_NAMES), 1.0, f"one-hot: {', '.join(STAGE_NAMES)}", stage),
        "core.phase": ("core", max(1, len(turn_phases)), 1.0, f"one-hot turn phase: {', '.join(turn_phases)}", phase),
        "core.decision": ("core", max(1, len(kinds)), 1.0, f"one-hot kind of the pending decision: {', '.join(kinds)}", step),
        "core.active": ("core", players, 1.0, "one-hot: whose turn it is (relative seats)", active),
        "core.deciders": ("core", players, 1.0, "who decides now (relative seats)", deciders),
    }


def build_layout(ruleset: Ruleset) -> ObservationLayout:
    """The ruleset's observation layout: the core's segments, then each plugin's, registered
    through ``beanframe_observation`` one plugin at a time in dependency order."""
    registry = ObservationRegistry()
    registry.entries.update(_core_entries(ruleset))
    try:
        call_in_order(ruleset.pm, ruleset.plugin_order, "beanframe_observation", registry, register=registry, config=ruleset.config)
    except ConfigError:
        raise
    except (ValueError, KeyError, TypeError) as exc:
        raise ConfigError(f"composing {ruleset.name} failed in beanframe_observation of {registry.variant}: {exc}") from exc
    return ObservationLayout(registry.entries)


# --------------------------------------------------------------------------------------------
# On demand: observation, information state, returns
# --------------------------------------------------------------------------------------------


def check_player(game: Game, player: int | None, allow_spectator: bool = True) -> None:
    limits.check_player(player, game.players, allow_spectator)


def observation(game: Game, player: int | None) -> np.ndarray:
    """What ``player`` (None: a spectator) sees now, as the ruleset's fixed-length vector."""
    import numpy as np

    check_player(game, player)
    layout: ObservationLayout = game.ruleset.observation_layout
    out = np.zeros(layout.size, DTYPE)
    for s in layout.segments:
        s.encode(game, player, out[s.offset : s.offset + s.size])
    return out


def information_state(game: Game, player: int) -> str:
    """Everything ``player`` knows, as a string: two games give the same string exactly when the
    player cannot tell them apart (up to what the rules let them infer). The actions as the
    player may know them (as ``history_for`` gives them), the events the player may know (as
    ``events_for``: flips and other public chance, private events sent to the player), and the
    player's own current observation (its hand).

    The record parts are rendered incrementally: the game's history and event lists are shared,
    immutable linked lists, so the text of a list is remembered by its head node (a few recent
    ones) and a later call renders only the newer entries; a search asking at every node of a
    long game pays for what is new, not for the whole game."""
    check_player(game, player, allow_spectator=False)
    s = game.state
    actions = _rendered(s.history, player, "actions", _render_action)
    events = _rendered(s.events, player, "events", _render_event)
    obs = observation(game, player)
    seen = " ".join(f"{i}:{v:g}" for i, v in enumerate(obs.tolist()) if v)
    return f"{seat_name(player)} of {game.players}\nactions: {actions}\nevents: {events}\nobservation: {seen}"


#: (id of a list node, player, which list) -> (the node, its text); the node is kept alive so its
#: id cannot be reused while the entry exists
_memo: dict[tuple[int, int, str], tuple[tuple, str]] = {}
_MEMO_SIZE = 512  # texts of a long game run to ~20 kB: a few MB at most


def _rendered(head: tuple | None, player: int, which: str, render: Callable[[tuple, int], str | None]) -> str:
    newer = []
    node = head
    base = ""
    while node is not None:
        hit = _memo.get((id(node), player, which))
        if hit is not None and hit[0] is node:
            base = hit[1]
            break
        newer.append(node)
        node = node[1]
    if not newer:
        return base
    parts = [text for text in (render(n, player) for n in reversed(newer)) if text is not None]
    text = "; ".join([base, *parts]) if base else "; ".join(parts)
    if len(_memo) >= _MEMO_SIZE:
        _memo.clear()
    _memo[(id(head), player, which)] = (head, text)
    return text


def _render_action(node: tuple, player: int) -> str:
    """An action as ``player`` knows it (a history node is ``(action, rest, actor)``)."""
    actor = node[2]
    return f"{seat_name(actor)} {known_code(actor, node[0], player)}"


def _render_event(node: tuple, player: int) -> str | None:
    item = node[0]
    if type(item) is PrivateEvent:
        item = item.known_by(player)
        if item is None:
            return None
    return " ".join(map(str, item))


RETURN_MODES = ("win", "score")


def returns(game: Game, mode: str = "win") -> list[float]:
    """Each player's return (0.0 for everyone until the game is over).

    ``"win"``: a player among the winners gets ``1/k`` when ``k`` seats share the win (1.0 when
    alone), any other player -1.0 (a registered seat such as Al Cabohne's mafia is counted among
    the ``k`` when it shares the win, but gets no return: it is not a player).
    ``"score"``: the player's total minus the best total of every other seat (registered seats
    included): positive when ahead of everyone, zero at a tie for first."""
    if mode not in RETURN_MODES:
        raise ValueError(f"unknown returns mode {shorten(mode)} (modes: {', '.join(RETURN_MODES)})")
    result = game.result
    if result is None:
        return [0.0] * game.players
    seats = [seat_name(p) for p in range(game.players)]
    if mode == "win":
        k = len(result.winners)
        return [1.0 / k if s in result.winners else -1.0 for s in seats]
    scores = result.scores
    out = []
    for s in seats:
        others = [v for seat, v in scores.items() if seat != s]
        out.append(float(scores[s] - max(others)) if others else float(scores[s]))
    return out
