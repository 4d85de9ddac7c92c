"""Issue 17 sections 3 and 4 at the command line: every usage mistake is one line and exit code 2
(also before the command's name), a refused value is quoted short, a seed a save cannot keep is
refused at the start."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import beanframe
from beanframe_cli.app import app

runner = CliRunner()
TOO_BIG = str(2**64)
RANGE = "must be a whole number from 0 to 2**64 - 1 (18446744073709551615), not 18446744073709551616"


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    err = result.stderr
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert len(err) < 400, err[:500]
    return err


@pytest.mark.parametrize(
    "args, says",
    [
        (["--nosuchflag"], "No such option: --nosuchflag"),
        (["-x"], "No such option: -x"),
        (["--debug", "--nosuch"], "No such option: --nosuch"),
        (["--plugin"], "--plugin needs a file"),
        (["play", "--plugin"], "--plugin needs a file"),
        (["nosuchcmd"], "No such command 'nosuchcmd'"),
        (["play", "al_cabohne", "--nosuch"], "No such option: --nosuch"),
        (["play", "al_cabohne", "--players"], "requires an argument"),
        (["play", "al_cabohne", "--players", "x"], "Invalid value for '--players'"),
        (["replay"], "Missing argument"),
        (["variants", "extra"], "unexpected extra argument"),
    ],
)
def test_every_usage_mistake_is_one_line_and_exit_code_2(args, says):
    # issue 17: beanframe --nosuchflag printed a five-line usage box
    assert says in one_line_error(run(*args))


def test_an_unknown_option_before_the_command_is_one_line_from_the_installed_command():
    proc = subprocess.run(
        [sys.executable, "-c", "from beanframe_cli.app import main; main()", "--nosuchflag"],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 2
    assert proc.stderr == "error: No such option: --nosuchflag (see: beanframe --help)\n"


BIG = "x" * 100_000


@pytest.mark.parametrize(
    "args",
    [
        ["play", BIG],
        ["play", "al_cabohne", "-o", "al_cabohne." + BIG + "=1"],
        ["play", "al_cabohne", "-o", "al_cabohne.run_outs=" + BIG],
        ["play", "al_cabohne", "-o", BIG + "=1"],
        ["play", "al_cabohne", "--seat", BIG],
        ["play", "al_cabohne", "--seat", "bot:" + BIG],
        ["play", "--load", "/tmp/" + "z" * 5000],
        ["play", "al_cabohne", "--" + BIG[:5000]],
        [BIG[:5000]],
        ["--" + BIG[:5000]],
        ["simulate", "al_cabohne", "--bots", "random," + BIG],
        ["simulate", "al_cabohne", "--out", "/tmp/" + "z" * 5000 + "/x"],
        ["tournament", "al_cabohne", "--bots", BIG],
        ["tournament", "al_cabohne", "--bots", BIG + ":f"],
        ["tournament", "al_cabohne", "--bots", "/tmp/" + "z" * 5000 + ".py:f"],
        ["tournament", "al_cabohne", "--bots", "greedy", "-B", BIG],
        ["tournament", "al_cabohne", "--bots", "ismcts", "-p", "1", "-n", "1", "-B", "ismcts.iterations=" + BIG],
        ["tournament", "al_cabohne", "--backend", BIG],
        ["rules", BIG],
        ["new-plugin", BIG],
    ],
    ids=lambda args: " ".join(a[:20] for a in args),
)
def test_a_refused_value_is_quoted_short(args):
    # issue 17: error messages quote at most a short prefix of what they refuse
    one_line_error(run(*args))


def test_a_save_with_a_huge_action_code_is_one_short_line(tmp_path):
    game = beanframe.new_game(["al_cabohne"], 2, seed=1)
    game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    data["actions"][0] = "y" * 1_000_000
    save = tmp_path / "s.json"
    save.write_text(json.dumps(data))
    for args in (["play", "--load", str(save)], ["replay", str(save)]):
        assert "cannot be replayed" in one_line_error(run(*args))


@pytest.mark.parametrize(
    "args",
    [
        ["play", "al_cabohne", "--seed", TOO_BIG],
        ["play", "al_cabohne", "--seed", "-1"],
        ["play", "al_cabohne", "--bot-seed", TOO_BIG],
        ["simulate", "al_cabohne", "-n", "1", "--seed", TOO_BIG],
        ["simulate", "al_cabohne", "-n", "1", "--bot-seed", TOO_BIG],
        ["tournament", "al_cabohne", "--bots", "random", "-p", "1", "-n", "1", "--seed", TOO_BIG],
        ["tournament", "al_cabohne", "--bots", "random", "-p", "1", "-n", "1", "--bot-seed", TOO_BIG],
    ],
    ids=lambda args: " ".join(args[:1] + args[-2:]),
)
def test_a_seed_a_save_cannot_keep_is_refused_at_the_start_naming_the_range(args):
    # issue 17: play --seed 18446744073709551616 was accepted, then its own save was refused
    err = one_line_error(run(*args))
    assert "must be a whole number from 0 to 2**64 - 1 (18446744073709551615), not" in err


def test_a_config_seed_a_save_cannot_keep_is_refused_naming_the_range(tmp_path):
    config = tmp_path / "game.toml"
    config.write_text(f'variants = ["al_cabohne"]\nseed = {TOO_BIG}\n')
    assert "at most 18446744073709551615" in one_line_error(run("play", "--config", str(config)))
    config.write_text('variants = ["al_cabohne"]\nseed = -3\n')
    assert "'seed' must be a whole number from 0 to 2**64 - 1" in one_line_error(run("play", "--config", str(config)))


def test_the_largest_seed_plays_and_saves(tmp_path):
    save = tmp_path / "s.json"
    res = run("play", "al_cabohne", "--seed", str(2**64 - 1), "--seat", "human", "--seat", "bot:greedy",
              input=f"save {save}\nquit\n\n")
    assert res.exit_code == 0, res.output
    assert beanframe.load_game(save.read_text()).state.seed == 2**64 - 1
