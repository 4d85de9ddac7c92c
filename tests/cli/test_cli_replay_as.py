"""``beanframe replay FILE --as p2``: a saved game as one player (or a spectator) knew it; and a
play session shows a human only what that human may know of the bots' moves."""

from __future__ import annotations

import io
import re

from rich.console import Console
from typer.testing import CliRunner

import beanframe
from beanframe_cli.app import app
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession

runner = CliRunner()
WIDE = {"COLUMNS": "200"}

# the scripted opening of tests/al_cabohne/test_scripted_game.py: player 1 gives the 2nd hand card
# (a Kidney Bean) to Al Cabohne, then draws two Stink Beans
DECK = ["fire", "blue", "fire", "french", "blue", "french", "kidney", "runner", "puff", "broad",
        "kidney", "runner", "kidney", "fire", "blue", "runner", "puff", "broad", "broad"]  # fmt: skip


def saved(tmp_path):
    game = beanframe.new_game(["al_cabohne"], 2, seed=1, deck=DECK)
    for code in ("plant f1", "plant f1", "done", "plant-pile s1 f1", "give h2 b1", "done"):
        game.apply(code)
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    return path


def replay(*args):
    result = runner.invoke(app, ["replay", *args], env=WIDE)
    return result


def test_as_full_the_replay_shows_the_whole_save(tmp_path):
    out = replay(str(saved(tmp_path)), "--as", "full").output
    assert "[give h2 b1]" in out and "give hand card 2 (Kidney Bean) to Al Cabohne" in out
    assert out.count("player 1 draws Stink Bean") == 2


def test_as_another_player_shows_only_the_public_forms(tmp_path):
    path = saved(tmp_path)
    for who in (["--as", "p2"], ["--as", "2"], ["--as", "spectator"], []):  # the spectator is the default
        result = replay(str(path), *who)
        assert result.exit_code == 0, result.output
        out = result.output
        assert "[give h? b1]" in out and "give a hand card to Al Cabohne" in out
        assert "give h2" not in out and "hand card 2" not in out
        assert "player 1 gives Kidney Bean to Al Cabohne" in out  # public: the bean lands on Al's field
        assert out.count("player 1 draws a card") == 2 and "draws Stink Bean" not in out


def test_as_the_actor_shows_the_own_secrets(tmp_path):
    out = replay(str(saved(tmp_path)), "--as", "p1").output
    assert "[give h2 b1]" in out and out.count("player 1 draws Stink Bean") == 2


def test_as_a_player_the_save_does_not_have(tmp_path):
    result = replay(str(saved(tmp_path)), "--as", "p3")
    assert result.exit_code == 2
    assert "'p3' is not a player of this 2-player game (use p1, p2, spectator or full)" in result.output
    assert "Traceback" not in result.output


def test_a_session_shows_the_human_only_the_public_form_of_bot_moves():
    out = io.StringIO()
    con = Console(file=out, width=200, highlight=False)
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)  # the bot gives its 2nd hand card to Don
    session = PlaySession(game, [Seat(bot="random"), Seat()], con, lambda prompt: None, bot_master=1)
    assert session.viewer == 1
    session.run()  # the bot plays its turn; the human (player 2) is asked; the input ends
    text = out.getvalue()
    gifts = [action for actor, action in game.history if actor == 0 and action.is_private]
    assert [a.code for a in gifts] == ["give h2 b2"]
    assert "give a hand card to Don Corlebohne" in text and "hand card 2" not in text
    assert "player 1 draws a card" in text and not re.search(r"player 1 draws (?!a card)", text)
    hot_seat = PlaySession(beanframe.new_game(["al_cabohne"], 2, seed=3), [Seat(), Seat()], con, lambda p: None)
    assert hot_seat.viewer is None  # two humans at one screen: only what is public
