"""The Game API: refused actions change nothing, the end, masks, seeds, clones, views."""

from __future__ import annotations

import random

import pytest

import beanframe
from beanframe.core.persist import load_game, snapshot
from beanframe.errors import ConfigError, GameOverError, IllegalActionError

from .fakes import PART, Pass, Play, counter


@pytest.fixture
def ruleset():
    return beanframe.compose([counter()], 2)


def state_of(game):
    return snapshot(game), game.to_json(), game.state.n_events, game.legal_actions()


def test_illegal_actions_raise_and_leave_the_game_unchanged(ruleset):
    game = ruleset.new_game(seed=1)
    tally = game.part(PART)
    tally.played.append(tally.hands[0].pop())  # set-up: player 1 holds two cards, "play h3" is illegal
    before = state_of(game)
    assert [a.code for a in before[3]] == ["play h1", "play h2", "pass"]
    for attempt in (Play(2), "play h3", ruleset.actions.id_of(Play(2))):
        with pytest.raises(
            IllegalActionError,
            match=r"'play h3' is not legal now \(player 1: play a card or pass; legal: play h1, play h2, pass\)",
        ):
            game.apply(attempt)
        assert state_of(game) == before
    for attempt in ("jump", "play", "play h0", 99, -1, None, 1.5, True):
        with pytest.raises(IllegalActionError):
            game.apply(attempt)
        assert state_of(game) == before
    game.apply("play h2")  # and the game goes on normally
    assert game.to_act == 1


def test_game_over_error_after_the_end(ruleset):
    game = ruleset.new_game(seed=2)
    while not game.is_over:
        game.apply("pass")
    assert game.to_act is None and game.legal_actions() == () and game.prompt() == "the game is over"
    before = state_of(game)
    for attempt in (Pass(), "pass", ruleset.actions.id_of(Pass()), "nonsense", 12345):
        with pytest.raises(GameOverError, match=r"the game is over"):
            game.apply(attempt)
        assert state_of(game) == before


def test_result_only_when_over(ruleset):
    game = ruleset.new_game(seed=2)
    assert game.result is None
    rng = random.Random(0)
    while not game.is_over:
        assert game.result is None
        game.apply(rng.choice(game.legal_actions()))
    tally = game.part(PART)
    assert game.result.scores == {"p1": tally.counts[0], "p2": tally.counts[1]}
    best = max(tally.counts)
    assert game.result.winners == tuple(f"p{i + 1}" for i, c in enumerate(tally.counts) if c == best)
    assert game.result is game.result  # computed once


def test_legal_mask_matches_legal_actions(ruleset):
    game = ruleset.new_game(seed=3)
    rng = random.Random(3)
    while True:
        mask = game.legal_mask()
        assert len(mask) == len(ruleset.actions)
        assert [ruleset.actions.from_id(i) for i, on in enumerate(mask) if on] == sorted(
            game.legal_actions(), key=ruleset.actions.id_of
        )
        if game.is_over:
            assert not any(mask)
            break
        game.apply(rng.choice(game.legal_actions()))


def test_legal_mask_on_al_cabohne():
    game = beanframe.new_game(["al_cabohne"], 2, seed=4)
    table = game.ruleset.actions
    for _ in range(30):
        mask = game.legal_mask()
        assert {i for i, on in enumerate(mask) if on} == {table.id_of(a) for a in game.legal_actions()}
        game.apply(game.legal_actions()[-1])


def test_new_game_without_seed_records_one_so_the_save_replays(ruleset):
    a = ruleset.new_game()
    b = ruleset.new_game()
    assert isinstance(a.state.seed, int) and a.state.seed >= 0
    assert a.state.seed != b.state.seed  # drawn fresh (48 random bits: equal only by a miracle)
    rng = random.Random(0)
    for _ in range(5):
        a.apply(rng.choice(a.legal_actions()))
    loaded = load_game(a.to_json(), plugins=[ruleset.pm.get_plugin("counter")])
    assert loaded.state.seed == a.state.seed
    assert loaded.to_json() == a.to_json()
    al = beanframe.new_game(["al_cabohne"], 1)
    al.apply(al.legal_actions()[0])
    assert load_game(al.to_json()).to_json() == al.to_json()


@pytest.mark.parametrize("seed", [-1, True, "7", 1.0, 2**64, 10**30])
def test_bad_seeds_are_refused(ruleset, seed):
    # issue 17: a seed a save cannot keep (2**64 or more) is refused at the start, naming the range
    with pytest.raises(ConfigError, match=r"seed must be a whole number from 0 to 2\*\*64 - 1 \(18446744073709551615\)"):
        ruleset.new_game(seed=seed)


def test_the_largest_seed_is_saved_and_loaded(ruleset):
    # issue 17: every seed new_game takes, its save keeps
    game = beanframe.new_game(["al_cabohne"], 2, seed=2**64 - 1)
    game.apply(game.legal_actions()[0])
    assert load_game(game.to_json()).to_json() == game.to_json()


def test_same_seed_same_game_other_seed_other_game(ruleset):
    assert ruleset.new_game(seed=9).to_json() == ruleset.new_game(seed=9).to_json()
    assert snapshot(ruleset.new_game(seed=9)) != snapshot(ruleset.new_game(seed=10))


def test_clone_is_independent(ruleset):
    game = ruleset.new_game(seed=6)
    game.apply("play h1")
    before = state_of(game)
    copy = game.clone()
    assert copy.to_json() == game.to_json()
    while not copy.is_over:
        copy.apply("play h1")
    assert state_of(game) == before
    game.apply("pass")  # and the other way round
    assert copy.is_over and copy.actions[1].code == "play h1"


def test_actions_log_and_events(ruleset):
    game = ruleset.new_game(seed=6)
    game.apply("play h2")
    game.apply("pass")
    assert [a.code for a in game.actions] == ["play h2", "pass"]
    kinds = [e[0] for e in game.events]
    assert kinds == ["turn", "play", "draw", "turn", "pass", "turn"]
    assert len(game.log) == len(game.events)
    assert game.log[0] == "turn 1 0"  # no description registered: kind and arguments


def test_views_by_player(ruleset):
    game = ruleset.new_game(seed=6)
    tally = game.part(PART)
    v = game.view(0)
    assert v.player == 0 and v.to_act == 0 and v.players == 2 and v.variants == ("counter",)
    assert v[PART].hand == tuple(tally.hands[0])
    assert game.view(1)[PART].hand == tuple(tally.hands[1])
    assert game.view(None)[PART].hand is None
    assert v.to_dict()["parts"][PART]["hand"] == list(tally.hands[0])
    with pytest.raises(ValueError, match=r"no player 2 in a 2-player game"):
        game.view(2)
