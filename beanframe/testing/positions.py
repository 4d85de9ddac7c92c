"""The conformance kit's position check (issue 21.1): ``game.position()`` is whole.

On a position of random play (at positions 1, 2, 4, 8, ...; check name ``position``):

- the position is plain JSON-able data, and writing it twice gives the same data;
- a game started from it (``ruleset.new_game(position=...)``) writes the same position, offers
  every decider the same legal actions, shows every observer the same view (its record aside: a
  position starts a new record), and leaves the given mapping unchanged;
- both games, played on with the same random actions for up to :data:`PLAY_ON` actions, stay
  alike (the same legal actions, the same position): the same seed and chance counter, so the
  same future. When they differ, the check first tries whether the game follows from its seed
  and actions at all (the same action on two copies, under different states of Python's global
  random module): if not, it says so first, with the usual causes (the global ``random``
  module, the clock), since no position can be whole then.

Random play *from* positions (``random_playthrough(..., position=...)``, ``conformance_suite``'s
``position_games``, the hypothesis strategies ``positions`` and ``playthroughs(...,
from_position=True)``) then runs every other check on games started from a position.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from beanframe.core.game import Game
from beanframe.testing.failures import _fail, observers

#: actions both games play on with, after the start from a position
PLAY_ON = 40


def position_problems(game: Game, rng: random.Random, play_on: int = PLAY_ON) -> list[str]:
    """What is wrong with ``game.position()`` (see the module); ``game`` is not changed."""
    data = game.position()
    try:
        text = json.dumps(data, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return [f"the position is not plain JSON data: {exc}"]
    if json.dumps(game.position(), sort_keys=True) != text:
        return ["writing the position twice gives different data"]
    try:
        again = game.ruleset.new_game(position=data)
    except Exception as exc:  # noqa: BLE001 - a position the game wrote must start a game
        return [f"the game's own position does not start a game: {type(exc).__name__}: {exc}"]
    problems = []
    if json.dumps(data, sort_keys=True) != text:
        problems.append("starting a game from the position changed the mapping given")
    if json.dumps(again.position(), sort_keys=True) != text:
        problems.append(f"the game started from the position writes another position: {_difference(data, again.position())}")
    problems += _alike(game, again)
    if problems:
        if not_reproducible(lambda: game.ruleset.new_game(position=data)):
            problems.insert(0, NOT_REPRODUCIBLE.format(what="starting a game from one position twice"))
        return problems
    a, b = game.clone(), again
    for _ in range(play_on):
        if a.is_over:
            break
        player = rng.choice(a.deciders)
        legal = a.legal_actions(player)
        action = legal[rng.randrange(len(legal))]
        before = a.clone()
        a.apply(action, player)
        try:
            b.apply(action.code, player)
        except Exception as exc:  # noqa: BLE001
            return [f"after the same actions the game from the position refuses {action.code!r}: {exc}"]
        found = _alike(a, b)
        if found or a.position() != b.position():
            problems = [f"after {action.code!r} the two games differ: {found or [_difference(a.position(), b.position())]}"]
            if not_reproducible(functools.partial(_applied, before, action, player)):
                problems.insert(0, NOT_REPRODUCIBLE.format(what=f"{action.code!r} on two copies of one game"))
            return problems
    return []


#: said first when a game does not follow from its seed and actions: the usual causes by name
NOT_REPRODUCIBLE = (
    "the game is not reproducible from its seed and actions ({what} gave two different games): "
    "a rule draws from Python's global random module or reads the clock; draw with game.random instead"
)


def _applied(game: Game, action: Any, player: int) -> Game:
    copy = game.clone()
    copy.apply(action, player)
    return copy


def not_reproducible(make: Callable[[], Game], tries: int = 20) -> bool:
    """True if ``make()`` twice gives two different games under different states of Python's
    global random module (restored afterwards): the game depends on something other than its
    seed and actions. A rule that draws rarely may look reproducible ``tries`` times in a row."""
    saved = random.getstate()
    try:
        for k in range(tries):
            random.seed(f"beanframe.testing/reproducible/{k}/a")
            first = make()
            random.seed(f"beanframe.testing/reproducible/{k}/b")
            second = make()
            if first.position() != second.position() or _alike(first, second):
                return True
        return False
    finally:
        random.setstate(saved)


def _alike(a: Game, b: Game) -> list[str]:
    problems = []
    if a.deciders != b.deciders:
        problems.append(f"deciders {list(b.deciders)}, not {list(a.deciders)}")
    for p in a.deciders:
        if a.legal_actions(p) != b.legal_actions(p):
            problems.append(f"other legal actions for player {p + 1}")
    for p in observers(a):
        if attrs.evolve(a.view(p), record=None) != attrs.evolve(b.view(p), record=None):
            problems.append(f"another view for {'the spectator' if p is None else f'player {p + 1}'}")
    return problems


def _difference(a: Any, b: Any, path: str = "position") -> str:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return _difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _difference(x, y, f"{path}[{i}]")
    return f"at {path}: {str(a)[:80]} became {str(b)[:80]}"


def check_position(game: Game, rng: random.Random | None = None) -> None:
    """Raise ConformanceError (check ``position``) if ``game.position()`` is not whole (see the
    module)."""
    if rng is None:
        rng = random.Random(f"beanframe.testing/position/{game.state.seed}/{game.state.n_actions}")
    _fail("position", position_problems(game, rng), game)


__all__ = ["PLAY_ON", "check_position", "position_problems"]
