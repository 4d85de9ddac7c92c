"""Bohnanza at the command line (the offer line, the trade table, simulate) and its bots."""

from __future__ import annotations

import pytest
from rich.console import Console

import beanframe
from beanframe.agents import RandomBot, make_bot, play_game
from beanframe.simulate import simulate
from beanframe_plugins.bohnanza.render import offer_command, offers_command, parse_offer
from beanframe_plugins.bohnanza.rules import BASE_CARDS

from .helpers import play, situation


def text(items) -> str:
    console = Console(width=100, record=True)
    for item in items:
        console.print(item)
    return console.export_text()


def test_a_typed_offer_becomes_the_small_actions_of_the_protocol():
    # issue 8: "a human types an offer in one line at the CLI (offer p3 give h2 h4 for 2 fire)"
    assert parse_offer("offer p3 give h2 h4 for 2 fire", BASE_CARDS, 0, 0) == [
        "give h2", "give h4", "ask c2", "ask c2", "send p3",
    ]
    assert parse_offer("give u1 for nothing", BASE_CARDS, 1, 0) == ["give-face u1", "send p1"]
    assert parse_offer("offer give h1 for u2 blue", BASE_CARDS, 2, 0) == ["give h1", "want-face u2", "ask c1", "send p1"]


@pytest.mark.parametrize(
    "line, problem",
    [("offer give h1", "whom"), ("offer p2 for toast", "unknown bean"), ("offer p2", "gives or asks"), ("offer p2 h1", "start with give")],
)
def test_a_bad_offer_line_is_named(line, problem):
    with pytest.raises(ValueError, match=problem):
        parse_offer(line, BASE_CARDS, 0, 0)


def test_open_offers_are_shown_in_a_table_with_hand_positions_only_to_the_maker():
    game = situation(at="trade", hands=[["soy", "red"], ["blue"], [], []], deck=["fire", "green"])
    play(game, "give h2", "give-face u1", "ask c1", "send p2", by=0)
    mine = text(offers_command(game, 0, ""))
    theirs = text(offers_command(game, 1, ""))
    assert "o1" in mine and "Rote Bohne, Feuerbohne (h2)" in mine and "Blaue Bohne" in mine
    assert "h2" not in theirs and "Rote Bohne, Feuerbohne" in theirs  # F.13: positions are private
    assert "give h1" in text(offer_command(game, 0, "p3 give h1 for fire"))


def test_the_trade_view_hides_hand_positions_from_everyone_but_the_maker():
    # issue 8: "everyone sees which beans an offer gives and asks; only its maker knows the hand positions"
    game = situation(at="trade", hands=[["soy", "red"], ["blue"], [], []], deck=["fire", "green"])
    play(game, "give h2", "send p2", by=0)
    assert game.view(0)["trade"].offers[0].hand == (1,)
    for p in (1, 2, 3, None):
        o = game.view(p)["trade"].offers[0]
        assert o.hand is None and o.gives == ("Rote Bohne",)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_random_bot_trades_within_the_caps_and_games_end(players):
    ruleset = beanframe.compose(["bohnanza"], players, options={"bohnanza": {"offers_per_turn": 2}})
    game = play_game(ruleset.new_game(seed=players), [RandomBot(p) for p in range(players)])
    assert game.is_over and game.part("trade").trades > 0


def test_the_greedy_trader_trades_and_the_non_trader_does_not():
    ruleset = beanframe.compose(["bohnanza"], 4)
    game = play_game(ruleset.new_game(seed=1), [make_bot(ruleset, "greedy", p) for p in range(4)])
    assert game.part("trade").trades > 5
    game = play_game(ruleset.new_game(seed=1), [make_bot(ruleset, "greedy-notrade", p) for p in range(4)])
    assert game.part("trade").trades == 0 and game.is_over


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_bohnanza_for_3_to_5_players(players):
    # issue 8: "simulate bohnanza works for 3-5 players"; trades per game is a statistic
    bots = ["greedy", "greedy-passive", "greedy-notrade", "random", "greedy"][:players]
    summary = simulate(["bohnanza"], bots=bots, n=2, seed=1, bot_seed=5)
    assert len(summary.records) == 2
    assert "trades" in summary.stat_means()
