"""Issue 24.2: ``accept oN hK...`` answers F.27's choice of copies in the same line. The issue's
reproduction (3 players, seed 5) failed with "step 2 of 2 (give-copy h3): step 1 ends the
decision, so a line stops there": a line now goes on into the follow-up decision the game asks
of the same player right after (the copies to give), and still stops where a decision ends."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.present import check_line
from beanframe.errors import IllegalActionError
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession
from beanframe_plugins.bohnanza.trade.table import PART as TRADE

# (player, line) as typed in the issue, hand-over screens left out
REPRODUCTION = [
    (0, "1"),
    (0, "plant f2"),
    (0, "offer p2 give h1 for 1 Blue Bean"),
    (1, "reject o1"),
    (2, "offer p1 give h1 for u2"),
    (0, "accept o2"),
    (1, "offer p1 give h2 for 1 Blue Bean"),
]


def once(line: str):
    """A reader that gives ``line``, then the end of the input."""
    answers = iter([line])
    return lambda prompt: next(answers, None)


def issue_game():
    game = beanframe.new_game(["bohnanza"], 3, seed=5)
    out = io.StringIO()
    session = PlaySession(game, [Seat()] * 3, Console(file=out, width=200, height=60, highlight=False), lambda p: None, quiet=True)
    for player, line in REPRODUCTION:
        session.read_line = once(line)
        assert session.human_decision(player) is None, out.getvalue()[-300:]
    return game, session, out


def test_the_issues_accept_line_gives_the_copy_it_names():  # F.27
    game, session, out = issue_game()
    hand = list(game.part(BEANS).hands[0])
    blue = hand[2]
    assert hand.count(blue) == 2  # two Blue Beans (h2, h3): which one goes is p1's choice
    session.read_line = once("accept o3 h3")
    assert session.human_decision(0) is None, out.getvalue()[-300:]
    assert [a.code for a in game.actions[-2:]] == ["accept o3", "give-copy h3"]
    assert game.part(TRADE).offer(2) is None and list(game.part(BEANS).hands[0]) == hand[:2]
    assert "ends the decision" not in out.getvalue()


def test_the_same_line_is_resolved_on_the_copy_and_a_bad_copy_changes_nothing():  # F.27
    game, session, out = issue_game()
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"step 2 of 2 \(give-copy h1\) is not possible"):
        check_line(game, 0, ["accept o3", "give-copy h1"])  # h1 is no Blue Bean
    session.read_line = once("accept o3 h1")
    session.human_decision(0)
    assert "accept: 'h1' is a Soy Bean: o3 asks for Blue Bean (nothing done)" in out.getvalue()
    assert game.to_json() == before
