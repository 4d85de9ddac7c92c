"""RULES C "Deck" and the set-up of "Rules": the 104 cards, the larger deck, 3-5 players, 5 cards
each in a fixed order."""

from __future__ import annotations

import pytest

import beanframe
from beanframe.errors import ConfigError
from beanframe_plugins.bohnanza.rules import BASE_CARDS, LARGER_CARDS

from .helpers import hand, new, table

METERS = {  # RULES C "Deck": count and the sizes that sell for 1, 2, 3, 4 coins
    "blue": (20, [4, 6, 8, 10]),
    "fire": (18, [3, 6, 8, 9]),
    "broad": (16, [3, 5, 7, 8]),
    "green": (14, [3, 5, 6, 7]),
    "soy": (12, [2, 4, 6, 7]),
    "blackeyed": (10, [2, 4, 5, 6]),
    "red": (8, [2, 3, 4, 5]),
    "garden": (6, [0, 2, 3, 0]),
}


def test_the_deck_has_104_cards_of_8_beans_with_their_bean_o_meters():
    # RULES C "Deck (Amigo 1997 edition: 104 cards, 8 beans)"
    assert BASE_CARDS.total == 104
    assert {b.key: (b.count, list(b.meter)) for b in BASE_CARDS.beans} == METERS
    assert BASE_CARDS.names[0] == "Blue Bean"


def test_the_gartenbohne_sells_two_for_2_and_three_for_3_and_one_for_nothing():
    # RULES C "Deck": Garden Bean "- 2 3 -"
    g = BASE_CARDS.index("garden")
    assert [BASE_CARDS.value(g, n) for n in range(1, 7)] == [0, 2, 3, 3, 3, 3]


def test_the_larger_deck_adds_coffee_and_wax_beans():
    # RULES C "Optional larger deck": Coffee Bean 24 (4/7/10/12), Wax Bean 22 (4/7/9/11)
    assert LARGER_CARDS.total == 104 + 24 + 22
    coffee = LARGER_CARDS.beans[LARGER_CARDS.index("Coffee Bean")]
    wax = LARGER_CARDS.beans[LARGER_CARDS.index("wax")]
    assert (coffee.count, list(coffee.meter)) == (24, [4, 7, 10, 12])
    assert (wax.count, list(wax.meter)) == (22, [4, 7, 9, 11])
    game = new(3, options={"bohnanza": {"larger_deck": True}})
    t = table(game)
    assert len(t.deck) + sum(len(h) for h in t.hands) == 150


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players(players):
    # RULES C "Rules (3-5 players)"
    game = new(players)
    assert game.players == players


@pytest.mark.parametrize("players", [1, 2, 6])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ConfigError, match="bohnanza"):
        beanframe.compose(["bohnanza"], players)


def test_five_cards_are_dealt_to_each_player_one_at_a_time_in_a_fixed_order():
    # RULES C "Rules": "Deal 5 cards to each player; hand order is fixed as in Al Cabohne"
    deck = ["blue", "fire", "broad", "green"] * 5
    game = new(4, deck=deck)
    for p, key in enumerate(["blue", "fire", "broad", "green"]):
        assert hand(game, p) == [key] * 5
    assert len(table(game).deck) == 104 - 20
    assert game.state.active == 0 and game.frame.kind == "plant"


def test_each_player_starts_with_two_fields_and_no_coins():
    game = new(3)
    t = table(game)
    assert all(len(fs) == 2 and not any(fs) for fs in t.fields)
    assert t.coins == [[], [], []]


def test_bad_options_are_refused_at_compose():
    with pytest.raises(ConfigError, match="offers_per_turn"):
        beanframe.compose(["bohnanza"], 4, options={"bohnanza": {"offers_per_turn": 0}})
    with pytest.raises(ConfigError, match="tie_break"):
        beanframe.compose(["bohnanza"], 4, options={"bohnanza": {"tie_break": "coin_flip"}})


def test_the_action_table_stays_under_1000_ids_for_5_players():
    # issue 8: offers are built from small actions, so the integer action space stays small
    widest = beanframe.compose(
        ["bohnanza"], 5, options={"bohnanza": {"larger_deck": True, "offers_per_turn": 12, "cards_per_offer": 6}}
    )
    assert len(widest.actions) < 1000
    # about 200 ids, and one "give-copy h<k>" per hand position (F.27: the giver picks the copy)
    assert len(beanframe.compose(["bohnanza"], 4).actions) < 320
