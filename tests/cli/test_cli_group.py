"""The CLI and group decisions: every human decider is asked in turn (hot seat: after a
hand-over), bots act when asked, and each choice is applied for the player who made it."""

from __future__ import annotations

import io

from rich.console import Console

import beanframe
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession
from tests.core.fakes_group import auction


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, height=40, highlight=False), out


def test_a_human_and_a_bot_share_a_group_decision():
    game = beanframe.compose([auction()], 2).new_game(seed=1)
    assert game.deciders == (0, 1)
    answers = iter(["donate", "bid 3"])
    prompts: list[str] = []

    def read(prompt: str):
        prompts.append(prompt)
        return next(answers, None)

    con, out = _console()
    PlaySession(game, [Seat(), Seat("random")], con, read, bot_master=3).run()
    # the human donated (an any-time option: they stay a decider); the next one asked is the bot,
    # not the human again (round-robin, as play_game asks), and each choice is the chooser's
    assert game.actions[0].code == "donate" and game.actors[0] == 0
    assert game.actors[1] == 1
    assert (game.actions[game.actors.index(0, 1)].code, prompts[1]) == ("bid 3", "player 1> ")


def test_two_humans_at_one_terminal_are_each_asked_after_a_hand_over():
    game = beanframe.compose([auction()], 2).new_game(seed=1)
    lines = iter(["", "bid 1", "", "bid 2"])
    prompts: list[str] = []

    def read(prompt: str):
        prompts.append(prompt)
        return next(lines, None)

    con, out = _console()
    PlaySession(game, [Seat(), Seat()], con, read).run()
    assert [(a.code, p) for a, p in zip(game.actions, game.actors)] == [("bid 1", 0), ("bid 2", 1)]
    assert "Hand over to player 1." in out.getvalue() and "Hand over to player 2." in out.getvalue()
    # player 2 bid in the first lot's group decision, after player 1, without waiting for a turn
    assert game.state.turn == 2


def test_a_hand_over_clears_the_scrollback_too():
    # issue 17: the screen was cleared but the terminal's scrollback still showed the previous
    # player's hand after "Hand over to player 2"
    from beanframe_cli.session import CLEAR_ALL

    game = beanframe.compose([auction()], 2).new_game(seed=1)
    lines = iter(["", "bid 1", "", "bid 2"])
    out = io.StringIO()
    con = Console(file=out, width=120, height=40, highlight=False, force_terminal=True)
    PlaySession(game, [Seat(), Seat()], con, lambda prompt: next(lines, None)).run()
    text = out.getvalue()
    assert "\x1b[3J" in CLEAR_ALL and "\x1b[2J" in CLEAR_ALL
    before_second = text[: text.index("Hand over to player 2.")]
    assert before_second.rfind(CLEAR_ALL) > before_second.rfind("bid 1")  # cleared after p1 played
