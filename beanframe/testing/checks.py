"""The conformance checks: generic properties every composed variant set must keep.

Each ``check_*`` function inspects one game position (or one transition between two positions)
and raises :class:`ConformanceError` naming the broken property and where it broke. None of them
changes the game it is given: whatever they try (a legal action, an illegal one, a redeal of the
hidden cards) happens on a copy, or is an attempt the engine must refuse without a change.

Hidden information is declared through the ``beanframe_hidden`` hook (and
``beanframe_determinize``): the views-leak-nothing check determinizes a copy for each observer
(``game.determinize(observer, rng)``, which redeals everything that observer cannot see) and
demands that the observer's view does not change (see also :mod:`beanframe.testing.determinize`).

The kit knows no game. A variant adds its own checks with the ``beanframe_register_checks`` hook
(:class:`CheckRegistry`): position checks run with the kit's on every position, transition checks
after every action. The kit offers ready-made ones, e.g. :func:`hand_order_check` for a part whose
per-player view shows a fixed-order hand.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from beanframe.core.actions import Action
from beanframe.core.game import Game
from beanframe.core.scoring import seat_name
from beanframe.core.view import View
from beanframe.testing.forms import every_legal_action, forms_problems
from beanframe.testing.replays import check_determinism, check_save_load, first_difference, replay
from beanframe.testing.texts import texts_problems
from beanframe.errors import GameOverError, IllegalActionError
from beanframe.testing.failures import (
    ConformanceError,
    Views,
    _fail,
    _state_fingerprint,
    fresh_copy,
    observers,
    views,
    where,
)
from beanframe.testing.privacy import (
    RECENT_ACTIONS,
    check_hand_order,
    check_private,
    check_views_stable,
    hand_order_check,
    hand_order_problems,
    unknown_held,
)
from beanframe.testing.registered import (
    CheckRegistry,
    PositionCheck,
    TransitionCheck,
    check_invariants,
    check_registered,
    check_transitions,
    invariant_problems,
    registered_checks,
)



# the kit's checks by concern: failures.py (the error and what every check shares),
# registered.py (the variants' own checks), privacy.py (hidden information); re-exported here
__all__ = [
    "CheckRegistry",
    "ConformanceError",
    "POSITION_CHECKS",
    "PositionCheck",
    "RECENT_ACTIONS",
    "TransitionCheck",
    "Views",
    "action_codes",
    "check_action_forms",
    "check_clone",
    "check_consistency",
    "check_determinism",
    "check_end",
    "check_game",
    "check_hand_order",
    "check_illegal_refused",
    "check_invariants",
    "check_legal_actions_apply",
    "check_private",
    "check_registered",
    "check_save_load",
    "check_texts",
    "check_transitions",
    "check_views",
    "check_views_stable",
    "fresh_copy",
    "hand_order_check",
    "hand_order_problems",
    "invariant_problems",
    "observers",
    "registered_checks",
    "replay",
    "shared_mutables",
    "unknown_held",
    "views",
    "where",
]

def check_consistency(game: Game) -> None:
    """The core's own bookkeeping: a pending decision exactly while the game is not over, legal
    actions that are unique, numbered, parse back from their codes, and match the mask."""
    problems: list[str] = []
    rs = game.ruleset
    s = game.state
    legal = game.legal_actions()
    over = game.is_over
    if over:
        if game.to_act is not None:
            problems.append(f"the game is over but player {game.to_act} is to act")
        if legal:
            problems.append(f"the game is over but {len(legal)} action(s) are legal")
        if game.result is None:
            problems.append("the game is over but has no result")
    else:
        if game.result is not None:
            problems.append("the game is not over but has a result")
        if game.to_act is None:
            problems.append("the game is not over but nobody is to act")
        elif not 0 <= game.to_act < game.players:
            problems.append(f"player {game.to_act} is to act in a {game.players}-player game")
        if not legal:
            problems.append(f"nobody can move: no legal action at '{game.prompt()}'")
    for frame in s.stack:
        if frame.kind not in rs.steps:
            problems.append(f"a decision of unknown kind {frame.kind!r} is on the stack")
        if not 0 <= frame.player < game.players:
            problems.append(f"a decision of {frame.kind!r} belongs to player {frame.player}")
    if len(set(legal)) != len(legal):
        dup = sorted({a.code for a in legal if legal.count(a) > 1})
        problems.append(f"legal actions are listed twice: {', '.join(dup)}")
    table = rs.actions
    ids = set()
    for a in legal:
        try:
            i = table.id_of(a)
        except IllegalActionError:
            problems.append(f"legal action {a.code!r} is not in the ruleset's action table")
            continue
        ids.add(i)
        if table.from_id(i) != a:
            problems.append(f"action id {i} does not map back to {a.code!r}")
        try:
            parsed = table.parse(a.code)
        except IllegalActionError as exc:
            problems.append(f"the code of legal action {a.code!r} does not parse: {exc}")
        else:
            if parsed != a:
                problems.append(f"code {a.code!r} parses to {parsed.code!r}")
    if not problems:
        mask = game.legal_mask()
        masked = {i for i, on in enumerate(mask) if on}
        if len(mask) != len(table) or masked != ids:
            problems.append("legal_mask() does not match legal_actions()")
        recomputed = fresh_copy(game).legal_actions()
        if recomputed != legal:
            problems.append(
                "the cached legal actions are stale: "
                f"{[a.code for a in legal]} cached, {[a.code for a in recomputed]} recomputed"
            )
    _fail("consistency", problems, game)


# --------------------------------------------------------------------------------------------
# Legality, clones
# --------------------------------------------------------------------------------------------


def check_legal_actions_apply(game: Game) -> None:
    """Every legal action applies (on a copy) without an error, and applying it to the copy does
    not change the original."""
    problems: list[str] = []
    before = _state_fingerprint(game)
    for action in game.legal_actions():
        copy = game.clone()
        try:
            copy.apply(action)
        except Exception as exc:  # noqa: BLE001 - any error is the finding
            problems.append(f"legal action {action.code!r} fails: {type(exc).__name__}: {exc}")
    if _state_fingerprint(game) != before:
        problems.append("applying actions to clones changed the original game")
    _fail("legality", problems, game)


def _unchanged_after(game: Game, attempt: Any, expected: type[Exception], label: str) -> list[str]:
    fp, legal = _state_fingerprint(game), game.legal_actions()
    problems = []
    try:
        game.apply(attempt)
    except expected:
        pass
    except Exception as exc:  # noqa: BLE001
        problems.append(f"{label}: raised {type(exc).__name__} ({exc}), not {expected.__name__}")
    else:
        problems.append(f"{label}: was accepted, {expected.__name__} expected")
    if _state_fingerprint(game) != fp:
        problems.append(f"{label}: the refused action changed the game")
    if game.legal_actions() != legal:
        problems.append(f"{label}: the refused action changed the legal actions")
    return problems


def check_illegal_refused(game: Game, rng: random.Random, compare_saves: bool = True) -> None:
    """An action of the ruleset that is not legal now is refused with IllegalActionError, as an
    action, as a code and as an id, and leaves the game exactly as it was: the same state snapshot,
    history and event log after every attempt, and (with ``compare_saves``) the same save text
    after all of them (saving costs time in proportion to the game's length)."""
    if game.is_over:
        return
    text = game.to_json() if compare_saves else None
    table = game.ruleset.actions
    legal = set(game.legal_actions())
    problems: list[str] = []
    if len(legal) < len(table):
        # a few random tries find an illegal action at once in any realistic action space
        for _ in range(64):
            action = table.from_id(rng.randrange(len(table)))
            if action not in legal:
                break
        else:
            action = next(a for a in table if a not in legal)
        i = table.id_of(action)
        problems += _unchanged_after(game, action, IllegalActionError, f"illegal action {action.code!r}")
        problems += _unchanged_after(game, action.code, IllegalActionError, f"illegal code {action.code!r}")
        problems += _unchanged_after(game, i, IllegalActionError, f"illegal id {i}")
    problems += _unchanged_after(game, "no-such-action x9", IllegalActionError, "an unknown code")
    problems += _unchanged_after(game, len(table), IllegalActionError, "an id past the table")
    if text is not None and game.to_json() != text:
        problems.append("refused actions changed the save text")
    _fail("illegal action", problems, game)


_MUTABLE = (list, dict, set, bytearray)


def shared_mutables(a: Any, b: Any, path: str = "") -> list[str]:
    """Paths at which ``a`` and ``b`` (a part and its clone) share one mutable object."""
    out: list[str] = []
    if a is b and (isinstance(a, _MUTABLE) or (attrs.has(type(a)) and not _frozen(type(a)))):
        return [path or "(the part itself)"]
    if type(a) is not type(b):
        return out
    if attrs.has(type(a)):
        for f in attrs.fields(type(a)):
            out += shared_mutables(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, dict):
        for k in a.keys() & b.keys():
            out += shared_mutables(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            if type(x) not in _SCALARS:
                out += shared_mutables(x, y, f"{path}[{i}]")
    return out


_SCALARS = frozenset((int, str, float, bool, type(None)))


def _frozen(cls: type) -> bool:
    params = getattr(cls, "__attrs_attrs__", None)
    if params is None:
        return False
    setattr_ = getattr(cls, "__setattr__", None)
    return setattr_ is not None and getattr(setattr_, "__name__", "") == "_frozen_setattrs"


def check_clone(game: Game) -> None:
    """A clone has the same state, and shares no mutable object with the original."""
    problems: list[str] = []
    copy = game.clone()
    if _state_fingerprint(copy) != _state_fingerprint(game):
        problems.append("the clone's state differs from the original's")
    if copy.state.stack is game.state.stack:
        problems.append("the clone shares the decision stack")
    for name, part in game.state.parts.items():
        other = copy.state.parts.get(name)
        for path in shared_mutables(part, other):
            problems.append(f"part {name!r}: the clone shares {path}")
    _fail("clone", problems, game)


def check_action_forms(game: Game, actions: Sequence[tuple[Action, int | None]] | None = None) -> None:
    """Each action has the same effect (state and events) given as the legal list's instance, as
    the action table's instance, as its code and as its id (:mod:`beanframe.testing.forms`), on
    copies. ``actions``: ``(action, player)`` pairs (player None: the one to act); default every
    legal action of every decider."""
    _fail("action forms", forms_problems(game, every_legal_action(game) if actions is None else actions), game)


# --------------------------------------------------------------------------------------------
# Views
# --------------------------------------------------------------------------------------------


def check_views(
    game: Game, rng: random.Random, seen: Mapping[int | None, View] | None = None, thorough: bool = True
) -> dict[int | None, Game]:
    """Views leak nothing: redealing what an observer cannot see (``game.determinize(observer,
    rng)``, a copy) does not change that observer's view. With ``thorough``,
    views must also be plain JSON-able data. ``seen`` may give the position's views
    (``views(game)``) when they were computed already. (What a part's view must show is the
    variant's to check: ``beanframe_register_checks``.) Returns the redealt copy per observer
    (the texts check compares what each observer is told in both)."""
    problems: list[str] = []
    copies: dict[int | None, Game] = {}
    for p in observers(game):
        view = seen[p] if seen is not None else game.view(p)
        if view.player != p:
            problems.append(f"view({p}) says it is player {view.player}'s view")
        if thorough:
            try:
                json.dumps(view.to_dict())
            except (TypeError, ValueError) as exc:
                problems.append(f"view({p}).to_dict() is not plain data: {exc}")
        try:
            copy = game.determinize(p, rng)
        except Exception as exc:  # noqa: BLE001 - any error is the finding
            problems.append(f"game.determinize({p}) fails: {type(exc).__name__}: {exc}")
            continue
        copies[p] = copy
        other = copy.view(p)
        if other != view:
            diff = first_difference(view.to_dict(), other.to_dict())
            problems.append(f"view({p}) changes when hidden cards are redealt, at {diff}: it leaks hidden information")
        found = invariant_problems(copy)
        if found:
            problems.append(f"redealing the hidden cards for observer {p} breaks invariants: {'; '.join(found)}")
    _fail("views", problems, game)
    return copies


def check_texts(game: Game, rng: random.Random, copies: Mapping[int | None, Game] | None = None, thorough: bool = True) -> None:
    """The texts about the pending choices (descriptions, public wordings, ``why``) leak nothing
    and never fail: :mod:`beanframe.testing.texts`. ``copies``: each observer's redealt copy, when
    the views check made them already."""
    if copies is None:
        copies = {p: game.determinize(p, rng) for p in observers(game)}
    _fail("texts", texts_problems(game, copies, thorough), game)


#: how many of the newest actions the quick (not thorough) private-records check looks at: a view
#: shows a secret at once, if ever (a lasting leak is also found by the next thorough check)


def check_end(game: Game) -> None:
    """``result`` exactly when the game is over; winners: non-empty, distinct, seats of the game;
    actions after the end raise GameOverError and change nothing."""
    problems: list[str] = []
    result = game.result
    if not game.is_over:
        if result is not None:
            problems.append("a result before the game is over")
        _fail("end", problems, game)
        return
    if result is None:
        _fail("end", "the game is over without a result", game)
        return
    seats = {seat_name(p) for p in range(game.players)}
    missing = seats - set(result.scores)
    if missing:
        problems.append(f"no score for {', '.join(sorted(missing))}")
    if not all(type(v) is int for v in result.scores.values()):
        problems.append(f"scores must be whole numbers: {result.scores}")
    seats |= set(result.scores)
    if not result.winners:
        problems.append("nobody won")
    if len(set(result.winners)) != len(result.winners):
        problems.append(f"a winner is listed twice: {result.winners}")
    strangers = [w for w in result.winners if w not in seats]
    if strangers:
        problems.append(f"winners {strangers} are not seats of this game ({', '.join(sorted(seats))})")
    if game.state.n_actions != len(game.actions):
        problems.append(f"{game.state.n_actions} actions counted, {len(game.actions)} recorded")
    table = game.ruleset.actions
    if len(table):
        action = table.from_id(0)
        for attempt in (action, action.code, 0):
            problems += _unchanged_after(game, attempt, GameOverError, f"{attempt!r} after the end")
    _fail("end", problems, game)


# --------------------------------------------------------------------------------------------
# Everything on one position
# --------------------------------------------------------------------------------------------

#: the names of the per-position checks, for ``skip=``
POSITION_CHECKS = (
    "consistency", "invariants", "legality", "illegal", "clone", "views", "texts", "private", "determinize", "observations",
    "position", "end", "action forms",
)


def check_game(
    game: Game,
    rng: random.Random | None = None,
    skip: Iterable[str] = (),
    *,
    seen: Mapping[int | None, View] | None = None,
    thorough: bool = True,
) -> None:
    """Every per-position check on ``game`` (its state is left exactly as it was): the core's
    consistency, the variants' invariants, legal actions apply, an illegal action is refused
    without a change, clones are independent, views leak nothing, determinization is fair and the
    game's position is whole (when ``thorough``: :mod:`beanframe.testing.determinize`,
    :mod:`beanframe.testing.positions`), the end is well-formed, every legal action has one effect
    as instance, code and id (:func:`check_action_forms`), and the position
    checks the variants registered (``beanframe_register_checks``).
    ``seen`` may give the position's views (``views(game)``) when they were computed already.
    ``thorough`` adds the checks whose cost grows with the game's length (the save text is
    unchanged by refused actions; views are JSON-able): random play runs them now and then."""
    skip = set(skip)
    registered = registered_checks(game.ruleset).names
    unknown = skip - set(POSITION_CHECKS) - {"determinism", "save/load"} - registered
    if unknown:
        known = ", ".join([*POSITION_CHECKS, *sorted(registered - set(POSITION_CHECKS))])
        raise ValueError(f"unknown checks {sorted(unknown)} (checks: {known})")
    if rng is None:
        rng = random.Random(f"beanframe.testing/{game.state.seed}/{game.state.n_actions}")
    if "consistency" not in skip:
        check_consistency(game)
    if "invariants" not in skip:
        check_invariants(game)
    if "legality" not in skip:
        check_legal_actions_apply(game)
    if "illegal" not in skip:
        check_illegal_refused(game, rng, thorough)
    # before the checks that replay or restart the game: they would meet its misbehaviour first
    if "action forms" not in skip:
        check_action_forms(game)
    if "clone" not in skip:
        check_clone(game)
    copies = None
    if "views" not in skip:
        copies = check_views(game, rng, seen, thorough)
    if "texts" not in skip:
        check_texts(game, rng, copies, thorough)
    if "private" not in skip:
        check_private(game, seen, thorough or game.is_over)
    if "determinize" not in skip and thorough:
        from beanframe.testing.determinize import check_determinize

        check_determinize(game, rng)
    if "observations" not in skip and thorough:
        from beanframe.testing.observation import check_observations

        check_observations(game, rng)
    if "position" not in skip and thorough:
        from beanframe.testing.positions import check_position

        check_position(game, rng)
    if "end" not in skip:
        check_end(game)
    check_registered(game, seen, skip)


def action_codes(actions: Iterable[Action]) -> list[str]:
    return [a.code for a in actions]
