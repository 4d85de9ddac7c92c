"""The PettingZoo adapter (issue 10 "Adapters"): PettingZoo's own API and seed tests, for every
installed variant set, without a single warning (issue 20.5), and what the environment promises
beyond them."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402

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
def test_api_and_seed_tests_pass_without_a_warning(case):
    # issue 20.5: api_test passed but printed 165-1363 warnings per variant set (dict
    # observations, a Dict space, seat names "p1")
    variants, players = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(variants, players, seed=11), num_cycles=200)
        seed_test(lambda: env(variants, players, seed=5), num_cycles=200)
    assert [str(w.message) for w in caught] == []


def test_spaces_observations_and_masks_have_the_declared_types_and_bounds():
    e = env(["al_cabohne"], 2, seed=4)
    e.reset(seed=4)
    layout = e.game.ruleset.observation_layout
    space = e.observation_space("player_0")
    assert isinstance(space, gymnasium.spaces.Box) and space.dtype == np.float32 and space.shape == (layout.size,)
    assert np.array_equal(space.low, np.zeros(layout.size)) and np.array_equal(space.high, layout.high)
    assert e.action_space("player_0") == gymnasium.spaces.Discrete(len(e.game.ruleset.actions))
    for agent in e.agents:
        obs = e.observe(agent)
        assert type(obs) is np.ndarray and obs.dtype == np.float32 and space.contains(obs)
        mask = e.infos[agent]["action_mask"]
        assert type(mask) is np.ndarray and mask.dtype == np.int8 and mask.shape == (len(e.game.ruleset.actions),)
        assert set(np.unique(mask).tolist()) <= {0, 1}


def test_the_observation_dict_form_has_exact_spaces_and_passes_the_api_test():
    # the classic-games convention: PettingZoo's api_test advises against it by name only
    e = env(["al_cabohne"], 2, seed=4, action_mask="observation")
    space = e.observation_space("player_0")
    assert isinstance(space, gymnasium.spaces.Dict) and set(space.spaces) == {"observation", "action_mask"}
    assert space["observation"].dtype == np.float32 and space["action_mask"].dtype == np.int8
    assert (space["action_mask"].low == 0).all() and (space["action_mask"].high == 1).all()
    e.reset(seed=4)
    obs = e.observe(e.agent_selection)
    assert space.contains(obs) and obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
    assert np.array_equal(obs["action_mask"], e.game.legal_mask(0)) and e.infos[e.agent_selection] == {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(["al_cabohne"], 2, seed=11, action_mask="observation"), num_cycles=50)
    advice = {"Observation is not a NumPy array", "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete"}
    assert {str(w.message) for w in caught} == advice
    with pytest.raises(ValueError, match="action_mask"):
        env(["al_cabohne"], 2, action_mask="mask")


def _play_out(e, rng):
    """Random legal play to the end; the rewards each agent saw at its last step."""
    final = {}
    for agent in e.agent_iter(10_000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        mask = e.infos[agent]["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return final


@pytest.mark.parametrize("players", [1, 2])
def test_a_whole_game_ends_with_the_games_returns(players):
    e = env(["al_cabohne"], players, seed=3)
    e.reset(seed=3)
    game = e.game
    final = _play_out(e, np.random.default_rng(0))
    assert game.is_over and e.agents == []
    assert final == {f"player_{p}": game.returns()[p] for p in range(players)}
    # RULES A "End of the game": the richest player wins if richer than the mafia, else all lose
    for p in range(players):
        assert final[f"player_{p}"] == (1.0 / len(game.result.winners) if game.result.won(f"p{p + 1}") else -1.0)


def test_agents_are_the_players_not_the_mafia():
    e = env(["al_cabohne"], 2, seed=1)
    e.reset()
    assert e.possible_agents == ["player_0", "player_1"]  # PettingZoo's naming: player k is the core's player k
    assert "mafia" in e.game.ruleset.seats and len(e.possible_agents) == 2


def test_observations_are_the_agents_own_and_masks_follow_the_legal_actions():
    e = env(["al_cabohne"], 2, seed=4)
    e.reset(seed=4)
    agent = e.agent_selection
    p = int(agent.split("_")[1])
    assert np.array_equal(e.observe(agent), e.game.observation(p))
    legal = {e.game.ruleset.actions.id_of(a) for a in e.game.legal_actions()}
    assert set(np.flatnonzero(e.infos[agent]["action_mask"]).tolist()) == legal
    other = e.possible_agents[1 - p]
    assert not e.infos[other]["action_mask"].any()  # not theirs to decide
    e.step(int(np.flatnonzero(e.infos[agent]["action_mask"])[0]))
    now = e.agent_selection
    assert set(np.flatnonzero(e.infos[now]["action_mask"]).tolist()) == {
        e.game.ruleset.actions.id_of(a) for a in e.game.legal_actions(int(now.split("_")[1]))
    }


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
    mask = e.infos[e.agent_selection]["action_mask"]
    before = e.game.to_json()
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.game.to_json() == before


def test_score_returns_and_bad_arguments():
    e = env(["al_cabohne"], 1, seed=6, returns="score")
    e.reset(seed=6)
    final = _play_out(e, np.random.default_rng(1))
    scores = e.game.result.scores
    assert final["player_0"] == scores["p1"] - scores["mafia"]
    with pytest.raises(ValueError, match="returns"):
        env(["al_cabohne"], 1, returns="coins")
    with pytest.raises(ConfigError):
        env(["al_cabohne"], 5)


def test_render_ansi_shows_the_prompt():
    e = env(["al_cabohne"], 2, seed=1, render_mode="ansi")
    e.reset()
    text = e.render()
    assert e.game.prompt() in text and text.splitlines()[-1].startswith(e.agent_selection)
