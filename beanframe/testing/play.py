"""Random play under every check: the driver of the conformance kit."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from attrs import field, frozen

from beanframe.core.actions import Action
from beanframe.core.game import Game, Ruleset, compose
from beanframe.testing.checks import (
    ConformanceError,
    check_determinism,
    check_end,
    check_game,
    check_save_load,
    check_transitions,
    check_views_stable,
    views,
)

#: random play that has not ended after this many actions fails the end check
MAX_ACTIONS = 5000


def choose(legal: Sequence[Action], index: int) -> Action:
    """The legal action a choice picks (choices index into the legal actions, modulo their count)."""
    return legal[index % len(legal)]


def _save_point(n: int) -> bool:
    # after 1, 2, 4, 8, ... actions: a handful per game, early and late
    return n > 0 and n & (n - 1) == 0


def random_playthrough(
    ruleset: Ruleset,
    seed: int,
    on_step: Callable[[Game, Action], None] | None = None,
    *,
    choices: Sequence[int] = (),
    deck: Sequence[Any] | None = None,
    max_actions: int = MAX_ACTIONS,
    checks: bool = True,
    skip: Iterable[str] = (),
) -> Game:
    """Play one game of ``ruleset`` to its end and return it.

    The i-th action is ``legal[choices[i] % len(legal)]`` while choices last, then a random legal
    action drawn from ``seed``: the same arguments always play the same game. ``on_step(game,
    action)`` runs after every action (for checks of your own).

    With ``checks`` (the default) every position passes :func:`check_game`, every transition the
    variants' transition checks (``beanframe_register_checks``), views taken earlier must not change, the game must end within
    ``max_actions``; the game saved after 1, 2, 4, 8, ... actions must load, and the loaded copies,
    played on beside the original, must end in the same save text; and a replay of the seed and
    actions on a freshly composed ruleset must give the same game. ``skip`` names checks to leave
    out (see ``beanframe.testing.checks.POSITION_CHECKS``, "save/load", "determinism", and the
    names of the variants' registered checks).
    """
    skip = set(skip)
    game = ruleset.new_game(seed=seed, deck=deck)
    pick = random.Random(f"beanframe.testing/choices/{seed}")
    rng = random.Random(f"beanframe.testing/checks/{seed}")
    shadows: list[tuple[int, Game]] = []
    seen = views(game) if checks else {}
    previous = game.clone()
    if checks:
        check_game(game, rng, skip, seen=seen)
    n = 0
    while not game.is_over:
        if n >= max_actions:
            raise ConformanceError("end", f"the game has not ended after {max_actions} actions", game)
        legal = game.legal_actions()
        index = choices[n] if n < len(choices) else pick.randrange(1 << 30)
        action = choose(legal, index)
        game.apply(action)
        n += 1
        for _, shadow in shadows:
            shadow.apply(action.code)
        if on_step is not None:
            on_step(game, action)
        if not checks:
            continue
        check_views_stable(seen, previous, game)
        now = views(game)
        check_transitions(seen, now, game, skip)
        seen = now
        previous = game.clone()
        check_game(game, rng, skip, seen=seen, thorough=_save_point(n))
        if "save/load" not in skip and _save_point(n):
            shadows.append((n, check_save_load(game)))
    if checks:
        check_end(game)
        final = game.to_json()
        for at, shadow in shadows:
            if shadow.to_json() != final:
                raise ConformanceError(
                    "save/load", f"the game loaded after {at} action(s) ends differently under the same actions", game
                )
        if "determinism" not in skip:
            check_determinism(game)
    return game


@frozen
class Playthrough:
    """A reproducible random game: a ruleset, a seed and choices (see :func:`random_playthrough`).

    What the hypothesis strategy :func:`beanframe.testing.playthroughs` draws; ``play()`` runs it
    under every check.
    """

    ruleset: Ruleset = field(repr=False)
    seed: int
    choices: tuple[int, ...] = field(converter=tuple, default=())

    def play(self, on_step: Callable[[Game, Action], None] | None = None, **kwargs: Any) -> Game:
        return random_playthrough(self.ruleset, self.seed, on_step, choices=self.choices, **kwargs)

    def __repr__(self) -> str:
        return f"Playthrough({self.ruleset.name!r}, players={self.ruleset.players}, seed={self.seed}, choices={list(self.choices)})"


def play_to(ruleset: Ruleset, seed: int, steps: int, choices: Sequence[int] = (), deck: Sequence[Any] | None = None) -> Game:
    """A game played ``steps`` actions (or to its end) by the same rule as
    :func:`random_playthrough`, without checks: a mid-game position."""
    game = ruleset.new_game(seed=seed, deck=deck)
    pick = random.Random(f"beanframe.testing/choices/{seed}")
    for n in range(steps):
        if game.is_over:
            break
        index = choices[n] if n < len(choices) else pick.randrange(1 << 30)
        game.apply(choose(game.legal_actions(), index))
    return game


@frozen
class SuiteReport:
    """What :func:`conformance_suite` ran."""

    variants: tuple[str, ...]
    players: tuple[int, ...]
    games: int
    actions: int


def conformance_suite(
    variants: Sequence[Any] | str,
    players: int | Sequence[int],
    options: Mapping[str, Any] | None = None,
    *,
    games: int = 10,
    seed: int = 0,
    max_actions: int = MAX_ACTIONS,
    skip: Iterable[str] = (),
) -> SuiteReport:
    """Every check of the kit on ``games`` seeded random games per player count. Raises
    :class:`ConformanceError` at the first failure (with the variant set, seed and last actions);
    returns a :class:`SuiteReport` otherwise. Plain function: call it from any test::

        def test_my_house_rule_conforms():
            conformance_suite(["al_cabohne", my_plugin], players=[1, 2], games=5)
    """
    counts = (players,) if isinstance(players, int) else tuple(players)
    total = 0
    order: tuple[str, ...] = ()
    for n in counts:
        ruleset = compose(variants, n, options)
        order = ruleset.order
        for k in range(games):
            game = random_playthrough(ruleset, seed + k, max_actions=max_actions, skip=skip)
            total += game.state.n_actions
    return SuiteReport(order, counts, games * len(counts), total)
