"""Pure rules: card data, prices and payment, building values, police bonuses (RULES B)."""

import pytest

from beanframe_plugins.prohibohn.cards import BUILDING, CARDS, KIND_NAMES, POLICE, RAZZIA, card_id, cards_in_play
from beanframe_plugins.prohibohn.powers import NONE, Powers, merge
from beanframe_plugins.prohibohn.supply import powers_of
from beanframe_plugins.prohibohn.values import (
    building_value,
    payments,
    police_bonus,
    score_lines,
    take_coins,
    worth_exactly_one,
)

IDX = {"blue": 0, "kidney": 1, "fire": 2, "puff": 3, "broad": 4, "french": 5, "runner": 6, "cognac": 7}
BLUE, RUNNER, FRENCH = IDX["blue"], IDX["runner"], IDX["french"]


def ids(*keys):
    return [card_id(k) for k in keys]


def test_the_box_holds_21_buildings_2_police_stations_and_1_razzia():
    # RULES B "Building cards": one each at price 1, 3 and 4 per bean except Blaue; the rulebook's
    # box: 21 building cards (7 kinds x 3, the Pubs included), 2 police stations, 1 razzia
    assert sum(c.group == BUILDING for c in CARDS) == 21
    assert sum(c.group == POLICE for c in CARDS) == 2
    assert sum(c.group == RAZZIA for c in CARDS) == 1
    assert len(cards_in_play(pub=False)) == 18 + 3
    assert len(cards_in_play(pub=True)) == 21 + 3
    assert list(KIND_NAMES.values()) == ["Casino", "Undertaker", "Restaurant", "Nightbar", "Gas Station", "Varieté", "Pub"]


def test_the_supply_is_sorted_by_kind_and_price():
    # RULES B "Set-up changes"
    base = [CARDS[i] for i in cards_in_play(pub=False) if CARDS[i].group == BUILDING]
    assert [c.price for c in base] == [1, 3, 4] * 6
    assert [c.kind for c in base][::3] == ["casino", "undertaker", "restaurant", "nightbar", "gas_station", "variete"]


def test_each_kind_has_the_bean_of_the_rulebook():
    beans = {c.kind: c.bean for c in CARDS if c.group == BUILDING}
    assert beans == {"casino": "runner", "undertaker": "french", "restaurant": "broad", "nightbar": "puff",
                     "gas_station": "fire", "variete": "kidney", "pub": "cognac"}


def test_card_ids_by_key_or_name():
    assert CARDS[card_id("3-Casino")].key == "casino3"
    with pytest.raises(KeyError, match="unknown Prohibohn card"):
        card_id("4-Bakery")


def test_a_building_is_paid_with_coins_of_its_bean():
    # RULES B "Coins keep their bean"
    casino3 = CARDS[card_id("casino3")]
    assert payments(casino3, [RUNNER, RUNNER, BLUE, RUNNER], IDX) == [(RUNNER, 3)]
    assert payments(casino3, [RUNNER, RUNNER, BLUE, BLUE, FRENCH], IDX) == []


def test_police_stations_cost_blaue_bohne_coins():
    # RULES B "Blue Bean cards"
    ps4 = CARDS[card_id("police4")]
    assert payments(ps4, [BLUE] * 4, IDX) == [(BLUE, 4)]
    assert payments(ps4, [BLUE] * 3 + [RUNNER] * 5, IDX) == []


def test_the_razzia_costs_4_blaue_or_5_of_one_other_bean():
    # RULES B "Blue Bean cards": 4 Blue Bean coins or 5 coins of one other bean (5 the same)
    razzia = CARDS[card_id("razzia")]
    assert payments(razzia, [BLUE] * 4, IDX) == [(BLUE, 4)]
    assert payments(razzia, [BLUE] * 3 + [RUNNER] * 5, IDX) == [(RUNNER, 5)]
    assert payments(razzia, [RUNNER] * 4 + [FRENCH] * 4 + [BLUE] * 3, IDX) == []
    assert payments(razzia, [BLUE] * 4 + [FRENCH] * 5, IDX) == [(BLUE, 4), (FRENCH, 5)]


def test_take_coins_takes_that_bean_only_and_never_half():
    coins = [BLUE, RUNNER, BLUE, RUNNER]
    assert take_coins(coins, RUNNER, 2) == ([RUNNER, RUNNER], 0)
    assert coins == [BLUE, BLUE]
    with pytest.raises(ValueError):
        take_coins(coins, RUNNER, 1)
    assert coins == [BLUE, BLUE]


def test_one_buildings_are_worth_1_or_4_with_the_3_and_4_of_the_kind():
    # RULES B "1-buildings"
    owned = ids("casino1", "casino3")
    assert building_value(card_id("casino1"), owned, False, []) == 1
    owned = ids("casino1", "casino3", "casino4")
    assert building_value(card_id("casino1"), owned, False, []) == 4
    assert building_value(card_id("casino3"), owned, False, []) == 3
    assert building_value(card_id("casino4"), owned, False, []) == 4


def test_after_a_razzia_one_buildings_are_worthless_unless_already_worth_4():
    # RULES B "Razzia": present and future 1-buildings become 0, except those already upgraded
    owned = ids("casino1", "casino3", "casino4", "restaurant1")
    protected = ids("casino1")
    assert building_value(card_id("casino1"), owned, True, protected) == 4
    assert building_value(card_id("restaurant1"), owned, True, protected) == 0
    # a set completed after the razzia does not upgrade its 1-building
    assert building_value(card_id("casino1"), owned, True, []) == 0


def test_pub_4_targets_only_one_buildings_worth_exactly_1():
    # RULES B "Pub variant": Pub 4 removes a 1-building worth exactly 1
    owned = ids("casino1", "casino3", "casino4", "restaurant1", "undertaker3")
    assert worth_exactly_one(card_id("restaurant1"), owned, False, [])
    assert not worth_exactly_one(card_id("casino1"), owned, False, [])  # worth 4
    assert not worth_exactly_one(card_id("undertaker3"), owned, False, [])  # not a 1-building
    assert not worth_exactly_one(card_id("restaurant1"), owned, True, [])  # worthless


@pytest.mark.parametrize(("n", "bonus"), [(5, 0), (6, 1), (7, 2), (8, 3), (9, 5), (10, 8), (12, 8)])
def test_police_station_3_bonus_by_building_cards(n, bonus):
    # RULES B "Police Station 3": 6/7/8/9/10+ buildings -> 1/2/3/5/8
    owned = [i for i, c in enumerate(CARDS) if c.group == BUILDING][:n] + ids("police3")
    assert police_bonus(3, owned) == bonus


@pytest.mark.parametrize(("kinds", "bonus"), [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5), (6, 8)])
def test_police_station_4_bonus_by_kinds(kinds, bonus):
    # RULES B "Police Station 4": 2/3/4/5/6 kinds -> 1/2/3/5/8
    keys = ["casino", "undertaker", "restaurant", "nightbar", "gas_station", "variete"][:kinds]
    owned = ids(*(f"{k}1" for k in keys)) + ids("police4")
    assert police_bonus(4, owned) == bonus


def test_worthless_one_buildings_still_count_for_the_bonus():
    # RULES B: worthless 1-buildings still count for these bonuses
    owned = ids("casino1", "undertaker1", "restaurant1", "police4", "razzia")
    lines = dict(score_lines(owned, True, []))
    assert lines["1-Casino"] == 0 and lines["Police Station 4 bonus"] == 2 and lines["Razzia"] == 4


def test_the_rulebook_scoring_example():
    # RULES B "Game end and scoring", rulebook example: 8 coins; 3-Undertaker, 1-Casino, 3-Casino,
    # 4-Casino, 1-Restaurant and Police Station 4; no razzia -> 8 + 19 + 2 = 29
    owned = ids("undertaker3", "casino1", "casino3", "casino4", "restaurant1", "police4")
    lines = score_lines(owned, False, [])
    bonus = dict(lines)["Police Station 4 bonus"]
    assert bonus == 2
    assert sum(v for _, v in lines) - bonus == 19
    assert 8 + sum(v for _, v in lines) == 29


def test_powers_merge_over_owned_cards():
    assert powers_of(()) is NONE
    p = powers_of(tuple(ids("undertaker3", "undertaker4", "restaurant3", "restaurant4", "gas_station3")))
    assert p.flips_on == 3 and set(p.restaurant) == {"flip", "plant"} and p.draw_up_to == 6 and p.draw == 0
    assert merge([{"plant_any": True}, {"plant_any": False}]) == Powers(plant_any=True)


def test_face_down_coins_are_used_last():
    coins = [RUNNER, BLUE, RUNNER, RUNNER]  # the first two are face-down starting coins
    assert take_coins(coins, RUNNER, 2, face_down=2) == ([RUNNER, RUNNER], 0)
    assert take_coins(coins, RUNNER, 1, face_down=2) == ([RUNNER], 1)
    assert coins == [BLUE]
