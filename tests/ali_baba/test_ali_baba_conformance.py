"""Ali Baba under the conformance kit, 2-6 players (random games under every check, every bot)."""

from __future__ import annotations

from beanframe.testing import ConformanceTests, conformance_suite


class TestAliBaba(ConformanceTests):
    variants = ["ali_baba"]
    players = (2, 3, 4, 5, 6)
    # a whole game under every check takes about a second; five player counts keep it modest
    examples = 3
    seeded_games = 1
    bot_games = 1


def test_options_conform():
    # the rulebook's variant (any pile card), the surrender reading, no offers at all
    conformance_suite(["ali_baba"], players=[3], games=1, bot_games=1, options={"ali_baba": {"pick_any": True, "surrender": True}})
    conformance_suite(["ali_baba"], players=[2], games=1, bot_games=0, options={"ali_baba": {"offers": 0}})
