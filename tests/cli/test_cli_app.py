"""The ``beanframe`` command, driven through typer's CliRunner."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import beanframe
from beanframe_cli.app import app

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # rich tables do not wrap in the tests


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env=WIDE)


def ok(*args: str, input: str | None = None):
    result = run(*args, input=input)
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def numbered_phases(output: str, title: str) -> list[tuple[int, str]]:
    """The numbered rows (number, phase name) of the rules table titled ``title``."""
    section = output.split(title, 1)[1]
    section = section.split("\n\n", 1)[0].split(" phases", 1)[0]
    return [(int(n), name) for n, name in re.findall(r"│\s*(\d+)\s*│\s*(\w+)\s*│", section)]


# -- variants, rules ----------------------------------------------------------------------------


def test_variants_lists_al_cabohne():
    out = ok("variants").output
    assert "al_cabohne" in out
    assert "1.1.0" in out
    assert "third_field_cost=4" in out  # options with their defaults
    assert "1, 2" in out  # supported player counts


def test_rules_two_players_shows_the_six_phases_in_order():
    out = ok("rules", "al_cabohne").output
    # RULES A "Turn": 2 players: phases 1-6
    assert numbered_phases(out, "turn phases") == [
        (1, "leftovers"),
        (2, "tax"),
        (3, "play"),
        (4, "flip"),
        (5, "plant"),
        (6, "draw"),
    ]
    assert "for 2 player(s)" in out  # the default: the smallest count from 2
    for word in ("deal", "mafia_start", "final_harvest", "harvest", "buy_field", "bot:greedy", "bot:random"):
        assert word in out


def test_rules_solo_shows_five_phases():
    out = ok("rules", "al_cabohne", "--players", "1").output
    # RULES A "Solo": no leftovers phase; the phases are numbered 1-5
    assert numbered_phases(out, "turn phases") == [(1, "tax"), (2, "play"), (3, "flip"), (4, "plant"), (5, "draw")]


def test_rules_show_options_given():
    out = ok("rules", "al_cabohne", "-o", "al_cabohne.third_field_cost=2").output
    assert "third_field_cost=2" in out


# -- play ---------------------------------------------------------------------------------------


def test_play_with_two_bots_plays_through():
    result = ok("play", "al_cabohne", "--seat", "bot:greedy", "--seat", "bot:random", "--seed", "3", "--bot-seed", "4")
    out = result.output
    assert "game seed 3" in out  # shown once the game is over
    assert "Result" in out and "winner" in out
    assert "player 1 (bot:greedy):" in out and "player 2 (bot:random):" in out  # one line per bot move
    # the printed result is the game's: replaying the same seats and seed gives the same scores
    from beanframe.agents import make_bot, play_game
    from beanframe.simulate import bot_seed

    rs = beanframe.compose(["al_cabohne"], 2)
    game = play_game(rs.new_game(seed=3), [make_bot(rs, b, bot_seed(4, 3, i)) for i, b in enumerate(["greedy", "random"])])
    winners = ", ".join(game.result.winners)
    assert re.search(rf"(winner|shared win): {re.escape(winners)}\b", out)
    for seat, score in game.result.scores.items():
        assert re.search(rf"│ {seat}\s+│[^│]*│\s+{score} │", out), (seat, score)


def test_play_quiet_prints_only_the_result():
    out = ok("play", "al_cabohne", "--seat", "bot:random", "-q", "--seed", "1").output
    assert "(bot:random):" not in out
    assert "Result" in out


def test_play_human_seat_driven_by_input_lines():
    result = ok("play", "al_cabohne", "--seed", "5", input="1\n" * 25)
    out = result.output
    assert "player 1> 1" in out  # the piped lines are echoed after the prompt
    assert "Hand (front first)" in out
    assert "Mafia (treasury" in out and "Al Cabohne" in out
    assert "player 2 (bot:greedy):" in out  # the default opponent
    assert "end of input" in out  # EOF quits with a message


def test_play_human_solo_game_to_the_end():
    # always choosing the first choice finishes a game (the first is never an any-time option)
    result = ok("play", "al_cabohne", "--players", "1", "--seed", "2", "-q", input="1\n" * 400)
    assert "Result" in result.output
    assert "end of input" not in result.output


def test_play_commands_help_log_and_mistakes():
    out = ok("play", "al_cabohne", "--seed", "5", input="help\n\nlog 3\nfrobnicate\n99\nharvest f9\nquit\n\n").output
    assert "save FILE" in out and "Now: turn 1" in out  # help: commands and the current decision
    assert "turn 1: player 1" in out  # log
    assert "unknown action 'frobnicate'" in out
    assert "no choice 99" in out
    assert "'harvest f9' is not a valid 'harvest' action" in out
    assert "game left unfinished" in out


def test_save_then_replay_and_continue(tmp_path):
    save = tmp_path / "game.json"
    ok("play", "al_cabohne", "--seed", "7", "-q", input=f"1\n1\n1\nsave {save}\nquit\n\n")
    saved = beanframe.load_game(save.read_text())
    assert saved.state.seed == 7 and len(saved.actions) >= 3

    out = ok("replay", str(save)).output
    assert f"{len(saved.actions)} actions" in out
    numbered = re.findall(r"^\s+(\d+)\. turn", out, flags=re.M)
    assert [int(n) for n in numbered] == list(range(1, len(saved.actions) + 1))
    for action in saved.actions:
        assert f"[{action.code}]" in out
    assert "dealt 5 cards to each player" in out  # the events of each action (and of the set-up)
    assert "before the end of the game" in out

    # --load continues the saved game where it stopped
    more = ok("play", "--load", str(save), "-q", input="1\n" * 3)
    assert "end of input" in more.output


def test_replay_a_finished_game_prints_the_result(tmp_path):
    rs = beanframe.compose(["al_cabohne"], 1)
    game = rs.new_game(seed=9)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    save = tmp_path / "done.json"
    save.write_text(game.to_json())
    out = ok("replay", str(save), "--all").output
    assert "Result" in out and "winner" in out
    # --step without a TTY does not wait for input
    assert "Result" in ok("replay", str(save), "--step").output


# -- config files ---------------------------------------------------------------------------------


def test_config_file_sets_up_the_game(tmp_path):
    config = tmp_path / "game.toml"
    config.write_text(
        'variants = ["al_cabohne"]\nplayers = 2\nseed = 12\nseats = ["bot:random", "bot:random"]\n'
        "[options.al_cabohne]\nthird_field_cost = 2\n"
    )
    out = ok("play", "--config", str(config), "-q").output
    assert "al_cabohne, 2 players" in out and "game seed 12" in out
    assert "Result" in out
    # command-line values override the file
    out = ok("play", "--config", str(config), "--seed", "13", "--players", "1", "--seat", "bot:greedy", "-q").output
    assert "al_cabohne, 1 player: player 1 bot:greedy" in out and "game seed 13" in out


# -- simulate -------------------------------------------------------------------------------------


def test_simulate_prints_a_summary_and_writes_jsonl(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    out = ok("simulate", "al_cabohne", "-n", "4", "--bots", "greedy,random", "--seed", "20", "--bot-seed", "1", "--out", str(one)).output
    ok("simulate", "al_cabohne", "-n", "4", "--bots", "greedy,random", "--seed", "20", "--bot-seed", "1", "--jobs", "2", "--out", str(two))
    assert one.read_text() == two.read_text()  # the same games whatever --jobs is
    games = [json.loads(line) for line in one.read_text().splitlines()]
    assert [g["seed"] for g in games] == [20, 21, 22, 23]
    assert all(g["bots"] == ["greedy", "random"] for g in games)
    assert "95% CI (Wilson)" in out and "│ mafia" in out and "games/s" in out
    p1_wins = sum("p1" in g["winners"] for g in games)
    assert re.search(rf"│ p1\s+│ greedy\s+│\s+{p1_wins}/4 │", out)


# -- errors ---------------------------------------------------------------------------------------


def assert_one_line_error(result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    err = result.stderr
    assert err.startswith("error: "), err
    assert err.count("\n") == 1, err  # one line
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in err, err


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["rules", "nosuchvariant"], "unknown variant 'nosuchvariant'"),
        (["play", "nosuchvariant"], "unknown variant 'nosuchvariant'"),
        (["rules", "al_cabohne", "-o", "al_cabohne.third_field_cost=99"], "bad option for al_cabohne"),
        (["rules", "al_cabohne", "-o", "al_cabohne.no_such_option=1"], "unknown option al_cabohne.no_such_option"),
        (["rules", "al_cabohne", "--players", "3"], "cannot be played by 3 player(s)"),
        (["play", "al_cabohne", "--players", "5", "--seat", "bot:random"], "cannot be played by 5 player(s)"),
        (["play", "al_cabohne", "--seat", "bot:nobody"], "unknown bot 'nobody'"),
        (["play", "al_cabohne", "--seat", "robot"], "bad seat 'robot'"),
        (["play", "al_cabohne", "--seat", "human", "--seat", "human", "--seat", "human", "-p", "2"], "3 seats"),
        (["simulate", "al_cabohne", "-n", "2", "--bots", "greedy,nobody"], "unknown bot 'nobody'"),
        (["simulate", "al_cabohne", "-n", "2", "--bots", "random", "--players", "2"], "1 bot(s) given"),
        (["play", "al_cabohne", "--config", "/no/such/config.toml"], "/no/such/config.toml"),
        (["replay", "/no/such/save.json"], "/no/such/save.json"),
        (["play"], "no variant given"),
        (["rules", "al_cabohne", "--players", "two"], "--players"),
        (["nosuchcommand"], "nosuchcommand"),
    ],
)
def test_user_errors_give_one_line_and_exit_code_2(args, fragment):
    assert_one_line_error(run(*args), fragment)


def test_corrupt_save_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ this is not json")
    assert_one_line_error(run("replay", str(bad)), "not a beanframe save file")
    # a real save whose actions were tampered with
    game = beanframe.new_game(["al_cabohne"], 2, seed=1)
    game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    data["seed"] = 2
    bad.write_text(json.dumps(data))
    assert_one_line_error(run("replay", str(bad)))
    assert_one_line_error(run("play", "--load", str(bad)))
    bad.write_bytes(b"\xff\xfe\x00binary")
    assert_one_line_error(run("replay", str(bad)))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("variants = [", "not valid TOML"),
        ('variants = "al_cabohne"\nplayers = "two"', "'players' must be a whole number"),
        ('variants = ["al_cabohne"]\ncolour = "red"', "unknown key 'colour'"),
        ('variants = ["al_cabohne"]\n[options.al_cabohne]\nrun_outs = 0', "bad option for al_cabohne"),
        ('variants = ["al_cabohne"]\nseats = ["bot:nobody"]', "unknown bot 'nobody'"),
    ],
)
def test_bad_config_files(tmp_path, text, fragment):
    config = tmp_path / "bad.toml"
    config.write_text(text)
    assert_one_line_error(run("play", "--config", str(config)), fragment)


def test_version_and_help():
    assert beanframe.__version__ in ok("--version").output
    out = ok("--help").output
    for command in ("variants", "rules", "play", "simulate", "replay"):
        assert command in out
