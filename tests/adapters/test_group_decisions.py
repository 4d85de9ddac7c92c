"""The adapters on a group decision (issue 10 "Adapters": group decisions handled by agent
selection), with the core's fake auction game (tests/core/fakes_group.py: every player bids once
on each lot, sealed, in any order)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from tests.core.fakes_group import LOTS, auction  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import beanframe  # noqa: E402
from beanframe.adapters import openspiel as bo  # noqa: E402
from beanframe.adapters.pettingzoo import BeanEnv  # noqa: E402


def _env(seed=1):
    return BeanEnv(beanframe.compose([auction()], 3), seed=seed)


def test_pettingzoo_api_and_seed_tests_pass_on_group_decisions_without_a_warning():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(_env(), num_cycles=100)
        seed_test(lambda: _env(3), num_cycles=100)
    assert [str(w.message) for w in caught] == []  # issue 20.5


def test_each_bidder_is_selected_in_turn_and_acts_once():
    e = _env()
    e.reset(seed=2)
    game = e.game
    assert game.deciders == (0, 1, 2) and e.agent_selection == "player_0"
    seen = []
    rng = np.random.default_rng(0)
    for _ in range(3):  # one lot: three sealed bids
        agent = e.agent_selection
        seen.append(agent)
        for other in e.agents:  # every bidder still to bid has a mask of their own
            p = int(other.split("_")[1])
            legal = {game.ruleset.actions.id_of(a) for a in game.legal_actions(p)} if p in game.deciders else set()
            assert set(np.flatnonzero(e.infos[other]["action_mask"]).tolist()) == legal
        mask = e.infos[agent]["action_mask"]
        bids = [i for i in np.flatnonzero(mask) if game.ruleset.actions.from_id(int(i)).code.startswith("bid")]
        e.step(int(rng.choice(bids)))
        if len(seen) < 3:  # a player who has bid decides no more on this lot: an empty mask
            assert not e.infos[agent]["action_mask"].any()
            assert e.agent_selection != agent
    assert seen == ["player_0", "player_1", "player_2"]
    assert len(game.part("auction").lots) == len(LOTS) - 1  # the lot was sold once every bid was in


def test_openspiel_random_sim_test_passes_on_group_decisions():
    game = bo.load([auction()], 3, seed=1)
    # serialized states load through the registered plugin object (auction is not installed)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1  # the next bidder of the same group decision
