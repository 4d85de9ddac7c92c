"""The OpenSpiel adapter (issue 10 "Adapters"): every installed variant set is a pyspiel Python
game on which OpenSpiel's own random-simulation test passes (serialization included, issue 20.5)
and its ISMCTS bot plays, resampling from information states through the core's determinization;
options reach the game and its name (issue 20.5)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from beanframe.adapters import openspiel as bo  # noqa: E402
from beanframe.adapters import variant_sets  # noqa: E402
from beanframe.errors import ConfigError, DeterminizedGameError  # noqa: E402

SETS = variant_sets()


def _id(case):
    variants, players = case
    return f"{'+'.join(variants)}-{players}p"


@pytest.mark.parametrize("case", SETS, ids=_id)
def test_random_sim_test_passes_with_serialization(case):
    # issue 20.5: serialize=True failed ("GetRNGState unimplemented"); it serializes and
    # deserializes the game and state at moves 1-9, 16, 32, ... and compares them
    variants, players = case
    game = bo.load(variants, players, seed=1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_registered_under_a_generic_name_with_the_declared_type():
    names = bo.register_all()
    assert "beanframe_al_cabohne_1p" in names and "beanframe_al_cabohne_2p" in names
    game = pyspiel.load_game("beanframe_al_cabohne_2p")
    t = game.get_type()
    # no chance nodes: a state's seed fixes its future (a sampled-stochastic Python game cannot serialize)
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
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


def test_a_state_prints_nothing_hidden():
    # issue 17: str(state) printed the real seed, which rebuilds every hand and the deck order;
    # a resample's full record is the player's own (the others' draws in their public form)
    game = bo.load(["al_cabohne"], 2, seed=2)
    state = game.new_initial_state()
    _play(state, np.random.default_rng(0), 30)
    assert str(state.game.state.seed) not in str(state) and "seed" not in str(state)
    p = state.current_player()
    sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert sample.game.log == state.game.log_for(p)


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


# -- options (issue 20.5) -----------------------------------------------------------------------

CHEAP = {"al_cabohne": {"third_field_cost": 2}}


def test_options_reach_the_game_and_its_name():
    # issue 20.5: load(..., options=...) failed with "Unknown parameter 'options'"
    game = bo.load(["al_cabohne"], 2, options=CHEAP, seed=3)
    assert game.ruleset.config.params["beans"].third_field_cost == 2  # not the default 4
    name = game.get_type().short_name
    assert name.startswith("beanframe_al_cabohne_2p_o") and len(name) == len("beanframe_al_cabohne_2p_o") + 10
    assert "third_field_cost=2" in game.get_type().long_name
    assert str(game) == f"{name}(returns=win,seed=3)"
    # the game OpenSpiel loads by that name has the options too (as deserialization loads it)
    assert pyspiel.load_game(name).ruleset.config.params["beans"].third_field_cost == 2


def test_other_options_are_another_game_and_the_same_options_the_same():
    # issue 20.5: a second registration with other options silently returned the first game
    default = bo.register(["al_cabohne"], 2)
    cheap = bo.register(["al_cabohne"], 2, CHEAP)
    dearer = bo.register(["al_cabohne"], 2, {"al_cabohne": {"third_field_cost": 5}})
    assert len({default, cheap, dearer}) == 3
    assert default == "beanframe_al_cabohne_2p"
    assert pyspiel.load_game(dearer).ruleset.config.params["beans"].third_field_cost == 5
    # the name is of the effective options: the defaults spelt out are the default game
    cost = pyspiel.load_game(default).ruleset.options["al_cabohne"].third_field_cost
    assert bo.register(["al_cabohne"], 2, {"al_cabohne": {"third_field_cost": cost}}) == default
    assert bo.register("al_cabohne", 2, {"al_cabohne": {"third_field_cost": 2}}) == cheap


def test_the_name_is_the_same_in_another_process():
    # deterministic: a stable hash (not Python's salted hash()), so a serialized game loads elsewhere
    code = f"from beanframe.adapters import openspiel as bo; print(bo.short_name(['al_cabohne'], 2, {CHEAP!r}))"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300, check=True)
    assert out.stdout.strip() == bo.short_name(["al_cabohne"], 2, CHEAP) == bo.register(["al_cabohne"], 2, CHEAP)


def test_bad_options_are_a_config_error_before_openspiel():
    with pytest.raises(ConfigError, match="third_field_cost"):
        bo.load(["al_cabohne"], 2, options={"al_cabohne": {"third_field_cost": -1}})
    with pytest.raises(ConfigError, match="unknown option"):
        bo.load(["al_cabohne"], 2, options={"al_cabohne": {"no_such_option": 1}})


# -- serialization (issue 20.5) -----------------------------------------------------------------


def test_a_serialized_state_plays_on_exactly_like_the_original():
    game = bo.load(["al_cabohne"], 2, options=CHEAP, seed=6)
    state = game.new_initial_state()
    _play(state, np.random.default_rng(2), 25)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, copy = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and copy.game.ruleset.config.params["beans"].third_field_cost == 2
    for other in (copy, game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))):
        assert str(other) == str(state) and other.history() == state.history()
        assert other.game.to_json() == state.game.to_json()
        for p in range(2):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
        a, b = state.clone(), other.clone()
        _play(a, np.random.default_rng(7), 10_000)
        _play(b, np.random.default_rng(7), 10_000)
        assert a.is_terminal() and b.history() == a.history() and b.returns() == a.returns()


def test_a_resampled_state_refuses_to_serialize():
    # a resample's hidden cards are a guess: it is not a game a save file could rebuild
    state = bo.load(["al_cabohne"], 2, seed=2).new_initial_state()
    _play(state, np.random.default_rng(0), 8)
    sample = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    with pytest.raises(DeterminizedGameError):
        pickle.dumps(sample)
