"""Victory points and the territory end (RULES D "Landscapes", "Game end"; F.10)."""

from beanframe_plugins.bohnaparte.layout import parse_layout
from beanframe_plugins.bohnaparte.scoring import victory_points, vp_lines
from beanframe_plugins.bohnaparte.territory import (
    camp_order,
    extra_draws,
    extra_flips,
    monasteries,
    owns_power,
    territory_end,
)

LAYOUT = parse_layout('players = 3\nrows = ["A F V C M", "S Q I R", "A F V C A"]')
K = LAYOUT.kinds


def owners_of(assign):
    owners = [None] * len(K)
    for i, p in assign.items():
        owners[i] = p
    return owners


def test_vp_per_landscape_and_camp_vp_option():
    # RULES D "Landscapes": farm, village, monastery, swamp, quarry, iron mine 1; city 3; camp per F.10.
    owners = owners_of({0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 1, 9: 2, 13: 1})
    assert victory_points(LAYOUT, owners, (), 3) == [1 + 1 + 1 + 3 + 1, 1 + 1 + 1 + 1, 1]
    assert victory_points(LAYOUT, owners, (), 3, camp_vp=0) == [6, 3, 0]  # F.10 option camp_vp
    assert victory_points(LAYOUT, owners, (), 3, camp_vp=2)[2] == 2


def test_fortress_is_one_more_vp_for_the_landscape_owner():
    # RULES D "Quarry": a fortress gives +1 VP; it stays with the landscape when the owner changes.
    owners = owners_of({1: 0, 2: 1})
    assert victory_points(LAYOUT, owners, {1}, 3) == [2, 1, 0]
    owners[1] = 1
    assert victory_points(LAYOUT, owners, {1}, 3) == [0, 3, 0]
    assert ("fortress x1", 1) in vp_lines(LAYOUT, owners, {1}, 1)


def test_river_is_worth_nothing():
    assert LAYOUT.card(K.index("river")).vp == 0


def test_territory_end_twelve_or_none():
    # RULES D "Game end": earlier when a player owns 12 landscapes or a player owns none.
    assert territory_end([0, 1, 2], 3) is None
    assert territory_end([0, 0, 1], 3) == "player 3 owns no landscape"
    assert territory_end([0] * 12 + [1, 2], 3) == "player 1 owns 12 landscapes"


def test_farms_villages_monasteries_powers():
    # RULES D "Turn": one extra flip per farm (phase 2), one extra draw per village (phase 5).
    owners = owners_of({1: 0, 10: 0, 2: 0, 4: 0, 7: 1})
    assert extra_flips(LAYOUT, owners, 0) == 2
    assert extra_draws(LAYOUT, owners, 0) == 1
    assert monasteries(LAYOUT, owners, 0) == 1
    assert owns_power(LAYOUT, owners, 1, "cannon") and not owns_power(LAYOUT, owners, 0, "cannon")


def test_camps_chosen_counter_clockwise_last_chooser_starts():
    # RULES D "Board": players choose camps counter-clockwise; the last to choose starts.
    assert camp_order(4) == [0, 3, 2, 1]
    assert camp_order(3, first=1) == [1, 0, 2]
