"""Many bot games in batches: what ``simulate`` and ``tournament`` share.

Seeds (:func:`bot_seed`, :func:`fresh_seed`), playing one game whose failure names the bot and the
game (:func:`play_named`), a finished game's outcome as record fields (:func:`outcome`), the header
and lines of ``--out`` files (:func:`record_header`, :func:`open_out`), and the worker processes:
games in chunks, a bounded number in flight whatever the number of games, results handed over in
chunk order, Ctrl-C and SIGTERM ending every worker at once (:func:`run_pool`, :func:`chunks`).
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import os
import pickle
import signal
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from multiprocessing.connection import wait
from typing import IO, Any

from beanframe.core.actions import shorten
from beanframe.core.limits import MAX_SEED
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
    from beanframe.core.saves import CONVERTER as _converter

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
# How many games: lazily, within what the seeds can hold
# --------------------------------------------------------------------------------------------


def check_games(n: Any, first_seed: int = 0, per_seed: int = 1) -> int:
    """``n`` games whose deals use the seeds ``first_seed``, ``first_seed + 1``, ... (``per_seed``
    games a seed): a whole number from 1 up to what the seeds below 2**64 can hold (ConfigError
    naming the most). The games are produced lazily, so any such ``n`` runs in flat memory."""
    most = (MAX_SEED - first_seed + 1) * per_seed
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= most:
        raise ConfigError(
            f"the number of games must be a whole number from 1 to {most} (so that the seeds, from {first_seed} on, "
            f"stay below 2**64), not {shorten(n)}"
        )
    return n


def chunks(first: int, n: int, jobs: int, per_worker: int, most: int) -> Iterator[tuple[int, int]]:
    """``(start, count)`` chunks of the games ``first .. first+n-1``, one at a time (never a list:
    memory does not grow with ``n``): about ``per_worker`` chunks per worker (balance, frequent
    progress), at most ``most`` games each."""
    size = max(1, min(most, -(-n // (jobs * per_worker))))
    end = first + n
    for start in range(first, end, size):
        yield start, min(size, end - start)


# --------------------------------------------------------------------------------------------
# Worker processes
# --------------------------------------------------------------------------------------------
#
# A small pool of our own rather than concurrent.futures: its manager thread reads results in the
# background, so a worker ended in the middle of sending a result (Ctrl-C, SIGTERM) left that
# thread waiting forever for the rest, and the interpreter waited for the thread at exit (the hang
# issue 17 saw); its exit hook could also write to a pipe the thread had just closed (EBADF). Here
# the main thread sends each worker one chunk at a time over the worker's own pipe and reads the
# results itself, so stopping is: end the workers, close the pipes, done.

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_BY_SIGNAL = {-signal.SIGINT, -signal.SIGTERM, -getattr(signal, "SIGHUP", signal.SIGTERM)}
_parent_ends: list[Any] = []  # the parent's ends of the workers' pipes: a forked worker closes its copies


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


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back (they wait, nothing is lost) while workers are forked or ended:
    a worker is born with them held and lets them in only once its own handlers are set, and a
    second Ctrl-C cannot interrupt the ending of the workers."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C: stop, keep the finished games."""


class WorkerTraceback(Exception):
    """The traceback of an error in a worker process (the ``__cause__`` of the error raised here)."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise Terminated()


def install(signum: int, handler: Any) -> Any:
    """Set a signal handler where that is possible (the main thread), returning the old one."""
    try:
        return signal.signal(signum, handler)
    except (ValueError, TypeError):  # not the main thread, or no previous Python handler
        return None


def sigterm_as_interrupt() -> Any:
    """Handle SIGTERM like Ctrl-C from now on (in the main thread); returns the old handler for
    :func:`install` to put back."""
    return install(signal.SIGTERM, _on_sigterm)


def _send_error(conn: Any, exc: BaseException) -> None:
    text = "".join(traceback.format_exception(exc))
    try:
        pickle.loads(pickle.dumps(exc))  # what the parent will have to rebuild
    except Exception:
        exc = RuntimeError(f"{type(exc).__name__}: {shorten(str(exc), 200)}")
    conn.send(("error", (exc, text)))


def _worker_main(conn: Any, initializer: Callable[..., None], initargs: tuple, run_chunk: Callable[[int, int], Any]) -> None:
    worker_signals()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # held since the fork (signals_held)
    for other in _parent_ends:  # copies inherited by fork: without them, a gone parent reads as EOF
        other.close()
    try:
        initializer(*initargs)
        while True:
            try:
                task = conn.recv()
            except EOFError:  # the parent is gone
                return
            if task is None:
                return
            result = run_chunk(*task)
            conn.send(("ok", result))
    except Exception as exc:
        _send_error(conn, exc)


class _Worker:
    __slots__ = ("process", "conn")

    def __init__(self, process: Any, conn: Any) -> None:
        self.process = process
        self.conn = conn

    def result(self) -> Any:
        """The result of the chunk this worker was given, or a :class:`_Failed` holding the error
        its game raised (the worker has ended then); a worker that died is raised here."""
        try:
            status, payload = self.conn.recv()
        except (EOFError, OSError):
            self.process.join(timeout=5)
            code = self.process.exitcode
            if code in _BY_SIGNAL:  # ended from outside (SIGTERM to the group): a stop, as Ctrl-C
                raise Terminated() from None
            raise RuntimeError(f"a worker process ended unexpectedly (exit code {code})") from None
        if status == "error":
            exc, text = payload
            exc.__cause__ = WorkerTraceback(text)
            return _Failed(exc)
        return payload


class _Failed:
    """A chunk whose game raised: raised in its turn, so the error is always the first game's."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _start(
    workers: list[_Worker], jobs: int, initializer: Callable[..., None], initargs: tuple, run_chunk: Callable[[int, int], Any]
) -> None:
    """Fork the workers into ``workers`` (the caller ends them whatever happens)."""
    ctx = mp_context()
    for stream in (sys.stdout, sys.stderr):  # a fork copies unwritten output: the child would write it again
        try:
            stream.flush()
        except (AttributeError, OSError, ValueError):
            pass
    with signals_held():  # a Ctrl-C meanwhile comes when they are all there: the caller ends them
        for _ in range(jobs):
            mine, theirs = ctx.Pipe()
            _parent_ends.append(mine)
            process = ctx.Process(target=_worker_main, args=(theirs, initializer, initargs, run_chunk), daemon=True)
            workers.append(_Worker(process, mine))
            process.start()
            theirs.close()


def _stop(workers: Sequence[_Worker], gently: bool = False) -> None:
    """End the workers (``gently``: ask them to finish; else at once: running games are dropped),
    reap them and close their pipes. Ctrl-C and SIGTERM wait meanwhile."""
    with signals_held():
        for w in workers:
            if gently:
                try:
                    w.conn.send(None)
                except OSError:
                    pass
            elif w.process.is_alive():
                w.process.terminate()
        for w in workers:
            if w.process.pid is not None:
                w.process.join(timeout=5)
                if w.process.is_alive():  # a worker that does not end: make sure
                    w.process.kill()
                    w.process.join(timeout=5)
                with contextlib.suppress(ValueError):  # still running after all: left to the OS
                    w.process.close()
            w.conn.close()
            if w.conn in _parent_ends:
                _parent_ends.remove(w.conn)


def run_pool(
    jobs: int,
    initializer: Callable[..., None],
    initargs: tuple,
    work: Iterable[tuple[int, int]],
    run_chunk: Callable[[int, int], Any],
    finished: Callable[[Any], None],
    started: Callable[[], None] = lambda: None,
) -> None:
    """Run ``run_chunk(start, count)`` for every chunk of ``work`` (read lazily) in ``jobs``
    worker processes (each set up by ``initializer(*initargs)``), one chunk per worker at a time
    and at most ``3 * jobs`` chunks in flight or waiting for an earlier one, so memory stays flat
    whatever the number of games; ``finished(result)`` receives the results in the order of
    ``work``. ``started()`` once the workers are forked. An error, Ctrl-C or SIGTERM ends every
    worker at once, then propagates; nothing of the pool outlives this call."""
    # with fork (Linux) the worker's arguments are inherited, not pickled: plugin objects and
    # agent objects work too; only chunk numbers and results cross the pipes
    workers: list[_Worker] = []
    try:
        _start(workers, jobs, initializer, initargs, run_chunk)
        started()
        todo = iter(work)
        window = jobs * 3
        idle = list(workers)
        busy: dict[Any, tuple[_Worker, int]] = {}  # pipe -> (worker, chunk number)
        done: dict[int, Any] = {}  # finished chunks waiting for an earlier one
        handed = following = 0
        more = True
        while True:
            while more and idle and len(busy) + len(done) < window:
                item = next(todo, None)
                if item is None:
                    more = False
                    break
                worker = idle.pop()
                try:
                    worker.conn.send(item)
                except OSError:  # the worker has ended (its initializer failed): say why
                    failed = worker.result()
                    raise failed.error if isinstance(failed, _Failed) else RuntimeError("a worker process ended") from None
                busy[worker.conn] = (worker, handed)
                handed += 1
            if not busy:
                break
            for conn in wait(list(busy)):
                worker, k = busy.pop(conn)
                done[k] = result = worker.result()
                if isinstance(result, _Failed):  # that worker has ended; the earlier chunks still count
                    more = False
                else:
                    idle.append(worker)
            while following in done:
                result = done.pop(following)
                if isinstance(result, _Failed):
                    raise result.error
                finished(result)
                following += 1
    except BaseException:
        _stop(workers)  # an error, Ctrl-C or SIGTERM: end the workers at once
        raise
    _stop(workers, gently=True)
