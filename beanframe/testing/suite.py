"""A ready-made pytest test class: subclass it in your own test file.

::

    from beanframe.testing import ConformanceTests

    class TestMyHouseRule(ConformanceTests):
        variants = ["al_cabohne", my_plugin]   # names of installed variants, or plugin objects
        players = (1, 2)
        options = {"al_cabohne": {"third_field_cost": 3}}
        examples = 20                           # hypothesis examples per player count
        bot_games = 2                           # games per registered bot (that bot in every seat)

pytest collects the subclass (its name starts with ``Test``) and runs every test below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beanframe.core.game import Game, compose
from beanframe.testing.checks import check_clone, check_game, check_save_load, replay
from beanframe.testing.play import bot_playthrough, conformance_suite
from beanframe.testing.report import Position
from beanframe.testing.strategies import games, playthroughs


def continue_alike(a: Game, b: Game, seed: int, max_actions: int = 5000) -> None:
    """Play ``a`` and ``b`` on with the same random legal actions (drawn from ``seed`` in ``a``'s
    legal actions) and demand the same legal actions at every step and the same end: the same
    position and result, and, when both started alike (the same set-up or position), the same
    save text. ``b`` may be a game started from a position of ``a`` (``a.position()``)."""
    import random

    rng = random.Random(seed)
    for _ in range(max_actions):
        if a.is_over:
            break
        legal = a.legal_actions()
        assert b.legal_actions() == legal, "the two games offer different legal actions"
        action = legal[rng.randrange(len(legal))]
        a.apply(action.code)
        b.apply(action.code)
    assert b.is_over == a.is_over
    assert a.position() == b.position(), "the two games ended differently"
    assert a.result == b.result, "the two games ended with different results"
    if a.setup_args == b.setup_args:
        assert a.to_json() == b.to_json(), "the two games ended differently"


_MID_GAME = """from beanframe.testing import check_clone, check_game, check_save_load, continue_alike, replay
check_game(game)
check_clone(game)
continue_alike(game.clone(), check_save_load(game), {seed})
continue_alike(game.clone(), replay(game), {seed})"""


def _position(game: Game) -> Position:
    """A failure report's position for a game at a random position."""
    codes = [a.code for a in game.actions]
    return Position(game.ruleset, game.state.seed, game.setup_args.get("deck"), codes, game, doing="checks",
                    start=game.setup_args.get("position"))


class ConformanceTests:
    """Subclass and set ``variants`` and ``players``; see the module's documentation."""

    variants: ClassVar[Sequence[Any]] = ()
    players: ClassVar[int | Sequence[int]] = ()
    options: ClassVar[Mapping[str, Any] | None] = None
    examples: ClassVar[int] = 20
    seeded_games: ClassVar[int] = 3
    bot_games: ClassVar[int] = 2  # games per registered bot and player count

    def _counts(self) -> tuple[int, ...]:
        players = self.players
        counts = (players,) if isinstance(players, int) else tuple(players)
        if not self.variants or not counts:
            raise TypeError(f"{type(self).__name__} must set `variants` and `players`")
        return counts

    def _settings(self) -> settings:
        return settings(
            max_examples=self.examples,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )

    def test_seeded_games(self) -> None:
        """A few fixed-seed games under every check (quick to rerun when one fails)."""
        conformance_suite(self.variants, self._counts(), self.options, games=self.seeded_games, bot_games=0)

    def test_every_bot_plays_the_composed_rules(self) -> None:
        """Every bot the ruleset registers, in every seat: no crash, only legal actions, an end."""
        for n in self._counts():
            ruleset = compose(self.variants, n, self.options)
            for name in sorted(ruleset.bots):
                for k in range(self.bot_games):
                    bot_playthrough(ruleset, [name] * n, k)

    def test_random_games(self) -> None:
        """Whole random games (hypothesis: seed + shrinkable choices) under every check."""
        for n in self._counts():

            @self._settings()
            @given(playthroughs(self.variants, n, self.options))
            def run(playthrough: Any) -> None:
                playthrough.play()

            run()

    def test_random_games_from_random_positions(self) -> None:
        """Random games started from a position taken from random play (``game.position()`` at a
        random point, then ``new_game(position=...)``) under every check (issue 21.1: a game from a
        position is an ordinary game)."""
        for n in self._counts():

            @self._settings()
            @given(playthroughs(self.variants, n, self.options, from_position=True))
            def run(playthrough: Any) -> None:
                playthrough.play()

            run()

    def test_mid_game_save_load_and_clone(self) -> None:
        """At a random position: every position check; the save loads into the same game, which
        plays on alike; a clone plays on alike and leaves the original unchanged."""
        for n in self._counts():

            @self._settings()
            @given(games(self.variants, n, self.options), st.integers(0, 2**32 - 1))
            def run(game: Game, seed: int) -> None:
                try:
                    check_game(game)
                    check_clone(game)
                    loaded = check_save_load(game)
                    continue_alike(game.clone(), loaded, seed)
                    before = game.to_json()
                    continue_alike(game.clone(), replay(game), seed)
                    assert game.to_json() == before, "playing on clones changed the original"
                except Exception as exc:  # noqa: BLE001 - report it with the position
                    raise _position(game).failure(exc, rerun=_MID_GAME.format(seed=seed)) from exc

            run()


__all__ = ["ConformanceTests", "continue_alike"]
