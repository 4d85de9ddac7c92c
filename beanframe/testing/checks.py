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

import itertools
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import attrs

from beanframe.core.actions import Action
from beanframe.core.game import Game
from beanframe.core.persist import load_game, snapshot
from beanframe.core.records import PrivateEvent, iter_history, known_code
from beanframe.core.scoring import seat_name
from beanframe.core.state import iter_linked
from beanframe.core.view import View, plain_data
from beanframe.testing.forms import every_legal_action, forms_problems
from beanframe.testing.replays import first_difference, plugins_of, with_first_divergence
from beanframe.testing.texts import texts_problems
from beanframe.errors import GameOverError, IllegalActionError

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset


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


_invariant_impls: WeakKeyDictionary = WeakKeyDictionary()


def _impls(ruleset: Ruleset) -> list[tuple[str, Any, tuple[str, ...]]]:
    impls = _invariant_impls.get(ruleset)
    if impls is None:
        rank = {name: i for i, name in enumerate(ruleset.plugin_order)}
        hookimpls = ruleset.pm.hook.beanframe_invariants.get_hookimpls()
        ordered = sorted(hookimpls, key=lambda h: rank.get(h.plugin_name, len(rank)))
        impls = [(h.plugin_name, h.function, tuple(h.argnames)) for h in ordered]
        _invariant_impls[ruleset] = impls
    return impls


Views = Mapping[int | None, View]
PositionCheck = Callable[[Game, Views], list[str]]
TransitionCheck = Callable[[Views, Views, Game], list[str]]


class CheckRegistry:
    """What ``beanframe_register_checks(register)`` receives: a variant's own checks, by name.

    ``position(name, fn)``: ``fn(game, views) -> list[str]`` on every position of random play
    (``views``: every observer's view of it). ``transition(name, fn)``: ``fn(before, after, game)
    -> list[str]`` after every action, on every observer's views before and after it. A check
    reports its problems (empty: none) and changes nothing. Failures are reported under ``name``,
    which ``skip=`` accepts too (several checks may share a name: one skip leaves all out).
    """

    def __init__(self) -> None:
        self.variant = ""
        self.positions: list[tuple[str, str, PositionCheck]] = []  # (name, variant, fn)
        self.transitions: list[tuple[str, str, TransitionCheck]] = []

    def position(self, name: str, fn: PositionCheck) -> None:
        self.positions.append((self._name(name), self.variant, fn))

    def transition(self, name: str, fn: TransitionCheck) -> None:
        self.transitions.append((self._name(name), self.variant, fn))

    def _name(self, name: str) -> str:
        if type(name) is not str or not name:
            raise ValueError(f"{self.variant}: a check needs a name, not {name!r}")
        return name

    @property
    def names(self) -> set[str]:
        return {name for name, _, _ in (*self.positions, *self.transitions)}


_registered: WeakKeyDictionary = WeakKeyDictionary()


def registered_checks(ruleset: Ruleset) -> CheckRegistry:
    """The checks the ruleset's variants register (``beanframe_register_checks``), collected once
    per ruleset in dependency order."""
    registry = _registered.get(ruleset)
    if registry is None:
        registry = CheckRegistry()
        rank = {name: i for i, name in enumerate(ruleset.plugin_order)}
        hookimpls = ruleset.pm.hook.beanframe_register_checks.get_hookimpls()
        for h in sorted(hookimpls, key=lambda h: rank.get(h.plugin_name, len(rank))):
            registry.variant = h.plugin_name
            h.function(**{a: registry for a in h.argnames})  # the hook's only argument is ``register``
        registry.variant = ""
        _registered[ruleset] = registry
    return registry


def _reported(name: str, variant: str, found: Any) -> list[str]:
    if not isinstance(found, (list, tuple)):
        return [f"{variant}: the check {name!r} returned {found!r}, not a list of problems"]
    return list(found)


def check_registered(game: Game, seen: Views | None = None, skip: Iterable[str] = ()) -> None:
    """The position checks the variants registered (see :class:`CheckRegistry`)."""
    skip = set(skip)
    checks = [c for c in registered_checks(game.ruleset).positions if c[0] not in skip]
    if not checks:
        return
    if seen is None:
        seen = views(game)
    for name, variant, fn in checks:
        _fail(name, _reported(name, variant, fn(game, seen)), game)


def check_transitions(before: Views, after: Views, game: Game, skip: Iterable[str] = ()) -> None:
    """The transition checks the variants registered, on every observer's views before and
    after the last action (see :class:`CheckRegistry`)."""
    skip = set(skip)
    for name, variant, fn in registered_checks(game.ruleset).transitions:
        if name not in skip:
            _fail(name, _reported(name, variant, fn(before, after, game)), game)


# --------------------------------------------------------------------------------------------
# Invariants and the core's consistency
# --------------------------------------------------------------------------------------------


def invariant_problems(game: Game) -> list[str]:
    """What the variants' ``beanframe_invariants`` hooks report, each line prefixed by its
    variant. A hook that returns anything but a list (a forgotten ``return``) is a problem too."""
    problems: list[str] = []
    for name, function, argnames in _impls(game.ruleset):
        kwargs = {a: game for a in argnames}  # the hook's only argument is ``game``
        found = function(**kwargs)
        if not isinstance(found, (list, tuple)):
            problems.append(f"{name}: beanframe_invariants returned {found!r}, not a list of problems")
            continue
        problems.extend(f"{name}: {p}" for p in found)
    return problems


def check_invariants(game: Game) -> None:
    """The invariants every variant of the set contributes (``beanframe_invariants``)."""
    _fail("invariants", invariant_problems(game), game)


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
RECENT_ACTIONS = 1


def check_private(game: Game, seen: Mapping[int | None, View] | None = None, thorough: bool = True) -> None:
    """Nothing private reaches another observer (each player, and the spectator ``None``).

    A *secret* of observer ``o`` is the full code of an action with a private parameter that
    another player took (``give h3 b1``), unless ``o`` knows that same code otherwise. Checked:

    - secrets appear nowhere in ``view(o)``: its parts and prompt (quick: the secrets of the newest
      few actions) and, with ``thorough``, its whole ``to_dict()`` and ``history_for(o)``;
    - ``thorough``: ``history_for(o)`` holds each action whole if ``o`` took it or it has no
      private parameter, else its public form, and ``view(o).record`` holds exactly
      ``history_for(o)`` and ``events_for(o)``;
    - ``thorough``: a private event (``emit(..., to=...)``) has a public form that differs from it,
      and the log line of an event hidden from ``o`` never appears in ``log_for(o)``, unless ``o``
      sees the same line from an event it knows whole. So a private event needs a format whose
      line for the whole event differs from the line of its public form.

    Leaks into histories and logs stay there, so the thorough check, run now and then and at the
    end, finds them; the quick one looks for what a view shows only for a moment."""
    problems: list[str] = []
    s = game.state
    if thorough:
        entries = list(iter_history(s.history))
        entries.reverse()
    else:
        entries = list(itertools.islice(iter_history(s.history), RECENT_ACTIONS))
        if not any(action.is_private for _, action in entries):
            return  # no recent secret a view could show
    lines = _event_lines(game, problems) if thorough else None
    for o in observers(game):
        view = seen[o] if seen is not None else game.view(o)
        knows = [(actor, known_code(actor, action, o)) for actor, action in entries]
        secrets = {action.code for actor, action in entries if action.is_private and actor != o}
        secrets -= {code for _, code in knows}
        if not thorough:
            if not secrets:
                continue
            text = json.dumps(plain_data(view.parts)) + "\n" + view.prompt
            problems += _secrets_in(secrets, {f"view({o})": text})
            continue
        history = game.history_for(o)
        if history != knows:
            i = next((i for i, (a, b) in enumerate(zip(history, knows)) if a != b), min(len(history), len(knows)))
            got = history[i] if i < len(history) else "nothing"
            want = knows[i] if i < len(knows) else "nothing"
            problems.append(f"history_for({o}) shows action {i + 1} as {got}, not as {want}")
        events = game.events_for(o)
        record = view.record
        if record is None or record.history != tuple(history) or record.events != tuple(events):
            problems.append(f"view({o}).record does not hold history_for({o}) and events_for({o})")
        elif (found := unknown_held(*record.held(), o)) is not None:
            problems.append(f"view({o}).record holds {found} (a view must hold nothing its player may not know)")
        log = game.log_for(o)
        in_log = set(log)
        assert lines is not None
        whole = {line for item, line, _ in lines if type(item) is not PrivateEvent or o in item.to}
        for item, line, _ in lines:
            if type(item) is PrivateEvent and o not in item.to and line in in_log and line not in whole:
                problems.append(
                    f"log_for({o}) shows {line!r}, the line of event {item.event!r}, which only to={item.to} "
                    "may know whole (the line of its public form must differ)"
                )
                break
        # (not the log: an event's line may read like a code by chance, "bid 0" for ("bid", 0))
        texts = {
            f"view({o}).to_dict()": json.dumps(view.to_dict()),
            f"history_for({o})": "\n".join(code for _, code in history),
        }
        problems += _secrets_in(secrets, texts)
    _fail("private", problems, game)


def unknown_held(actions: Iterable[tuple[int, Any]], events: Iterable[Any], observer: int | None) -> str | None:
    """The first item of a record that ``observer`` may not know (another player's private action
    whole, or an event hidden from them), described; None when there is none. ``actions``:
    ``(actor, action)``; ``events``: event-list items as stored."""
    for actor, action in actions:
        if actor != observer and isinstance(action, Action) and action.is_private:
            return f"player {actor + 1}'s private action {action.code!r}"
    for item in events:
        if type(item) is PrivateEvent and observer not in item.to:
            return f"the event {item.event!r}, private to {item.to}"
    return None


def _event_lines(game: Game, problems: list[str]) -> list[tuple[Any, str, str | None]]:
    """``(item, line of the whole event, line of its public form)`` per recorded event, oldest
    first; notes private events whose public form is the event itself."""
    describe = game.ruleset.describe_event
    out = []
    for item in iter_linked(game.state.events):
        if type(item) is PrivateEvent:
            if item.public == item.event:
                problems.append(f"event {item.event!r} is private (to={item.to}) but its public form is the same event")
            public = None if item.public is None else describe(game, item.public)
            out.append((item, describe(game, item.event), public))
        else:
            out.append((item, describe(game, item), None))
    out.reverse()
    return out


def _secrets_in(secrets: set[str], texts: Mapping[str, str]) -> list[str]:
    if not secrets:
        return []
    pattern = re.compile(r"(?<![\w?-])(" + "|".join(re.escape(c) for c in sorted(secrets, key=len, reverse=True)) + r")(?![\w?])")
    problems = []
    for where, text in texts.items():
        found = pattern.search(text)
        if found:
            problems.append(f"{where} shows {found.group(1)!r}, another player's private action")
    return problems


def check_views_stable(old: Mapping[int | None, View], old_game: Game, game: Game) -> None:
    """Views taken earlier still read the same after the game moved on (they hold no reference
    to the live state): ``old`` are views of ``game`` taken before its last action, ``old_game``
    a copy of ``game`` at that moment."""
    for p, view in old.items():
        if view != old_game.view(p):
            raise ConformanceError("views", f"view({p}) taken earlier changed when the game moved on", game)


# --------------------------------------------------------------------------------------------
# Transitions: fixed-order hands
# --------------------------------------------------------------------------------------------


def _kept_prefix(before: Sequence[Any], after: Sequence[Any]) -> int:
    """The length of the longest front of ``after`` that is a subsequence of ``before``."""
    k = 0
    for card in before:
        if k < len(after) and after[k] == card:
            k += 1
    return k


def hand_order_problems(before: Views, after: Views, part: str | None = None) -> list[str]:
    """Between two positions (every observer's view before and after) each fixed-order hand (of
    the part named ``part``; None: of every part) only lost cards and gained cards at its back.

    A part's per-player view with a ``hand`` attribute (a sequence of cards, front first) shows a
    fixed-order hand. When the part's view also shows ``deck_size`` (and ``run_outs``), the gains
    are bounded by the cards that left the deck, which makes the check sharp; this assumes hands
    are filled only from the deck and the deck grows only when it runs out (``run_outs`` counts
    up). Without a bound nothing is checked (any change could be "lost all, gained all")."""
    problems: list[str] = []
    players = [p for p in before if p is not None]
    public_before, public_after = before[None].parts, after[None].parts
    for name, old in public_before.items():
        if part is not None and name != part:
            continue
        new = public_after.get(name)
        bound = None
        old_deck, new_deck = getattr(old, "deck_size", None), getattr(new, "deck_size", None)
        if type(old_deck) is int and type(new_deck) is int and new_deck <= old_deck:
            if getattr(old, "run_outs", None) == getattr(new, "run_outs", None):
                bound = old_deck - new_deck
        if bound is None:
            continue  # nothing bounds the gains: any change could be "lost all, gained all"
        gained = 0
        for p in players:
            old_hand = getattr(before[p].parts.get(name), "hand", None)
            new_hand = getattr(after[p].parts.get(name), "hand", None)
            if old_hand is None or new_hand is None:
                continue
            gains = len(new_hand) - _kept_prefix(old_hand, new_hand)
            gained += gains
            if gains > bound:
                problems.append(
                    f"{name}: player {p + 1}'s hand went from {list(old_hand)} to {list(new_hand)}, but only "
                    f"{bound} card(s) left the deck: cards were reordered or put before cards already held"
                )
        if gained > bound and not problems:
            problems.append(f"{name}: the hands gained {gained} card(s) at their backs, but only {bound} left the deck")
    return problems


def check_hand_order(before: Views, after: Views, game: Game) -> None:
    """The hand-order check on every part (see :func:`hand_order_problems`)."""
    _fail("hand order", hand_order_problems(before, after), game)


def hand_order_check(part: str) -> TransitionCheck:
    """A transition check for ``CheckRegistry.transition``: the fixed-order hands of ``part``
    (see :func:`hand_order_problems`). ``register.transition("hand order", hand_order_check("x"))``."""

    def check(before: Views, after: Views, game: Game) -> list[str]:
        return hand_order_problems(before, after, part)

    return check


# --------------------------------------------------------------------------------------------
# The end, replays, save files
# --------------------------------------------------------------------------------------------


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


def replay(game: Game, recompose: bool = True) -> Game:
    """The game replayed from its seed, stacked deck (or position) and actions (on a freshly composed ruleset
    when ``recompose``: plugins must keep no state between rulesets)."""
    rs = game.ruleset
    if recompose:
        from beanframe.core.game import compose

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
        problems = [f"replaying the same seed and actions gives another game: {diff}"]
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
