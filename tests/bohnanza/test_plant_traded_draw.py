"""RULES C "Rules" 3 (plant traded beans) and 4 (draw)."""

from __future__ import annotations

from .helpers import codes, fields, hand, play, received, situation, table

HANDS = [["soy", "red"], ["blue", "blue", "green"], ["fire", "garden"], ["broad"]]


def traded_game():
    game = situation(at="trade", hands=HANDS, deck=["blackeyed", "green"])
    play(game, "give h1", "give h2", "want-face u1", "send p1", by=1)
    play(game, "accept o1", by=0)
    play(game, "give h1", "send p3", by=0)  # a gift of the Soy Bean to player 3
    play(game, "accept o2", by=2)
    play(game, "end-trading", by=0)
    return game


def test_everyone_who_received_cards_plants_them_in_one_group_decision():
    # RULES C 3: "every player plants all cards received in trades and gifts; the active player
    # also plants the face-up cards that were not traded away"
    game = traded_game()
    assert game.frame.kind == "plant_traded"
    assert game.deciders == (0, 1, 2)  # player 4 received nothing
    assert received(game, 0) == ["blue", "blue", "green"]  # the kept face-up Green Bean too
    assert received(game, 1) == ["blackeyed"] and received(game, 2) == ["soy"]
    assert codes(game, 0)[:2] == ["plant-traded c1 f1", "plant-traded c4 f1"]  # empty fields: one offered


def test_a_player_leaves_the_decision_with_the_last_card_planted():
    game = traded_game()
    play(game, "plant-traded c6 f1", by=1)
    assert game.deciders == (0, 2) and fields(game, 1) == [["blackeyed"], []]
    play(game, "plant-traded c5 f1", by=2)
    play(game, "plant-traded c1 f1", "plant-traded c1 f1", "plant-traded c4 f2", by=0)
    assert fields(game, 0) == [["blue", "blue"], ["green"]]
    assert game.phase.name != "plant_traded"


def test_a_received_card_that_fits_no_field_needs_a_harvest():
    game = situation(at="trade", hands=HANDS, deck=["blackeyed", "green"], fields=[[], [["red"], ["red"]], [], []])
    play(game, "want-face u2", "send p1", by=1)
    play(game, "accept o1", by=0)
    play(game, "end-trading", by=0)
    assert [c for c in codes(game, 1) if c.startswith("plant")] == []
    play(game, "harvest f1", by=1)
    assert "plant-traded c4 f1" in codes(game, 1)


def test_three_cards_are_drawn_one_at_a_time_to_the_back_of_the_hand():
    # RULES C 4: "Draw 3 cards, one at a time, to the back of the hand"
    game = situation(at="draw", hands=[["soy"], [], [], []], deck=["fire", "blue", "red", "green"])
    assert hand(game, 0)[:1] == ["soy"]
    # the draw is automatic; the next player's turn has begun
    assert hand(game, 0) == ["soy", "fire", "blue", "red"]
    assert game.state.active == 1


def test_the_deck_is_rebuilt_from_the_discard_when_it_runs_out():
    # RULES C: "Deck empty: shuffle the discard"; F.17: at the moment the last card is taken
    game = situation(at="draw", hands=[["soy"], [], [], []], deck=["fire"], deck_size=1)
    t = table(game)
    assert t.run_outs == 1 and len(hand(game, 0)) == 4
    assert t.discard == []
