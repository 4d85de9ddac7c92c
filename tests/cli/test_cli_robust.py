"""Issue 6 "Robustness" and "Speed": signals and simulate's workers, malformed input refused with
one line, apply with odd actions, clones that share nothing mutable, cached rulesets."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import beanframe
from beanframe.core.game import compose
from beanframe.errors import IllegalActionError, SaveFileError
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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_simulate_with_two_jobs_stops_on_a_signal_and_keeps_the_finished_games(tmp_path, how):
    out = tmp_path / "games.jsonl"
    cmd = [sys.executable, "-c", "from beanframe_cli.app import main; main()", "simulate", "al_cabohne",
           "-n", "100000000", "--jobs", "2", "--bots", "random,random", "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (out.exists() and out.stat().st_size > 0):
            time.sleep(0.1)
        workers = children(proc.pid)
        assert len(workers) >= 2
        if how == "ctrl-c":
            os.killpg(proc.pid, signal.SIGINT)  # the terminal sends Ctrl-C to the whole group
        else:
            proc.send_signal(signal.SIGTERM)  # only the main process
        stdout, stderr = proc.communicate(timeout=20)  # a hang guard, not a timing test
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stderr
    for _ in range(50):
        if not any(alive(w) for w in workers):
            break
        time.sleep(0.1)
    assert not any(alive(w) for w in workers), "a worker process was left behind"
    assert "interrupted:" in stdout and "Traceback" not in stderr
    lines = out.read_text().splitlines()
    assert lines and all(json.loads(line)["moves"] for line in lines)  # whole games, in the file
    assert [json.loads(line)["seed"] for line in lines] == list(range(len(lines)))  # in seed order


def test_simulate_submits_a_bounded_number_of_chunks(monkeypatch):
    # memory stays flat for any -n: at most a few chunks per worker are queued at a time
    from concurrent.futures import ProcessPoolExecutor

    from beanframe import simulate as sim

    most = 0
    submit = ProcessPoolExecutor.submit

    def counting(self, fn, *args):
        nonlocal most
        most = max(most, len(self._pending_work_items) + 1)
        return submit(self, fn, *args)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", counting)
    summary = sim.simulate(["al_cabohne"], bots=["random"], n=120, jobs=2, bot_seed=1)
    assert summary.n == 120
    assert most <= 2 * 3


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
