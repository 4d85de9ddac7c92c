"""Bohnaparte's segments of the observation vector (issue 10 "Observations and returns", issue 9):
their content on stacked positions (standard_4 and riders_4, landscapes numbered row by row as in
test_attack.py and test_riders.py), and that depots, merchants and face-down fight cards never
reach another player's vector (the kit's redeal check, also in the middle of an attack)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import beanframe
from beanframe.testing.observation import observation_problems
from beanframe_plugins.bohnaparte.landscapes import LANDSCAPES
from beanframe_plugins.bohnaparte.observation import KINDS, merchant_places

from .helpers import VARIANTS, bean, board, situation

CAMP, FARM, VILLAGE = 1, 6, 7
OTHERS = {24: 2, 27: 3}
B = 8  # beans in Bohnaparte's deck
RIDERS = {"bohnaparte": {"riders": True}}
HORSES, RIDER_FARM = 6, 5


def seg(game, player):
    return game.ruleset.observation_layout.split(game.observation(player))


def no_leak(game):
    for k in range(3):
        assert observation_problems(game, random.Random(k)) == []


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", [None, RIDERS])
def test_layout_sizes(players, options):
    rules = beanframe.compose(VARIANTS, players, options)
    layout = rules.observation_layout
    land = len(rules.config.params["bohnaparte"].layout.kinds)
    n = players
    sizes = {s.name: s.size for s in layout if s.variant == "bohnaparte"}
    assert sizes == {
        "bohnaparte.kinds": land * len(KINDS),
        "bohnaparte.owners": land * (n + 1),
        "bohnaparte.camps": land * n,
        "bohnaparte.marks": land * 3,
        "bohnaparte.players": n * 5,
        "bohnaparte.fortresses_left": 1,
        "bohnaparte.own_depot": n * B,
        "bohnaparte.own_merchant": merchant_places(rules.config) * B,
        "bohnaparte.attack": 2 * n + 2 * land + 6,
        "bohnaparte.own_fight_card": B,
    }
    assert "beans.hand" in layout and layout["beans.fields"].size == n * 2 * (B + 2)  # no third field


def test_the_board_owners_camps_fortresses_and_markers():
    # RULES D "Board": markers, camps and fortresses are on the table for everyone
    g = situation(owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1}, fortresses=[FARM], coins=[1, 0, 0, 0], camps=[CAMP, 16, -1, -1],
                  empty_quarries=[3])  # fmt: skip
    b = board(g)
    land = len(b.kinds)
    for p in range(4):
        s = seg(g, p)
        kinds = s["bohnaparte.kinds"].reshape(land, len(KINDS))
        assert [KINDS[i] for i in kinds.argmax(axis=1)] == b.kinds and (kinds.sum(axis=1) == 1).all()
        owners = s["bohnaparte.owners"].reshape(land, 5)
        assert owners[CAMP].tolist() == [1.0 if k == (0 - p) % 4 else 0.0 for k in range(4)] + [0]
        assert owners[FARM, (1 - p) % 4] == 1 and owners[VILLAGE, 4] == 1  # neutral
        camps = s["bohnaparte.camps"].reshape(land, 4)
        assert camps[CAMP, (0 - p) % 4] == 1 and camps[16, (1 - p) % 4] == 1 and camps.sum() == 2
        marks = s["bohnaparte.marks"].reshape(land, 3)
        assert np.flatnonzero(marks[:, 0]).tolist() == [FARM] and np.flatnonzero(marks[:, 1]).tolist() == [3]
        players = s["bohnaparte.players"].reshape(4, 5)
        assert players[:, 0].tolist() == [b.markers[(p + k) % 4] for k in range(4)]
    assert b.kinds[CAMP] == "camp" and LANDSCAPES["camp"].camp


def test_a_depot_is_its_owners_in_order_and_a_count_for_everyone_else():
    # RULES D "Munitions depot": face down; F.13: others see how many cards it holds
    g = situation(owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1}, coins=[1, 0, 0, 0], depots={1: ["fire", "blue"]})
    own = seg(g, 1)["bohnaparte.own_depot"].reshape(4, B)
    assert own.argmax(axis=1)[:2].tolist() == [bean("fire"), bean("blue")] and not own[2:].any()
    for p in (0, 2, 3, None):
        s = seg(g, p)
        assert not s["bohnaparte.own_depot"].any()
        seat = (1 - (p or 0)) % 4
        assert s["bohnaparte.players"].reshape(4, 5)[seat, 1:3].tolist() == [1, 2]
    no_leak(g)


def test_an_attack_in_progress_and_the_face_down_cards():
    # RULES D "Attack": attacker and defender lay face down; only the one who laid a card knows it
    g = situation(
        owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1},
        hands=[["Green Bean", "fire"], ["Garden Bean"], [], []],
        coins=[1, 0, 0, 0],
        depots={1: ["fire"]},
    )
    g.apply("attack l7")
    land = len(board(g).kinds)
    att = seg(g, 2)["bohnaparte.attack"]
    assert att[(0 - 2) % 4] == 1 and att[4 + (1 - 2) % 4] == 1  # attacker player 1, defender player 2
    assert np.flatnonzero(att[9 : 9 + land]).tolist() == [FARM]
    assert not att[9 + land : 9 + 2 * land].any()  # no rider
    rest = att[9 + 2 * land :]
    assert rest.tolist() == [0, 1, 0, 0, 0]  # round 2 (a normal fight), nothing laid yet
    g.apply("fight-hand h2")  # the attacker lays the Chili Bean
    assert np.flatnonzero(seg(g, 0)["bohnaparte.own_fight_card"]).tolist() == [bean("fire")]
    for p in (1, 2, 3, None):
        assert not seg(g, p)["bohnaparte.own_fight_card"].any()
        assert seg(g, p)["bohnaparte.attack"][9 + 2 * land :].tolist() == [0, 1, 1, 0, 0]
    no_leak(g)
    g.apply("fight-deck")  # settled at once: the attack is over
    assert not seg(g, 0)["bohnaparte.attack"].any() and not seg(g, 0)["bohnaparte.own_fight_card"].any()


def test_a_card_from_the_deck_top_is_unseen_even_by_its_player():
    g = situation(owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1}, hands=[[], ["Garden Bean"], [], []], coins=[1, 0, 0, 0])
    g.apply("attack l7")
    g.apply("fight-deck")
    assert board(g).attack_card and board(g).attack_blind
    assert not seg(g, 0)["bohnaparte.own_fight_card"].any()
    no_leak(g)


def test_riders_round_one_tired_troops_and_merchants():
    # RULES D "Rider variant": the riding troop, round 1, tired troops and merchants are public;
    # the merchant's cards are its owner's
    g = situation(options=RIDERS, owners={20: 2, 22: 3, CAMP: 0, HORSES: 0, RIDER_FARM: 1, 9: 1},
                  hands=[["blue"], ["Garden Bean"], [], []], coins=[1, 0, 0, 0], deck=["fire"], merchants={1: 2})  # fmt: skip
    b = board(g)
    land = len(b.kinds)
    g.apply("ride l6")
    att = seg(g, 3)["bohnaparte.attack"]
    assert np.flatnonzero(att[9 + land : 9 + 2 * land]).tolist() == [HORSES]
    assert att[9 + 2 * land : 9 + 2 * land + 2].tolist() == [1, 0]  # round 1
    g.apply("fight-hand h1")  # the defender's Garden Bean (6) against the riders' 17: the farm falls
    assert b.owners[RIDER_FARM] == 0 and b.tired == []
    b.tired.append(HORSES)
    marks = seg(g, 2)["bohnaparte.marks"].reshape(land, 3)
    assert np.flatnonzero(marks[:, 2]).tolist() == [HORSES]
    mine = seg(g, 1)["bohnaparte.own_merchant"].reshape(-1, B)
    assert mine[:2].argmax(axis=1).tolist() == b.merchants[1] and not mine[2:].any()
    for p in (0, 2, 3):
        s = seg(g, p)
        assert not s["bohnaparte.own_merchant"].any()
        assert s["bohnaparte.players"].reshape(4, 5)[(1 - p) % 4, 3:].tolist() == [1, 2]
    no_leak(g)


@pytest.mark.parametrize("players,options", [(3, None), (5, RIDERS), (6, {"bohnaparte": {"layout": "random"}})])
def test_random_games_never_leak_into_the_vector(players, options):
    rules = beanframe.compose(VARIANTS, players, options)
    game = rules.new_game(seed=players)
    rng = random.Random(players)
    checked = 0
    for step in range(1500):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        # every attack position and every 50th other one
        if (game.frame is not None and game.frame.kind in ("attack_card", "defend_card")) or step % 50 == 0:
            assert observation_problems(game, random.Random(step)) == []
            checked += 1
    assert checked > 10
