"""``beanframe tournament``: table, --out for replay, bot options, one-line errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from beanframe_cli.app import app

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def run(*args):
    return runner.invoke(app, list(args), env=WIDE)


def test_a_tournament_prints_a_rated_table_and_writes_replayable_games(tmp_path):
    out = tmp_path / "t.jsonl"
    res = run("tournament", "al_cabohne", "--bots", "greedy,random", "-n", "4", "-p", "2", "--seed", "1", "--bot-seed", "2", "--out", str(out))
    assert res.exit_code == 0, res.output
    for word in ("greedy", "random", "mafia", "95% CI", "μ ± σ", "games/s", "--bot-seed 2", "head to head (ties half)", "ahead of"):
        assert word in res.output
    lines = out.read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["bots"] == ["greedy", "random"]
    replay = run("replay", str(out), "--game", "2")
    assert replay.exit_code == 0, replay.output
    assert "winner" in replay.output


def test_bot_options_reach_the_bot():
    res = run("tournament", "al_cabohne", "--bots", "ismcts", "-p", "1", "-n", "1",
              "-B", "ismcts.iterations=2", "-B", "ismcts.rollout=random", "-B", "ismcts.depth=3")
    assert res.exit_code == 0, res.output
    assert "ismcts" in res.output


def test_mistakes_are_one_line_and_exit_code_2():
    for args in (["--bots", "greedy,nope"], ["--bots", "greedy", "-B", "oops"], ["--backend", "cloud"]):
        res = run("tournament", "al_cabohne", "-n", "1", *args)
        assert res.exit_code == 2, res.output
        assert res.output.strip().startswith("error:") and "Traceback" not in res.output
