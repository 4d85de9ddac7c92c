"""``View.from_dict``: a view read back from its plain data (JSON) has the same parts, as the part
view classes of the ruleset, for every installed variant set (issue 18: the table's clients hand
them to the plugins' renderers and bots)."""

from __future__ import annotations

import json

import pytest

import beanframe
from beanframe.adapters import variant_sets
from beanframe.agents import DeciderTurns, make_bot
from beanframe.core.view import View

SETS = variant_sets()


@pytest.mark.parametrize(("variants", "players"), SETS, ids=[f"{'+'.join(v)}-{n}p" for v, n in SETS])
def test_a_view_survives_json(variants, players):  # issue 18 §2
    rules = beanframe.compose(list(variants), players)
    game = rules.new_game(seed=5)
    bots = [make_bot(rules, "random", seed=p) for p in range(players)]
    turns = DeciderTurns(players)
    for step in range(120):
        if game.is_over:
            break
        if step % 20 == 0:
            for player in [None, *range(players)]:
                view = game.view(player)
                data = json.loads(json.dumps(view.to_dict()))
                again = View.from_dict(rules, data)
                assert again.parts == view.parts and again.player == view.player and again.deciders == view.deciders
                assert again.record is None
        p = turns.next(game)
        game.apply(bots[p].act(None, game.legal_actions(p)), p)


def test_not_a_view_is_one_line():  # issue 18 §3
    rules = beanframe.compose(["al_cabohne"], 1)
    for bad in ({}, {"parts": {"beans": {"hand": 3}}}, {"parts": []}):
        with pytest.raises(ValueError) as refused:
            View.from_dict(rules, bad)
        assert "\n" not in str(refused.value)
