"""Prohibohn for search bots (plugins/prohibohn/search.py): Al Cabohne's rollouts, the buildings'
points in the evaluation."""

from __future__ import annotations

from beanframe_plugins.al_cabohne.search import RolloutPolicy
from beanframe_plugins.prohibohn.search import ProhibohnPolicy

from .helpers import situation


def test_prohibohn_replaces_al_cabohnes_search_policy():
    game = situation(at="play", hands=[["fire"], ["puff"]])
    assert isinstance(game.ruleset.search_policy(game.ruleset, 0), ProhibohnPolicy)


def test_the_evaluation_counts_the_buildings_points():
    # RULES B "Game end and scoring": a 3-building is worth 3 at the end; a coin spent on it is not lost
    plain = situation(at="play", hands=[["fire"], ["puff"]])
    built = situation(at="play", hands=[["fire"], ["puff"]], owned=[["casino3"], []])
    policy = ProhibohnPolicy(plain.ruleset, 0)
    coins_only = RolloutPolicy(plain.ruleset, 0)
    assert policy.evaluate(plain, 0) == coins_only.evaluate(plain, 0)
    assert policy.evaluate(built, 0) == coins_only.evaluate(built, 0) + 3
    assert policy.win_chances(built, "rank") is None  # Al Cabohne's learned value does not hold here
