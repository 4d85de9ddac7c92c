"""Issue 20 section 3, "The terminal table": leaving a game (quit, Ctrl-C, the end of the input),
the hot seat's hand-over screen, and `beanframe variants` at 80 columns."""

from __future__ import annotations

import io
import re

from rich.console import Console
from typer.testing import CliRunner

import beanframe
from beanframe_cli.app import app
from beanframe_cli.config import Seat
from beanframe_cli.session import INTERRUPTED, QUIT, PlaySession

runner = CliRunner()


def console(width: int = 80, height: int = 24) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, height=height, highlight=False), out


class Reader:
    """Scripted input lines (a BaseException in the script is raised, as Ctrl-C would be); it
    records every prompt it was asked with."""

    def __init__(self, lines) -> None:
        self.lines = iter(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str):
        self.prompts.append(prompt)
        line = next(self.lines, None)
        if isinstance(line, BaseException):
            raise line
        return line


def game_vs_bot():
    return beanframe.new_game(["al_cabohne"], 2, seed=5)


# -- quit: two unambiguous questions -----------------------------------------------------------------


def test_answering_n_at_the_quit_prompt_saves_nothing(tmp_path, monkeypatch):
    # issue 20.3: "n" to "save the game first?" saved a file named "n"
    monkeypatch.chdir(tmp_path)
    con, out = console()
    read = Reader(["quit", "n"])
    assert PlaySession(game_vs_bot(), [Seat(), Seat("random")], con, read).run() == QUIT
    assert list(tmp_path.iterdir()) == []
    assert "game left unfinished" in out.getvalue()
    assert read.prompts[-1] == "save the game first? [y/N] "


def test_quit_asks_yes_or_no_then_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = game_vs_bot()
    con, out = console()
    # an answer that is neither y nor n is asked again, never taken for a file name
    read = Reader(["quit", "maybe.json", "yes", "kept.json"])
    assert PlaySession(game, [Seat(), Seat("random")], con, read).run() == QUIT
    assert [p.name for p in tmp_path.iterdir()] == ["kept.json"]
    assert "answer y or n" in out.getvalue()
    assert beanframe.load_game((tmp_path / "kept.json").read_text()).to_json() == game.to_json()


def test_yes_then_enter_or_the_end_of_input_leaves_without_saving(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for script in (["quit", "y", ""], ["quit", "y"], ["quit"]):
        con, out = console()
        assert PlaySession(game_vs_bot(), [Seat(), Seat("random")], con, Reader(script)).run() == QUIT
        assert "not saved" in out.getvalue() and "game left unfinished" in out.getvalue()
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_cannot_be_written_is_asked_again(tmp_path):
    con, out = console()
    good = tmp_path / "ok.json"
    read = Reader(["quit", "y", str(tmp_path / "no" / "such" / "dir.json"), str(good)])
    PlaySession(game_vs_bot(), [Seat(), Seat("random")], con, read).run()
    assert "cannot save to" in out.getvalue() and good.exists()


# -- Ctrl-C: the same offer to save as quit ------------------------------------------------------------


def test_ctrl_c_at_the_prompt_offers_to_save(tmp_path):
    # issue 20.3: Ctrl-C during play exited without the offer to save that quit makes
    game = game_vs_bot()
    path = tmp_path / "interrupted.json"
    con, out = console()
    read = Reader(["1", KeyboardInterrupt(), "y", str(path)])
    assert PlaySession(game, [Seat(), Seat("random")], con, read).run() == INTERRUPTED
    assert "interrupted" in out.getvalue()
    assert beanframe.load_game(path.read_text()).to_json() == game.to_json()
    assert len(game.actions) >= 1  # the action before Ctrl-C is kept


def test_ctrl_c_or_the_end_of_input_at_the_save_prompt_leaves_cleanly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for script in ([KeyboardInterrupt()], [KeyboardInterrupt(), KeyboardInterrupt()], [KeyboardInterrupt(), "y", KeyboardInterrupt()]):
        con, out = console()
        assert PlaySession(game_vs_bot(), [Seat(), Seat("random")], con, Reader(script)).run() == INTERRUPTED
        assert "game left unfinished" in out.getvalue()
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_during_a_bot_move_offers_to_save_a_game_that_loads(tmp_path):
    # an interrupt while an action is applied waits for the action to be whole
    game = game_vs_bot()
    path = tmp_path / "bots.json"

    class Interrupting:
        def __init__(self) -> None:
            self.calls = 0

        def act(self, view, legal):
            self.calls += 1
            if self.calls == 3:
                raise KeyboardInterrupt
            return legal[0]

    con, out = console()
    session = PlaySession(game, [Seat("random"), Seat("random")], con, Reader(["y", str(path)]))
    session.agents = {0: Interrupting(), 1: Interrupting()}
    assert session.run() == INTERRUPTED
    assert beanframe.load_game(path.read_text()).to_json() == game.to_json()


def test_play_exits_130_after_the_offer_when_interrupted(monkeypatch):
    read = Reader(["1", KeyboardInterrupt(), "n"])
    monkeypatch.setattr("beanframe_cli.commands.play.make_reader", lambda console, interactive=None: read)
    result = runner.invoke(app, ["play", "al_cabohne", "--seed", "3"], env={"COLUMNS": "80"})
    assert result.exit_code == 130  # as any command stopped by Ctrl-C
    assert read.prompts[-1] == "save the game first? [y/N] "
    assert "interrupted" in result.output and "game left unfinished" in result.output


# -- hot seat: nothing typed blind is taken --------------------------------------------------------------


def test_a_line_typed_at_the_hand_over_screen_is_ignored_and_the_screen_asks_again():
    # issue 20.3: the hand-over prompt swallowed typed text silently; issue 24.4: its Enter then
    # showed the next player's hand. Now the line is never taken and the screen asks again: only
    # Enter alone shows the hand.
    game = beanframe.new_game(["al_cabohne"], 2, seed=6)
    con, out = console()
    read = Reader(["plant f1", "", "quit", "n"])
    PlaySession(game, [Seat(), Seat()], con, read).run()
    text = out.getvalue()
    assert not game.actions  # the typed action was not taken
    assert "'plant f1' was typed at the hand-over screen: ignored" in text
    assert text.index("ignored") < text.index("Hand (front first)")  # no hand before Enter alone
    handing = "player 1: press Enter when only you can see the screen "
    assert read.prompts[:3] == [handing, handing, "player 1> "]


def test_quit_at_the_hand_over_screen_leaves_without_showing_a_hand():
    game = beanframe.new_game(["al_cabohne"], 2, seed=6)
    con, out = console()
    read = Reader(["quit", "n"])
    assert PlaySession(game, [Seat(), Seat()], con, read).run() == "quit"
    assert "Hand (front first)" not in out.getvalue() and "game left unfinished" in out.getvalue()


# -- beanframe variants at 80 columns ---------------------------------------------------------------------


def test_variants_is_readable_at_80_columns():
    # issue 20.3: at 80 columns "requires" and "conflicts" were squeezed to nothing
    result = runner.invoke(app, ["variants"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    text = result.output
    block = text[text.index("bohnaparte "):]
    assert re.search(r"requires\s+bohnanza\b", block)
    assert re.search(r"conflicts\s+—", block)
    assert re.search(r"players\s+3-6\b", block)
    assert "camp_vp=1" in block and "layout_file='' (--layout FILE)" in block
    assert re.search(r"requires\s+al_cabohne\b", text[text.index("prohibohn "):])
