"""Bulk simulation: play many bot games of one ruleset, in parallel processes, reproducibly.

Game ``i`` of a run uses the seed ``seed + i``; every named bot's seed is drawn from the run's own
master bot seed, the game's seed and the seat (:func:`bot_seed`), so a game depends on nothing but
these seeds: the results are the same whatever the number of worker processes, and a bot cannot
work back from its own seed to the game's (and so to the deck). Workers compose the ruleset once and
play their games in chunks; only a few chunks per worker are queued at a time::

    from beanframe.simulate import simulate
    summary = simulate(["al_cabohne"], bots=["greedy", "random"], n=200, seed=1, jobs=2, bot_seed=5)
    for row in summary.seat_stats():
        print(row.seat, row.bot, row.win_rate, row.ci_low, row.ci_high)
    print(summary.stat_means())   # the variants' statistics, e.g. how often a side won
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from attrs import define, field, frozen

from beanframe.agents import make_bot, play_game
from beanframe.core.game import Ruleset, compose
from beanframe.core.actions import shorten
from beanframe.core.scoring import game_stats, seat_name
from beanframe.errors import ConfigError

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution

ProgressCallback = Callable[[int, int], None]


def bot_seed(master: int, game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0-based) in the game of seed ``game_seed``, drawn from the
    run's own ``master`` bot seed: a stable hash, the same in every process and Python run. The
    master is independent of the game seeds, so a bot that knows its own seed cannot recover the
    game seed (and with it the deck and the other hands) by trying seeds."""
    digest = hashlib.sha256(f"beanframe-bot/{master}/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def fresh_seed() -> int:
    """A new unpredictable 48-bit seed (for bots, or a game started without one)."""
    return int.from_bytes(os.urandom(6), "big")


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` out of ``n``); 95% by default.
    With no trials at all, nothing is known: (0, 1)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n} trials")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the edges (no rounding dust)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


@frozen
class GameRecord:
    """The outcome of one simulated game."""

    seed: int
    bots: tuple[str, ...]
    scores: dict[str, int]  # seat ("p1", ..., and the variants' registered seats) -> score
    winners: tuple[str, ...]
    turns: int
    actions: int
    stats: dict[str, float] = field(factory=dict)  # the variants' beanframe_game_stats

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "bots": list(self.bots),
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "turns": self.turns,
            "actions": self.actions,
            "stats": dict(self.stats),
        }

    def to_json(self) -> str:
        """One line of JSON (for ``.jsonl`` files)."""
        return json.dumps(self.to_dict(), sort_keys=True)


@frozen
class SeatStats:
    """One seat's line of a summary. ``bot`` is None for a seat that is not a player's."""

    seat: str
    bot: str | None
    games: int
    wins: int
    ci_low: float
    ci_high: float
    mean_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@define
class SimulationSummary:
    """The games of a simulation (in seed order) and statistics over them.

    A seat wins a game when it is among the game's winners (a shared win counts for every seat
    that shares it), so the win rates of a summary may add up to more than 1.
    """

    variants: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    seed: int
    jobs: int
    records: list[GameRecord] = field(factory=list)
    elapsed: float = 0.0  # seconds of wall time
    bot_seed: int | None = None  # the master seed the bots' seeds were drawn from
    interrupted: bool = False  # stopped by Ctrl-C or SIGTERM: the records are the finished games

    @property
    def n(self) -> int:
        return len(self.records)

    @property
    def seats(self) -> list[str]:
        """The players' seats, then the other seats the games scored, in sheet order."""
        seats = [seat_name(p) for p in range(self.players)]
        for r in self.records:
            seats += [seat for seat in r.scores if seat not in seats]
        return seats

    def wins(self, seat: str) -> int:
        return sum(1 for r in self.records if seat in r.winners)

    def seat_stats(self) -> list[SeatStats]:
        out = []
        for i, seat in enumerate(self.seats):
            games = [r for r in self.records if seat in r.scores]
            wins = sum(1 for r in games if seat in r.winners)
            low, high = wilson_interval(wins, len(games))
            mean = sum(r.scores[seat] for r in games) / len(games) if games else 0.0
            bot = self.bots[i] if i < self.players else None
            out.append(SeatStats(seat, bot, len(games), wins, low, high, mean))
        return out

    def stat_means(self) -> dict[str, float]:
        """The mean of each statistic the variants report per game (``beanframe_game_stats``),
        over the games that report it, in the order they were first reported."""
        sums: dict[str, list[float]] = {}
        for r in self.records:
            for name, value in r.stats.items():
                acc = sums.setdefault(name, [0.0, 0])
                acc[0] += value
                acc[1] += 1
        return {name: total / count for name, (total, count) in sums.items()}

    @property
    def mean_turns(self) -> float:
        return sum(r.turns for r in self.records) / self.n if self.records else 0.0

    @property
    def mean_actions(self) -> float:
        return sum(r.actions for r in self.records) / self.n if self.records else 0.0

    @property
    def games_per_second(self) -> float:
        return self.n / self.elapsed if self.elapsed > 0 else 0.0

    def write_jsonl(self, path: str | os.PathLike[str]) -> None:
        with open(path, "w", encoding="utf-8") as out:
            for record in self.records:
                out.write(record.to_json() + "\n")


# --------------------------------------------------------------------------------------------
# Playing games
# --------------------------------------------------------------------------------------------


BotSpec = Any  # a registered bot's name, or an agent object (anything with ``act``)


def check_bots(ruleset: Ruleset, bots: Sequence[BotSpec]) -> tuple[BotSpec, ...]:
    """The bots (names or agent objects), checked against the ruleset (ConfigError naming the
    problem)."""
    bots = tuple(b.strip() if isinstance(b, str) else b for b in bots)
    if len(bots) != ruleset.players:
        raise ConfigError(f"{len(bots)} bot(s) given for a {ruleset.players}-player game: give one bot per player")
    for bot in bots:
        if isinstance(bot, str):
            make_bot(ruleset, bot, 0)  # raises ConfigError naming the known bots
        elif not callable(getattr(bot, "act", None)):
            raise ConfigError(f"{bot!r} is neither a bot name nor an agent (an object with act(view, legal_actions))")
    return bots


class BotFailure(RuntimeError):
    """A bot (or the game under it) raised during a simulated game; the message names the bot,
    the seat and the game's seed."""


def bot_label(bot: BotSpec) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "name", None) or type(bot).__name__


def run_one(
    ruleset: Ruleset, bots: Sequence[BotSpec], seed: int, master: int = 0, moves: list[str] | None = None
) -> GameRecord:
    """Play one game of ``ruleset`` with seed ``seed``, seat ``i`` played by ``bots[i]`` (a bot
    name, made with seed ``bot_seed(master, seed, i)``, or an agent object). ``moves``, if
    given, receives the action codes."""
    game = ruleset.new_game(seed=seed)
    agents = [
        make_bot(ruleset, bot, bot_seed(master, seed, seat)) if isinstance(bot, str) else bot
        for seat, bot in enumerate(bots)
    ]
    try:
        play_game(game, agents)
    except Exception as exc:  # name the bot and the game, so the failure can be reproduced
        seat = game.to_act
        who = f"bot {bot_label(bots[seat])} (p{seat + 1})" if seat is not None and seat < len(bots) else "a bot"
        raise BotFailure(f"{who} failed in the game of seed {seed}: {type(exc).__name__}: {shorten(str(exc), 200)}") from exc
    result = game.result
    assert result is not None
    if moves is not None:
        moves.extend(a.code for a in game.actions)
    return GameRecord(
        seed=seed,
        bots=tuple(bot_label(b) for b in bots),
        scores=dict(result.scores),
        winners=tuple(result.winners),
        turns=game.state.turn,
        actions=game.state.n_actions,
        stats=game_stats(game),
    )


def run_many(
    ruleset: Ruleset, bots: Sequence[BotSpec], seeds: Sequence[int], master: int = 0, keep_moves: bool = False
) -> list[tuple[GameRecord, list[str] | None]]:
    out = []
    for s in seeds:
        moves: list[str] | None = [] if keep_moves else None
        out.append((run_one(ruleset, bots, s, master, moves), moves))
    return out


# Worker processes: the ruleset is composed once per process by the pool's initializer.
_worker: dict[str, Any] = {}


def _init_worker(
    variants: Sequence[Any], players: int, options: Mapping[str, Any] | None, bots: Sequence[Any], master: int, keep: bool
) -> None:
    # Ctrl-C reaches the whole process group: only the parent handles it (and ends the workers)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _worker.update(ruleset=compose(list(variants), players, options), bots=tuple(bots), master=master, keep=keep)


def _run_chunk(start: int, count: int) -> list[tuple[GameRecord, list[str] | None]]:
    w = _worker
    return run_many(w["ruleset"], w["bots"], range(start, start + count), w["master"], w["keep"])


def _chunk_size(n: int, jobs: int) -> int:
    # about 8 chunks per worker (good balance, frequent progress) but at most 50 games a chunk
    return max(1, min(50, math.ceil(n / (jobs * 8))))


def _mp_context() -> Any:
    # fork is cheap and shares the parent's imported plugins; elsewhere use the platform default
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def resolve_jobs(jobs: int) -> int:
    """``jobs`` worker processes; 0 (or less) means one per CPU."""
    if jobs <= 0:
        return os.cpu_count() or 1
    return jobs


class _Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C: stop, keep the finished games."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise _Terminated()


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the workers now (queued and running games are dropped) and reap them."""
    processes = list(getattr(pool, "_processes", {}).values())  # no public API before 3.14
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        proc.join(timeout=1)
        if proc.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
            proc.kill()
            proc.join(timeout=1)


def simulate(
    variants: Sequence[Any] | str,
    players: int | None = None,
    bots: Sequence[BotSpec] | None = None,
    n: int = 100,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    on_progress: ProgressCallback | None = None,
    bot_seed: int | None = None,
    out: str | os.PathLike[str] | None = None,
) -> SimulationSummary:
    """Play ``n`` games with seeds ``seed``, ``seed + 1``, ... and summarise them.

    ``bots`` gives one bot per seat, by name or as an agent object (default: ``random`` at every
    seat); ``players`` defaults to the number of bots. Named bots get seeds drawn from the master
    ``bot_seed`` (default: a fresh one, kept in ``summary.bot_seed``; give it again to replay a
    run exactly). ``jobs`` > 1 plays in that many processes (0: one per CPU); the records are
    identical whatever ``jobs`` is (agent objects are copied into each worker process).

    ``out``: a JSON-lines file, opened before any game is played, that receives one line per
    finished game, in seed order, with everything needed to replay it (variants and versions,
    options, seeds, bots, action codes) and its result.

    Ctrl-C or SIGTERM stops at once, ends the worker processes and returns the games finished so
    far (``summary.interrupted`` is True; they are in ``out`` too). At most a few chunks per
    worker are queued at a time, so memory does not grow with ``n`` beyond the records.
    ``on_progress(done, total)`` is called as games finish (first with 0, once the worker
    processes have started). Raises ConfigError for a bad set-up.
    """
    if isinstance(variants, str):
        variants = [variants]
    if bots is None:
        if players is None:
            raise ConfigError("give the bots (one per player) or the number of players")
        bots = ["random"] * players
    if players is None:
        players = len(bots)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ConfigError(f"the number of games must be at least 1, not {n!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed.bit_length() > 64:
        raise ConfigError(f"the seed must be a non-negative whole number below 2**64, not {shorten(seed)}")
    if bot_seed is None:
        bot_seed = fresh_seed()
    elif not isinstance(bot_seed, int) or isinstance(bot_seed, bool) or bot_seed < 0 or bot_seed.bit_length() > 64:
        raise ConfigError(f"the bot seed must be a non-negative whole number below 2**64, not {shorten(bot_seed)}")
    ruleset = compose(list(variants), players, options)  # validates everything in this process
    bots = check_bots(ruleset, bots)
    jobs = min(resolve_jobs(jobs), n)
    summary = SimulationSummary(tuple(ruleset.order), players, tuple(bot_label(b) for b in bots), seed, jobs)
    summary.bot_seed = bot_seed
    progress = on_progress or (lambda done, total: None)
    writer = None
    if out is not None:
        try:
            writer = open(out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise ConfigError(f"cannot write {out}: {exc.strerror or exc}") from None
    header = _record_header(ruleset, options, bot_seed) if writer is not None else None
    records: list[GameRecord] = []

    def finished(chunk: list[tuple[GameRecord, list[str] | None]]) -> None:
        for record, moves in chunk:
            records.append(record)
            if writer is not None:
                writer.write(_record_line(header, record, moves, bot_seed) + "\n")
        if writer is not None:
            writer.flush()

    started = time.perf_counter()
    old_term = _install(signal.SIGTERM, _on_sigterm)
    try:
        if jobs == 1:
            progress(0, n)
            size = _chunk_size(n, 1)
            for start in range(seed, seed + n, size):
                count = min(size, seed + n - start)
                finished(run_many(ruleset, bots, range(start, start + count), bot_seed, writer is not None))
                progress(len(records), n)
        else:
            _run_pool(ruleset, variants, players, options, bots, seed, n, jobs, bot_seed, writer is not None, finished, progress)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        _install(signal.SIGTERM, old_term)
        if writer is not None:
            writer.close()
    summary.elapsed = time.perf_counter() - started
    summary.records = records
    return summary


def _install(signum: int, handler: Any) -> Any:
    """Set a signal handler where that is possible (the main thread), returning the old one."""
    try:
        return signal.signal(signum, handler)
    except (ValueError, TypeError):  # not the main thread, or no previous Python handler
        return None


def _run_pool(
    ruleset: Ruleset,
    variants: Sequence[Any],
    players: int,
    options: Mapping[str, Any] | None,
    bots: Sequence[Any],
    seed: int,
    n: int,
    jobs: int,
    master: int,
    keep: bool,
    finished: Callable[[list[tuple[GameRecord, list[str] | None]]], None],
    progress: ProgressCallback,
) -> None:
    # with fork (Linux) the initializer's arguments are inherited, not pickled: plugin objects
    # and agent objects work too; only seeds and records cross the pipes
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=_mp_context(),
        initializer=_init_worker,
        initargs=(list(variants), players, None if options is None else dict(options), bots, master, keep),
    )
    size = _chunk_size(n, jobs)
    starts = iter(range(seed, seed + n, size))
    window = jobs * 3  # chunks in flight: bounded, whatever n is
    pending: dict[Any, int] = {}
    done: dict[int, list] = {}  # finished chunks waiting for an earlier one (seed order)
    next_start = seed
    played = 0
    try:
        def submit() -> None:
            while len(pending) + len(done) < window:
                start = next(starts, None)
                if start is None:
                    return
                pending[pool.submit(_run_chunk, start, min(size, seed + n - start))] = start

        submit()
        progress(0, n)
        while pending:
            ready, _ = wait(list(pending), timeout=0.5, return_when=FIRST_COMPLETED)
            for future in ready:
                start = pending.pop(future)
                done[start] = future.result()
            while next_start in done:
                chunk = done.pop(next_start)
                finished(chunk)
                played += len(chunk)
                next_start += len(chunk)
            if ready:
                progress(played, n)
            submit()
    except BaseException:
        _stop_pool(pool)  # an error, Ctrl-C or SIGTERM: end the workers at once
        raise
    pool.shutdown()


def _record_header(ruleset: Ruleset, options: Mapping[str, Any] | None, master: int) -> dict[str, Any]:
    from beanframe.core.persist import _converter

    return {
        "format": "beanframe-games",
        "variants": [{"name": name, "version": version} for name, version in ruleset.versions().items()],
        "players": ruleset.players,
        "options": {name: _converter.unstructure(opts) for name, opts in ruleset.options.items()},
        "bot_seed": master,
    }


def _record_line(header: Any, record: GameRecord, moves: list[str] | None, master: int) -> str:
    """One game of ``--out``: its set-up, its action codes and its result, in one JSON line."""
    data = {**header, **record.to_dict()}
    data["bot_seeds"] = [bot_seed(master, record.seed, seat) for seat in range(len(record.bots))]
    data["moves"] = list(moves or ())
    return json.dumps(data, sort_keys=True)
