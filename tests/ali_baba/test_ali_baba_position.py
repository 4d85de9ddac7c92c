"""Ali Baba positions (issue 21.1): the track, piasters, bandit cards (k1..k64), piles, dice and
stacked rolls; what is not given is dealt from the seed; a game stopped in a negotiation goes on
exactly like it from its position; saves made before stacked dice still load."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import beanframe
from beanframe.errors import PositionError
from beanframe.testing import check_save_load, continue_alike

from beanframe_plugins.ali_baba.rules import roll

from .helpers import BOARD, before, events, part, situation

GANG = 3  # robbers


def problems(table, players: int = 2) -> list[str]:
    with pytest.raises(PositionError) as caught:
        beanframe.compose(["ali_baba"], players).new_game(seed=1, position={"ali_baba": table})
    return caught.value.problems


def stopped(players: int, seed: int, kind: str | None = None, steps: int = 10_000):
    game = beanframe.new_game(["ali_baba"], players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over or (kind is not None and game.frame.kind == kind):
            break
        p = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(p)), p)
    return game


@pytest.mark.parametrize("players, seed, kind", [(2, 1, "answer"), (3, 2, "shed"), (4, 3, None), (5, 4, "bazaar"), (3, 5, "draft")])
def test_a_game_from_its_position_goes_on_exactly_like_it(players, seed, kind):
    game = stopped(players, seed, kind, steps=10_000 if kind else 60)
    data = game.position()
    again = beanframe.compose(["ali_baba"], players).new_game(position=data)
    assert again.part("ali_baba") == game.part("ali_baba") and again.state.stack == game.state.stack
    for p in (None, *range(players)):
        assert attrs.evolve(again.view(p), record=None) == attrs.evolve(game.view(p), record=None)
    continue_alike(game.clone(), check_save_load(again), seed)


def test_stacked_rolls_fall_first_then_the_seed_rolls():
    game = situation(3, at="1-01", hand=(1,), rolls=[6, 2])
    assert part(game).rolls == [6, 2] and "rolls" not in repr(game.view(0)["ali_baba"])  # future chance is hidden
    assert [roll(game) for _ in range(3)][:2] == [6, 2] and part(game).rolls == []


def test_a_die_field_rolls_the_stacked_die():
    die_field = BOARD.kind.index(4)
    game = situation(at=BOARD.field_ids[before(BOARD.field_ids[die_field])], hand=(1,), bandits={1: [48]}, rolls=[6])
    game.apply("move c1")
    assert events(game, "gang_die")[-1][2:] == (6, GANG)  # 6: the robbers


def test_what_is_not_given_is_dealt_from_the_seed():
    rules = beanframe.compose(["ali_baba"], 3)
    a = rules.new_game(seed=5, position={"ali_baba": {"bandits": [["k1"], [], ["k64"]]}})
    b = rules.new_game(seed=6, position={"ali_baba": {"bandits": [["k1"], [], ["k64"]]}})
    t = part(a)
    assert sorted(c for z in t.zones().values() for c in z) == list(range(64))
    assert 0 not in t.piles[0] and 63 not in t.piles[3]
    assert sorted(v for h in t.hands for v in h) == sorted(BOARD.movement)  # every movement card dealt
    assert part(b).piles != t.piles  # another seed, other piles


def test_a_determinized_copy_forgets_the_stacked_dice():
    game = situation(at="1-01", hand=(1,), rolls=[6, 6, 6])
    copy = game.determinize(1, random.Random(2))
    assert copy.part("ali_baba").rolls == [] and part(game).rolls == [6, 6, 6]


def test_a_save_from_before_stacked_dice_still_loads():
    game = stopped(2, 3, steps=40)
    saved = json.loads(game.to_json())
    del saved["state"]["parts"]["ali_baba"]["rolls"]  # as ali_baba 0.1.0 saved it
    loaded = beanframe.load_game(json.dumps(saved))
    assert loaded.position() == game.position()
    saved["state"]["parts"]["ali_baba"]["piasters"][0] += 10  # an edit is still refused
    with pytest.raises(beanframe.SaveFileError, match="does not match"):
        beanframe.load_game(json.dumps(saved))


@pytest.mark.parametrize(
    "table, message",
    [
        ({"bandits": [["k1"], ["k1"]]}, "ali_baba.bandits[1][0]: k1 is at ali_baba.bandits[0][0] already"),
        ({"bandits": [["k65"], []]}, "ali_baba.bandits[0][0]: no bandit card 'k65' (k1 to k64)"),
        ({"field": "9-99"}, "ali_baba.field: no field '9-99' on the board"),
        ({"pile_tops": [["k17"], [], [], []]}, "ali_baba.pile_tops[0]: only swindlers lie in this pile"),
        ({"piles": [[], [], [], []]}, "ali_baba.piles[0]: bandit cards in no place: k1, k2"),
        ({"hands": [[5, 5, 5], []]}, "ali_baba.hands: the hands and the played cards are not the movement cards"),
        ({"rolls": [7]}, "ali_baba.rolls[0]: 7 is out of range (expected from 1 to 6)"),
        ({"hunted": ["pirates"]}, "ali_baba.hunted[0]: unknown value 'pirates'"),
        ({"arrested": [["k3"], []]}, "ali_baba.arrested[0]: p1 does not hold these bandits"),
        ({"offers": [{"id": 0, "maker": "p1", "to": "p2", "gives": ["k3"], "asks": [-5]}]}, "ali_baba.offers[0].asks[0]: -5 is out of range"),
    ],
)
def test_the_table_is_checked(table, message):
    found = problems(table)
    assert any(p.startswith(message) for p in found), found


def test_a_pending_offer_frame_without_its_offer_can_only_be_left():
    # positions are checked part by part; a ``draft`` or ``answer`` frame naming no offer still plays
    game = situation(at="1-07", hand=(1,), phase="field",
                     stack=[{"kind": "bazaar", "player": "p1", "group": ["p1", "p2"]}, {"kind": "draft", "player": "p1", "args": [0]}])
    assert [a.code for a in game.legal_actions()] == ["scrap"]
    game.apply("scrap")
    assert game.frame.kind == "bazaar"
    game = situation(at="1-07", hand=(1,), phase="field",
                     stack=[{"kind": "bazaar", "player": "p1", "group": ["p1", "p2"]}, {"kind": "answer", "player": "p2", "args": [4]}])
    assert [a.code for a in game.legal_actions()] == ["decline"] and "no offer 5" in game.prompt()
    game.apply("decline")
    assert game.frame.kind == "bazaar" and not events(game, "reject")
