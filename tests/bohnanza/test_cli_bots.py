"""Bohnanza at the command line (the offer line, the trade table, simulate) and its bots."""

from __future__ import annotations

from collections import Counter

import pytest
from rich.console import Console

import beanframe
from beanframe.agents import RandomBot, make_bot, play_game
from beanframe.simulate import simulate

from .helpers import play, situation


def text(items) -> str:
    console = Console(width=100, record=True)
    for item in items:
        console.print(item)
    return console.export_text()


def test_the_trade_view_hides_hand_positions_from_everyone_but_the_maker():
    # issue 8: "everyone sees which beans an offer gives and asks; only its maker knows the hand positions"
    game = situation(at="trade", hands=[["soy", "red"], ["blue"], [], []], deck=["fire", "green"])
    play(game, "give h2", "send p2", by=0)
    assert game.view(0)["trade"].offers[0].hand == (1,)
    for p in (1, 2, 3, None):
        o = game.view(p)["trade"].offers[0]
        assert o.hand is None and o.gives == ("Red Bean",)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_random_bot_trades_within_the_caps_and_games_end(players):
    # RULES C "a cap on offers per turn so every game ends" (issue 8): read from the public events,
    # not the engine's own counters. A player starts an offer with its first item: it is sent (event
    # offer) or scrapped (event scrap, also for a draft voided) or lapses when trading ends.
    caps = {"offers_per_turn": 2, "cards_per_offer": 2}
    ruleset = beanframe.compose(["bohnanza"], players, options={"bohnanza": caps})
    game = play_game(ruleset.new_game(seed=players), [RandomBot(p) for p in range(players)])
    assert game.is_over and game.part("trade").trades > 0
    turn, started, sides = None, Counter(), []
    for event in game.events_for(None):
        if event[0] == "turn":
            turn = event[1]
        elif event[0] == "offer":  # ("offer", id, maker, to, beans given, beans asked)
            started[(turn, event[2])] += 1
            sides += [len(event[4]), len(event[5])]
        elif event[0] == "scrap":
            started[(turn, event[1])] += 1
    assert max(started.values()) == caps["offers_per_turn"]  # reached, never passed
    assert max(sides) == caps["cards_per_offer"]


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


def test_the_greedy_evaluation_counts_coins_and_grown_fields():
    # a search bot's leaf (ISMCTS scores the positions it stops at with the rollout bot's evaluate)
    ruleset = beanframe.compose(["bohnanza"], 3)
    bot = make_bot(ruleset, "greedy", seed=1)
    worth = [bot.field_worth("Blue Bean", n) for n in range(1, 12)]
    assert worth == sorted(worth) and worth[0] > 0
    assert worth[3] >= 1 and worth[-1] == 4  # 4 blue sell for 1 (RULES C deck); 10 or more for 4
    game = situation(at="trade", hands=[["soy"], [], [], []], deck=["fire", "green"])
    before = bot.evaluate(game.view(0))
    grown = game.clone()  # a field of 4 blue beans made up outside the rules
    blue = ruleset.config.params["beans"].cards.names.index("Blue Bean")
    grown.part("beans").fields[0][0][:] = [blue] * 4
    assert bot.evaluate(grown.view(0)) > before
