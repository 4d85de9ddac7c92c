"""Bulk simulation: play many bot games of one ruleset, in parallel processes, reproducibly.

Game ``i`` of a run uses the seed ``seed + i``; every named bot's seed is drawn from the run's own
master bot seed, the game's seed and the seat (:func:`bot_seed`), so a game depends on nothing but
these seeds: the results are the same whatever the number of worker processes, and a bot cannot
work back from its own seed to the game's (and so to the deck). Workers compose the ruleset once and
play their games in chunks, made one at a time as workers need them; only a few chunks per worker
are in flight at a time, so memory does not grow with the number of games::

    from beanframe.simulate import simulate
    summary = simulate(["al_cabohne"], bots=["greedy", "random"], n=200, seed=1, jobs=2, bot_seed=5)
    for row in summary.seat_stats():
        print(row.seat, row.bot, row.win_rate, row.ci_low, row.ci_high)
    print(summary.stat_means())   # the variants' statistics, e.g. how often a side won
"""

from __future__ import annotations

import json
import math
import os
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from attrs import define, field, frozen

from beanframe.core.actions import shorten
from beanframe.agents import make_bot, play_game
from beanframe.batch import bot_seed, check_games, chunks, fresh_seed, install, open_out, outcome, play_named
from beanframe.batch import record_header, resolve_jobs, run_pool, sigterm_as_interrupt, signals_held
from beanframe.core.game import Ruleset, compose
from beanframe.core.limits import check_seed
from beanframe.core.position import plain_position
from beanframe.core.scoring import seat_name
from beanframe.errors import ConfigError

__all__ = [
    "BotFailure", "GameRecord", "SeatStats", "SimulationSummary", "Streak", "Tally", "bot_label", "bot_seed",
    "check_bots", "fresh_seed", "resolve_jobs", "run_many", "run_one", "simulate", "wilson_interval",
]  # fmt: skip

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution

ProgressCallback = Callable[[int, int], None]


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` out of ``n``, a tie may count half); 95% by default.
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


class Streak:
    """Winning streaks (runs of wins, in seed order) counted as games come: the current run, how
    many runs ended, their total length and the longest; memory does not grow with the games."""

    __slots__ = ("current", "longest", "runs", "total")

    def __init__(self) -> None:
        self.current = self.runs = self.total = self.longest = 0

    def add(self, won: bool) -> None:
        if won:
            self.current += 1
            self.longest = max(self.longest, self.current)
        elif self.current:
            self.runs += 1
            self.total += self.current
            self.current = 0

    def result(self) -> tuple[float, int]:
        """(the mean length of the streaks, the longest); no win at all: (0.0, 0)."""
        runs = self.runs + (self.current > 0)
        return ((self.total + self.current) / runs if runs else 0.0, self.longest)


@define
class Tally:
    """Running sums over game records in seed order: games, wins and score per seat, wins per
    winning seat, the variants' statistics, turns, actions, winning streaks per seat. Everything
    a :class:`SimulationSummary` reports, in memory that does not grow with the games."""

    n: int = 0
    seats: dict[str, list[float]] = field(factory=dict)  # seat -> [games, wins, score total], first seen first
    winners: dict[str, int] = field(factory=dict)
    stats: dict[str, list[float]] = field(factory=dict)  # statistic -> [total, games reporting it]
    turns: int = 0
    actions: int = 0
    streaks: dict[str, Streak] = field(factory=dict)

    def add(self, record: GameRecord) -> None:
        self.n += 1
        self.turns += record.turns
        self.actions += record.actions
        won = record.winners
        for seat in won:
            self.winners[seat] = self.winners.get(seat, 0) + 1
        for seat, score in record.scores.items():
            acc = self.seats.get(seat)
            if acc is None:
                acc = self.seats[seat] = [0, 0, 0.0]
                self.streaks[seat] = streak = Streak()
                for _ in range(self.n - 1):  # a seat first scored now lost the earlier games
                    streak.add(False)
            acc[0] += 1
            acc[1] += seat in won
            acc[2] += score
        for seat, streak in self.streaks.items():
            streak.add(seat in won and seat in record.scores)
        for name, value in record.stats.items():
            st = self.stats.setdefault(name, [0.0, 0])
            st[0] += value
            st[1] += 1

    @classmethod
    def of(cls, records: Sequence[GameRecord]) -> Tally:
        tally = cls()
        for record in records:
            tally.add(record)
        return tally


@define
class SimulationSummary:
    """Statistics over the games of a simulation (a running :class:`Tally`) and, unless
    ``simulate(..., keep_records=False)``, the games' records themselves (in seed order).

    A seat wins a game when it is among the game's winners (a shared win counts for every seat
    that shares it), so the win rates of a summary may add up to more than 1. Assigning
    ``records`` tallies them anew.
    """

    variants: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    seed: int
    jobs: int
    _records: list[GameRecord] = field(factory=list, alias="records")
    elapsed: float = 0.0  # seconds of wall time
    bot_seed: int | None = None  # the master seed the bots' seeds were drawn from
    interrupted: bool = False  # stopped by Ctrl-C or SIGTERM: the records are the finished games
    tally: Tally = field(factory=Tally)

    def __attrs_post_init__(self) -> None:
        if self._records and not self.tally.n:
            self.tally = Tally.of(self._records)

    @property
    def records(self) -> list[GameRecord]:
        """The games' records, in seed order (empty when they were not kept)."""
        return self._records

    @records.setter
    def records(self, records: Sequence[GameRecord]) -> None:
        self._records = list(records)
        self.tally = Tally.of(self._records)

    def add(self, record: GameRecord, keep: bool = True) -> None:
        """One more finished game (the next seed): tallied, and kept if ``keep``."""
        self.tally.add(record)
        if keep:
            self._records.append(record)

    @property
    def n(self) -> int:
        return self.tally.n

    @property
    def seats(self) -> list[str]:
        """The players' seats, then the other seats the games scored, in sheet order."""
        seats = [seat_name(p) for p in range(self.players)]
        return seats + [seat for seat in self.tally.seats if seat not in seats]

    def wins(self, seat: str) -> int:
        return self.tally.winners.get(seat, 0)

    def seat_stats(self) -> list[SeatStats]:
        out = []
        for i, seat in enumerate(self.seats):
            games, wins, total = self.tally.seats.get(seat, (0, 0, 0.0))
            low, high = wilson_interval(int(wins), int(games))
            bot = self.bots[i] if i < self.players else None
            out.append(SeatStats(seat, bot, int(games), int(wins), low, high, total / games if games else 0.0))
        return out

    def streaks(self, seat: str) -> tuple[float, int]:
        """``seat``'s winning streaks over the seeds: (mean length, longest); none: (0.0, 0)."""
        streak = self.tally.streaks.get(seat)
        return streak.result() if streak is not None else (0.0, 0)

    def stat_means(self) -> dict[str, float]:
        """The mean of each statistic the variants report per game (``beanframe_game_stats``),
        over the games that report it, in the order they were first reported."""
        return {name: total / count for name, (total, count) in self.tally.stats.items()}

    @property
    def mean_turns(self) -> float:
        return self.tally.turns / self.n if self.n else 0.0

    @property
    def mean_actions(self) -> float:
        return self.tally.actions / self.n if self.n else 0.0

    @property
    def games_per_second(self) -> float:
        return self.n / self.elapsed if self.elapsed > 0 else 0.0

    def write_jsonl(self, path: str | os.PathLike[str]) -> None:
        """The kept records, one JSON line each (ValueError if they were not kept: stream them
        with ``simulate(..., out=FILE)`` instead)."""
        if len(self._records) != self.n:
            raise ValueError("the records of this simulation were not kept (simulate(..., out=FILE) writes them as they come)")
        with open(path, "w", encoding="utf-8") as out:
            for record in self._records:
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
            raise ConfigError(f"{shorten(bot)} is neither a bot name nor an agent (an object with act(view, legal_actions))")
    return bots


class BotFailure(RuntimeError):
    """A bot (or the game under it) raised during a simulated game; the message names the bot,
    the seat and the game's seed."""


def bot_label(bot: BotSpec) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "name", None) or type(bot).__name__


def run_one(
    ruleset: Ruleset,
    bots: Sequence[BotSpec],
    seed: int,
    master: int = 0,
    moves: list[str] | None = None,
    position: Mapping[str, Any] | None = None,
) -> GameRecord:
    """Play one game of ``ruleset`` with seed ``seed`` (from ``position`` if given: a position
    without a seed of its own), seat ``i`` played by ``bots[i]`` (a bot name, made with seed
    ``bot_seed(master, seed, i)``, or an agent object). ``moves``, if given, receives the action
    codes."""
    game = ruleset.new_game(seed=seed, position=position)
    agents = [
        make_bot(ruleset, bot, bot_seed(master, seed, seat)) if isinstance(bot, str) else bot
        for seat, bot in enumerate(bots)
    ]
    labels = tuple(bot_label(b) for b in bots)
    play_named(play_game, game, agents, labels, f"the game of seed {seed}", BotFailure)
    if moves is not None:
        moves.extend(a.code for a in game.actions)
    return GameRecord(seed=seed, bots=labels, **outcome(game))


def run_many(
    ruleset: Ruleset,
    bots: Sequence[BotSpec],
    seeds: Sequence[int],
    master: int = 0,
    keep_moves: bool = False,
    position: Mapping[str, Any] | None = None,
) -> list[tuple[GameRecord, list[str] | None]]:
    out = []
    for s in seeds:
        moves: list[str] | None = [] if keep_moves else None
        out.append((run_one(ruleset, bots, s, master, moves, position), moves))
    return out


# Worker processes: the ruleset is composed once per process by the pool's initializer.
_worker: dict[str, Any] = {}


def _init_worker(
    variants: Sequence[Any],
    players: int,
    options: Mapping[str, Any] | None,
    bots: Sequence[Any],
    master: int,
    keep: bool,
    position: Mapping[str, Any] | None = None,
) -> None:
    _worker.update(ruleset=compose(list(variants), players, options), bots=tuple(bots), master=master, keep=keep,
                   position=position)


def _run_chunk(start: int, count: int) -> list[tuple[GameRecord, list[str] | None]]:
    w = _worker
    return run_many(w["ruleset"], w["bots"], range(start, start + count), w["master"], w["keep"], w["position"])


def _chunks(seed: int, n: int, jobs: int) -> Iterator[tuple[int, int]]:
    # about 8 chunks per worker (good balance, frequent progress) but at most 50 games a chunk
    return chunks(seed, n, jobs, 8, 50)


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
    keep_records: bool = True,
    position: Mapping[str, Any] | None = None,
) -> SimulationSummary:
    """Play ``n`` games with seeds ``seed``, ``seed + 1``, ... and summarise them.

    ``position``: every game starts from this position (``new_game(position=...)``; its own seed,
    if any, is left out: game ``i`` deals what the position does not give, and its future, from
    ``seed + i``), so the summary gives each seat's chances from there.

    ``bots`` gives one bot per seat, by name or as an agent object (default: ``random`` at every
    seat); ``players`` defaults to the number of bots. Named bots get seeds drawn from the master
    ``bot_seed`` (default: a fresh one, kept in ``summary.bot_seed``; give it again to replay a
    run exactly). ``jobs`` > 1 plays in that many processes (0: one per CPU); the records are
    identical whatever ``jobs`` is (agent objects are copied into each worker process).

    ``out``: a JSON-lines file, opened before any game is played, that receives one line per
    finished game, in seed order, with everything needed to replay it (variants and versions,
    options, seeds, bots, action codes) and its result.

    The summary's statistics are running sums (``summary.tally``); ``keep_records=False`` keeps
    no record at all, so memory stays flat for any ``n`` (the ``beanframe simulate`` command does
    that; ``out`` streams the records to the file): the games are handed out lazily, a few chunks
    per worker at a time. ``n`` may be anything up to what the seeds below 2**64 hold (ConfigError
    beyond). Ctrl-C or SIGTERM stops at once, ends the worker processes and returns the games
    finished so far (``summary.interrupted`` is True; they are in ``out`` too).
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
    seed = check_seed(seed)
    n = check_games(n, seed)
    bot_seed = fresh_seed() if bot_seed is None else check_seed(bot_seed, "the bot seed")
    ruleset = compose(list(variants), players, options)  # validates everything in this process
    bots = check_bots(ruleset, bots)
    if position is not None:
        position = {k: v for k, v in plain_position(position).items() if k != "seed"}
        ruleset.new_game(seed=seed, position=position)  # a bad position fails here, before any worker
    jobs = min(resolve_jobs(jobs), n)
    summary = SimulationSummary(tuple(ruleset.order), players, tuple(bot_label(b) for b in bots), seed, jobs)
    summary.bot_seed = bot_seed
    progress = on_progress or (lambda done, total: None)
    writer = open_out(out)
    header = record_header(ruleset, options, bot_seed) if writer is not None else None
    if header is not None and position is not None:
        header["position"] = position  # beanframe replay FILE --game N starts there too

    def finished(chunk: list[tuple[GameRecord, list[str] | None]]) -> None:
        with signals_held():  # a stop waits until the chunk is in the summary and the file alike
            for record, moves in chunk:
                summary.add(record, keep_records)
                if writer is not None:
                    writer.write(_record_line(header, record, moves, bot_seed) + "\n")
            if writer is not None:
                writer.flush()
        progress(summary.n, n)

    keep_moves = writer is not None
    started = time.perf_counter()
    old_term = sigterm_as_interrupt()
    try:
        if jobs == 1:
            progress(0, n)
            for start, count in _chunks(seed, n, 1):
                finished(run_many(ruleset, bots, range(start, start + count), bot_seed, keep_moves, position))
        else:
            # with fork (Linux) the initializer's arguments are inherited, not pickled
            initargs = (list(variants), players, None if options is None else dict(options), bots, bot_seed, keep_moves, position)
            run_pool(jobs, _init_worker, initargs, _chunks(seed, n, jobs), _run_chunk, finished, lambda: progress(0, n))
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        install(signal.SIGTERM, old_term)
        if writer is not None:
            writer.close()
    summary.elapsed = time.perf_counter() - started
    return summary


def _record_line(header: Any, record: GameRecord, moves: list[str] | None, master: int) -> str:
    """One game of ``--out``: its set-up, its action codes and its result, in one JSON line."""
    data = {**header, **record.to_dict()}
    data["bot_seeds"] = [bot_seed(master, record.seed, seat) for seat in range(len(record.bots))]
    data["moves"] = list(moves or ())
    return json.dumps(data, sort_keys=True)
