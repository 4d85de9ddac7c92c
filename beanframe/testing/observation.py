"""The conformance kit's observation check: ``game.observation(player)`` is well-formed and fair.

On a position, for every observer (each player and the spectator):

- the vector has the ruleset's declared shape (``ruleset.observation_shape``) and dtype
  (float32), holds only finite numbers within ``[0, layout.high]``, and asking twice gives the
  same vector without changing the game;
- it leaks nothing: redealing what the observer cannot see (``game.determinize(observer, rng)``)
  never changes it (a difference is reported by segment name);
- for players, ``game.information_state(player)`` is unchanged by the redeal as well.
"""

from __future__ import annotations

import random

from beanframe.core.game import Game
from beanframe.testing.failures import _fail, _state_fingerprint, observers


def _segment_of(game: Game, index: int) -> str:
    for s in game.ruleset.observation_layout:
        if s.offset <= index < s.offset + s.size:
            return f"{s.name}[{index - s.offset}] ({s.variant})"
    return f"[{index}]"


def observation_problems(game: Game, rng: random.Random) -> list[str]:
    import numpy as np

    problems: list[str] = []
    layout = game.ruleset.observation_layout
    shape = game.ruleset.observation_shape
    before = _state_fingerprint(game)
    for p in observers(game):
        label = f"observation({p})"
        try:
            obs = game.observation(p)
            again = game.observation(p)
        except Exception as exc:  # noqa: BLE001 - any error is the finding
            problems.append(f"{label} fails: {type(exc).__name__}: {exc}")
            continue
        if not isinstance(obs, np.ndarray) or obs.shape != shape or obs.dtype != np.float32:
            got = f"{getattr(obs, 'shape', None)} {getattr(obs, 'dtype', type(obs).__name__)}"
            problems.append(f"{label} is {got}, not the declared {shape} float32")
            continue
        if not np.array_equal(obs, again):
            problems.append(f"{label} differs when asked twice")
        bad = np.flatnonzero(~np.isfinite(obs) | (obs < 0) | (obs > layout.high))
        if bad.size:
            i = int(bad[0])
            problems.append(f"{label} holds {obs[i]} at {_segment_of(game, i)}, outside [0, {layout.high[i]}]")
        try:
            copy = game.determinize(p, rng)
        except Exception as exc:  # noqa: BLE001 - the determinize check reports it
            problems.append(f"game.determinize({p}) fails: {type(exc).__name__}: {exc}")
            continue
        diff = np.flatnonzero(copy.observation(p) != obs)
        if diff.size:
            problems.append(
                f"{label} changes when hidden cards are redealt, at {_segment_of(game, int(diff[0]))}: it leaks hidden information"
            )
        if p is not None and copy.information_state(p) != game.information_state(p):
            problems.append(f"information_state({p}) changes when hidden cards are redealt: it leaks hidden information")
    if _state_fingerprint(game) != before:
        problems.append("asking for observations changed the game")
    return problems


def check_observations(game: Game, rng: random.Random) -> None:
    """Observations have the declared shape and dtype and leak nothing (see the module); raises
    ConformanceError."""
    _fail("observations", observation_problems(game, rng), game)
