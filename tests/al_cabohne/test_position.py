"""Al Cabohne positions (issue 21.1): the bean table and the mafia in bean names, every card
accounted for, what the position leaves out dealt from the seed, each problem one line naming its
place; a game started from ``game.position()`` goes on exactly like the game."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import beanframe
from beanframe.errors import PositionError
from beanframe.testing import check_game, check_save_load, continue_alike

from .helpers import CARDS, CREATED, bosses, fields, hand, named, table, total_cards

AL = ["al_cabohne"]


def start(position, players: int = 2, seed: int | None = None):
    game = beanframe.compose(AL, players).new_game(seed=seed, position=position)
    CREATED.append(game)
    return game


def problems(position, players: int = 2) -> list[str]:
    with pytest.raises(PositionError) as caught:
        start(position, players)
    return caught.value.problems


def random_game(players: int, seed: int, steps: int):
    game = beanframe.new_game(AL, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


# RULES A "Set-up" and "Turn": the position names every zone of the table in bean names
def test_the_position_names_the_table_in_the_games_terms():
    game = random_game(2, 4, 30)
    data = game.position()
    t = table(game)
    beans = data["beans"]
    assert beans["hands"] == [[CARDS.names[c] for c in h] for h in t.hands]
    assert beans["deck"][0] == CARDS.names[t.deck[-1]]  # top card first
    assert beans["discard"] == [CARDS.names[c] for c in reversed(t.discard)]  # top card first
    assert data["mafia"]["bosses"] == [[CARDS.names[c] for c in f] for f in game.part("mafia").bosses]
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("steps", [0, 7, 40, 120])
def test_a_game_from_its_position_goes_on_exactly_like_it(players, steps):
    # issue 21.1: same legal actions, same views, the same future under the same actions
    game = random_game(players, 11 + steps, steps)
    again = start(game.position(), players)
    assert again.legal_actions() == game.legal_actions()
    for p in (None, *range(players)):
        assert attrs.evolve(again.view(p), record=None) == attrs.evolve(game.view(p), record=None)
    continue_alike(game.clone(), again, steps)
    assert again.is_over


def test_a_position_game_passes_every_check_and_saves():
    game = start(random_game(2, 5, 25).position())
    check_game(game)
    loaded = check_save_load(game)
    continue_alike(game, loaded, 1)


# -- a hand-written position: the rest from the seed -----------------------------------------


POSITION = {
    "turn": 5,
    "active": "p2",
    "phase": "play",
    "beans": {
        "hands": [["fire", "blue"], ["Stink Bean", 3]],
        "fields": [[["fire", "fire"], []], [[], [], ["kidney"]]],
        "coins": [2, ["blue"]],
        "discard": ["puff"],
        "deck_top": ["runner", "runner"],
    },
    "mafia": {"bosses": [["broad"], []], "treasury": 4},
}


def test_what_a_position_leaves_out_is_dealt_from_the_seed():
    game = start(POSITION, seed=8)
    assert hand(game, 0) == ["fire", "blue"]
    assert hand(game, 1)[0] == "broad" and len(hand(game, 1)) == 4  # one named, three from the seed
    assert fields(game, 1)[2] == ["kidney"] and table(game).bought_field == [False, True]  # a third field: bought
    assert [len(c) for c in table(game).coins] == [2, 1] and named(table(game).coins[1]) == ["blue"]
    assert named(table(game).deck[-2:]) == ["runner", "runner"]  # the given top, the rest beneath
    assert bosses(game) == [["broad"], []] and len(game.part("mafia").treasury) == 4
    assert total_cards(game) == CARDS.total  # every card accounted for
    assert game.to_act == 1 and game.frame.kind == "play"  # the engine entered p2's phase 3
    # the same seed deals the same; another seed another deck
    assert table(start(POSITION, seed=8)).deck == table(game).deck
    assert table(start(POSITION, seed=9)).deck != table(game).deck


def test_a_whole_position_draws_no_chance():
    data = random_game(2, 6, 20).position()
    game = start(data)
    assert game.state.chance == data["chance"]  # nothing was dealt: the streams go on as they were


# -- checked on load ----------------------------------------------------------------------


def test_an_unknown_bean_names_its_place():
    found = problems({"beans": {"hands": [["fire"], ["blue", "red", "Fierbohne"]]}})
    assert found[0].startswith("beans.hands[1][1]: unknown bean 'red' (beans: Blue Bean")
    assert found[1].startswith("beans.hands[1][2]: unknown bean 'Fierbohne'")


def test_a_card_too_many_is_named_where_it_is_placed():
    # RULES A "Cards": 13 Runner Beans in the game (the runner bean)
    found = problems({"beans": {"hands": [["runner"] * 10, ["runner"] * 2]}, "mafia": {"bosses": [["runner"], []], "treasury": ["runner"]}})
    assert found == ["mafia.treasury[0]: one Runner Bean too many (the game has 13)"]


def test_a_whole_deck_must_account_for_every_card():
    data = random_game(2, 6, 10).position()
    data["beans"]["deck"] = data["beans"]["deck"][2:]
    (found,) = problems(data)
    assert found.startswith("beans.deck: 2 cards of the game are in no place (")


@pytest.mark.parametrize(
    "beans, message",
    [
        ({"deck": [], "deck_top": []}, "beans.deck_top: give the whole deck or its top, not both"),
        ({"fields": [[["fire", "blue"], []], [[], []]]}, "beans.fields[0][0]: one bean per field, not Blue Bean, Chili Bean"),
        ({"fields": [[[]], [[], []]]}, "beans.fields[0]: 1 fields: a player has 2 to 3"),
        ({"hands": [[]]}, "beans.hands: expected 2 hands (one per player), not 1"),
        ({"coins": [-1, 0]}, "beans.coins[0][0]: -1 cards: expected a number of at least 0"),
        ({"run_outs": 4}, "beans.run_outs: 4 is out of range (expected from 0 to 3)"),
        ({"handz": []}, "beans.handz: unknown key (did you mean 'hands'?"),
        ({"hands": [200, 0]}, "beans: 200 cards are to be dealt from the seed, only 116 are not placed"),
    ],
)
def test_the_bean_table_is_checked(beans, message):
    assert any(p.startswith(message) for p in problems({"beans": beans})), problems({"beans": beans})


@pytest.mark.parametrize(
    "mafia, message",
    [
        # RULES A "Harvest and sell": a boss harvests at once at its threshold (Al: 3 coins)
        ({"bosses": [["fire"] * 8, []]}, "mafia.bosses[0]: 8 Chili Bean reach Al Cabohne's threshold of 3 coins"),
        ({"bosses": [["fire"], ["fire"]]}, "mafia.bosses[1]: Al Cabohne collects Chili Bean already"),
        ({"bosses": [[], [], []]}, "mafia.bosses: expected 2 bosses (Al Cabohne, Don Corlebohne), not 3"),
    ],
)
def test_the_mafia_is_checked(mafia, message):
    assert any(p.startswith(message) for p in problems({"mafia": mafia})), problems({"mafia": mafia})


def test_solo_has_three_bosses_and_three_fields():
    # RULES A "Solo game", F.8: Joe Bohnano plays; the player has 3 fields from the start
    game = start({"beans": {"hands": [["fire"]]}, "mafia": {"bosses": [[], [], ["blue"]]}}, players=1)
    assert bosses(game) == [[], [], ["blue"]] and len(fields(game)) == 3
    assert total_cards(game) == CARDS.total
