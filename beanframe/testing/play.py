"""Random play under every check: the driver of the conformance kit."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from attrs import field, frozen

from beanframe.infoset import InformationSet
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
from beanframe.testing.replays import with_first_divergence
from beanframe.testing.report import Position, report

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
    position: Mapping[str, Any] | None = None,
) -> Game:
    """Play one game of ``ruleset`` to its end and return it (from ``position`` if given: a
    position mapping, e.g. ``game.position()`` of another game; its seed, if it has one, must be
    ``seed``).

    The i-th action is ``legal[choices[i] % len(legal)]`` while choices last, then a random legal
    action drawn from ``seed``: the same arguments always play the same game. ``on_step(game,
    action)`` runs after every action (for checks of your own).

    With ``checks`` (the default) every position passes :func:`check_game`, every transition the
    variants' transition checks (``beanframe_register_checks``), views taken earlier must not change, the game must end within
    ``max_actions``; the game saved after 1, 2, 4, 8, ... actions must load, and the loaded copies,
    played on beside the original, must end in the same save text; and a replay of the seed and
    actions on a freshly composed ruleset must give the same game (a failure of these names the
    first action whose replay from its code differs). ``skip`` names checks to leave
    out (see ``beanframe.testing.checks.POSITION_CHECKS``, "save/load", "determinism", and the
    names of the variants' registered checks).

    Whatever fails (a check, or any exception a plugin raises in ``legal_actions``, ``apply``, a
    view, scoring...) comes out as one :class:`ConformanceError` naming the check, the seed, the
    options and the last actions, with a snippet that reproduces it (``error.snippet``).
    """
    at = Position(ruleset, seed, deck, start=position)
    try:
        return _playthrough(at, on_step, choices, max_actions, checks, set(skip))
    except Exception as exc:  # noqa: BLE001 - any error is a finding; report it with its position
        raise at.failure(exc, _failing_call(at)) from exc


def _failing_call(at: Position) -> str | None:
    if at.doing.startswith("apply "):
        return f"game.apply({at.doing[6:]!r})"
    if at.doing == "legal actions":
        return "game.legal_actions()"
    if at.doing == "on_step":
        return "on_step(game, game.actions[-1])  # your own on_step function"
    return None


def _playthrough(
    at: Position,
    on_step: Callable[[Game, Action], None] | None,
    choices: Sequence[int],
    max_actions: int,
    checks: bool,
    skip: set[str],
) -> Game:
    seed = at.seed
    game = at.ruleset.new_game(seed=seed, deck=at.deck, position=at.start)
    at.game = game
    at.doing = "checks"
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
        at.doing = "legal actions"
        legal = game.legal_actions()
        index = choices[n] if n < len(choices) else pick.randrange(1 << 30)
        action = choose(legal, index)
        at.doing = f"apply {action.code}"
        game.apply(action)
        at.codes.append(action.code)
        at.doing = "checks"
        n += 1
        for saved_at, shadow in shadows:
            try:
                shadow.apply(action.code)
            except Exception as exc:  # noqa: BLE001 - the loaded copy went astray earlier: say where
                problems = [f"the game loaded after {saved_at} action(s) refuses action {n} ({action.code!r}): {type(exc).__name__}: {exc}"]
                raise ConformanceError("save/load", with_first_divergence(problems, game), game) from exc
        if on_step is not None:
            at.doing = "on_step"
            on_step(game, action)
            at.doing = "checks"
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
        for saved_at, shadow in shadows:
            if shadow.to_json() != final:
                problems = [f"the game loaded after {saved_at} action(s) ends differently under the same actions"]
                raise ConformanceError("save/load", with_first_divergence(problems, game), game)
        if "determinism" not in skip:
            check_determinism(game)
    return game


def bot_playthrough(ruleset: Ruleset, bots: Sequence[str], seed: int, *, max_actions: int = MAX_ACTIONS) -> Game:
    """Play one game of ``ruleset`` with the registered bots ``bots`` (one name per seat), the
    seat ``p`` bot seeded with ``seed * 100 + p``. Fails (:class:`ConformanceError`, check
    ``bot:NAME``) if a bot raises, chooses an action that is not legal, or the game does not end
    within ``max_actions``; the finished game must pass the end check."""

    seats = tuple((name, seed * 100 + p) for p, name in enumerate(bots))
    at = Position(ruleset, seed, bots=seats)
    check = f"bot:{bots[0]}"
    try:
        agents = [kit_bot(ruleset, name, s) for name, s in seats]
        game = ruleset.new_game(seed=seed)
        at.game = game
        while not game.is_over:
            if len(at.codes) >= max_actions:
                raise report("end", f"the bots' game has not ended after {max_actions} actions", at)
            player = game.to_act
            check = f"bot:{bots[player]}"
            at.doing = "legal actions"
            legal = game.legal_actions()
            at.doing = check
            if getattr(agents[player], "uses_information", False):  # a search bot: its information set, never the game
                choice = agents[player].act(game.view(player), legal, InformationSet(game, player))
            else:
                choice = agents[player].act(game.view(player), legal)
            action = _legal_choice(ruleset, choice, legal)
            if action is None:
                shown = choice.code if isinstance(choice, Action) else choice
                raise report(check, f"bot {bots[player]!r} chose {shown!r}, which is not legal now ({game.prompt()})", at)
            at.doing = f"apply {action.code}"
            game.apply(action)
            at.codes.append(action.code)
        at.doing = "end"
        check_end(game)
    except ConformanceError as exc:
        raise at.failure(exc) from exc
    except Exception as exc:  # noqa: BLE001 - a bot or a plugin crashed: report where
        failure = at.failure(exc)
        if failure.check not in ("legal actions", "apply", "scoring", "views"):
            failure = report(check, failure.problems, at)
        raise failure from exc
    return game


def kit_bot(ruleset: Ruleset, name: str, seed: int) -> Any:
    """The registered bot ``name``, made with the options its factory offers for checks
    (``factory.check_options``: a search bot's small budget; the kit checks legality, not
    strength), else as ``make_bot`` makes it."""
    from beanframe.agents import make_bot

    quick = getattr(getattr(ruleset.bots.get(name), "factory", None), "check_options", None)
    if quick:
        return ruleset.bots[name].factory(seed=seed, ruleset=ruleset, **quick)
    return make_bot(ruleset, name, seed)


def _legal_choice(ruleset: Ruleset, choice: Any, legal: Sequence[Action]) -> Action | None:
    try:
        action = ruleset.actions.coerce(choice)
    except Exception:  # noqa: BLE001 - not an action at all
        return None
    return action if action in legal else None


@frozen
class Playthrough:
    """A reproducible random game: a ruleset, a seed and choices (see :func:`random_playthrough`).

    What the hypothesis strategy :func:`beanframe.testing.playthroughs` draws; ``play()`` runs it
    under every check.
    """

    ruleset: Ruleset = field(repr=False)
    seed: int
    choices: tuple[int, ...] = field(converter=tuple, default=())
    #: the position the game starts from (None: the set-up), e.g. one taken from random play
    position: Mapping[str, Any] | None = field(default=None, repr=False)

    def play(self, on_step: Callable[[Game, Action], None] | None = None, **kwargs: Any) -> Game:
        return random_playthrough(self.ruleset, self.seed, on_step, choices=self.choices, position=self.position, **kwargs)

    def __repr__(self) -> str:
        start = "" if self.position is None else ", from a position (turn {}, {})".format(
            self.position.get("turn"), self.position.get("phase", self.position.get("stage")))
        return f"Playthrough({self.ruleset.name!r}, players={self.ruleset.players}, seed={self.seed}, choices={list(self.choices)}{start})"


def play_to(
    ruleset: Ruleset,
    seed: int,
    steps: int,
    choices: Sequence[int] = (),
    deck: Sequence[Any] | None = None,
    position: Mapping[str, Any] | None = None,
) -> Game:
    """A game played ``steps`` actions (or to its end) by the same rule as
    :func:`random_playthrough`, without checks: a mid-game position (from ``position`` if given)."""
    game = ruleset.new_game(seed=seed, deck=deck, position=position)
    pick = random.Random(f"beanframe.testing/choices/{seed}")
    for n in range(steps):
        if game.is_over:
            break
        index = choices[n] if n < len(choices) else pick.randrange(1 << 30)
        game.apply(choose(game.legal_actions(), index))
    return game


@frozen
class SuiteReport:
    """What :func:`conformance_suite` ran: ``games`` random games under every check (``actions``
    in all, those from positions included), games played by each registered bot (``bots``: the bot
    names, ``bot_games``: how many such games), and ``position_games`` random games started from
    positions taken from random play."""

    variants: tuple[str, ...]
    players: tuple[int, ...]
    games: int
    actions: int
    bots: tuple[str, ...] = ()
    bot_games: int = 0
    position_games: int = 0


def conformance_suite(
    variants: Sequence[Any] | str,
    players: int | Sequence[int],
    options: Mapping[str, Any] | None = None,
    *,
    games: int = 10,
    seed: int = 0,
    max_actions: int = MAX_ACTIONS,
    skip: Iterable[str] = (),
    bot_games: int = 2,
    position_games: int = 1,
) -> SuiteReport:
    """Every check of the kit on ``games`` seeded random games per player count, then on
    ``position_games`` games started from a position taken from random play (at a random point of
    a seeded game: :func:`from_random_position`), then ``bot_games`` games per registered bot of the
    ruleset (that bot in every seat: a bot must not crash, must choose legal actions and finish
    the game, under the composed rules). Raises
    :class:`ConformanceError` at the first failure (naming the check, the variant set, seed,
    options and last actions, with ``error.snippet`` to reproduce it); returns a
    :class:`SuiteReport` otherwise. Plain function: call it from any test::

        def test_my_house_rule_conforms():
            conformance_suite(["al_cabohne", my_plugin], players=[1, 2], games=5)
    """
    counts = (players,) if isinstance(players, int) else tuple(players)
    total = 0
    played_by_bots = 0
    order: tuple[str, ...] = ()
    bot_names: dict[str, None] = {}
    for n in counts:
        ruleset = compose(variants, n, options)
        order = ruleset.order
        for k in range(games):
            game = random_playthrough(ruleset, seed + k, max_actions=max_actions, skip=skip)
            total += game.state.n_actions
        for k in range(position_games):
            start = from_random_position(ruleset, seed + games + k)
            game = random_playthrough(ruleset, start["seed"], max_actions=max_actions, skip=skip, position=start)
            total += game.state.n_actions
        for name in sorted(ruleset.bots):
            bot_names[name] = None
            for k in range(bot_games):
                bot_playthrough(ruleset, [name] * n, seed + k, max_actions=max_actions)
                played_by_bots += 1
    return SuiteReport(order, counts, games * len(counts), total, tuple(bot_names), played_by_bots, position_games * len(counts))


def from_random_position(ruleset: Ruleset, seed: int, most: int = 400) -> dict[str, Any]:
    """The position of a game of random play (:func:`play_to`, seed ``seed``) after a number of
    actions drawn from ``seed`` (at most ``most``, fewer if the game ends first): where the kit
    starts random play from a position."""
    steps = random.Random(f"beanframe.testing/position/{seed}").randrange(most + 1)
    return play_to(ruleset, seed, steps).position()
