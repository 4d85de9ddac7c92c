"""Issue 20.3: trading at one terminal. A player not on turn may sit out the rest of a trade
(``sit-out``): the terminal passes for them, without a hand-over screen or a board, until an offer
is made to them; the next trade asks them as usual."""

from __future__ import annotations

import io

from rich.console import Console

from beanframe.core.present import check_line, presentation
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession

from .helpers import situation


def game_and_session(lines, humans=4):
    game = situation(at="trade", hands=[["soy", "red", "fire"], ["blue", "fire", "fire"], ["green"], []], deck=["garden", "green"])
    out = io.StringIO()
    answers = iter(lines)
    s = PlaySession(game, [Seat()] * humans, Console(file=out, width=80, height=24, highlight=False), lambda p: next(answers, None))
    return game, s, out


def offer(game, line):
    fn, _ = presentation(game.ruleset).line_commands["offer"]
    for a in check_line(game, 0, fn(game, 0, line)):
        game.apply(a, 0)


def test_sit_out_passes_now_and_whenever_asked_again_in_this_trade():
    game, s, out = game_and_session(["sit-out"])
    assert s.human_decision(1) is None
    assert game.actions[-1].code == "pass" and game.actors[-1] == 1
    assert "you sit out the rest of this trade" in out.getvalue()
    offer(game, "p3 give soy for green")  # a new offer, not to player 2: they are asked again
    if 1 in game.deciders:
        before = len(game.actions)
        assert s.sat_out(1) and len(game.actions) == before + 1 and game.actions[-1].code == "pass"


def test_an_offer_to_a_player_who_sits_out_is_asked_as_usual():
    game, s, out = game_and_session(["sit-out"])
    s.human_decision(1)
    offer(game, "p2 give soy for blue")
    assert 1 in game.deciders and not s.sat_out(1)  # the offer needs their answer


def test_the_active_player_cannot_sit_out_and_help_lists_the_command():
    game, s, out = game_and_session(["sit-out", "help"])
    s.human_decision(0)
    text = out.getvalue()
    assert "something needs your answer first" in text  # the active player runs the trade
    assert "sit-out" in text and "pass for the rest of this trade" in text
    assert not any(a.code == "pass" for a in game.actions)


def test_a_hot_seat_trade_skips_who_sits_out_without_a_hand_over():
    # issue 20.3: a player not on turn passed 10 times during one trade, a hand-over screen each
    game, s, out = game_and_session(["", "sit-out", "", "sit-out", "", "sit-out"])
    for player in (1, 2, 3):
        assert s.hand_over(player) and s.human_decision(player) is None
    assert out.getvalue().count("Hand over to") == 3
    offer(game, "p2 give soy for blue")  # player 2 answers; players 3 and 4 stay out
    assert [p for p in (1, 2, 3) if p in game.deciders and not s.sat_out(p)] == [1]
    assert out.getvalue().count("Hand over to") == 3  # sitting out shows no hand-over screen


def test_the_board_offers_sit_out_to_a_player_not_on_turn():
    # issue 20.3: every code explained where it is offered
    game, s, out = game_and_session([])
    s.console = Console(file=out, width=80, height=60, highlight=False)
    s.show_board(1)
    assert "sit-out: pass for the rest of this trade" in out.getvalue()
    out.seek(0)
    out.truncate()
    s.show_board(0)  # the active player runs the trade
    assert "sit-out" not in out.getvalue()
