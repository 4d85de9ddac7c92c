"""Fight strength (RULES D "Attack", "Landscapes"); card strengths are the beans' counts (RULES C deck)."""

from beanframe_plugins.bohnaparte.attack.strength import (
    DECK,
    DEPOT,
    HAND,
    Target,
    attacker_wins,
    defence_strength,
    fight,
    monastery_coin,
    rider_round,
    sources,
)
from beanframe_plugins.bohnaparte.landscapes import LANDSCAPES

BLUE, FIRE, SAU, BRECH, SOJA, AUGEN, ROTE, GARTEN = 20, 18, 16, 14, 12, 10, 8, 6
L = LANDSCAPES


def test_rulebook_attack_example():
    # RULES D "Attack", rulebook example: Marc's Chili Bean (18) against Carl's depot Chili Bean (18)
    # on a farm: a tie, the defender holds. Second attack: Chili Bean against the deck's Green Bean (14):
    # the attacker conquers the farm.
    farm = Target(L["farm"])
    assert not fight(FIRE, FIRE, farm)
    assert fight(FIRE, BRECH, farm)


def test_strictly_higher_wins():
    assert attacker_wins(15, 14) and not attacker_wins(14, 14) and not attacker_wins(13, 14)


def test_village_city_forest_minimums():
    # RULES D "Landscapes": village at least 16, city at least 18, forest at least 17.
    assert defence_strength(BRECH, Target(L["village"])) == 16
    assert defence_strength(BLUE, Target(L["village"])) == 20
    assert defence_strength(GARTEN, Target(L["city"])) == 18
    assert defence_strength(SOJA, Target(L["forest"])) == 17
    assert not fight(SAU, BRECH, Target(L["village"]))  # 16 against a raised 16
    assert fight(FIRE, SAU, Target(L["forest"]))


def test_fortress_adds_two_before_the_minimum():
    # rulebook "Dorp"/"Stad": a fortified village or city first gets +2, then the minimum.
    assert defence_strength(BRECH, Target(L["farm"], fortified=True)) == 16
    assert defence_strength(BRECH, Target(L["village"], fortified=True)) == 16
    assert defence_strength(SAU, Target(L["village"], fortified=True)) == 18
    assert defence_strength(SAU, Target(L["city"], fortified=True)) == 18
    assert defence_strength(FIRE, Target(L["city"], fortified=True)) == 20


def test_cannon_wins_ties_against_city_village_and_fortified_only():
    # RULES D "Iron mine": with a cannon the attacker wins ties against a city, a village or a fortified
    # landscape, except a 20-20 tie.
    assert fight(FIRE, ROTE, Target(L["city"]), has_cannon=True)  # 18 v 18
    assert not fight(FIRE, ROTE, Target(L["city"]), has_cannon=False)
    assert fight(SAU, BRECH, Target(L["village"]), has_cannon=True)  # 16 v 16
    assert fight(SAU, BRECH, Target(L["farm"], fortified=True), has_cannon=True)  # 16 v 14+2
    assert not fight(SAU, SAU, Target(L["farm"]), has_cannon=True)  # plain farm: no cannon effect
    assert not fight(SAU, SAU, Target(L["swamp"]), has_cannon=True)
    assert not fight(BLUE, BLUE, Target(L["city"]), has_cannon=True)  # 20-20
    assert not fight(BLUE, FIRE, Target(L["city"], fortified=True), has_cannon=True)  # 20 v 18+2
    assert fight(BLUE, SAU, Target(L["city"], fortified=True), has_cannon=True)  # 20 v 18


def test_swamp_forbids_depot_cards():
    # RULES D "Landscapes": no depot cards may be used by either side when a swamp is attacked.
    assert sources(2, 1, Target(L["swamp"])) == [(HAND, 0), (HAND, 1), (DECK, 0)]
    assert sources(1, 2, Target(L["farm"])) == [(HAND, 0), (DEPOT, 0), (DEPOT, 1), (DECK, 0)]
    assert sources(0, 0, Target(L["farm"])) == [(DECK, 0)]  # the deck top is always there


def test_rider_round_fixed_seventeen():
    # RULES D "Rider variant": round 1 the troop fights with 17 against a normal defence.
    assert rider_round(SAU, Target(L["farm"]))
    assert not rider_round(GARTEN, Target(L["forest"]))  # forest at least 17: a tie holds
    assert not rider_round(GARTEN, Target(L["city"]))
    assert rider_round(GARTEN, Target(L["village"]))


def test_monastery_six_to_twelve_is_a_coin():
    # F.11: strength 6-12 becomes a coin, anything else is discarded.
    assert [monastery_coin(s) for s in (GARTEN, ROTE, AUGEN, SOJA)] == [True] * 4
    assert [monastery_coin(s) for s in (BRECH, SAU, FIRE, BLUE, 5, 13)] == [False] * 6
