"""Many bot games in batches: what ``simulate`` and ``tournament`` share.

Seeds (:func:`bot_seed`, :func:`fresh_seed`), playing one game whose failure names the bot and the
game (:func:`play_named`), a finished game's outcome as record fields (:func:`outcome`), the header
and lines of ``--out`` files (:func:`record_header`, :func:`open_out`), and the worker processes:
games in chunks, a bounded number in flight whatever the number of games, results handed over in
chunk order, Ctrl-C and SIGTERM ending every worker at once (:func:`run_pool`, :func:`chunks`).
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import IO, Any

from beanframe.core.actions import shorten
from beanframe.core.scoring import game_stats
from beanframe.errors import ConfigError


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


def resolve_jobs(jobs: int) -> int:
    """``jobs`` worker processes; 0 (or less) means one per CPU."""
    if jobs <= 0:
        return os.cpu_count() or 1
    return jobs


# --------------------------------------------------------------------------------------------
# One game
# --------------------------------------------------------------------------------------------


def play_named(
    play: Callable[[Any, Sequence[Any]], Any],
    game: Any,
    agents: Sequence[Any],
    labels: Sequence[str],
    where: str,
    error: type[Exception],
    passthrough: tuple[type[BaseException], ...] = (),
) -> None:
    """``play(game, agents)``; an exception (other than ``passthrough``) becomes ``error`` naming
    the bot to act, its seat and ``where`` ("the game of seed 4"), so it can be reproduced."""
    try:
        play(game, agents)
    except passthrough:
        raise
    except Exception as exc:
        seat = game.to_act
        who = f"bot {labels[seat]} (p{seat + 1})" if seat is not None and seat < len(labels) else "a bot"
        raise error(f"{who} failed in {where}: {type(exc).__name__}: {shorten(str(exc), 200)}") from exc


def outcome(game: Any) -> dict[str, Any]:
    """A finished game's record fields: scores, winners, turns, actions, the variants' statistics."""
    result = game.result
    assert result is not None
    return {
        "scores": dict(result.scores),
        "winners": tuple(result.winners),
        "turns": game.state.turn,
        "actions": game.state.n_actions,
        "stats": game_stats(game),
    }


# --------------------------------------------------------------------------------------------
# --out files: one JSON line per game
# --------------------------------------------------------------------------------------------


def record_header(ruleset: Any, options: Mapping[str, Any] | None, master: int) -> dict[str, Any]:
    """What every line of an ``--out`` file starts with: format, variants and versions, players,
    options, the master bot seed (``beanframe replay FILE --game N`` rebuilds a game from it)."""
    from beanframe.core.persist import _converter

    return {
        "format": "beanframe-games",
        "variants": [{"name": name, "version": version} for name, version in ruleset.versions().items()],
        "players": ruleset.players,
        "options": {name: _converter.unstructure(opts) for name, opts in ruleset.options.items()},
        "bot_seed": master,
    }


def open_out(out: str | os.PathLike[str] | None) -> IO[str] | None:
    """The ``--out`` file opened for writing before any game is played (ConfigError if it cannot be)."""
    if out is None:
        return None
    try:
        return open(out, "w", encoding="utf-8")  # noqa: SIM115 - the caller closes it
    except OSError as exc:
        raise ConfigError(f"cannot write {out}: {exc.strerror or exc}") from None


# --------------------------------------------------------------------------------------------
# Worker processes
# --------------------------------------------------------------------------------------------


def chunks(first: int, n: int, jobs: int, per_worker: int, most: int) -> list[tuple[int, int]]:
    """``(start, count)`` chunks of the games ``first .. first+n-1``: about ``per_worker`` chunks
    per worker (balance, frequent progress), at most ``most`` games each."""
    size = max(1, min(most, math.ceil(n / (jobs * per_worker))))
    return [(s, min(size, first + n - s)) for s in range(first, first + n, size)]


def mp_context() -> Any:
    # fork is cheap and shares the parent's imported plugins; elsewhere use the platform default
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def worker_signals() -> None:
    """In a worker: Ctrl-C reaches the whole process group, only the parent handles it (and ends
    the workers); SIGTERM ends the worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C: stop, keep the finished games."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise Terminated()


def install(signum: int, handler: Any) -> Any:
    """Set a signal handler where that is possible (the main thread), returning the old one."""
    try:
        return signal.signal(signum, handler)
    except (ValueError, TypeError):  # not the main thread, or no previous Python handler
        return None


def stop_pool(pool: ProcessPoolExecutor) -> None:
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


def run_pool(
    jobs: int,
    initializer: Callable[..., None],
    initargs: tuple,
    work: Iterable[tuple[int, int]],
    run_chunk: Callable[[int, int], Any],
    finished: Callable[[Any], None],
    started: Callable[[], None] = lambda: None,
) -> None:
    """Run ``run_chunk(start, count)`` for every chunk of ``work`` in ``jobs`` worker processes
    (each set up by ``initializer(*initargs)``), at most 3 chunks per worker in flight or waiting,
    so memory stays flat whatever the number of games; ``finished(result)`` receives the results
    in the order of ``work``. ``started()`` once the workers are forked. An error, Ctrl-C or
    SIGTERM ends every worker at once, then propagates."""
    # with fork (Linux) the initializer's arguments are inherited, not pickled: plugin objects
    # and agent objects work too; only chunk numbers and results cross the pipes
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=mp_context(), initializer=initializer, initargs=initargs)
    todo = iter(enumerate(work))
    window = jobs * 3
    pending: dict[Any, int] = {}
    done: dict[int, Any] = {}  # finished chunks waiting for an earlier one
    following = 0
    try:
        def submit() -> None:
            while len(pending) + len(done) < window:
                item = next(todo, None)
                if item is None:
                    return
                k, (start, count) = item
                pending[pool.submit(run_chunk, start, count)] = k

        submit()
        started()
        while pending:
            ready, _ = wait(list(pending), timeout=0.5, return_when=FIRST_COMPLETED)
            for future in ready:
                done[pending.pop(future)] = future.result()
            while following in done:
                finished(done.pop(following))
                following += 1
            submit()
    except BaseException:
        stop_pool(pool)  # an error, Ctrl-C or SIGTERM: end the workers at once
        raise
    pool.shutdown()


def sigterm_as_interrupt() -> Any:
    """Handle SIGTERM like Ctrl-C from now on (in the main thread); returns the old handler for
    :func:`install` to put back."""
    return install(signal.SIGTERM, _on_sigterm)
