"""The checks variants add through ``beanframe_register_checks`` (:class:`CheckRegistry`), run
with the kit's: position checks (invariants included) and transition checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary


from beanframe.core.game import Game

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset

from beanframe.testing.failures import Views, _fail, views

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
