"""Tournaments: bots against each other (and the variants' own seats), rated, reproducibly.

    result = tournament(["al_cabohne"], ["ismcts", "greedy", "random"], n=300, players=2, seed=1, bot_seed=5)
    for row in result.table():
        print(row.bot, row.games, row.win_rate, row.ci_low, row.ci_high, row.mu, row.sigma)

**Line-ups and seat rotation.** With ``k`` bots and ``p`` players the line-ups are every ordered
choice of ``p`` distinct bots (or, with fewer bots than seats, every assignment of bots to seats),
so every bot sits at every seat equally often. Game ``i`` plays line-up ``i % L`` on the deal of
seed ``seed + i // L``: all line-ups play the same deals. Each bot's seed is drawn from the master
``bot_seed``, the game number and the seat (:func:`beanframe.simulate.bot_seed`). A game therefore
depends on nothing but these numbers, and the results are identical whatever the number of worker
processes or the backend (local processes, or a Ray cluster with ``backend="ray"``).

**Ratings.** After all games, in game order, an ``openskill`` Plackett-Luce model rates every bot
and every registered seat (Al Cabohne's mafia): the winners share the first rank, the others
follow by score. Games in which one bot holds several seats are not rated.

**What a bot receives.** Each decision, only its view (if ``uses_view``), its information set (if
``uses_information``; :class:`beanframe.search.InformationSet`) and the legal actions: never the
game (:func:`beanframe.search.decide`).

**Bots** are given by registered name (``greedy``), by the name of an entry point in the group
``beanframe.bots`` (a factory), or as ``module:factory`` / ``path/to/file.py:factory`` for a bot
in a user's own module or file. The factory returns an agent; ``bot_options``
maps a bot's label to its options (``{"ismcts": {"iterations": 100}}``). The factory is
called as ``factory(seed=..., ruleset=..., **options)`` (``seed``/``ruleset`` only if it takes them).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import itertools
import json
import math
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from attrs import frozen

from beanframe.batch import bot_seed, check_games, chunks, fresh_seed, install, open_out, outcome, play_named
from beanframe.batch import record_header, resolve_jobs, run_pool, sigterm_as_interrupt, signals_held
from beanframe.core.actions import clip, shorten
from beanframe.core.game import Ruleset, compose
from beanframe.core.limits import check_seed
from beanframe.errors import ConfigError
from beanframe.search import play_game
# the results live in standings.py; re-exported here, where users import them from
from beanframe.standings import BotRow as BotRow
from beanframe.standings import Pairing as Pairing
from beanframe.standings import Standings as Standings
from beanframe.standings import TournamentResult
from beanframe.standings import rate as rate

BOT_GROUP = "beanframe.bots"  # entry points: name = factory(seed, **options)
BACKENDS = ("local", "ray")
ProgressCallback = Callable[[int, int], None]


# --------------------------------------------------------------------------------------------
# Bots: by name, entry point or module:factory
# --------------------------------------------------------------------------------------------


def _load_module(spec: str) -> Any:
    if spec.endswith(".py") or os.sep in spec or "/" in spec:
        path = Path(spec)
        try:
            found = path.is_file()
        except OSError as exc:  # a name too long for the file system
            raise ConfigError(f"bot file {clip(spec)}: {exc.strerror}") from None
        if not found:
            raise ConfigError(f"bot file {clip(spec)} not found")
        name = "beanframe_user_bot_" + hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]
        if name in sys.modules:
            return sys.modules[name]
        mod_spec = importlib.util.spec_from_file_location(name, path)
        if mod_spec is None or mod_spec.loader is None:
            raise ConfigError(f"bot file {clip(spec)} is not a Python module")
        module = importlib.util.module_from_spec(mod_spec)
        sys.modules[name] = module
        try:
            mod_spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise ConfigError(f"bot file {clip(spec)} failed to load: {type(exc).__name__}: {clip(str(exc), 200)}") from exc
        return module
    try:
        return importlib.import_module(spec)
    except ImportError as exc:
        raise ConfigError(f"bot module {shorten(spec)} cannot be imported: {clip(str(exc), 200)}") from None


def bot_factory(ruleset: Ruleset, text: str) -> Callable[..., Any]:
    """The factory of the bot ``text``: a registered bot's name, an entry point of the group
    ``beanframe.bots``, or ``module:factory`` (a module or a ``.py`` file). ConfigError if none."""
    text = text.strip()
    if ":" in text and not text.startswith("bot:"):
        module, _, attr = text.rpartition(":")
        factory = getattr(_load_module(module), attr, None)
        if not callable(factory):
            raise ConfigError(f"bot {shorten(text)}: {clip(module)} has no factory {shorten(attr)}")
        return factory
    name = text.removeprefix("bot:")
    spec = ruleset.bots.get(name)
    if spec is not None:
        return spec.factory
    for ep in entry_points(group=BOT_GROUP):
        if ep.name == name:
            try:
                return ep.load()
            except Exception as exc:
                raise ConfigError(f"bot entry point {shorten(name)} failed to load: {type(exc).__name__}: {clip(str(exc), 200)}") from exc
    known = sorted({*ruleset.bots, *(ep.name for ep in entry_points(group=BOT_GROUP))})
    raise ConfigError(f"unknown bot {shorten(name)} for {ruleset.name} (bots: {', '.join(known)}; or module:factory)")


def make_agent(factory: Callable[..., Any], seed: int, options: Mapping[str, Any], label: str, ruleset: Ruleset | None = None) -> Any:
    """``factory(seed=..., ruleset=..., **options)``, passing ``seed`` and ``ruleset`` only if the
    factory takes them (a user's factory may take neither)."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}
    given: dict[str, Any] = dict(options)
    anything = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    for key, value in (("seed", seed), ("ruleset", ruleset)):
        if key in params or anything:
            given[key] = value
    try:
        agent = factory(**given)
    except (TypeError, ValueError) as exc:  # an unknown option, or a value of the wrong kind
        raise ConfigError(f"bot {clip(label)}: bad options {shorten(dict(options), 100)}: {clip(str(exc), 200)}") from None
    if not callable(getattr(agent, "act", None)):
        raise ConfigError(f"bot {clip(label)}: its factory returned {type(agent).__name__}, not an agent with act(view, legal_actions)")
    return agent


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every seating of ``players`` seats from ``bots`` bots (distinct bots when there are
    enough): each bot sits at each seat equally often."""
    if bots >= players:
        return list(itertools.permutations(range(bots), players))
    return list(itertools.product(range(bots), repeat=players))


def labels(bots: Sequence[str]) -> tuple[str, ...]:
    """Unique labels: a bot given twice is ``name#2`` the second time."""
    out: list[str] = []
    for b in bots:
        label, k = b, 2
        while label in out:
            label, k = f"{b}#{k}", k + 1
        out.append(label)
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Playing: one plan, any worker
# --------------------------------------------------------------------------------------------


@frozen
class Plan:
    """Everything a worker needs (plain data: it crosses process and machine boundaries)."""

    variants: tuple[str, ...]
    players: int
    options: dict[str, Any] | None
    bots: tuple[str, ...]
    labels: tuple[str, ...]
    bot_options: dict[str, dict[str, Any]]
    seed: int
    master: int
    n: int

    def game(self, i: int) -> tuple[int, tuple[int, ...]]:
        """Game ``i``'s seed and line-up (bot indices by seat)."""
        ups = lineups(len(self.bots), self.players)
        return self.seed + i // len(ups), ups[i % len(ups)]


class _Runner:
    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.ruleset = compose(list(plan.variants), plan.players, plan.options)
        self.factories = [bot_factory(self.ruleset, b) for b in plan.bots]
        self.header = record_header(self.ruleset, plan.options, plan.master)

    def play(self, i: int) -> dict[str, Any]:
        plan = self.plan
        seed, lineup = plan.game(i)
        seeds = [bot_seed(plan.master, i, seat) for seat in range(plan.players)]
        agents = [
            make_agent(self.factories[b], seeds[seat], plan.bot_options.get(plan.labels[b], {}), plan.labels[b], self.ruleset)
            for seat, b in enumerate(lineup)
        ]
        game = self.ruleset.new_game(seed=seed)
        names = [plan.labels[b] for b in lineup]
        where = f"tournament game {i + 1} (seed {seed})"
        play_named(play_game, game, agents, names, where, RuntimeError, passthrough=(ConfigError,))
        record = outcome(game)
        return {
            **self.header,
            "game": i + 1,
            "seed": seed,
            "bots": names,
            "bot_seeds": seeds,
            **record,
            "winners": list(record["winners"]),
            "moves": [a.code for a in game.actions],
        }


_worker: dict[str, Any] = {}


def _init_worker(plan: Plan) -> None:
    _worker["runner"] = _Runner(plan)


def _run_chunk(start: int, count: int) -> list[dict[str, Any]]:
    runner = _worker["runner"]
    return [runner.play(i) for i in range(start, start + count)]


def run_chunk(plan: Plan, start: int, count: int) -> list[dict[str, Any]]:
    """Games ``start .. start+count-1`` of ``plan`` (used by every backend)."""
    runner = _worker.get("runner")
    if runner is None or runner.plan != plan:
        runner = _worker["runner"] = _Runner(plan)
    return [runner.play(i) for i in range(start, start + count)]


def _chunks(n: int, jobs: int) -> Iterator[tuple[int, int]]:
    return chunks(0, n, jobs, 6, 20)


def _play_local(plan: Plan, jobs: int, finished: Callable[[list[dict]], None], started: Callable[[], None]) -> None:
    if jobs == 1:
        started()
        for start, count in _chunks(plan.n, 1):
            finished(run_chunk(plan, start, count))
        return
    run_pool(jobs, _init_worker, (plan,), _chunks(plan.n, jobs), _run_chunk, finished, started)


def _play_ray(
    plan: Plan, jobs: int, address: str | None, finished: Callable[[list[dict]], None], started: Callable[[], None]
) -> None:
    try:
        import ray
    except ImportError:
        raise ConfigError("--backend ray needs Ray: pip install 'ray'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        remote = ray.remote(run_chunk)
        plan_ref = ray.put(plan)
        todo = enumerate(_chunks(plan.n, jobs))  # handed out lazily: memory stays flat in n
        refs: dict[Any, int] = {}  # in flight -> chunk number
        held: dict[int, Any] = {}  # finished, waiting for an earlier chunk

        def submit() -> None:
            while len(refs) + len(held) < jobs * 3:
                item = next(todo, None)
                if item is None:
                    return
                k, (start, count) = item
                refs[remote.remote(plan_ref, start, count)] = k

        submit()
        started()
        following = 0
        while refs:
            ready, _ = ray.wait(list(refs), num_returns=1)
            for ref in ready:
                held[refs.pop(ref)] = ray.get(ref)
            while following in held:
                finished(held.pop(following))
                following += 1
            submit()
    finally:
        if started_here:
            ray.shutdown()


# --------------------------------------------------------------------------------------------
# The entry point
# --------------------------------------------------------------------------------------------


def tournament(
    variants: Sequence[str] | str,
    bots: Sequence[str],
    n: int = 100,
    players: int | None = None,
    seed: int = 0,
    bot_seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    bot_options: Mapping[str, Mapping[str, Any]] | None = None,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    on_progress: ProgressCallback | None = None,
    keep_records: bool = True,
) -> TournamentResult:
    """Play ``n`` games among ``bots`` (see the module doc) and rate them.

    ``players`` defaults to 2 when the variant set allows it and there are several bots, else
    the smallest supported count (give it to be sure; solo, every bot plays every deal alone). ``jobs`` worker processes (``backend=
    "local"``, 0: one per CPU) or Ray CPUs (``backend="ray"``: ``ray.init(address=address)``, or a
    local Ray instance with ``jobs`` CPUs). ``out``: a JSON-lines file, one line per game in game
    order, in ``simulate --out``'s format (``beanframe replay FILE --game N`` opens game N).

    The games are handed out lazily, a few chunks per worker at a time, and the table, head to
    head and ratings are running sums (``result.standings``); ``keep_records=False`` keeps no
    record, so memory stays flat for any ``n`` (``beanframe tournament`` does that; ``out``
    streams the records). ``n`` may be anything up to what the deals' seeds below 2**64 hold.
    Ctrl-C or SIGTERM stops at once, ends the worker processes and keeps the games finished so
    far (``interrupted``; in ``out`` too). ``on_progress(done, total)`` is called as games
    finish (first with 0, once the workers have started). ConfigError for a bad set-up.
    """
    if isinstance(variants, str):
        variants = [variants]
    if isinstance(bots, str):
        bots = [b for b in bots.split(",")]
    bots = [b.strip() for b in bots]
    if not bots or not all(bots):
        raise ConfigError("give at least one bot, e.g. --bots ismcts,greedy,random")
    seed = check_seed(seed)
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {shorten(backend)} (backends: {', '.join(BACKENDS)})")
    if players is None:
        players = _default_players(variants, len(bots))
    k = len(bots)  # the number of line-ups: games per deal
    n = check_games(n, seed, math.perm(k, players) if k >= players else k**players)
    ruleset = compose(list(variants), players, options)
    names = labels(bots)
    bot_options = {k: dict(v) for k, v in (bot_options or {}).items()}
    unknown = sorted(set(bot_options) - set(names))
    if unknown:
        raise ConfigError(f"options for bot(s) not in the tournament: {clip(', '.join(unknown))} (bots: {clip(', '.join(names))})")
    for text, label in zip(bots, names):  # every bot is made once here: mistakes surface before any game
        make_agent(bot_factory(ruleset, text), 0, bot_options.get(label, {}), label, ruleset)
    bot_seed = fresh_seed() if bot_seed is None else check_seed(bot_seed, "the bot seed")
    jobs = min(resolve_jobs(jobs), n)
    plan = Plan(
        tuple(ruleset.order), players, None if options is None else json.loads(json.dumps(options)),
        tuple(bots), names, bot_options, seed, bot_seed, n,
    )
    result = TournamentResult(tuple(ruleset.order), players, names, seed, bot_seed, backend, jobs)
    progress = on_progress or (lambda done, total: None)
    writer = open_out(out)

    def finished(chunk: list[dict[str, Any]]) -> None:
        with signals_held():  # a stop waits until the chunk is in the standings and the file alike
            for rec in chunk:  # every backend hands the chunks over in game order
                result.add(rec, keep_records)
                if writer is not None:
                    writer.write(json.dumps(rec, sort_keys=True) + "\n")
            if writer is not None:
                writer.flush()
        progress(result.n, n)

    def started() -> None:
        progress(0, n)

    clock = time.perf_counter()
    old_term = sigterm_as_interrupt()
    try:
        if backend == "ray":
            _play_ray(plan, jobs, address, finished, started)
        else:
            _play_local(plan, jobs, finished, started)
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        install(signal.SIGTERM, old_term)
        if writer is not None:
            writer.close()
    result.elapsed = time.perf_counter() - clock
    assert result.standings is not None
    result.ratings = result.standings.ratings()
    return result


def _default_players(variants: Sequence[str], bots: int) -> int:
    from beanframe.core.compose import validate

    for players in (1, 2, 3, 4, 5) if bots == 1 else (2, 1, 3, 4, 5):
        try:
            validate(list(variants), players, None)
        except ConfigError:
            continue
        return players
    raise ConfigError(f"no player count fits {clip(', '.join(variants))}: give --players")
