"""The rider variant (RULES D "Rider variant"). riders_4 numbers its landscapes row by row: the
camp l2 touches the forest l3, the farm l6 and the horse team l7; the river l8 lies beyond them."""

from .helpers import CARDS, board, codes, situation, table

RIDERS = {"bohnaparte": {"riders": True}}
OTHERS = {20: 2, 22: 3}
CAMP, FOREST, FARM, HORSES, CITY_BEYOND = 1, 2, 5, 6, 11


def riders(**kw):
    kw.setdefault("options", RIDERS)
    kw["owners"] = {**OTHERS, **kw.get("owners", {})}
    return situation(**kw)


def test_riders_win_round_one_with_seventeen():
    # Round 1: the troop's fixed 17 against a normal defence; a win ends the attack.
    g = riders(owners={CAMP: 0, HORSES: 0}, coins=[1, 0, 0, 0], deck=["Green Bean"])
    assert "ride l6" in codes(g)
    g.apply("ride l6")
    b = board(g)
    assert b.owners[FARM] == 0 and b.tired == []


def test_beaten_riders_tire_and_round_two_is_a_normal_fight():
    g = riders(owners={CAMP: 0, HORSES: 0}, hands=[["blue"], [], [], []], coins=[1, 0, 0, 0], deck=["fire", "Garden Bean"])
    g.apply("ride l6")
    b = board(g)
    assert b.tired == [HORSES] and g.frame.kind == "attack_card"
    g.apply("fight-hand h1")
    assert b.owners[FARM] == 0
    assert len(table(g).coins[0]) == 0  # one coin per attack, whatever the rounds


def test_tired_troop_cannot_ride_and_is_refreshed_before_phase_one():
    g = riders(owners={CAMP: 0, HORSES: 0}, coins=[2, 0, 0, 0], tired=[HORSES])
    assert not [c for c in codes(g) if c.startswith("ride")]
    # "De ruitertroepkaarten die werden verslagen, kunnen pas voor fase 1 van de volgende speelbeurt
    # van de speler terug worden omgedraaid": the active player's troop only, before phase 1
    g2 = riders(at="refresh_riders", owners={CAMP: 0, HORSES: 0, 4: 1, 9: 1}, hands=[["fire"], [], [], []], tired=[HORSES, 4])
    assert board(g2).tired == [4] and ("refresh", 0, 1) in g2.events
    assert g2.phase.name == "plant"


def test_conquered_horse_team_keeps_its_troop_state():
    g = riders(owners={CAMP: 0, HORSES: 1, 9: 1}, hands=[["blue"], ["Garden Bean"], [], []], coins=[1, 0, 0, 0], tired=[HORSES])
    g.apply("attack l7")
    g.apply("fight-hand h1")
    g.apply("fight-hand h1")
    b = board(g)
    assert b.owners[HORSES] == 0 and b.tired == [HORSES]


def test_forest_owner_attacks_across_the_river():
    # RULES D "Forest": its owner may attack across rivers.
    g = riders(owners={FOREST: 0}, coins=[1, 0, 0, 0])
    assert "attack l12" in codes(g)
    g2 = riders(owners={HORSES: 0}, coins=[1, 0, 0, 0])
    assert "attack l12" in codes(g2)  # the horse team touches the city itself
    g3 = riders(owners={CAMP: 0}, coins=[1, 0, 0, 0])
    assert "attack l12" not in codes(g3)


def test_forest_defends_at_least_seventeen():
    g = riders(owners={CAMP: 0, FOREST: 1, 9: 1}, hands=[["Stink Bean"], ["Garden Bean"], [], []], coins=[1, 0, 0, 0])
    g.apply("attack l3")
    g.apply("fight-hand h1")
    g.apply("fight-hand h1")
    assert board(g).owners[FOREST] == 1


def test_merchant_bought_with_a_forest_and_drawn_cards_chosen():
    # Merchant: 3 coins, needs a forest; 2 deck cards on it; in phase 5 the drawn cards join them and
    # the owner takes as many as were drawn, in an order of choice.
    g = riders(at="plant", owners={CAMP: 0, FOREST: 0}, hands=[["fire"], [], [], []], coins=[3, 0, 0, 0], deck=["blue", "blue"])
    assert "buy-merchant" in codes(g) and "buy-depot" not in codes(g)
    g.apply("buy-merchant")
    b = board(g)
    assert len(b.merchants[0]) == 2 and b.has_merchant[0]
    assert "Blue Bean" not in repr(g.view(1)["board"])
    g3 = riders(at="draw", owners={CAMP: 0}, deck=["fire", "Stink Bean", "Garden Bean"])
    assert len(table(g3).hands[0]) == 3  # no merchant: straight into the hand


def test_a_village_draws_one_more_card_in_the_rider_variant_too():
    # RULES D "Turn" 5: draw 3 cards, plus one per owned village (the rider variant's draw, without
    # a merchant: straight into the hand); l1 is a village of riders_4
    g = riders(at="draw", owners={CAMP: 0, 0: 0}, deck=["fire", "Stink Bean", "Garden Bean", "blue"])
    assert [CARDS.beans[c].key for c in table(g).hands[0]] == ["fire", "broad", "garden", "blue"]


def test_merchant_pick_in_phase_five():
    g = riders(at="draw", owners={CAMP: 0, FOREST: 0}, hands=[[], ["fire"], [], []], deck=["fire", "Stink Bean", "Garden Bean"], merchants={0: 2})
    b = board(g)
    # phase 5 puts 3 cards on the merchant: 5 to choose from
    assert g.frame.kind == "merchant_pick" and len(codes(g)) == 5
    for _ in range(3):
        g.apply(codes(g)[-1])
    assert len(table(g).hands[0]) == 3 and len(b.merchants[0]) == 2


def test_no_depots_or_fortresses_with_riders():
    g = riders(at="plant", owners={CAMP: 0, 4: 0}, hands=[["fire"], [], [], []], coins=[5, 0, 0, 0])
    assert not [c for c in codes(g) if c.startswith(("buy-depot", "fortress"))]


# -- several rider troops (issue 21 §3) ------------------------------------------------------------
# Rulebook "Aanvalsfase met de ruitertroep": "Als een speler meer dan één ruitertroep heeft, moet hij
# vooraf melden met welke ruiters er wordt aangevallen. Per aanval kan maar één ruitertroep worden
# ingezet. Als een ruitertroep werd verslagen, mag de andere ruitertroep voor een andere aanval worden
# gebruikt." and "Een ruitertroep die gewonnen heeft, kan binnen dezelfde speelbeurt opnieuw worden
# gebruikt en dit zolang er wordt gewonnen." riders_4 has two horse teams: l5 and l7.
HORSES_2 = 4  # l5, the other horse team


def two_troops(**kw):
    kw["owners"] = {CAMP: 0, HORSES: 0, HORSES_2: 0, 9: 1, **kw.get("owners", {})}  # p2 holds l10: no territory end
    return riders(**kw)


def test_with_two_fresh_troops_the_player_announces_the_second_before_the_defence():
    g = two_troops(hands=[["blue"], [], [], []], coins=[1, 0, 0, 0], deck=["fire", "Garden Bean"])
    g.apply("ride l6")
    # the announcement comes first: no card is laid yet, and only the two fresh troops are offered
    assert g.frame.kind == "troop" and g.to_act == 0
    assert codes(g) == ["troop l5", "troop l7"]
    g.apply("troop l7")
    assert ("ride", 0, HORSES) in g.events
    # the Chili Bean (18) on the neutral farm beat the troop of l7: it tires, not the one of l5
    assert board(g).tired == [HORSES] and g.frame.kind == "attack_card"
    g.apply("fight-hand h1")
    assert board(g).owners[FARM] == 0  # round 2: the Blue Bean (20) against the Garden Bean (6)


def test_a_tired_troop_cannot_be_announced():
    g = two_troops(hands=[["blue"], [], [], []], coins=[1, 0, 0, 0], tired=[HORSES_2], deck=["fire", "Garden Bean"])
    g.apply("ride l6")
    # one fresh troop: it rides unasked (the tired troop of l5 is no choice)
    assert g.frame.kind == "attack_card" and ("ride", 0, HORSES) in g.events
    assert "troop l5" not in codes(g)
    assert board(g).tired == [HORSES_2, HORSES]


def test_a_beaten_troop_leaves_the_other_for_another_attack():
    g = two_troops(hands=[["blue", "blue"], [], [], []], coins=[2, 0, 0, 0], deck=["fire", "Garden Bean", "fire", "Garden Bean"])
    g.apply("ride l6")
    g.apply("troop l7")
    g.apply("fight-hand h1")  # round 2 wins the farm
    assert board(g).tired == [HORSES] and board(g).owners[FARM] == 0
    assert "ride l3" in codes(g)  # the forest next to the camp: l5's troop is still fresh
    g.apply("ride l3")
    assert g.frame.kind != "troop" and ("ride", 0, HORSES_2) in g.events  # the only fresh troop rides


def test_a_winning_troop_may_attack_again_this_turn():
    g = two_troops(coins=[2, 0, 0, 0], deck=["Green Bean", "Stink Bean"])
    g.apply("ride l6")
    g.apply("troop l7")  # 17 against the neutral farm's Green Bean (14): the riders win in round 1
    assert board(g).owners[FARM] == 0 and board(g).tired == []
    g.apply("ride l3")
    assert codes(g) == ["troop l5", "troop l7"]  # the winner is still fresh
    g.apply("troop l7")
    assert ("ride", 0, HORSES) in g.events[-6:]


def test_the_troop_decision_is_public_and_in_the_position():
    g = two_troops(coins=[1, 0, 0, 0], deck=["Green Bean"])
    g.apply("ride l6")
    position = g.position()
    assert position["board"]["attack"]["rider"] == "" and position["stack"][-1]["kind"] == "troop"
    again = g.ruleset.new_game(position=position)
    assert codes(again) == ["troop l5", "troop l7"]
    assert g.describe_for(g.legal_actions()[1], 1, 0) == "the rider troop of the horse team on landscape 7 rides first"
    g.apply("troop l7")
    assert g.view(1)["board"].tired == () and "p1: troop l7" in [f"p{a + 1}: {c}" for a, c in g.history_for(1)]


def test_the_general_sends_the_troop_whose_horse_team_is_most_exposed():
    # a simple rule: a beaten troop tires, and a conquered horse team keeps its troop's state, so the
    # troop the enemy is likeliest to take is the one to risk (l5 touches l4 and l9; l7 touches l11, l12)
    from beanframe.agents import make_bot

    for enemy, expected in (({3: 1}, "troop l5"), ({10: 1, 11: 1}, "troop l7")):
        g = two_troops(owners=enemy, coins=[1, 0, 0, 0], deck=["Green Bean"])
        g.apply("ride l6")
        assert make_bot(g.ruleset, "general", 0).act(g.view(0), g.legal_actions(0)).code == expected


def test_the_conformance_kit_passes_at_the_troop_decision():
    from beanframe.testing import check_game

    g = two_troops(hands=[["blue"], ["fire"], [], []], coins=[2, 0, 0, 0], deck=["fire", "Garden Bean"])
    g.apply("ride l6")
    check_game(g)  # views, texts, positions, determinization, action forms at the announcement
    g.apply("troop l5")
    check_game(g)
