"""RULES C "Rules" 1 (plant), the harvest any time with the bean protection rule, the third field
(F.22) and F.25 (one bean on two fields)."""

from __future__ import annotations

from .helpers import codes, coins, fields, hand, play, situation, table


def plants(game) -> list[str]:
    return [c for c in codes(game) if c.startswith("plant")]


def test_the_front_card_must_be_planted_and_the_next_one_may_be():
    # RULES C "Rules" 1: "Plant the front hand card (must), then optionally the next one"
    game = situation(hands=[["fire", "blue", "soy"], [], [], []])
    assert codes(game) == ["plant f1"]  # no pass before the first card
    play(game, "plant f1")
    assert fields(game) == [["fire"], []]
    assert "pass" in codes(game) and "plant f2" in codes(game)
    play(game, "plant f2")
    assert fields(game) == [["fire"], ["blue"]]
    assert hand(game) == ["soy"]
    assert game.phase.name == "trade"  # a third card is never planted


def test_passing_after_the_first_card_keeps_the_rest_of_the_hand():
    game = situation(hands=[["fire", "blue"], [], [], []])
    play(game, "plant f1", "pass")
    assert hand(game) == ["blue"] and game.phase.name == "trade"


def test_an_empty_hand_plants_nothing():
    game = situation(hands=[[], ["fire"], [], []])
    assert game.phase.name == "trade"


def test_a_front_card_that_fits_no_field_needs_a_harvest_first():
    # RULES C "Rules": harvest any time; the front card must be planted, so a field is sold first
    game = situation(hands=[["soy"], [], [], []], fields=[[["fire", "fire"], ["blue"]], [], [], []])
    assert codes(game) == ["harvest f1"]  # bean protection: the one-bean field is protected
    play(game, "harvest f1")
    assert coins(game) == 0  # 2 Chili Beann sell for nothing (3 for 1)
    assert plants(game) == ["plant f1"]


def test_bean_protection_a_one_bean_field_is_safe_while_another_holds_more():
    # RULES C "bean protection rule": a field with one bean may not be harvested while another
    # own field holds more than one
    game = situation(hands=[["red"], [], [], []], fields=[[["fire", "fire", "fire"], ["blue"]], [], [], []])
    assert "harvest f2" not in codes(game) and "harvest f1" in codes(game)
    game = situation(hands=[["red"], [], [], []], fields=[[["fire"], ["blue"]], [], [], []])
    assert {"harvest f1", "harvest f2"} <= set(codes(game))  # both hold one bean: either may go


def test_bean_protection_is_not_al_cabohnes_literal_reading():
    # RULES C vs F.19: Bohnanza protects a one-bean field only while another own field holds more
    # than one. With a bought third field and fields of 1, 1 and 0 beans no field holds more than
    # one, so either one-bean field may be harvested (Al Cabohne's literal reading allows neither:
    # not every field holds one bean, and neither is the only non-empty field).
    game = situation(hands=[["red"], [], [], []], fields=[[["fire"], ["blue"], []], [], [], []])
    assert len(table(game).fields[0]) == 3
    assert [c for c in codes(game) if c.startswith("harvest")] == ["harvest f1", "harvest f2"]
    game = situation(hands=[["red"], [], [], []], fields=[[["fire", "fire"], ["blue"], []], [], [], []])
    assert [c for c in codes(game) if c.startswith("harvest")] == ["harvest f1"]


def test_a_harvest_sells_by_the_bean_o_meter():
    # RULES C "Deck": 3 Chili Beann sell for 1 coin; 2 cards go to the discard
    game = situation(hands=[["red"], [], [], []], fields=[[["fire"] * 3, []], [], [], []])
    play(game, "harvest f1")
    assert coins(game) == 1 and len(table(game).discard) == 2


def test_f25_one_bean_may_grow_on_two_own_fields_by_default():
    # F.25: Bohnanza's rules do not forbid it, so a Chili Bean may start a second field
    game = situation(hands=[["fire"], [], [], []], fields=[[["fire"], []], [], [], []])
    assert plants(game) == ["plant f1", "plant f2"]
    play(game, "plant f2")
    assert fields(game) == [["fire"], ["fire"]]


def test_f25_the_option_forbids_one_bean_on_two_fields():
    game = situation(
        hands=[["fire"], [], [], []],
        fields=[[["fire"], []], [], [], []],
        options={"bohnanza": {"same_bean_two_fields": False}},
    )
    assert plants(game) == ["plant f1"]


def test_f22_the_third_field_costs_3_coins_and_can_be_bought_any_time():
    # RULES C: "may buy a third field for 3 coins at any time"
    game = situation(hands=[["fire"], [], [], []], coins=[3, 2, 0, 0])
    assert "buy-field" in codes(game)
    play(game, "buy-field")
    assert coins(game) == 0 and len(table(game).fields[0]) == 3
    assert len(table(game).set_aside) == 3  # the coins go under the discard
    assert "buy-field" not in codes(game)  # once per game
