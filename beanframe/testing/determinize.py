"""The conformance kit's determinization check: ``game.determinize(observer, rng)`` is fair.

What is checked on a position, for every observer (each player and the spectator):

- determinizing leaves the original game exactly as it was, and is reproducible (the same
  ``rng`` seed gives the same game and the same future chance);
- the observer's information state is unchanged (``history_for(observer)`` and
  ``log_for(observer)``, where the game has them; the view is compared by the views check, at
  every position), and the copy's full record holds nothing the observer may not know (another
  player's private action or an event hidden from the observer);
- the determinized game keeps every invariant, refuses to be saved
  (:class:`~beanframe.errors.DeterminizedGameError`), and (for one observer per position, in
  turn) plays on legally to its end under random play (within :data:`MAX_ACTIONS`; every action
  applies, there is always one, the end has a result);
- its future chance is not the real game's, and two determinizations with different generators
  draw different future chance; when the hidden cards can be arranged in many ways (at least
  :data:`MANY` arrangements), they also differ in the hidden cards.
"""

from __future__ import annotations

import random

from beanframe.core.determinize import arrangements
from beanframe.core.game import Game
from beanframe.core.persist import snapshot
from beanframe.errors import DeterminizedGameError
from beanframe.core.records import iter_history
from beanframe.core.state import linked_items
from beanframe.testing.failures import _fail, _state_fingerprint, observers
from beanframe.testing.privacy import unknown_held
from beanframe.testing.registered import invariant_problems

#: below this many arrangements of the hidden cards two redeals may coincide by chance
MANY = 10**6
#: random play on a determinized game that has not ended after this many actions is a failure
MAX_ACTIONS = 5000


def _next_chance(game: Game) -> int:
    """The first number of the game's next random stream (drawn on a clone)."""
    return game.clone().random().getrandbits(64)


def _info_state(game: Game, observer: int | None) -> list:
    out = []
    for name in ("history_for", "log_for"):
        method = getattr(game, name, None)
        if method is not None:
            out.append(list(method(observer)))
    return out


def play_on_problems(game: Game, rng: random.Random, max_actions: int = MAX_ACTIONS) -> list[str]:
    """Random legal play on ``game`` to its end (at most ``max_actions``: termination is the end
    check's finding, on the real game): there is always a legal action, every one applies, and a
    game that ends has a result. Changes ``game``. (Invariants are checked on the determinized
    position itself; the real game's play finds those of later positions.)"""
    n = 0
    while not game.is_over:
        legal = game.legal_actions()
        if not legal:
            return [f"no legal action at '{game.prompt()}' after {n} action(s) of play on the copy"]
        if n >= max_actions:
            return []  # whether games end is the end check's finding, on the real game
        action = legal[rng.randrange(len(legal))]
        try:
            game.apply(action)
        except Exception as exc:  # noqa: BLE001 - any error is the finding
            return [f"legal action {action.code!r} fails on the copy after {n} action(s): {type(exc).__name__}: {exc}"]
        n += 1
    if game.result is None:
        return ["the copy ended without a result"]
    return []


def determinize_problems(game: Game, rng: random.Random, play_on: bool = True) -> list[str]:
    """What is wrong with ``game.determinize`` at this position (see the module). ``play_on``
    plays one determinized copy to its end (the observer rotates with the position)."""
    problems: list[str] = []
    before = _state_fingerprint(game)
    real_chance = _next_chance(game)
    everyone = observers(game)
    player = everyone[game.state.n_actions % len(everyone)]
    for p in everyone:
        label = f"determinize({p})"
        seed = rng.getrandbits(64)
        try:
            first = game.determinize(p, random.Random(seed))
            again = game.determinize(p, random.Random(seed))
            other = game.determinize(p, random.Random(seed ^ 1))
        except Exception as exc:  # noqa: BLE001 - any error is the finding
            problems.append(f"{label} fails: {type(exc).__name__}: {exc}")
            continue
        if _state_fingerprint(game) != before:
            problems.append(f"{label} changed the original game")
            break
        if snapshot(first) != snapshot(again) or _next_chance(first) != _next_chance(again):
            problems.append(f"{label} with the same generator seed gives different games")
        if _info_state(first, p) != _info_state(game, p):
            problems.append(f"{label} changes what the observer knows of the history (history_for/log_for)")
        held = unknown_held(iter_history(first.state.history), linked_items(first.state.events), p)
        if held is not None:
            problems.append(f"{label}'s full record holds {held}: a search bot reading it would cheat")
        found = invariant_problems(first)
        if found:
            problems.append(f"{label} breaks invariants: {'; '.join(found)}")
        chance = _next_chance(first)
        if chance == real_chance:
            problems.append(f"{label} draws the real game's future chance: a searcher would know later reshuffles")
        if chance == _next_chance(other):
            problems.append(f"{label} with two generators draws the same future chance")
        if arrangements(game, p, MANY) >= MANY and snapshot(first)["parts"] == snapshot(other)["parts"]:
            problems.append(f"{label} with two generators deals the same hidden cards")
        try:
            first.to_json()
        except DeterminizedGameError:
            pass
        else:
            problems.append(f"{label} can be saved as if it were the real game")
        if play_on and p == player and not problems:
            problems += [f"{label}: {x}" for x in play_on_problems(other, random.Random(seed))]
    return problems


def check_determinize(game: Game, rng: random.Random, play_on: bool = True) -> None:
    """``game.determinize`` is fair at this position (see the module); raises ConformanceError."""
    _fail("determinize", determinize_problems(game, rng, play_on), game)
