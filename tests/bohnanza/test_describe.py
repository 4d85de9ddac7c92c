"""Issue 17: every description of a choice is worded for the player choosing it. In a group
decision (Bohnanza's trade) several players choose at once, and a text read from ``game.to_act``
showed another player's hand (``give h1 offer hand card 1 (Soy Bean)``) or crashed (a harvest
described with another player's fields)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from beanframe.beans.options import Harvest
from beanframe.testing import ConformanceError, check_game
from beanframe_cli.app import app
from beanframe_plugins.bohnanza.trade.actions import GiveHand

from .helpers import situation

HANDS = [["soy", "red", "fire"], ["blue", "blue", "green"], ["fire", "garden"], ["broad"]]


def at_trade():
    return situation(
        at="trade", hands=HANDS, deck=["blackeyed", "green"],
        fields=[[["soy"], []], [["red", "red"], ["green", "green"]], [[], []], [["broad", "broad", "broad"], []]],
    )


def test_each_decider_of_a_trade_hears_of_their_own_hand_cards():
    # F.13: hands are private; each decider's "give hK" names their own K-th card
    game = at_trade()
    assert game.deciders == (0, 1, 2, 3)
    assert game.describe(GiveHand(0), 0) == "offer hand card 1 (Soy Bean)"
    assert game.describe(GiveHand(0), 1) == "offer hand card 1 (Blue Bean)"
    assert game.describe(GiveHand(1), 2) == "offer hand card 2 (Garden Bean)"
    assert game.describe(GiveHand(0), 3) == "offer hand card 1 (Stink Bean)"
    # everyone else learns the public wording only
    assert game.describe_for(GiveHand(0), 2, actor=1) == "offer a hand card"
    assert game.describe_for(GiveHand(0), None, actor=1) == "offer a hand card"


def test_a_harvest_is_described_with_the_harvesting_players_fields():
    # F.22: any decider of the trade may harvest; player 2's field 2 was described with the
    # active player's field 2, which is empty: that crashed (IndexError)
    game = at_trade()
    for p, field, words in [(1, 0, "2 Red Bean"), (1, 1, "2 Green Bean"), (3, 0, "3 Stink Bean")]:
        assert Harvest(field) in game.legal_actions(p)
        assert game.describe(Harvest(field), p).startswith(f"harvest field {field + 1} ({words}:")


def test_the_kit_finds_a_description_that_reads_the_active_players_hand(monkeypatch):
    # the conformance kit's "texts" check: each decider's descriptions do not change when what
    # that decider cannot see is redealt (the bug of issue 17, put back on purpose)
    game = at_trade()
    check_game(game)

    def old(self, game, player):
        names = game.part("beans").names
        return f"offer hand card {self.hand + 1} ({names[game.part('beans').hands[game.to_act][self.hand]]})"

    monkeypatch.setattr(GiveHand, "describe", old)
    with pytest.raises(ConformanceError, match=r"\[texts\] describe\(give h1, p2\) changes for observer 1"):
        check_game(game)


def test_the_kit_finds_a_description_that_raises(monkeypatch):
    game = at_trade()

    def broken(self, game, player):
        raise IndexError("list index out of range")

    monkeypatch.setattr(Harvest, "describe", broken)
    with pytest.raises(ConformanceError, match=r"\[texts\] describe\(harvest f1, p1\) .*raises IndexError"):
        check_game(game, skip={"views"})


def test_watching_three_random_bots_describes_every_move():
    # the command of issue 17 that ended in "unexpected IndexError" for seeds 0-5
    args = ["play", "bohnanza", "--players", "3", *("--seat bot:random".split() * 3), "--seed", "0", "--bot-seed", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output[-500:]
    assert "Result" in result.output
