"""Bohnaparte positions (issue 21.1): the board in landscape codes and seats (owners, camps,
fortresses, quarries, depots, merchants, tired troops, the open attack); a game stopped in the
middle of an attack goes on exactly like it from its position (RULES D "Attack")."""

from __future__ import annotations

import attrs
import pytest

import beanframe
from beanframe.errors import PositionError
from beanframe.testing import check_save_load, continue_alike

from .helpers import VARIANTS, board, codes, table
from .test_attack import mid_attack

RIDERS = {"bohnaparte": {"riders": True}}
FAST = {"bohnanza": {"offers_per_turn": 1}}


def start(position, players: int = 4, options=None):
    return beanframe.compose(VARIANTS, players, options).new_game(seed=3, position=position)


def problems(position, players: int = 4, options=None) -> list[str]:
    with pytest.raises(PositionError) as caught:
        start(position, players, options)
    return caught.value.problems


@pytest.mark.parametrize("stop_at", ["attack_card", "defend_card"])
def test_a_game_stopped_in_an_attack_goes_on_exactly_like_it(stop_at):
    game = next(g for g in (mid_attack(seed, stop_at) for seed in range(10)) if g is not None)
    data = game.position()
    assert data["board"]["attack"]["attacker"] == f"p{game.part('board').attacker + 1}"
    again = beanframe.compose(VARIANTS, 4, FAST).new_game(position=data)
    assert again.part("board") == game.part("board") and again.state.stack == game.state.stack
    for p in (None, 0, 1, 2, 3):
        assert attrs.evolve(again.view(p), record=None) == attrs.evolve(game.view(p), record=None)
    continue_alike(game.clone(), check_save_load(again), 4)


def test_the_board_in_the_games_terms():
    # RULES D "Munitions depot": a depot holds as many cards as there are players, face down
    game = start(
        {
            "phase": "attack",
            "beans": {"hands": [["fire"], [], [], []], "coins": [1, 0, 0, 0]},
            "board": {
                "owners": {"l2": "p1", "l7": "p2", "l17": "p2", "l25": "p3", "l28": "p4"},
                "camps": ["l2", "l17", "", ""],
                "fortresses": ["l7"],
                "depots": {"p2": ["blue", 2]},
            },
        }
    )
    b = board(game)
    assert b.owners[1] == 0 and b.owners[6] == 1 and b.markers == [11, 10, 11, 11]
    assert b.camps == [1, 16, -1, -1] and b.fortresses == [6]
    assert b.has_depot == [False, True, False, False] and len(b.depots[1]) == 3
    assert "attack l7" in codes(game)
    assert game.position()["board"]["owners"] == {"l2": "p1", "l7": "p2", "l17": "p2", "l25": "p3", "l28": "p4"}
    assert sum(len(z) for z in table(game).zones().values()) + sum(len(z) for z in b.zones().values()) == 104


def test_an_open_attack_set_up_by_hand():
    # RULES D "Attack": the attacker has laid a card; the defender decides next
    game = start(
        {
            "phase": "attack",
            "stack": [{"kind": "attack", "player": "p1"}, {"kind": "fight", "player": "p1"},
                      {"kind": "defend_card", "player": "p2"}],  # fmt: skip
            "beans": {"hands": [[], ["Garden Bean"], [], []]},
            "board": {
                "owners": {"l2": "p1", "l7": "p2", "l17": "p2", "l25": "p3", "l28": "p4"},
                "attack": {"attacker": "p1", "target": "l7", "defender": "p2", "attack_card": ["fire"]},
                "attacks": 1,
            },
        }
    )
    assert game.to_act == 1 and "fight-hand h1" in codes(game)
    game.apply("fight-hand h1")
    assert board(game).owners[6] == 0  # Chili Bean 18 against Garden Bean 6


@pytest.mark.parametrize(
    "board_data, message",
    [
        ({"owners": {"l99": "p1"}}, "board.owners.l99: no landscape 'l99' (l1 to l"),
        ({"owners": {"l2": "p7"}}, "board.owners.l2: no seat 'p7' (seats: p1, p2, p3, p4, or \"\" for nobody)"),
        ({"camps": ["l7", "", "", ""]}, "board.camps[0]: l7 is a farm, not an army camp"),
        ({"depots": {"p1": ["fire"] * 5}}, "board.depots.p1: 5 cards: a depot holds 4"),
        ({"fortresses": ["l3", "l3"]}, "board.fortresses: a landscape twice"),
        ({"owners": [""] * 3}, "board.owners: expected 28 owners (one per landscape), not 3"),
        ({"kinds": ["camp"] * 28}, "board.kinds: the landscapes are dealt only with the random layout"),
        ({"attack": {"attacker": "p1", "target": "l7", "defender": "p2"}}, "board.attack.defender: l7 is neutral's, not p2's"),
    ],
)
def test_the_board_is_checked(board_data, message):
    found = problems({"board": board_data})
    assert any(p.startswith(message) for p in found), found


def test_a_river_is_nobodys_and_troops_ride_from_horse_teams():
    # RULES D "Rider variant": a horse team's troop; a river is never owned
    river = next(i for i, k in enumerate(beanframe.compose(VARIANTS, 4, RIDERS).config.params["bohnaparte"].layout.kinds) if k == "river")
    found = problems({"board": {"owners": {f"l{river + 1}": "p1"}, "tired": ["l2"]}}, options=RIDERS)
    assert found[0] == f"board.owners.l{river + 1}: l{river + 1} is a river: nobody owns it"
    assert found[1].startswith("board.tired: l2 is a") and found[1].endswith("not a horse team")
