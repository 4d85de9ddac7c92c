"""The OpenSpiel adapter (issue 10 "Adapters"): every installed variant set is a pyspiel Python
game on which OpenSpiel's own random-simulation test passes and its ISMCTS bot plays, resampling
from information states through the core's determinization."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from beanframe.adapters import openspiel as bo  # noqa: E402
from beanframe.adapters import variant_sets  # noqa: E402

SETS = variant_sets()


def _id(case):
    variants, players = case
    return f"{'+'.join(variants)}-{players}p"


@pytest.mark.parametrize("case", SETS, ids=_id)
def test_random_sim_test_passes(case):
    variants, players = case
    game = bo.load(variants, players, seed=1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_registered_under_a_generic_name_with_the_declared_type():
    names = bo.register_all()
    assert "beanframe_al_cabohne_1p" in names and "beanframe_al_cabohne_2p" in names
    game = pyspiel.load_game("beanframe_al_cabohne_2p")
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 2
    assert game.num_distinct_actions() == len(game.ruleset.actions)
    assert game.observation_tensor_shape() == list(game.ruleset.observation_shape)


def test_tensors_are_the_cores_observation_and_the_state_the_cores_game():
    game = bo.load(["al_cabohne"], 2, seed=4)
    state = game.new_initial_state()
    p = state.current_player()
    assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), state.game.observation(p))
    assert state.information_state_string(p) == state.game.information_state(p)
    legal = sorted(game.ruleset.actions.id_of(a) for a in state.game.legal_actions())
    assert state.legal_actions() == legal
    assert state.action_to_string(p, legal[0]) == game.ruleset.actions.from_id(legal[0]).code


def test_seeds_make_games_reproducible_and_clones_independent():
    a = bo.load(["al_cabohne"], 1, seed=8).new_initial_state()
    b = bo.load(["al_cabohne"], 1, seed=8).new_initial_state()
    assert a.game.to_json() == b.game.to_json()
    c = a.clone()
    c.apply_action(c.legal_actions()[0])
    assert len(a.game.actions) == 0 and len(c.game.actions) == 1 and c.history() != a.history()


def _play(state, rng, n):
    for _ in range(n):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_resampling_keeps_what_the_player_knows_and_redeals_the_rest():
    # F.13: the opponent's hand and the deck are hidden; a resample redeals them
    game = bo.load(["al_cabohne"], 2, seed=2)
    state = game.new_initial_state()
    _play(state, np.random.default_rng(0), 12)
    p = state.current_player()
    before = state.game.to_json()
    hands = set()
    for k in range(8):
        sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(k, 0.0, 1.0))
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.observation_tensor(p) == state.observation_tensor(p)
        assert sample.legal_actions() == state.legal_actions() and sample.history() == state.history()
        hands.add(tuple(sample.game.part("beans").hands[1 - p]))
    assert state.game.to_json() == before  # the real game is untouched
    assert len(hands) > 1


def test_returns_at_the_end_are_the_games():
    state = bo.load(["al_cabohne"], 1, seed=5).new_initial_state()
    _play(state, np.random.default_rng(1), 10_000)
    assert state.is_terminal()
    assert state.returns() == state.game.returns()
    assert state.returns()[0] in (-1.0, 1.0)
    score = bo.load(["al_cabohne"], 1, seed=5, returns="score").new_initial_state()
    _play(score, np.random.default_rng(1), 10_000)
    result = score.game.result
    assert score.returns() == [float(result.scores["p1"] - result.scores["mafia"])]


def test_openspiels_ismcts_bot_plays_al_cabohne():
    # OpenSpiel's own ISMCTS (Python) on the solo game: it resamples the root from the
    # information state (and asserts the resampled state's key equals the real one)
    game = bo.load(["al_cabohne"], 1, seed=3)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng)
    state = game.new_initial_state()
    choices = 0
    while not state.is_terminal() and choices < 4:
        legal = state.legal_actions()
        action = bot.step(state)
        assert action in legal
        choices += len(legal) > 1
        state.apply_action(action)
    assert choices == 4
