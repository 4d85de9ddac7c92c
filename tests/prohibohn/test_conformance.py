"""The conformance kit for Prohibohn with and without the pub (issue 7: cards conserved,
determinism, save/load, clones, views)."""

from beanframe.testing import ConformanceTests


class TestProhibohn(ConformanceTests):
    variants = ["al_cabohne", "prohibohn"]
    players = 2
    examples = 4
    seeded_games = 2


class TestProhibohnPub(ConformanceTests):
    variants = ["al_cabohne", "prohibohn"]
    players = 2
    options = {"prohibohn": {"pub": True}}
    examples = 4
    seeded_games = 2
