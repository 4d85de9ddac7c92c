"""The conformance kit itself: it passes a sound game and each check fails on a game with the
matching fault (a check that cannot fail proves nothing)."""

from __future__ import annotations

import random

import pytest

import beanframe
from beanframe.core.game import Game
from beanframe.testing import (
    ConformanceError,
    ConformanceTests,
    check_game,
    check_illegal_refused,
    conformance_suite,
    random_playthrough,
)

from .fakes import counter, plugin


def test_a_sound_game_passes_every_check():
    report = conformance_suite([counter()], players=[1, 2, 3], games=4)
    assert report.variants == ("counter",) and report.games == 12 and report.actions > 0


@pytest.mark.parametrize(
    ("bug", "check", "message"),
    [
        ("shallow_clone", "legality", r"applying actions to clones changed the original"),
        ("aliased_view", "views", r"view\(0\) taken earlier changed"),
        ("leaky_view", "views", r"changes when hidden cards are redealt, at view\.parts\.tally\.peek"),
        ("front_draw", "hand order", r"cards were reordered or put before cards already held"),
        ("legal_raises", "legality", r"legal action 'pass' fails: RuntimeError: passing is broken"),
        ("never_ends", "end", r"has not ended after 300 actions"),
        ("global_random", "save/load", r"the saved state does not match its actions"),
        ("ruleset_state", "save/load", r"does not load"),
        ("bad_winner", "end", r"winners \['p9'\] are not seats of this game"),
        ("nobody_wins", "end", r"nobody won"),
    ],
)
def test_each_fault_is_caught(bug, check, message):
    with pytest.raises(ConformanceError, match=message) as caught:
        conformance_suite([counter(bug)], players=2, games=3, max_actions=300)
    assert caught.value.check == check
    assert "counter, 2 player(s), seed 0" in str(caught.value)  # where to reproduce it


def test_a_shallow_clone_is_also_found_structurally():
    game = beanframe.compose([counter("shallow_clone")], 2).new_game(seed=1)
    with pytest.raises(ConformanceError, match=r"part 'tally': the clone shares \.counts"):
        check_game(game, skip={"legality"})


def test_determinism_is_checked_on_a_fresh_ruleset():
    with pytest.raises(ConformanceError, match=r"replaying the same seed and actions gives another game") as caught:
        conformance_suite([counter("ruleset_state")], players=2, games=1, skip={"save/load"})
    assert caught.value.check == "determinism"


def test_invariants_from_the_hook_are_reported_with_their_variant():
    def broken(game):
        return ["the moon is square"] if game.state.turn >= 3 else []

    house = plugin("house", beanframe_invariants=broken)
    with pytest.raises(ConformanceError, match=r"\[invariants\] house: the moon is square") as caught:
        conformance_suite([counter(), house], players=2, games=1)
    assert "turn 3" in str(caught.value)


def test_an_invariants_hook_that_forgets_to_return_is_reported():
    house = plugin("house", beanframe_invariants=lambda game: None)
    with pytest.raises(ConformanceError, match=r"house: beanframe_invariants returned None, not a list"):
        conformance_suite([counter(), house], players=2, games=1)


def test_a_refused_action_that_changes_the_game_is_caught(monkeypatch):
    game = beanframe.compose([counter()], 2).new_game(seed=1)
    game.apply("play h1")
    check_illegal_refused(game, random.Random(0))  # sound: passes
    original = Game._check

    def leaky_check(self, action, legal, *rest):
        self.state.turn += 1  # a core that changes the state before refusing
        return original(self, action, legal, *rest)

    monkeypatch.setattr(Game, "_check", leaky_check)
    with pytest.raises(ConformanceError, match=r"\[illegal action\] .*the refused action changed the game"):
        check_illegal_refused(game, random.Random(0))


def test_a_stuck_game_and_a_stale_cache_are_caught():
    game = beanframe.compose([counter()], 2).new_game(seed=1)
    game._legal = ()  # simulate a stale, empty cache
    with pytest.raises(ConformanceError, match=r"nobody can move.*|stale"):
        check_game(game)


def test_playthroughs_are_reproducible_and_follow_the_choices():
    rs = beanframe.compose([counter()], 2)
    a = random_playthrough(rs, 7, choices=[3, 2, 1])
    b = random_playthrough(rs, 7, choices=[3, 2, 1], checks=False)
    assert a.to_json() == b.to_json()  # checks do not change the game played
    legal_first = rs.new_game(seed=7).legal_actions()
    assert a.actions[0] == legal_first[3 % len(legal_first)]
    steps = []
    random_playthrough(rs, 7, lambda game, action: steps.append(action.code), checks=False)
    assert len(steps) == random_playthrough(rs, 7, checks=False).state.n_actions


def test_unknown_check_names_are_refused():
    game = beanframe.compose([counter()], 2).new_game(seed=1)
    with pytest.raises(ValueError, match=r"unknown checks \['legalty'\]"):
        check_game(game, skip={"legalty"})


class TestCounterWithTheReadyMadeClass(ConformanceTests):
    """How a plugin author uses the kit: subclass, name the variants and player counts."""

    variants = [counter()]
    players = (1, 3)
    examples = 5
