"""Issue 6 "Players": what a player meets at the terminal (crashes, reasons, meter, help, the
80x24 board, hot seat, quit, streaks, records that replay) and that the CLI names no game."""

from __future__ import annotations

import io
import io as _io
import json
import random
import re
import tokenize
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import beanframe
from beanframe.beans import PART as BEANS
from beanframe_cli import render
from beanframe_cli.app import app
from beanframe_cli.commands.simulate import streaks
from beanframe_cli.config import Seat
from beanframe_cli.replaying import replay
from beanframe_cli.session import PlaySession

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
CLI = Path(__file__).resolve().parents[2] / "cli"


def run(*args: str, input: str | None = None, env: dict | None = None):
    return runner.invoke(app, list(args), input=input, env={**WIDE, **(env or {})})


def console(width: int = 160, height: int = 24) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, height=height, highlight=False), out


def scripted(lines):
    it = iter(lines)
    return lambda prompt: next(it, None)


def advance_to(game, kind: str, need=lambda g: True, limit: int = 400):
    """Play first choices (never an any-time option: those come last) until a ``kind`` frame."""
    for _ in range(limit):
        if game.frame is not None and game.frame.kind == kind and need(game):
            return game
        if game.is_over:
            return None
        game.apply(game.legal_actions()[0])
    return None


# -- crashes: one line, exit 1, traceback with --debug -------------------------------------------


class Crasher:
    def act(self, view, legal):
        raise IndexError("list index out of range")


def test_a_crashing_bot_in_play_is_one_line_and_exit_code_1(monkeypatch):
    monkeypatch.setattr("beanframe_cli.session.make_bot", lambda rs, name, seed: Crasher())
    result = run("play", "al_cabohne", "--seat", "bot:random", "--seat", "bot:random", "--seed", "1")
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1, result.stderr
    assert "bot:random (player 1) failed" in result.stderr and "IndexError" in result.stderr
    assert "Traceback" not in result.output
    # --debug keeps the traceback (the runner hands the exception over)
    result = run("--debug", "play", "al_cabohne", "--seat", "bot:random", "--seat", "bot:random", "--seed", "1")
    assert result.exit_code == 1 and isinstance(result.exception, Exception)


def test_a_crashing_bot_in_simulate_names_bot_and_seed(monkeypatch):
    monkeypatch.setattr("beanframe.simulate.make_bot", lambda rs, name, seed: Crasher())
    result = run("simulate", "al_cabohne", "-n", "3", "--bots", "random,random", "--seed", "4")
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1, result.stderr
    assert "seed 4" in result.stderr and "IndexError" in result.stderr


def test_an_unexpected_error_in_replay_is_one_line(monkeypatch, tmp_path):
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    game.apply(game.legal_actions()[0])
    save = tmp_path / "g.json"
    save.write_text(game.to_json())

    def boom(*args, **kwargs):
        raise RuntimeError("a plugin broke")

    monkeypatch.setattr("beanframe_cli.commands.replay.replay", boom)
    result = run("replay", str(save))
    assert result.exit_code == 1
    assert result.stderr.strip() == "error: unexpected RuntimeError: a plugin broke (run beanframe --debug ... for the traceback)"


# -- reasons, meter, help ---------------------------------------------------------------------------


def test_an_illegal_choice_says_why():
    game = advance_to(beanframe.new_game(["al_cabohne"], 1, seed=4), "plant", lambda g: bool(g.part(BEANS).piles))
    assert game is not None
    con, out = console()
    PlaySession(game, [Seat()], con, scripted(["done", "quit", ""])).run()
    # RULES A "Solo game": every flipped pile must be planted
    assert "done is not possible now: every flipped pile must be planted" in out.getvalue()


def test_a_missing_choice_says_harvest_first():
    # RULES A "Solo game": every flipped pile must be planted; a Runner Bean that no field and no
    # boss takes (all three fields and bosses hold other beans) -> a field must be harvested first
    rules = beanframe.compose(["al_cabohne"], 1)
    game = rules.new_game(seed=1, position={
        "phase": "plant",
        "beans": {
            "hands": [["Blue Bean"]], "piles": [["Runner Bean"]],
            "fields": [[["Blue Bean", "Blue Bean"], ["Kidney Bean"], ["Fava Bean", "Fava Bean"]]],
        },
        "mafia": {"bosses": [["Stink Bean"], ["Green Bean"], ["Chili Bean"]]},
    })  # fmt: skip
    assert [a.code for a in game.legal_actions()] == ["harvest f1", "harvest f3"]
    con, out = console()
    PlaySession(game, [Seat()], con, scripted(["why"])).run()
    assert out.getvalue().count("every flipped pile must be planted: harvest a field first") >= 2  # board and why


def test_meter_and_help_list_the_bean_o_meter_and_the_phases():
    game = beanframe.new_game(["al_cabohne"], 2, seed=5)
    con, out = console()
    PlaySession(game, [Seat(), Seat("random")], con, scripted(["meter", "help", "", ""])).run()
    text = out.getvalue()
    assert "Bean-o-meter" in text and re.search(r"Blue Bean\s+4\s+6\s+8\s+10\s+20", text)  # cards.toml
    for phase in ("shuffle and deal", "play from hand", "flip beans", "plant beans", "draw new beans", "everyone sells"):
        assert phase in text
    assert "meter" in text.split("Commands:", 1)[1]  # help lists the variant's own command


def test_non_ascii_and_over_long_input_are_refused_with_a_line():
    game = beanframe.new_game(["al_cabohne"], 2, seed=5)
    before = game.to_json()
    con, out = console()
    PlaySession(game, [Seat(), Seat("random")], con, scripted(["²", "٣", "plant f" + "9" * 5000, "9" * 5000])).run()
    assert game.to_json() == before
    text = out.getvalue()
    assert "'²' is not a command or a code" in text
    assert "9" * 200 not in text  # over-long input is shortened, never echoed whole


# -- the board fits 80x24 ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2])
def test_the_board_fits_an_80x24_terminal(players):
    widest = tallest = 0
    for seed in range(4):
        game = beanframe.new_game(["al_cabohne"], players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            # every fifth position, and every crowded one (the most choices, the longest lists)
            if game.to_act == 0 and (game.state.n_actions % 5 == 0 or len(game.legal_actions()) > 7):
                con, out = console(width=80, height=24)
                session = PlaySession(game, [Seat()] + [Seat("random")] * (players - 1), con, scripted([]))
                session.show_board(0)
                lines = out.getvalue().splitlines()
                tallest = max(tallest, len(lines))
                widest = max(widest, max(len(line.rstrip()) for line in lines))
                assert "Hand (front first)" in out.getvalue()
            game.apply(rng.choice(game.legal_actions()))
    assert tallest <= 23  # and the input line below it
    assert widest <= 80


# -- watching bots, hot seat, quit ---------------------------------------------------------------------


def test_watching_bots_shows_the_flips_and_the_mafia():
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    con, out = console()
    PlaySession(game, [Seat("greedy"), Seat("random")], con, scripted([])).run()
    text = out.getvalue()
    assert "· flipped " in text  # RULES A phase 4
    assert re.search(r"· \d+ \S+ (Bean )?to (Al Cabohne|Don Corlebohne)", text)  # beans to the mafia
    assert "game seed 3" in text


def test_hot_seat_hands_over_before_showing_a_hand():
    game = beanframe.new_game(["al_cabohne"], 2, seed=6)
    con, out = console()
    answers = iter([""] + ["1"] * 40)
    PlaySession(game, [Seat(), Seat()], con, lambda prompt: "" if "press Enter" in prompt else next(answers, None)).run()
    text = out.getvalue()
    assert text.index("Hand over to player 1.") < text.index("Hand (front first)")
    # every board belongs to the player the last hand-over screen named
    for chunk in text.split("Hand over to player ")[1:]:
        who = chunk[0]
        boards = re.findall(r"player (\d) \(you\) to act", chunk)
        assert boards and set(boards) == {who}


def test_quit_offers_to_save(tmp_path):
    game = beanframe.new_game(["al_cabohne"], 2, seed=5)
    path = tmp_path / "left.json"
    con, out = console()
    prompts = []
    answers = iter(["quit", "y", str(path)])

    def read(prompt):
        prompts.append(prompt)
        return next(answers, None)

    assert PlaySession(game, [Seat(), Seat("random")], con, read).run() == "quit"
    assert beanframe.load_game(path.read_text()).to_json() == game.to_json()
    assert any("save the game first?" in p for p in prompts)


def test_play_shows_the_seed_only_when_the_game_is_over():
    # issue 6 "Robustness": the seed rebuilds the deck and the bot's hand
    out = run("play", "al_cabohne", "--seed", "987", input="1\n1\n").output
    assert "987" not in out
    out = run("play", "al_cabohne", "--players", "1", "--seed", "987", "-q", input="1\n" * 400).output
    assert "game seed 987" in out


# -- streaks ---------------------------------------------------------------------------------------------


def test_streaks_over_seeds():
    assert streaks([]) == (0.0, 0)
    assert streaks([False, False]) == (0.0, 0)
    assert streaks([True, True, False, True, False, True, True, True]) == (2.0, 3)


def test_play_streak_keeps_current_and_best_in_the_streak_file(tmp_path):
    # RULES A "Solo game": beat the mafia as many games in a row as you can
    book = tmp_path / "streaks.json"
    result = run("play", "al_cabohne", "--players", "1", "--streak", "-q", input="1\n" * 400 + "q\n",
                 env={"BEANFRAME_STREAK_FILE": str(book)})
    assert result.exit_code == 0, result.output
    assert "streak: 0 won in a row · best 0" in result.output
    data = json.loads(book.read_text())
    (key, entry), = data.items()
    assert key.startswith("al_cabohne/1p/")
    won = "You won!" in result.output
    assert entry == {"current": int(won), "best": int(won)}
    # a corrupt file is one line, not a traceback
    book.write_text("[" * 10000)
    result = run("play", "al_cabohne", "--players", "1", "--streak", "--streak-file", str(book), input="q\n")
    assert result.exit_code == 2 and "streak file" in result.stderr and result.stderr.count("\n") == 1


def test_simulate_reports_solo_streaks():
    out = run("simulate", "al_cabohne", "--bots", "greedy", "-n", "12", "--bot-seed", "1").output
    assert re.search(r"solo streaks over the seeds: mean \d+\.\d\d games, longest \d+", out)


# -- simulate --out and replay ----------------------------------------------------------------------------


def test_simulate_out_records_every_game_so_replay_can_open_it(tmp_path):
    out = tmp_path / "games.jsonl"
    result = run("simulate", "al_cabohne", "cheap_field", "-n", "3", "--bots", "greedy,random", "--seed", "5",
                 "-o", "cheap_field.cost=3", "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 3
    first = lines[0]
    assert {v["name"] for v in first["variants"]} == {"al_cabohne", "cheap_field"}
    assert all(v["version"] for v in first["variants"])
    assert first["options"]["cheap_field"] == {"cost": 3} and first["seed"] == 5 and first["moves"]
    game = beanframe.new_game(["al_cabohne", "cheap_field"], 2, seed=6, options={"cheap_field": {"cost": 3}})
    for code in lines[1]["moves"]:
        game.apply(code)
    assert game.is_over and list(game.result.winners) == lines[1]["winners"]
    replayed = run("replay", str(out), "--game", "2")
    assert replayed.exit_code == 0, replayed.output
    assert "Result" in replayed.output and "game seed 6" in replayed.output
    missing = run("replay", str(out))
    assert missing.exit_code == 2 and "--game N (1..3)" in missing.stderr


def test_simulate_refuses_an_unwritable_out_before_playing(tmp_path):
    result = run("simulate", "al_cabohne", "-n", "100000", "--out", str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_replay_step_shows_the_board_and_steps_back():
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    con, out = console()
    stopped = replay(game, con, scripted(["", "", "b", "q"]), step=True)
    text = out.getvalue()
    assert len(stopped.actions) == 2  # three forward, one back
    assert "back to the position after action 2" in text
    assert text.count("to act ·") >= 4  # the board at every pause
    assert "Hand (front" not in text  # a spectator's board: no hand


# -- the CLI names no game -----------------------------------------------------------------------------------

GAME_WORDS = re.compile(r"cabohne|bohnanza|prohibohn|bohnaparte|ali.?baba|mafia", re.I)


def test_the_cli_names_no_game():
    # issue 5 §6: renderers and statistics come from the plugins; comments may name games
    found = []
    for path in sorted(CLI.rglob("*.py")):
        tokens = tokenize.generate_tokens(_io.StringIO(path.read_text(encoding="utf-8")).readline)
        for tok in tokens:
            if tok.type != tokenize.COMMENT and GAME_WORDS.search(tok.string):
                found.append(f"{path.relative_to(CLI.parent)}:{tok.start[0]}: {tok.string[:60]}")
    assert not found, found


def test_a_part_without_a_renderer_is_shown_as_data():
    game = beanframe.new_game(["al_cabohne"], 2, seed=1)
    con, out = console()
    render.render_all(con, render.render_part("widgets", {"count": 3}, game.view(0), None, game.ruleset))
    assert "widgets: count 3" in out.getvalue()  # issue 27.4: drawn readably (test_newcomer_screens)


def test_replay_steps_back_from_the_last_action():
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    con, out = console()
    replay(game, con, scripted(["", "b", "", ""]), step=True)
    text = out.getvalue()
    assert "back to the position after action 1" in text
    assert "the save ends in turn 1" in text
