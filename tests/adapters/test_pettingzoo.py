"""The PettingZoo adapter (issue 10 "Adapters"): PettingZoo's own API and seed tests, for every
installed variant set, and what the environment promises beyond them."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from beanframe.adapters import variant_sets  # noqa: E402
from beanframe.adapters.pettingzoo import env  # noqa: E402
from beanframe.errors import ConfigError, IllegalActionError  # noqa: E402

SETS = variant_sets()


def _id(case):
    variants, players = case
    return f"{'+'.join(variants)}-{players}p"


def test_every_installed_variant_set_is_covered():
    assert (("al_cabohne",), 1) in SETS and (("al_cabohne",), 2) in SETS


@pytest.mark.parametrize("case", SETS, ids=_id)
def test_api_test_passes(case):
    variants, players = case
    with warnings.catch_warnings():
        # dict observations (with the action mask) and seat names ("p1") draw advice, not errors
        warnings.simplefilter("ignore")
        api_test(env(variants, players, seed=11), num_cycles=200)


@pytest.mark.parametrize("case", SETS, ids=_id)
def test_seed_test_passes(case):
    variants, players = case
    seed_test(lambda: env(variants, players, seed=5), num_cycles=200)


def _play_out(e, rng):
    """Random legal play to the end; the rewards each agent saw at its last step."""
    final = {}
    for agent in e.agent_iter(10_000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        mask = obs["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return final


@pytest.mark.parametrize("players", [1, 2])
def test_a_whole_game_ends_with_the_games_returns(players):
    e = env(["al_cabohne"], players, seed=3)
    e.reset(seed=3)
    game = e.game
    final = _play_out(e, np.random.default_rng(0))
    assert game.is_over and e.agents == []
    assert final == {f"p{p + 1}": game.returns()[p] for p in range(players)}
    # RULES A "End of the game": the richest player wins if richer than the mafia, else all lose
    for p in range(players):
        assert final[f"p{p + 1}"] == (1.0 / len(game.result.winners) if game.result.won(f"p{p + 1}") else -1.0)


def test_agents_are_the_players_not_the_mafia():
    e = env(["al_cabohne"], 2, seed=1)
    e.reset()
    assert e.possible_agents == ["p1", "p2"]
    assert "mafia" in e.game.ruleset.seats and "mafia" not in e.possible_agents


def test_observations_are_the_agents_own_and_masks_follow_the_legal_actions():
    e = env(["al_cabohne"], 2, seed=4)
    e.reset(seed=4)
    agent = e.agent_selection
    p = int(agent[1:]) - 1
    obs = e.observe(agent)
    assert np.array_equal(obs["observation"], e.game.observation(p))
    legal = {e.game.ruleset.actions.id_of(a) for a in e.game.legal_actions()}
    assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
    other = e.possible_agents[1 - p]
    assert not e.observe(other)["action_mask"].any()  # not theirs to decide


def test_same_seed_same_game_and_seedless_resets_follow_the_seed():
    a, b = env(["al_cabohne"], 2, seed=9), env(["al_cabohne"], 2, seed=9)
    a.reset()
    b.reset()
    assert a.game.to_json() == b.game.to_json()
    a.reset()
    b.reset()
    assert a.game.state.seed == b.game.state.seed
    a.reset(seed=12)
    assert a.game.state.seed == 12


def test_an_action_the_mask_forbids_is_refused_and_changes_nothing():
    e = env(["al_cabohne"], 1, seed=2)
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.game.to_json()
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.game.to_json() == before


def test_score_returns_and_bad_arguments():
    e = env(["al_cabohne"], 1, seed=6, returns="score")
    e.reset(seed=6)
    final = _play_out(e, np.random.default_rng(1))
    scores = e.game.result.scores
    assert final["p1"] == scores["p1"] - scores["mafia"]
    with pytest.raises(ValueError, match="returns"):
        env(["al_cabohne"], 1, returns="coins")
    with pytest.raises(ConfigError):
        env(["al_cabohne"], 5)


def test_render_ansi_shows_the_prompt():
    e = env(["al_cabohne"], 2, seed=1, render_mode="ansi")
    e.reset()
    text = e.render()
    assert e.game.prompt() in text and text.splitlines()[-1].startswith(e.agent_selection)
