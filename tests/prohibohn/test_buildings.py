"""Each building power and the phase-4 stop rule as scenario tests (RULES B "Building cards",
"Turn changes", F.24)."""

from beanframe_plugins.prohibohn.buildings.gas_station import cards_to_draw
from beanframe_plugins.prohibohn.powers import Powers

from .helpers import codes, mafia, named, play, situation, table

BOSSES = [["blue"], ["runner"]]  # the mafia collects Blaue and Stangen


def flip_at(deck, discard=(), owned=((), ()), hands=(["fire"], ["puff"])):
    return situation(at="flip", hands=hands, bosses=BOSSES, deck=deck, discard=discard, owned=owned)


# -- phase 4 ---------------------------------------------------------------------------------


def test_rulebook_phase_4_flip_example():
    # RULES B "Turn changes" / F.24, rulebook example: discard (top first) Puff, Puff, Puff, Sau, Sau;
    # flip Sau: nothing; flip Puff: the 3 Puff join it, then the 2 Sau join the Sau; no third card
    game = flip_at(["broad", "puff", "fire"], discard=["puff", "puff", "puff", "broad", "broad"])
    assert [named(game, p) for p in table(game).piles] == [["broad"] * 3, ["puff"] * 4]
    assert named(game, table(game).deck[-1:]) == ["fire"]
    assert game.frame.kind == "plant"


def test_without_discard_matches_three_cards_are_flipped():
    game = flip_at(["broad", "puff", "fire", "kidney"], discard=["french"])
    assert [named(game, p) for p in table(game).piles] == [["broad"], ["puff"], ["fire"]]


def test_discard_cards_that_only_go_to_a_boss_do_not_stop_flipping():
    # F.24: flipping stops once discard cards joined a flipped pile, not when they went to a boss
    game = flip_at(["broad", "puff", "fire"], discard=["blue", "french"])
    assert [named(game, p) for p in table(game).piles] == [["broad"], ["puff"], ["fire"]]
    assert named(game, mafia(game).bosses[0]) == ["blue", "blue"]


def test_a_card_a_boss_collects_goes_to_the_boss_even_if_it_matches_the_discard_top():
    # RULES B "Turn changes" phase 4: question 1 first; the replacement flip does not count (F.16)
    game = flip_at(["runner", "broad", "puff", "fire"], discard=["runner"])
    assert named(game, mafia(game).bosses[1]) == ["runner", "runner", "runner"]
    assert [named(game, p) for p in table(game).piles] == [["broad"], ["puff"], ["fire"]]


def test_undertaker_3_may_flip_a_second_card_after_the_stop():
    # RULES B "Undertaker 3" (F.24, optional)
    game = flip_at(["puff", "broad", "fire"], discard=["puff"], owned=[["undertaker3"], []])
    assert game.frame.kind == "flip" and codes(game) == ["flip-on", "stop-flipping"]
    play(game, "flip-on")
    assert [named(game, p) for p in table(game).piles] == [["puff", "puff"], ["broad"]]
    assert game.frame.kind == "plant"  # no third card: the stop rule triggered


def test_undertaker_3_owner_may_stop():
    game = flip_at(["puff", "broad", "fire"], discard=["puff"], owned=[["undertaker3"], []])
    play(game, "stop-flipping")
    assert [named(game, p) for p in table(game).piles] == [["puff", "puff"]]


def test_undertaker_4_may_flip_on_to_the_third_card():
    # RULES B "Undertaker 4": Al Cabohne's phase 4
    game = flip_at(["puff", "broad", "fire"], discard=["puff", "broad"], owned=[["undertaker4"], []])
    play(game, "flip-on")
    assert game.frame.kind == "flip"  # the Sau joined from the discard: asked again
    play(game, "flip-on")
    assert [named(game, p) for p in table(game).piles] == [["puff", "puff"], ["broad", "broad"], ["fire"]]


def test_the_opponents_undertaker_does_not_help():
    game = flip_at(["puff", "broad", "fire"], discard=["puff"], owned=[[], ["undertaker4"]])
    assert game.frame.kind == "plant"


# -- phase 3: Casino, Varieté ----------------------------------------------------------------

HANDS = [["fire", "kidney", "puff", "broad"], ["french"]]


def play_at(owned, hands=HANDS):
    return situation(at="play", hands=hands, bosses=BOSSES, owned=[owned, []])


def test_without_buildings_phase_3_is_al_cabohnes():
    game = play_at([])
    assert codes(game) == ["plant f1"]


def test_casino_3_discards_one_hand_card_before_or_after_planting():
    # RULES B "Casino 3"
    game = play_at(["casino3"])
    assert "discard-hand h3" in codes(game)
    play(game, "discard-hand h3")
    assert named(game, table(game).hands[0]) == ["fire", "kidney", "broad"]
    assert named(game, table(game).discard[-1:]) == ["puff"]
    assert not any(c.startswith("discard-hand") for c in codes(game))  # once
    play(game, "plant f1", "plant f2")
    assert game.frame.kind != "play"


def test_casino_3_after_planting():
    game = play_at(["casino3"])
    play(game, "plant f1", "plant f2")
    assert game.frame.kind == "play" and "pass" in codes(game) and "discard-hand h1" in codes(game)
    play(game, "discard-hand h1")
    assert named(game, table(game).hands[0]) == ["broad"]
    assert game.frame.kind != "play"


def test_casino_4_plants_any_number_from_the_front():
    # RULES B "Casino 4": at least one, as many as you like
    game = situation(at="play", hands=[["fire", "fire", "fire", "kidney"], ["french"]], bosses=BOSSES,
                     owned=[["casino4"], []])
    assert "pass" not in codes(game)
    play(game, "plant f1", "plant f1", "plant f1", "plant f2")
    assert named(game, table(game).fields[0][0]) == ["fire"] * 3
    assert game.frame.kind != "play"


def test_variete_4_the_first_card_from_any_position():
    # RULES B "Varieté 4"
    game = play_at(["variete4"])
    assert "plant-hand h3 f1" in codes(game)
    play(game, "plant-hand h3 f1")
    assert named(game, table(game).fields[0][0]) == ["puff"]
    assert named(game, table(game).hands[0]) == ["fire", "kidney", "broad"]
    assert not any(c.startswith("plant-hand") for c in codes(game))  # the 2nd from the front


def test_variete_3_the_optional_second_card_from_any_position():
    # RULES B "Varieté 3"
    game = play_at(["variete3"])
    assert not any(c.startswith("plant-hand") for c in codes(game))
    play(game, "plant f1", "plant-hand h3 f2")
    assert named(game, table(game).fields[0][1]) == ["broad"]


# -- phase 6: Gas Stations -------------------------------------------------------------------


def test_gas_station_counts():
    # RULES B "Gas Station 3 / 4"
    assert cards_to_draw(2, 1, Powers()) == 2
    assert cards_to_draw(2, 1, Powers(draw=3)) == 3
    assert cards_to_draw(2, 1, Powers(draw_up_to=6)) == 5
    assert cards_to_draw(2, 5, Powers(draw_up_to=6)) == 2  # only if that is more
    assert cards_to_draw(2, 5, Powers(draw_up_to=6, draw=3)) == 3


def test_gas_station_3_draws_up_to_6():
    game = situation(at="draw", hands=[["fire"], ["puff"]], bosses=BOSSES, owned=[["gas_station3"], []])
    assert len(table(game).hands[0]) == 6


def test_gas_station_4_draws_3():
    game = situation(at="draw", hands=[["fire"], ["puff"]], bosses=BOSSES, owned=[["gas_station4"], []])
    assert len(table(game).hands[0]) == 4


# -- phase 2: Pub 3 --------------------------------------------------------------------------


def test_pub_3_gives_the_mafia_more_than_one_card_of_a_matching_field():
    # RULES B "Pub 3"
    game = situation(at="tax", pub=True, hands=[["fire"], ["puff"]], fields=[[["runner"] * 3, [], []], [[], [], []]],
                     bosses=[["blue"], ["runner"], ["kidney"]], owned=[["pub3"], []])
    play(game, "pay-tax")
    assert codes(game)[:2] == ["tax-more f1", "tax-done"]
    play(game, "tax-more f1")
    assert named(game, table(game).fields[0][0]) == ["runner"]
    assert game.frame.kind == "tax"
    play(game, "tax-done")
    assert game.frame.kind == "play"


# -- Nightbar ----------------------------------------------------------------------------------


def test_without_a_nightbar_a_field_takes_one_bean():
    game = situation(at="play", hands=[["puff", "fire"], ["french"]], bosses=BOSSES,
                     fields=[[["fire", "fire"], ["broad"]], [[], []]])
    assert codes(game) == ["harvest f1"]  # the Puff fits no field: harvest first


def test_nightbar_3_a_field_may_take_a_second_bean_alternating():
    # RULES B "Nightbar 3" / F.24: two bean types per field, in alternating blocks
    game = situation(at="play", hands=[["puff", "fire", "puff"], ["french"]], bosses=BOSSES,
                     fields=[[["fire", "fire"], ["broad"]], [[], []]], owned=[["nightbar3"], []])
    assert codes(game)[:2] == ["plant f1", "plant f2"]
    play(game, "plant f1")
    assert named(game, table(game).fields[0][0]) == ["fire", "fire", "puff"]
    # the Chili Bean could go back on field 1 (alternating), but F.21 sends a 2nd card of another
    # bean to another field: field 2's Stink Bean takes it as its second bean
    assert codes(game)[:2] == ["plant f2", "pass"]


def test_nightbar_3_allows_no_third_bean():
    from beanframe_plugins.prohibohn.buildings.nightbar import accepts

    fire, puff, broad = 2, 3, 4
    assert accepts([fire, puff], fire, Powers(two_beans=True))
    assert not accepts([fire, puff], broad, Powers(two_beans=True))


def test_nightbar_4_the_first_card_does_not_decide_the_field():
    # RULES B "Nightbar 4" / F.24; with both, the type is decided by the third card
    from beanframe_plugins.prohibohn.buildings.nightbar import accepts

    fire, puff, broad = 2, 3, 4
    assert accepts([fire], puff, Powers(free_first=True))
    assert not accepts([fire, puff], broad, Powers(free_first=True))
    assert accepts([fire, puff], broad, Powers(free_first=True, two_beans=True))
    assert not accepts([fire, puff, broad], fire, Powers(free_first=True, two_beans=True))


def test_a_mixed_field_sells_its_top_beans_by_the_top_cards_meter():
    # RULES B "Harvest": only the last-planted cards become coins, the others go to the discard in order
    game = situation(at="play", hands=[["kidney"], ["french"]], bosses=BOSSES,
                     fields=[[["fire", "puff", "puff", "puff", "puff"], []], [[], []]], owned=[["nightbar3"], []])
    play(game, "harvest f1")
    assert named(game, table(game).coins[0]) == ["puff", "puff"]  # 5 cards, Puff's meter: 2 coins
    assert named(game, table(game).discard[-3:]) == ["fire", "puff", "puff"]


def test_rulebook_nightbar_example_equal_flipped_beans_are_planted_together():
    # RULES B "Nightbar 3", rulebook example: two Green Beans and a Fava Bean flipped; they cannot
    # be planted Brech-Puff-Brech: equal flipped beans are planted together (whole piles)
    game = situation(at="plant", hands=[["fire"], ["kidney"]], bosses=BOSSES,
                     piles=[["french", "french"], ["puff"]], owned=[["nightbar3"], []])
    assert {c.split()[0] for c in codes(game)} <= {"plant-pile", "give-pile", "give", "done", "harvest"}
    play(game, "plant-pile s1 f1")
    assert "plant-pile s2 f1" in codes(game)  # the Puff pile may join the Brech field (Nightbar 3)
    play(game, "plant-pile s2 f1")
    assert named(game, table(game).fields[0][0]) == ["french", "french", "puff"]


def test_nightbar_3_in_phase_5_and_phase_1():
    # RULES B "Nightbar 3": phases 1, 3 and 5
    game = situation(at="leftovers", hands=[["fire"], ["kidney"]], bosses=BOSSES,
                     fields=[[["fire", "fire"], ["broad"]], [[], []]], leftovers=[["puff"]], owned=[["nightbar3"], []])
    assert {"leftover s1 f1", "leftover s1 f2"} <= set(codes(game))
    game = situation(at="leftovers", hands=[["fire"], ["kidney"]], bosses=BOSSES,
                     fields=[[["fire", "fire"], ["broad"]], [[], []]], leftovers=[["puff"]])
    assert not any(c.startswith("leftover") for c in codes(game))


def test_a_casino_3_discard_leaves_a_shown_hand_known_correctly():
    # RULES A phase 5: a shown hand stays known until its cards leave it; the 3-Casino's discard is
    # face up, so the opponent sees the card go (before, it was missed and determinizing failed)
    from beanframe_plugins.al_cabohne.hidden import hidden

    game = play_at(["casino3"])
    game.emit("show_hand", 0, tuple(table(game).hands[0]))  # as Al Cabohne's refill shows it
    play(game, "discard-hand h3")
    (hand_zone,) = [z for z in hidden(game, 1) if z.cards is table(game).hands[0]]
    assert hand_zone.known == dict(enumerate(table(game).hands[0]))
    assert "player 1 discards Fava Bean from the hand" in game.log
    game.determinize(1, __import__("random").Random(1))  # consistent: no error
