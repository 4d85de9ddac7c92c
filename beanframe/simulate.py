"""Bulk simulation: play many bot games of one ruleset, in parallel processes, reproducibly.

Game ``i`` of a run uses the seed ``seed + i``, and every bot's own seed is derived from the game's
seed and its seat (:func:`bot_seed`), so a game depends on nothing but its seed: the results are
the same whatever the number of worker processes. Workers compose the ruleset once and play their
games in chunks (one task per chunk keeps the inter-process overhead small)::

    from beanframe.simulate import simulate
    summary = simulate(["al_cabohne"], bots=["greedy", "random"], n=200, seed=1, jobs=2)
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
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from attrs import define, field, frozen

from beanframe.agents import make_bot, play_game
from beanframe.core.game import Ruleset, compose
from beanframe.core.scoring import game_stats, seat_name
from beanframe.errors import ConfigError

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution

ProgressCallback = Callable[[int, int], None]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0-based) in the game of seed ``game_seed``: a stable hash,
    the same in every process and Python run (unlike ``hash()``)."""
    digest = hashlib.sha256(f"beanframe-bot/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


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


def check_bots(ruleset: Ruleset, bots: Sequence[str]) -> tuple[str, ...]:
    """The bot names, checked against the ruleset (ConfigError naming the problem)."""
    bots = tuple(b.strip() for b in bots)
    if len(bots) != ruleset.players:
        raise ConfigError(f"{len(bots)} bot(s) given for a {ruleset.players}-player game: give one bot per player")
    for name in bots:
        make_bot(ruleset, name, 0)  # raises ConfigError naming the known bots
    return bots


def run_one(ruleset: Ruleset, bots: Sequence[str], seed: int) -> GameRecord:
    """Play one game of ``ruleset`` with seed ``seed``, seat ``i`` played by bot ``bots[i]``."""
    game = ruleset.new_game(seed=seed)
    agents = [make_bot(ruleset, name, bot_seed(seed, seat)) for seat, name in enumerate(bots)]
    play_game(game, agents)
    result = game.result
    assert result is not None
    return GameRecord(
        seed=seed,
        bots=tuple(bots),
        scores=dict(result.scores),
        winners=tuple(result.winners),
        turns=game.state.turn,
        actions=game.state.n_actions,
        stats=game_stats(game),
    )


def run_many(ruleset: Ruleset, bots: Sequence[str], seeds: Sequence[int]) -> list[GameRecord]:
    return [run_one(ruleset, bots, s) for s in seeds]


# Worker processes: the ruleset is composed once per process by the pool's initializer.
_worker: dict[str, Any] = {}


def _init_worker(variants: Sequence[str], players: int, options: Mapping[str, Any] | None, bots: Sequence[str]) -> None:
    _worker["ruleset"] = compose(list(variants), players, options)
    _worker["bots"] = tuple(bots)


def _run_chunk(start: int, count: int) -> list[GameRecord]:
    return run_many(_worker["ruleset"], _worker["bots"], range(start, start + count))


def _chunks(seed: int, n: int, jobs: int) -> list[tuple[int, int]]:
    # about 8 chunks per worker (good balance, frequent progress) but at most 50 games a chunk
    size = max(1, min(50, math.ceil(n / (jobs * 8))))
    return [(seed + i, min(size, n - i)) for i in range(0, n, size)]


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


def simulate(
    variants: Sequence[str] | str,
    players: int | None = None,
    bots: Sequence[str] | None = None,
    n: int = 100,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    on_progress: ProgressCallback | None = None,
) -> SimulationSummary:
    """Play ``n`` games with seeds ``seed``, ``seed + 1``, ... and summarise them.

    ``bots`` names one bot per seat (default: ``random`` at every seat); ``players`` defaults to
    the number of bots. ``jobs`` > 1 plays in that many processes (0: one per CPU); the records are
    identical whatever ``jobs`` is. ``on_progress(done, total)`` is called as games finish (first
    with 0, once the worker processes have started). Raises ConfigError for a bad set-up.
    """
    if isinstance(variants, str):
        variants = [variants]
    if bots is None:
        if players is None:
            raise ConfigError("give the bots (one per player) or the number of players")
        bots = ["random"] * players
    bots = [b.strip() for b in bots]
    if players is None:
        players = len(bots)
    if not isinstance(n, int) or n < 1:
        raise ConfigError(f"the number of games must be at least 1, not {n!r}")
    if not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"the seed must be a non-negative whole number, not {seed!r}")
    ruleset = compose(list(variants), players, options)  # validates everything in this process
    bots = check_bots(ruleset, bots)
    jobs = min(resolve_jobs(jobs), n)
    summary = SimulationSummary(tuple(ruleset.order), players, bots, seed, jobs)
    progress = on_progress or (lambda done, total: None)
    started = time.perf_counter()
    records: list[GameRecord] = []
    if jobs == 1:
        progress(0, n)
        for start, count in _chunks(seed, n, 1):
            records.extend(run_many(ruleset, bots, range(start, start + count)))
            progress(len(records), n)
    else:
        # with fork (Linux) the initializer's arguments are inherited, not pickled: plugin
        # objects given instead of names work too; only seeds and records cross the pipes
        pool = ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=_mp_context(),
            initializer=_init_worker,
            initargs=(list(variants), players, None if options is None else dict(options), bots),
        )
        try:
            pending = {pool.submit(_run_chunk, start, count) for start, count in _chunks(seed, n, jobs)}
            progress(0, n)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    records.extend(future.result())
                progress(len(records), n)
        except BaseException:
            # an error or Ctrl-C: do not wait for the games still queued
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
        records.sort(key=lambda r: r.seed)
    summary.elapsed = time.perf_counter() - started
    summary.records = records
    return summary

