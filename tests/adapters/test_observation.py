"""Observations, information states and returns (issue 10 "Observations and returns"): the core's
layout and hook, Al Cabohne's segments, the kit's leak check, and returns."""

from __future__ import annotations

import random

import numpy as np
import pytest

import beanframe
from beanframe.core.hookspecs import hookimpl
from beanframe.core.observation import relative
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError
from beanframe.testing.checks import ConformanceError
from beanframe.testing.observation import check_observations, observation_problems


def _play(game, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize("players", [1, 2])
def test_shape_dtype_and_layout(players):
    rules = beanframe.compose(["al_cabohne"], players)
    layout = rules.observation_layout
    obs = rules.new_game(seed=1).observation(0)
    assert obs.shape == rules.observation_shape == (layout.size,) and obs.dtype == np.float32
    names = [s.name for s in layout]
    assert names[:5] == ["core.stage", "core.phase", "core.decision", "core.active", "core.deciders"]
    for name in ("beans.hand", "beans.fields", "beans.coins", "beans.deck", "beans.discard_counts", "mafia.bosses", "mafia.treasury"):
        assert name in layout
    ends = [s.offset + s.size for s in layout]
    assert [s.offset for s in layout] == [0, *ends[:-1]] and ends[-1] == layout.size
    assert layout.offsets()["beans.hand"] == (layout["beans.hand"].offset, layout["beans.hand"].size)
    assert "beans.hand" in layout.describe()


def test_own_hand_in_order_and_the_table_as_it_is():
    # F.13: one's own hand, front first; the table is public
    rules = beanframe.compose(["al_cabohne"], 2)
    game = _play(rules.new_game(seed=5), 25)
    table, mafia = game.part("beans"), game.part("mafia")
    b = len(table.names)
    for p in range(2):
        seg = rules.observation_layout.split(game.observation(p))
        hand = table.hands[p]
        one_hot = seg["beans.hand"].reshape(-1, b)
        assert [int(np.argmax(row)) for row in one_hot[: len(hand)]] == hand
        assert not one_hot[len(hand) :].any()
        assert seg["beans.hand_sizes"].tolist() == [len(table.hands[p]), len(table.hands[1 - p])]  # relative seats
        assert seg["beans.coins"].tolist() == [len(table.coins[p]), len(table.coins[1 - p])]
        assert seg["beans.deck"][0] == len(table.deck)
        assert seg["beans.discard_counts"].sum() == len(table.discard)
        assert seg["mafia.treasury"][0] == len(mafia.treasury)
        fields = seg["beans.fields"].reshape(2, rules.config.params["beans"].max_fields, b + 2)
        for i, f in enumerate(table.fields[p]):
            assert fields[0, i, 0] == 1 and fields[0, i, 1 + b] == len(f)
            if f:
                assert fields[0, i, 1 + f[-1]] == 1
        assert seg["core.deciders"][relative(p, game.to_act, 2)] == 1


def test_the_spectator_sees_no_hand():
    game = _play(beanframe.compose(["al_cabohne"], 2).new_game(seed=2), 10)
    seg = game.ruleset.observation_layout.split(game.observation(None))
    assert not seg["beans.hand"].any() and not seg["beans.hand_counts"].any()


@pytest.mark.parametrize("players", [1, 2])
def test_observations_never_change_when_unseen_cards_are_redealt(players):
    # F.13: the deck and the other hands are hidden; a redeal must not show in an observation
    rules = beanframe.compose(["al_cabohne"], players)
    for seed in range(3):
        game = rules.new_game(seed=seed)
        for step in range(0, 120, 7):
            _play(game, 7, seed + step)
            if game.is_over:
                break
            assert observation_problems(game, random.Random(step)) == []


def test_the_kit_reports_a_leaking_segment_by_name():
    class Leak:
        @hookimpl
        def beanframe_variant():
            return VariantInfo(name="leak", version="1", requires=("al_cabohne",))

        @hookimpl
        def beanframe_observation(register):
            def top_of_deck(game, player, out):
                deck = game.part("beans").deck
                if deck:
                    out[deck[-1]] = 1.0

            register("leak.deck_top", 7, top_of_deck)

    rules = beanframe.compose(["al_cabohne"], 2, extra_plugins=[Leak])
    game = _play(rules.new_game(seed=1), 6)
    with pytest.raises(ConformanceError, match="leak.deck_top"):
        for k in range(20):  # a redeal may keep the top card by chance: try a few
            check_observations(game, random.Random(k))


def test_segments_replace_remove_and_mistakes():
    class Tweak:
        @hookimpl
        def beanframe_variant():
            return VariantInfo(name="tweak", version="1", requires=("al_cabohne",))

        @hookimpl
        def beanframe_observation(register):
            register.remove("beans.bought_field")
            register("mafia.treasury", 2, lambda game, player, out: None, replace=True)

    rules = beanframe.compose(["al_cabohne"], 2, extra_plugins=[Tweak])
    assert "beans.bought_field" not in rules.observation_layout
    assert rules.observation_layout["mafia.treasury"].size == 2
    assert rules.observation_layout["mafia.treasury"].variant == "tweak"

    def plugin(body):
        class Bad:
            @hookimpl
            def beanframe_variant():
                return VariantInfo(name="bad", version="1", requires=("al_cabohne",))

            beanframe_observation = hookimpl(body)

        return Bad

    with pytest.raises(ConfigError, match="size must be a whole number"):
        beanframe.compose(["al_cabohne"], 2, extra_plugins=[plugin(lambda register: register("x", 0, print))])
    with pytest.raises(ConfigError, match="registered twice"):
        beanframe.compose(["al_cabohne"], 2, extra_plugins=[plugin(lambda register: register("beans.hand", 1, print))])
    with pytest.raises(ConfigError, match="cannot remove observation segment 'beans.hnd'"):
        beanframe.compose(["al_cabohne"], 2, extra_plugins=[plugin(lambda register: register.remove("beans.hnd"))])


def test_bad_player_is_a_clear_error():
    game = beanframe.compose(["al_cabohne"], 2).new_game(seed=1)
    with pytest.raises(ValueError, match="no player 2"):
        game.observation(2)
    with pytest.raises(ValueError, match="no player None"):
        game.information_state(None)


def test_information_state_is_the_players_and_grows_with_the_game():
    game = beanframe.compose(["al_cabohne"], 2).new_game(seed=3)
    first = game.information_state(0)
    assert first.startswith("p1 of 2") and first != game.information_state(1)
    _play(game, 5)
    later = game.information_state(0)
    assert later != first and "turn 1 0" in later


def test_returns_win_loss_shared_and_score():
    # RULES A "End of the game" (F.6): the richest player wins if richer than the mafia
    rules = beanframe.compose(["al_cabohne"], 2)
    game = rules.new_game(seed=4)
    assert game.returns() == [0.0, 0.0] and game.returns("score") == [0.0, 0.0]
    for seed in range(40):
        game = _play(rules.new_game(seed=seed), 100_000, seed)
        result = game.result
        values = game.returns()
        for p, seat in enumerate(("p1", "p2")):
            assert values[p] == (1.0 / len(result.winners) if result.won(seat) else -1.0)
        scores = result.scores
        assert game.returns("score") == [
            float(scores["p1"] - max(scores["p2"], scores["mafia"])),
            float(scores["p2"] - max(scores["p1"], scores["mafia"])),
        ]
    with pytest.raises(ValueError, match="unknown returns mode"):
        game.returns("coins")


def test_information_state_hides_the_others_private_parameters():
    # F.13: which hand card another player gives the mafia is that player's secret
    rules = beanframe.compose(["al_cabohne"], 2)
    for seed in range(30):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            actor = game.to_act
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]
            game.apply(action)
            if action.is_private:
                other = 1 - actor
                assert f"p{actor + 1} {action.public_code}" in game.information_state(other)
                assert f"p{actor + 1} {action.code}" in game.information_state(actor)
                return
    pytest.fail("no private action in 30 random games")
