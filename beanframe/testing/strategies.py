"""Hypothesis strategies over games of any variant set.

A game is drawn as a seed and a list of choices that index into the legal actions (modulo their
count); once the choices run out the seed picks. Hypothesis shrinks both: a failure comes back as
a short list of choices and a small seed, replayable with :func:`random_playthrough`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

from beanframe.core.game import Game, Ruleset, compose
from beanframe.testing.play import Playthrough, play_to

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CHOICE = st.integers(min_value=0, max_value=2**16 - 1)


def _rulesets(
    variants: Sequence[Any] | str, players: int, options: Mapping[str, Any] | st.SearchStrategy | None
) -> st.SearchStrategy[Ruleset]:
    if isinstance(options, st.SearchStrategy):
        return options.map(lambda opts: compose(variants, players, opts))
    ruleset = compose(variants, players, options)  # composed once: a bad set fails here, loudly
    return st.just(ruleset)


def playthroughs(
    variants: Sequence[Any] | str,
    players: int,
    options: Mapping[str, Any] | st.SearchStrategy | None = None,
    *,
    max_choices: int = 40,
    from_position: bool = False,
    max_actions: int = 400,
) -> st.SearchStrategy[Playthrough]:
    """Whole games to play under every check: ``draw(...).play()``. ``options`` is a mapping of
    options or a strategy drawing such mappings (each draw composes its own ruleset). With
    ``from_position`` each game starts from a position taken from random play (:func:`positions`:
    up to ``max_actions`` actions in) and is played on from there."""
    if not from_position:
        return st.builds(
            Playthrough,
            _rulesets(variants, players, options),
            SEEDS,
            st.lists(CHOICE, max_size=max_choices),
        )

    @st.composite
    def draw(data: st.DrawFn) -> Playthrough:
        ruleset = data(_rulesets(variants, players, options))
        start = data(_positions_of(ruleset, max_actions, max_choices))
        return Playthrough(ruleset, start["seed"], data(st.lists(CHOICE, max_size=max_choices)), start)

    return draw()


def positions(
    variants: Sequence[Any] | str,
    players: int,
    options: Mapping[str, Any] | None = None,
    *,
    max_actions: int = 400,
    max_choices: int = 20,
) -> st.SearchStrategy[dict[str, Any]]:
    """Positions taken from random play (``game.position()`` of a game drawn as :func:`games`
    draws one): plain data for ``ruleset.new_game(position=...)``."""
    return _positions_of(compose(variants, players, options), max_actions, max_choices)


def _positions_of(ruleset: Ruleset, max_actions: int, max_choices: int) -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def draw(data: st.DrawFn) -> dict[str, Any]:
        seed = data(SEEDS)
        choices = data(st.lists(CHOICE, max_size=max_choices))
        steps = data(st.integers(min_value=0, max_value=max_actions))
        return play_to(ruleset, seed, steps, choices).position()

    return draw()


def games(
    variants: Sequence[Any] | str,
    players: int,
    options: Mapping[str, Any] | st.SearchStrategy | None = None,
    *,
    max_actions: int = 400,
    max_choices: int = 20,
) -> st.SearchStrategy[Game]:
    """Games at a random position: a seed, a list of choices, and a number of actions (up to
    ``max_actions``, fewer if the game ends first) played without checks."""

    @st.composite
    def draw(data: st.DrawFn) -> Game:
        ruleset = data(_rulesets(variants, players, options))
        seed = data(SEEDS)
        choices = data(st.lists(CHOICE, max_size=max_choices))
        steps = data(st.integers(min_value=0, max_value=max_actions))
        return play_to(ruleset, seed, steps, choices)

    return draw()
