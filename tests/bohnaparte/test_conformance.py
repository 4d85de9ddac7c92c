"""Bohnaparte under the conformance kit for 3-6 players, with and without riders (cards conserved,
determinism, save/load, views hide hands, depots, merchants and fight cards, determinization)."""

from beanframe.testing import ConformanceTests

FAST = {"bohnanza": {"offers_per_turn": 1}, "bohnaparte": {"deck_runs": 3}}


class TestBohnaparteConforms(ConformanceTests):
    variants = ["bohnanza", "bohnaparte"]
    players = (3, 4, 5, 6)
    options = FAST
    examples = 1
    seeded_games = 1


class TestBohnaparteRidersConform(ConformanceTests):
    variants = ["bohnanza", "bohnaparte"]
    players = (3, 6)
    options = {**FAST, "bohnaparte": {"deck_runs": 3, "riders": True}}
    examples = 1
    seeded_games = 1


class TestBohnaparteRealmRandomConform(ConformanceTests):
    variants = ["bohnanza", "bohnaparte"]
    players = (4,)
    options = {**FAST, "bohnaparte": {"deck_runs": 3, "riders": True, "realm": True, "layout": "random"}}
    examples = 1
    seeded_games = 1
