"""Issue 24.4: a trade at one terminal (hot seat). A trade between the active player and one
partner costs one hand-over per change of person who must act: players with nothing to answer
are not shown (the terminal passes for them). Who wants to trade joins in: their number at a
hand-over screen, or ``join pK`` at a prompt. The issue: after p2 typed ``reject o1`` the game
handed over to p3."""

from __future__ import annotations

import io
import re

from rich.console import Console

import beanframe
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession
from tests.cli.test_cli_terminal import Reader

OPENING = ["", "1", "plant f2", "offer p2 give h1 for 1 Blue Bean"]  # the first lines (seed 5)


def play(lines):
    game = beanframe.new_game(["bohnanza"], 3, seed=5)
    out = io.StringIO()
    read = Reader([*lines, "quit", "n"])
    PlaySession(game, [Seat()] * 3, Console(file=out, width=100, height=40, highlight=False), read).run()
    text = out.getvalue()
    handed = [int(n) for n in re.findall(r"Hand over to player (\d)\.", text)]
    return game, text, handed, read


def test_an_answered_offer_hands_back_to_the_active_player_not_to_a_bystander():
    game, text, handed, _ = play([*OPENING, "", "reject o1", ""])
    assert handed == [1, 2, 1]  # p3 had nothing to answer: not shown
    assert (game.actions[-1].code, game.actors[-1]) == ("reject o1", 1)
    assert 2 in game.deciders and "player 3>" not in text  # p3 has not passed: they may still join


def test_when_the_active_player_passes_the_terminal_passes_for_the_bystanders():
    game, text, handed, _ = play([*OPENING, "", "reject o1", "", "pass"])
    assert handed == [1, 2, 1]
    moves = list(zip((a.code for a in game.actions), game.actors))
    after = moves[moves.index(("reject o1", 1)):]
    assert ("pass", 0) in after and ("pass", 2) in after and ("pass", 1) in after
    assert game.phase.name != "trade" and "player 3>" not in text


def test_a_bystander_joins_by_their_number_at_the_hand_over_screen():
    game, text, handed, read = play([*OPENING, "", "reject o1", "3", "", "offer p1 give h1 for u2"])
    assert handed == [1, 2, 1, 3, 1]  # then p1 must answer p3's offer
    assert (game.actions[-1].code, game.actors[-1]) == ("send p1", 2)  # p3's offer
    assert read.prompts.count("player 3: press Enter when only you can see the screen ") == 1


def test_join_at_a_prompt_hands_the_terminal_to_that_player():
    game, text, handed, _ = play(["", "1", "plant f2", "join p3", "", "offer p1 give h1 for u2"])
    assert handed == [1, 3, 1]
    assert (game.actions[-1].code, game.actors[-1]) == ("send p1", 2)


def test_help_and_the_board_name_join_at_a_hot_seat():
    _, text, _, _ = play(["", "1", "plant f2", "help"])
    assert "join pK: another player at this terminal joins this trade" in text
    assert "player K joins this trade now" in text


def test_who_joined_for_a_move_is_not_shown_again_when_nothing_needs_them():
    # p3 joins and offers to p1; p1 accepts: p1 goes on trading, with no hand-over to p3 or p2
    game, text, handed, _ = play([*OPENING, "", "reject o1", "3", "", "offer p1 give h1 for u2", "", "accept o2", "pass"])
    assert handed == [1, 2, 1, 3, 1]
    moves = list(zip((a.code for a in game.actions), game.actors))
    assert ("accept o2", 0) in moves and moves.index(("accept o2", 0)) < moves.index(("pass", 0))
