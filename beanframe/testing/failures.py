"""What every conformance check shares: :class:`ConformanceError`, how a failure says where it
happened, the observers of a game and their views, and a fingerprint of the state (to prove a
check changed nothing)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from beanframe.core.game import Game
from beanframe.core.persist import snapshot
from beanframe.core.view import View

if TYPE_CHECKING:
    pass

Views = Mapping[int | None, View]


class ConformanceError(AssertionError):
    """A conformance check failed. ``check`` names the property, ``problems`` lists what broke,
    ``where`` says where (variant set, players, seed, options, the last actions)."""

    def __init__(self, check: str, problems: Sequence[str] | str, game: Game | None = None) -> None:
        self.check = check
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        self.where = where(game) if game is not None else ""
        text = f"[{check}] " + "; ".join(self.problems)
        if self.where:
            text += f"\n  at {self.where}"
        super().__init__(text)


def where(game: Game) -> str:
    """A one-line description of a position, enough to reproduce it."""
    rs = game.ruleset
    s = game.state
    opts = {name: attrs.asdict(o) if attrs.has(type(o)) else o for name, o in rs.options.items()}
    opts = {name: o for name, o in opts.items() if o}
    codes = [a.code for a in game.actions]
    last = ", ".join(repr(c) for c in codes[-5:])
    text = f"{rs.name}, {game.players} player(s), seed {s.seed}"
    if opts:
        text += f", options {opts}"
    if game.setup_args.get("deck") is not None:
        text += f", deck {game.setup_args['deck']}"
    if game.setup_args.get("position") is not None:
        text += ", from a position"
    text += f", turn {s.turn}, stage {game.stage_name}, after {len(codes)} action(s)"
    if codes:
        text += f" (last: {last})"
    return text


def _fail(check: str, problems: Sequence[str] | str, game: Game | None) -> None:
    if problems:
        raise ConformanceError(check, problems, game)


# --------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------


def fresh_copy(game: Game) -> Game:
    """A copy of ``game`` that shares nothing cached with it (its legal actions are recomputed)."""
    copy = Game(game.ruleset, game.state.clone())
    copy.setup_args = game.setup_args
    return copy


def observers(game: Game) -> list[int | None]:
    """Every player, and the spectator (None)."""
    return [None, *range(game.players)]


def views(game: Game) -> dict[int | None, View]:
    """Every observer's view."""
    return {p: game.view(p) for p in observers(game)}


class _Fingerprint:
    """The whole state of a game, to tell whether something changed it. The history and the
    event log are persistent linked lists: a change replaces them, so identity is enough."""

    __slots__ = ("data", "history", "events")

    def __init__(self, game: Game) -> None:
        s = game.state
        setup = {k: list(v) if isinstance(v, list) else v for k, v in game.setup_args.items()}
        self.data = (snapshot(game), s.n_actions, s.n_events, s.seed, s.players, setup)
        self.history = s.history
        self.events = s.events

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Fingerprint)
            and self.history is other.history
            and self.events is other.events
            and self.data == other.data
        )

    __hash__ = None  # type: ignore[assignment]


def _state_fingerprint(game: Game) -> _Fingerprint:
    return _Fingerprint(game)

