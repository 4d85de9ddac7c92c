"""Positions on the command line (issue 21.1): ``play --position FILE`` and ``simulate --position
FILE`` (TOML or JSON; the file may say its variants, players, options and seed, a contradiction
with the command line is one line of error), the game prompt's ``position FILE`` (written to the
file the user names, never shown), ``beanframe position`` (check a file, or the position of a
save); a bad position file: one line per problem, exit 2, no traceback."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import beanframe
from beanframe_cli.app import app

runner = CliRunner()
WIDE = {"COLUMNS": "200"}

POSITION = """\
variants = ["al_cabohne"]
players = 2
turn = 5
active = "p2"
phase = "play"

[beans]
hands = [["fire", "blue"], ["Stink Bean", 3]]
coins = [2, ["blue"]]
deck_top = ["runner"]

[mafia]
bosses = [["broad"], []]
"""


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env=WIDE)


def ok(*args: str, input: str | None = None):
    result = run(*args, input=input)
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def errors(result) -> list[str]:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), result.stderr
    return lines


@pytest.fixture
def toml(tmp_path):
    path = tmp_path / "here.toml"
    path.write_text(POSITION, encoding="utf-8")
    return path


def test_play_from_a_toml_position(toml):
    out = ok("play", "--position", str(toml), "--seat", "bot:greedy", "--seat", "bot:greedy", "--seed", "4", "-q").output
    assert "game seed 4" in out and "winner" in out


def test_the_game_starts_where_the_position_says(toml, tmp_path):
    # p2's turn 5, phase 3 (play from hand): a human in seat 2 is asked to plant its Stink Bean
    out = ok("play", "--position", str(toml), "--seat", "bot:greedy", "--seat", "human", "--seed", "4", input="quit\n\n").output
    assert "Turn 5 · player 2 (you) to act · phase 3: play from hand" in out and "player 2>" in out


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--players", "1"], "is a position of a 2-player game, not a 1-player one"),
        (["bohnanza"], "is a position of al_cabohne: leave out the variants or give exactly those"),
        (["-o", "al_cabohne.run_outs=2"], None),  # the file says no option: the command line's count
    ],
)
def test_the_command_line_may_add_but_not_contradict(toml, args, fragment):
    result = run("play", *args, "--position", str(toml), "--seat", "bot:greedy", "--seat", "bot:greedy", "-q", "--seed", "1")
    if fragment is None:
        assert result.exit_code == 0, result.output
        return
    (line,) = errors(result)
    assert fragment in line


def test_options_and_seed_in_the_file_are_checked_against_the_command_line(tmp_path):
    path = tmp_path / "opts.toml"
    path.write_text(POSITION + "\n[options.al_cabohne]\nrun_outs = 2\n", encoding="utf-8")
    (line,) = errors(run("play", "--position", str(path), "-o", "al_cabohne.run_outs=3", "-q"))
    assert "option al_cabohne.run_outs" in line and "says 2, the command line 3" in line
    path.write_text("seed = 9\n" + POSITION, encoding="utf-8")
    (line,) = errors(run("play", "--position", str(path), "--seed", "8", "-q"))
    assert "says seed 9, the command line 8" in line


def test_a_bad_position_file_is_one_line_per_problem(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(POSITION.replace('"fire"', '"Fierbohne"').replace("turn = 5", "turn = 0"), encoding="utf-8")
    lines = errors(run("play", "--position", str(path), "-q"))
    assert len(lines) == 2
    assert lines[0] == f"error: {path}: turn: 0 is out of range (expected at least 1)"
    assert lines[1].startswith(f"error: {path}: beans.hands[0][0]: unknown bean 'Fierbohne' (beans: ")
    path.write_text("turn = [", encoding="utf-8")
    (line,) = errors(run("play", "--position", str(path), "-q"))
    assert "not valid TOML" in line


def test_a_save_is_not_a_position(tmp_path):
    save = tmp_path / "game.json"
    save.write_text(beanframe.new_game(["al_cabohne"], 2, seed=1).to_json(), encoding="utf-8")
    (line,) = errors(run("play", "--position", str(save), "-q"))
    assert "is a save file: continue it with --load" in line
    (line,) = errors(run("play", "--position", str(save), "--load", str(save), "-q"))
    assert "give one of them" in line


def test_the_prompt_writes_the_position_to_a_file_only(tmp_path):
    # a position holds every hand: written where the player asks, never printed (hot seat)
    target = tmp_path / "now.json"
    out = ok("play", "al_cabohne", "--seed", "7", input=f"1\nposition {target}\nquit\n\n").output
    assert f"wrote the position to {target}" in out and "keep it from the other players" in out
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "beanframe-position" and data["seed"] == 7
    hand2 = data["beans"]["hands"][1]
    assert json.dumps(hand2) not in out  # the other hand is not on the screen
    game = beanframe.compose(["al_cabohne"], 2).new_game(position=data)
    assert game.position() == data
    again = ok("play", "--position", str(target), "--seat", "bot:greedy", "--seat", "bot:greedy", "-q")
    assert "game seed 7" in again.output
    refused = ok("play", "al_cabohne", "--seed", "7", input=f"position {tmp_path / 'x.toml'}\nquit\n\n").output
    assert "positions are written as JSON" in refused


def test_simulate_from_a_position(toml, tmp_path):
    out = tmp_path / "games.jsonl"
    result = ok("simulate", "--position", str(toml), "-n", "4", "--bots", "greedy,greedy", "--bot-seed", "1", "--seed", "3", "--out", str(out))
    assert "p1" in result.output and "mafia" in result.output  # the win rates from there
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["seed"] for r in lines] == [3, 4, 5, 6]
    assert all(r["position"]["beans"]["hands"][0] == ["fire", "blue"] for r in lines)
    assert all("seed" not in r["position"] for r in lines)  # each game deals from its own seed
    replayed = ok("replay", str(out), "--game", "2")
    assert "replay: al_cabohne" in replayed.output
    (line, *_) = errors(run("simulate", "--position", str(toml), "-n", "2", "--players", "3"))
    assert "2-player game" in line


def test_beanframe_position_checks_a_file_and_writes_a_saves_position(toml, tmp_path):
    line = ok("position", str(toml)).output
    assert line.startswith(f"{toml}: a position of al_cabohne, 2 player(s); turn 5, play: p2 to decide")
    full = tmp_path / "full.json"
    ok("position", str(toml), "--out", str(full))
    assert json.loads(full.read_text(encoding="utf-8"))["beans"]["deck"]  # everything dealt, written out
    game = beanframe.new_game(["al_cabohne"], 2, seed=2)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    save = tmp_path / "game.json"
    save.write_text(game.to_json(), encoding="utf-8")
    assert json.loads(ok("position", str(save)).output) == game.position()
