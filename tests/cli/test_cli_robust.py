"""Issue 6 "Robustness" and "Speed": signals and simulate's workers, malformed input refused with
one line, apply with odd actions, clones that share nothing mutable, cached rulesets."""

from __future__ import annotations

import json
import multiprocessing
import os
import select
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

import beanframe
from beanframe.core.game import compose
from beanframe.errors import ConfigError, IllegalActionError, SaveFileError
from beanframe_cli.app import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    err = result.stderr
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert len(err) < 400, err
    return err


# -- simulate stops on Ctrl-C and SIGTERM, leaving no process behind -----------------------------


def children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


HANG = 300  # seconds: bounds a hang only; nothing here is timed


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + HANG
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what} after {HANG} s: a hang"
        time.sleep(0.05)


def first_line(stream) -> str:
    """The first line of a child's stream, without blocking forever if it never comes."""
    ready, _, _ = select.select([stream], [], [], HANG)
    assert ready, f"no line from the program after {HANG} s: a hang"
    return stream.readline()


COMMANDS = {
    "simulate": ["simulate", "al_cabohne", "--bots", "random,random"],
    "tournament": ["tournament", "al_cabohne", "--bots", "random,greedy", "-p", "2"],
}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(
    "command, how",
    [
        ("simulate", "ctrl-c"), ("simulate", "sigint-pid"), ("simulate", "sigterm"), ("simulate", "sigterm-group"),
        ("tournament", "ctrl-c"), ("tournament", "sigint-pid"), ("tournament", "sigterm"), ("tournament", "sigterm-group"),
    ],
)
def test_simulate_with_two_jobs_stops_on_a_signal_and_keeps_the_finished_games(tmp_path, command, how):
    # issue 6; issue 17: tournament too, the signal to the pid or to the group, on a busy machine.
    # Ready is what the program says: its start line (signals handled, workers forked), then a
    # finished game in --out. The waits only bound a hang, so load cannot fail the test.
    out = tmp_path / "games.jsonl"
    cmd = [sys.executable, "-c", "from beanframe_cli.app import main; main()", *COMMANDS[command],
           "-n", "100000000", "--jobs", "2", "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        started = first_line(proc.stdout)
        assert "Ctrl-C or SIGTERM stops" in started, started
        wait_for(lambda: out.exists() and out.stat().st_size > 0, "a finished game in --out")
        workers = children(proc.pid)
        assert len(workers) == 2
        sig = signal.SIGTERM if how.startswith("sigterm") else signal.SIGINT
        if how in ("ctrl-c", "sigterm-group"):
            os.killpg(proc.pid, sig)  # a terminal sends Ctrl-C to the whole group
        else:
            proc.send_signal(sig)  # only the main process
        stdout, stderr = proc.communicate(timeout=HANG)  # a hang guard, not a timing test
        stdout = started + stdout
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stderr
    wait_for(lambda: not any(alive(w) for w in workers), "the workers to end")
    assert stderr == "", stderr  # no traceback, no "Bad file descriptor" (issue 17)
    assert "interrupted:" in stdout and "95% CI" in stdout  # the finished games' summary
    lines = out.read_text().splitlines()
    assert lines and all(json.loads(line)["moves"] for line in lines)  # whole games, in the file
    assert [json.loads(line)["game" if command == "tournament" else "seed"] for line in lines] == list(
        range(1 if command == "tournament" else 0, len(lines) + (1 if command == "tournament" else 0))
    )  # in order


def stop_after(chunks: int):
    """An ``on_progress`` that stops the run (as Ctrl-C does) once ``chunks`` chunks are done."""
    calls = {"n": 0}

    def on_progress(done: int, total: int) -> None:
        calls["n"] += 1
        if calls["n"] > chunks:  # the first call (0 done) says the games have started
            raise KeyboardInterrupt

    return on_progress


def test_the_plan_is_made_as_the_workers_need_it(monkeypatch):
    # issue 17: memory flat in n; the chunks are drawn one at a time, a few ahead of the workers
    from beanframe import simulate as sim

    drawn = {"n": 0}
    real = sim._chunks

    def counting(*args):
        for chunk in real(*args):
            drawn["n"] += 1
            yield chunk

    monkeypatch.setattr(sim, "_chunks", counting)
    before = set(threading.enumerate())  # other tests' session fixtures (the browser's) may hold threads
    summary = sim.simulate(["al_cabohne"], bots=["random"], n=10**6, jobs=2, bot_seed=1, on_progress=stop_after(3))
    assert summary.interrupted and summary.n == 3 * 50  # 50 games a chunk
    assert drawn["n"] <= 3 + 2 * 3  # the finished chunks and at most 3 per worker in flight
    assert set(threading.enumerate()) <= before and not multiprocessing.active_children()  # nothing left behind


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_memory_does_not_grow_with_the_number_of_games(command):
    # issue 17: simulate -n 1000000000 held 2 GB, -n 10**30 ended in MemoryError. Two runs stopped
    # after their first chunk, one of a thousand games and one of ten million, peak alike.
    from beanframe.simulate import simulate
    from beanframe.tournament import tournament

    def peak(n: int) -> int:
        tracemalloc.start()
        try:
            if command == "simulate":
                done = simulate(["al_cabohne"], bots=["random"], n=n, bot_seed=1, on_progress=stop_after(1), keep_records=False)
            else:
                done = tournament(["al_cabohne"], ["random"], n=n, players=1, bot_seed=1, on_progress=stop_after(1), keep_records=False)
            assert done.interrupted and 0 < done.n < 1000
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(1000)  # warm caches (the composed ruleset, imports)
    small, large = peak(1000), peak(10**7)
    assert large < small + 2_000_000, (small, large)


def test_the_largest_number_of_games_starts_at_once(tmp_path):
    # issue 17: any -n the seeds can hold runs lazily; beyond them it is a one-line error
    from beanframe.simulate import simulate
    from beanframe.tournament import tournament

    summary = simulate(["al_cabohne"], bots=["random"], n=2**64 - 1, seed=1, bot_seed=1, on_progress=stop_after(1), keep_records=False)
    assert summary.interrupted and summary.n == 50
    result = tournament(["al_cabohne"], ["random", "greedy"], n=2**65, players=2, bot_seed=1, on_progress=stop_after(1), keep_records=False)
    assert result.interrupted and result.n == 20 and result.records == [] and len(result.table()) == 3
    with pytest.raises(ConfigError, match=r"from 1 to 18446744073709551615 \(so that the seeds, from 1 on, stay below 2\*\*64\), not 18446744073709551616"):
        simulate(["al_cabohne"], bots=["random"], n=2**64, seed=1)
    for command in (["simulate", "--bots", "random"], ["tournament", "--bots", "random", "-p", "1"]):
        for n in (10**30, 2**64):
            err = one_line_error(run(*command, "al_cabohne", "-n", str(n), "--seed", "1"))
            assert "the number of games must be a whole number from 1 to 18446744073709551615 (so that the seeds" in err


class Crashing:
    def act(self, view, legal_actions):
        raise IndexError("boom")


class Vanishing:
    def act(self, view, legal_actions):
        os._exit(3)


def test_a_worker_s_error_reaches_the_caller_and_the_pool_leaves_nothing_behind():
    # the pool of our own (issue 17): a bot's error in a worker is the caller's, named; a worker
    # that dies is an error, not a hang; either way no thread or process is left
    from beanframe.simulate import BotFailure, simulate

    before = set(threading.enumerate())  # other tests' session fixtures (the browser's) may hold threads
    with pytest.raises(BotFailure, match=r"bot Crashing \(p1\) failed in the game of seed 0: IndexError"):
        simulate(["al_cabohne"], bots=[Crashing(), "random"], n=10, jobs=2, bot_seed=1)
    with pytest.raises(RuntimeError, match=r"a worker process ended unexpectedly \(exit code 3\)"):
        simulate(["al_cabohne"], bots=[Vanishing(), "random"], n=10, jobs=2, bot_seed=1)
    assert set(threading.enumerate()) <= before and not multiprocessing.active_children()


def test_interrupted_simulation_returns_the_finished_games(monkeypatch):
    from beanframe import simulate as sim

    calls = {"n": 0}
    real = sim.run_many

    def interrupting(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sim, "run_many", interrupting)
    summary = sim.simulate(["al_cabohne"], bots=["random"], n=40, jobs=1, bot_seed=1)
    assert summary.interrupted
    assert 0 < summary.n < 40 and [r.seed for r in summary.records] == list(range(summary.n))


# -- malformed input: the project's own error, one line -----------------------------------------------


def test_huge_integers_and_deep_nesting_in_saves_are_save_file_errors():
    game = beanframe.new_game(["al_cabohne"], 2, seed=1)
    text = game.to_json()
    assert '"seed": 1,' in text
    with pytest.raises(SaveFileError, match="too large"):
        beanframe.load_game(text.replace('"seed": 1,', '"seed": ' + "9" * 5000 + ","))
    with pytest.raises(SaveFileError, match="too large"):
        beanframe.load_game(text.replace('"seed": 1,', '"seed": ' + "9" * 100 + ","))
    with pytest.raises(SaveFileError, match="nested"):
        beanframe.load_game("[" * 100000 + "]" * 100000)
    data = json.loads(game.to_json())
    data["options"]["al_cabohne"]["run_outs"] = 10**30
    with pytest.raises(SaveFileError):
        beanframe.load_game(json.dumps(data))


def test_malformed_files_and_options_on_the_command_line(tmp_path):
    save = tmp_path / "s.json"
    save.write_text('{"format": "beanframe-save", "seed": ' + "1" * 5000 + "}")
    assert "too large" in one_line_error(run("replay", str(save)))
    save.write_text("[" * 50000)
    one_line_error(run("play", "--load", str(save)))
    config = tmp_path / "c.toml"
    config.write_text("seed = " + "7" * 5000 + "\n")
    assert "too large" in one_line_error(run("play", "--config", str(config)))
    config.write_text("variants = " + "[" * 5000 + "]" * 5000 + "\n")
    assert "nested" in one_line_error(run("simulate", "--config", str(config)))
    assert "too large" in one_line_error(run("play", "al_cabohne", "-o", "run_outs=" + "3" * 5000))
    assert "nested" in one_line_error(run("play", "al_cabohne", "-o", "run_outs=" + "[" * 3000 + "]" * 3000))
    err = one_line_error(run("play", "al_cabohne", "--seed", "5" * 5000))
    assert "5" * 100 not in err


def test_apply_refuses_odd_actions_with_illegal_action_error():
    game = beanframe.new_game(["al_cabohne"], 2, seed=1)
    before = game.to_json()
    cls = type(game.legal_actions()[0])
    for odd in (10**5000, -1, 2**70, "plant " + "f" * 10000, 3.5, None, [1], cls(field=[1]), cls(field="x"), object()):
        with pytest.raises(IllegalActionError) as info:
            game.apply(odd)
        assert len(str(info.value)) < 300
    assert game.to_json() == before


# -- clones, cached rulesets ---------------------------------------------------------------------------


def test_a_clone_shares_no_setup_args_and_no_result():
    game = beanframe.new_game(["al_cabohne"], 1, seed=2, deck=["blue", "fire"])
    before = json.loads(json.dumps(game.setup_args))
    twin = game.clone()
    twin.setup_args["deck"].append("blue")
    twin.setup_args["other"] = 1
    assert game.setup_args == before
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    done = game.clone()
    assert done.result == game.result and done.result is not game.result


def test_new_game_reuses_the_composed_ruleset():
    a = beanframe.new_game(["al_cabohne"], 2, seed=1)
    b = beanframe.new_game("al_cabohne", 2, seed=2)
    c = beanframe.new_game(["al_cabohne"], 2, seed=1, options={"al_cabohne": {"third_field_cost": 3}})
    d = beanframe.new_game(["al_cabohne"], 1)
    assert a.ruleset is b.ruleset
    assert c.ruleset is not a.ruleset and c.ruleset.options["al_cabohne"].third_field_cost == 3
    assert d.ruleset is not a.ruleset and d.players == 1
    assert a.to_json() == compose(["al_cabohne"], 2).new_game(seed=1).to_json()
