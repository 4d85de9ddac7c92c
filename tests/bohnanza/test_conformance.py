"""Bohnanza under the conformance kit for 3, 4 and 5 players, and property tests: cards
conserved, determinism, save/load and clones in the middle of trading."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe.agents import RandomBot, play_game
from beanframe.testing import ConformanceTests, check_save_load, continue_alike

from .helpers import problems

FEW = min(5, settings.default.max_examples)


class TestBohnanzaConforms(ConformanceTests):
    # one offer a player a turn: random games of about 600 actions instead of 2,000 (the kit
    # checks every position); the defaults are checked below at 4 players
    variants = ["bohnanza"]
    players = (3, 4, 5)
    options = {"bohnanza": {"offers_per_turn": 1}}
    examples = 2
    seeded_games = 1


class TestBohnanzaDefaultsConform(ConformanceTests):
    variants = ["bohnanza"]
    players = (4,)
    examples = 1
    seeded_games = 1


class TestBohnanzaOptionsConform(ConformanceTests):
    variants = ["bohnanza"]
    players = (5,)
    options = {"bohnanza": {"larger_deck": True, "same_bean_two_fields": False, "offers_per_turn": 1, "cards_per_offer": 1}}
    examples = 1
    seeded_games = 1


def mid_trade(players: int, seed: int):
    """A random game stopped inside a trade with open offers (or at its end if none came)."""
    game = beanframe.new_game(["bohnanza"], players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if game.frame.kind == "trade" and game.part("trade").offers and rng.random() < 0.3:
            break
        p = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(p)), p)
    return game


@settings(max_examples=FEW, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**16))
def test_save_and_load_in_the_middle_of_trading(players, seed):
    game = mid_trade(players, seed)
    loaded = check_save_load(game)
    assert loaded.to_json() == game.to_json()
    assert loaded.part("trade") == game.part("trade")  # offers, drafts, set-aside cards
    continue_alike(game, loaded, seed)


@settings(max_examples=FEW, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**16))
def test_games_are_determined_by_seed_and_actions_and_conserve_cards(players, seed):
    ruleset = beanframe.compose(["bohnanza"], players)
    a = play_game(ruleset.new_game(seed=seed), [RandomBot(seed + p) for p in range(players)])
    b = play_game(ruleset.new_game(seed=seed), [RandomBot(seed + p) for p in range(players)])
    assert a.to_json() == b.to_json()
    assert not problems(a)  # every card accounted for (RULES C "Deck": 104)
    assert a.is_over and a.result.winners
