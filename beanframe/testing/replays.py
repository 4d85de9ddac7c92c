"""Where a replay goes astray: the kit's way to name the action that misbehaved.

A save file and a replay record codes; random play and bots hand the engine the legal lists' own
instances. When the two disagree (a step that treats an action given as its code otherwise, a
plugin that keeps state between rulesets), the final states differ and ``load_game`` can only
say that the file does not match its actions. :func:`first_divergence` replays the game in
lockstep as it was played and as a save replays it, and names the first action after which they
differ: its number, code and actor, and the first difference in the state.

The checks that replay live here too: :func:`replay`, :func:`check_determinism` (the same seed
and actions give the same game) and :func:`check_save_load` (re-exported by ``checks.py``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from beanframe.core.game import compose
from beanframe.core.persist import load_game, snapshot
from beanframe.core.scoring import seat_name
from beanframe.core.state import iter_linked
from beanframe.testing.failures import ConformanceError, _fail, observers

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game, Ruleset


def plugins_of(ruleset: Ruleset) -> list[Any]:
    """The variant plugin objects of a ruleset, in dependency order (to recompose it, or to hand
    to ``load_game`` for variants that are not installed)."""
    return [ruleset.pm.get_plugin(name) for name in ruleset.order]


def first_difference(a: Any, b: Any, path: str = "view") -> str:
    """Where two plain-data structures first differ: ``path.key[i] (a vs b)``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(a.keys() | b.keys(), key=str):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path} ({a!r} vs {b!r})"


def outcome(game: Game, events_before: int) -> dict[str, Any]:
    """What an action did, as plain data: the state snapshot (core fields, stack, parts) and the
    events emitted since the game had ``events_before`` of them."""
    s = game.state
    new = list(itertools.islice(iter_linked(s.events), max(0, s.n_events - events_before)))
    new.reverse()
    return {"state": snapshot(game), "events": [repr(e) for e in new], "next_active": s.next_active}


def same_outcome(a: Game, b: Game, events_before: int) -> bool:
    """Whether two games that were equal before an action (with ``events_before`` events) are
    equal after it. Cheap when they are: the core fields and the parts compare directly, the
    snapshots only when a part's ``==`` says no (a part class without value equality)."""
    sa, sb = a.state, b.state
    core = ("stage", "phase", "turn", "active", "ending", "chance", "next_active", "n_events", "stack")
    if any(getattr(sa, f) != getattr(sb, f) for f in core):
        return False
    if list(itertools.islice(iter_linked(sa.events), sa.n_events - events_before)) != list(
        itertools.islice(iter_linked(sb.events), sb.n_events - events_before)
    ):
        return False
    return sa.parts == sb.parts or snapshot(a) == snapshot(b)


def describe_action(i: int, n: int, action: Action, actor: int) -> str:
    """``action 7 of 30 ('dump-front' by p1)``."""
    return f"action {i} of {n} ({action.code!r} by {seat_name(actor)})"


def first_divergence(game: Game, recompose: bool = True) -> str | None:
    """Replay ``game`` three ways in lockstep: its recorded actions (the instances it applied)
    on its own ruleset, their codes on its own ruleset, and (``recompose``) their codes on a
    freshly composed ruleset, as ``load_game`` does. Returns a sentence naming the first action
    after which the replays differ, or that one of them refuses (its number, code and actor,
    the first difference), or that they agree with one another but not with ``game``; None when
    all agree throughout."""
    rs = game.ruleset
    seed, deck = game.state.seed, game.setup_args.get("deck")
    as_played = rs.new_game(seed=seed, deck=deck)
    ways: list[tuple[str, Game, Callable[[Action], Any]]] = [
        ("given as its code", rs.new_game(seed=seed, deck=deck), lambda a: a.code)
    ]
    if recompose:
        fresh = compose(plugins_of(rs), game.players, rs.options)
        ways.append(("given as its code on a freshly composed ruleset", fresh.new_game(seed=seed, deck=deck), lambda a: a.code))
    for label, other, _ in ways:
        if not same_outcome(as_played, other, 0):
            diff = first_difference(outcome(as_played, 0), outcome(other, 0), "game")
            return f"the set-up differs {label.replace('given as its code', 'replayed')}: {diff}"
    actions, actors = game.actions, game.actors
    n = len(actions)
    for i, (action, actor) in enumerate(zip(actions, actors, strict=True), 1):
        what = describe_action(i, n, action, actor)
        events = as_played.state.n_events
        try:
            as_played.apply(action, actor)
        except Exception as exc:  # noqa: BLE001 - the finding
            return f"{what} fails when replayed as it was played: {type(exc).__name__}: {exc}"
        for label, other, form in ways:
            try:
                other.apply(form(action), actor)
            except Exception as exc:  # noqa: BLE001
                return f"{what} is refused {label}: {type(exc).__name__}: {exc}"
            if not same_outcome(as_played, other, events):
                diff = first_difference(outcome(as_played, events), outcome(other, events), "after it")
                return f"{what} does something else {label} than as it was played: {diff}"
    if snapshot(as_played) != snapshot(game):
        diff = first_difference(snapshot(game), snapshot(as_played), "state")
        return (
            "every replay agrees with the others but not with the game as it was played: the rules depend on "
            f"something outside the game (a variant's module-level state?): {diff}"
        )
    return None


def with_first_divergence(problems: list[str], game: Game) -> list[str]:
    """``problems`` (a replay or a save went astray) with, first, the action after which a replay
    from codes first differs from the game as played (:func:`first_divergence`), when one does."""
    try:
        found = first_divergence(game)
    except Exception as exc:  # noqa: BLE001 - the diagnosis must not hide the finding
        found = f"(replaying in lockstep to find the first differing action failed: {type(exc).__name__}: {exc})"
    return [found, *problems] if found else problems


def replay(game: Game, recompose: bool = True) -> Game:
    """The game replayed from its seed, stacked deck (or position) and actions (on a freshly composed ruleset
    when ``recompose``: plugins must keep no state between rulesets)."""
    rs = game.ruleset
    if recompose:
        rs = compose(plugins_of(rs), game.players, rs.options)
    copy = rs.new_game(seed=game.state.seed, deck=game.setup_args.get("deck"), position=game.setup_args.get("position"))
    for action, player in zip(game.actions, game.actors, strict=True):
        copy.apply(action.code, player)
    return copy


def check_determinism(game: Game) -> None:
    """The same seed and the same actions give the same game (same save text), also on a freshly
    composed ruleset."""
    try:
        again = replay(game)
    except Exception as exc:  # noqa: BLE001
        problems = [f"replaying the actions fails: {type(exc).__name__}: {exc}"]
        raise ConformanceError("determinism", with_first_divergence(problems, game), game) from exc
    if again.to_json() != game.to_json():
        diff = first_difference(json.loads(game.to_json()), json.loads(again.to_json()), "save")
        problems = [f"replaying the same seed and actions gives another game: {diff} (a rule that draws from Python's "
                    "global random module or reads the clock does this; draw with game.random)"]
        raise ConformanceError("determinism", with_first_divergence(problems, game), game)


def check_save_load(game: Game) -> Game:
    """Saving is canonical (twice the same text) and loading gives the same game: same save text,
    same views, same legal actions. Returns the loaded game (to play on beside the original)."""
    text = game.to_json()
    if game.to_json() != text:
        raise ConformanceError("save/load", "saving twice gives different texts", game)
    try:
        loaded = load_game(text, plugins=plugins_of(game.ruleset))
    except Exception as exc:  # noqa: BLE001
        problems = [f"the save does not load: {type(exc).__name__}: {exc}"]
        raise ConformanceError("save/load", with_first_divergence(problems, game), game) from exc
    problems = []
    if loaded.to_json() != text:
        problems.append(f"the loaded game saves differently: {first_difference(json.loads(text), json.loads(loaded.to_json()), 'save')}")
        problems = with_first_divergence(problems, game)
    if loaded.legal_actions() != game.legal_actions():
        problems.append("the loaded game has other legal actions")
    for p in observers(game):
        if loaded.view(p) != game.view(p):
            problems.append(f"the loaded game shows player {p} another view")
    _fail("save/load", problems, game)
    return loaded
