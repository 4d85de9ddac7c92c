"""The card-count invariant sums the parts ``BeanRules.card_parts`` names: Bohnanza declares its
trade table, a variant on top appends its own part (Bohnaparte's board), and no variant edits
another's check."""

from __future__ import annotations

import beanframe
from beanframe.beans.conformance import card_count_problems, card_zones
from beanframe_plugins.bohnanza.checks import invariants

from .helpers import new, table, trade


def test_bohnanza_declares_the_bean_table_and_the_trade_table():
    game = new(4)
    assert game.ruleset.config.params["beans"].card_parts == ("beans", "trade")
    zones = card_zones(game)
    assert "beans.deck" in zones and "trade.face_up" in zones
    assert sum(len(z) for z in zones.values()) == 104
    assert card_count_problems(game) == []


def test_the_count_can_fail_both_ways():
    game = beanframe.new_game(["bohnanza"], 4, seed=1)  # broken on purpose: not a scenario game
    lost = table(game).deck.pop()
    assert any("cards accounted for" in p for p in card_count_problems(game))
    trade(game).received[0] += [lost, lost]  # one card back, and one too many
    problems = card_count_problems(game)
    assert len(problems) == 1 and "accounted for" in problems[0]
    assert problems == [p for p in invariants(game) if "accounted for" in p]


def test_a_variant_on_top_appends_its_part_and_bohnanza_counts_it():
    game = beanframe.new_game(["bohnanza", "bohnaparte"], 3, seed=2)
    assert game.ruleset.config.params["beans"].card_parts == ("beans", "trade", "board")
    board = game.part("board")
    board.depots[0].append(table(game).deck.pop())  # a card moved into a depot is still counted
    assert card_count_problems(game) == []


def test_a_named_part_that_is_not_registered_is_a_problem():
    game = beanframe.new_game(["bohnanza"], 3, seed=1)
    game.ruleset.config.params["beans"].card_parts = ("beans", "trade", "nowhere")
    try:
        assert card_count_problems(game) == ["BeanRules.card_parts names part(s) no variant registered: nowhere"]
    finally:
        game.ruleset.config.params["beans"].card_parts = ("beans", "trade")
