"""Ali Baba under the conformance kit, 2-6 players (random games under every check, every bot),
and negotiation-heavy positions (issue 21: the bazaar and the sale of hunted loot, built from
small actions) played on under every check."""

from __future__ import annotations

import pytest

from beanframe.testing import ConformanceTests, conformance_suite, random_playthrough
from beanframe_plugins.ali_baba.data import EVENTS

from .helpers import BOARD, before, situation


class TestAliBaba(ConformanceTests):
    variants = ["ali_baba"]
    players = (2, 3, 4, 5, 6)
    # a whole game under every check takes about a second; five player counts keep it modest
    examples = 3
    seeded_games = 1
    bot_games = 1


def test_options_conform():
    # the rulebook's variant (any pile card), the surrender reading, no offers at all, many offers
    conformance_suite(["ali_baba"], players=[3], games=1, bot_games=1, options={"ali_baba": {"pick_any": True, "surrender": True}})
    conformance_suite(["ali_baba"], players=[2], games=1, bot_games=0, options={"ali_baba": {"offers": 0}})
    conformance_suite(["ali_baba"], players=[4], games=1, bot_games=1, options={"ali_baba": {"offers": 8}})


BAZAAR = BOARD.field_ids[before(BOARD.field_ids[BOARD.event_of.index(EVENTS.index("bazaar"))])]


@pytest.mark.parametrize(
    "players, at, seed",
    [(4, BAZAAR, 1), (3, BAZAAR, 2), (5, BOARD.field_ids[before("2-01")], 3)],  # the bazaar; the robbers hunted
)
def test_negotiations_from_a_full_table_conform(players, at, seed):
    # every player holds a dozen bandits and thousands of piasters: long offers, every check
    bandits = {p: [c for c in range(64) if c % players == p][:12] for p in range(players)}
    piasters = {p: 1000 + 1500 * p for p in range(players)}
    game = situation(players, at=at, hand=(1,), bandits=bandits, piasters=piasters, seed=seed)
    random_playthrough(game.ruleset, seed, position=game.position())
