"""``beanframe play --clock`` (issue 25 §1): the hot-seat screen shows each person's clock, and
the clock is charged from an injected monotonic clock while a decision is on the screen."""

from __future__ import annotations

from typer.testing import CliRunner

from beanframe import compose
from beanframe_cli.app import app
from beanframe_cli.hotclock import TerminalClock
from beanframe.server.clock import parse_clock

runner = CliRunner()


def test_the_hot_seat_board_shows_the_clocks():  # issue 25 §1
    result = runner.invoke(app, ["play", "al_cabohne", "-p", "2", "--seat", "human", "--seat", "human", "--clock", "fast"],
                           input="\nquit\nn\n", env={"COLUMNS": "100"})  # fmt: skip
    assert "clocks: p1 (you) " in result.output and "· p2 5:00" in result.output, result.output[-600:]


def test_a_bad_clock_is_one_line():  # issue 25 §1
    result = runner.invoke(app, ["play", "al_cabohne", "--clock", "sluggish"])
    assert result.exit_code != 0 and "unknown clock" in result.output and "Traceback" not in result.output


class Fake:
    t = 10.0

    def __call__(self) -> float:
        return self.t


def test_the_terminal_clock_charges_the_deciding_person_and_says_when_time_ran_out():  # issue 25 §1
    game = compose(["al_cabohne"], 2).new_game(seed=4)
    now = Fake()
    clock = TerminalClock(parse_clock({"bank": 60, "increment": 5, "group": 10}), game, [0, 1], now)
    now.t += 20
    assert clock.line(0) == "clocks: p1 (you) 0:40 ▶ · p2 1:00"
    action = game.legal_actions(0)[0]
    game.apply(action, 0)
    assert clock.acted(game, 0) == [] and clock.clocks.left[0] == 45  # 40 + the increment
    decider = game.deciders[0]
    now.t += 100
    action = game.legal_actions(decider)[0]
    game.apply(action, decider)
    lines = clock.acted(game, decider)
    assert lines[0] == f"p{decider + 1} ran out of time" and "played on" in lines[1]
