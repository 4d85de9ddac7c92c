"""A scripted 2-player opening from a stacked deck, driven only through ``game.apply(code)``:
three turns touching every phase (RULES A "Set-up, 2 players", "Turn, 2 players")."""

from __future__ import annotations

from .helpers import bosses, codes, coins, discard_top_first, fields, hand, named, new, table, treasury

DECK = [
    # dealt alternately: p1 fire fire blue kidney puff, p2 blue french french runner broad
    "fire", "blue", "fire", "french", "blue", "french", "kidney", "runner", "puff", "broad",
    # mafia start: Al kidney, Don runner
    "kidney", "runner",
    # turn 1 flips: kidney (Al) + replacement fire, blue, runner (Don) + replacement puff
    "kidney", "fire", "blue", "runner", "puff",
    # turn 1 draw
    "broad", "broad",
    # turn 2 flips: runner (Don) + replacement french, puff, kidney (Al) + replacement broad
    "runner", "french", "puff", "kidney", "broad",
    # turn 2 draw
    "fire", "blue",
]


def test_three_scripted_turns():
    game = new(2, deck=DECK)
    assert hand(game, 0) == ["fire", "fire", "blue", "kidney", "puff"]
    assert hand(game, 1) == ["blue", "french", "french", "runner", "broad"]
    assert bosses(game) == [["kidney"], ["runner"]]

    # turn 1, player 1: phases 1 and 2 skipped (A "Turn": first turn of the starting player)
    assert game.state.turn == 1 and game.phase.name == "play"
    game.apply("plant f1")
    game.apply("plant f1")  # the 2nd Chili Bean: same bean, same field
    assert fields(game, 0) == [["fire", "fire"], []]
    # F.20: before the flips a moment to harvest (or buy); "done" starts phase 4
    assert game.frame.kind == "before_flip" and codes(game) == ["done", "harvest f1"]
    game.apply("done")
    # phase 4 ran: kidney to Al + replacement, runner to Don + replacement (F.16)
    assert bosses(game) == [["kidney", "kidney"], ["runner", "runner"]]
    assert [named(p) for p in table(game).piles] == [["fire"], ["blue"], ["puff"]]
    game.apply("plant-pile s1 f1")
    assert fields(game, 0)[0] == ["fire"] * 3
    game.apply("give h2 b1")  # the Kidney Bean (2nd hand card) to Al: directly plantable
    assert bosses(game)[0] == ["kidney"] * 3 and hand(game, 0) == ["blue", "puff"]
    game.apply("done")
    assert hand(game, 0) == ["blue", "puff", "broad", "broad"]  # phase 6: drawn to the back

    # turn 2, player 2: phase 1 handles the two piles player 1 left
    assert game.state.turn == 2 and game.to_act == 1 and game.phase.name == "leftovers"
    assert [named(p) for p in table(game).leftovers] == [["blue"], ["puff"]]
    game.apply("leftover s1 f1")
    game.apply("discard s2")  # the Fava Bean: still p2 (issue 6: pile codes stay while planting)
    assert discard_top_first(game) == ["puff"]
    # phase 2: no boss grows Blue Bean: no tax; phase 3
    assert game.phase.name == "play"
    game.apply("plant f1")
    game.apply("plant f2")
    assert fields(game, 1) == [["blue", "blue"], ["french"]]
    game.apply("done")  # F.20: no harvest before the flips
    # phase 4: runner to Don (3: 1 coin, no harvest) + french; puff takes the discarded puff
    # (question 2); kidney to Al + broad
    assert bosses(game) == [["kidney"] * 4, ["runner"] * 3]
    assert [named(p) for p in table(game).piles] == [["french"], ["puff", "puff"], ["broad"]]
    assert table(game).discard == []
    game.apply("plant-pile s1 f2")
    assert fields(game, 1)[1] == ["french", "french"]
    game.apply("give h2 b2")  # the Runner Bean: Don's 4th = 2 coins: he harvests at once
    assert treasury(game) == 2 and bosses(game)[1] == []
    assert discard_top_first(game) == ["runner", "runner"]
    game.apply("give-pile s3 b2")  # the Stink Bean pile onto the freed field: still p3 (issue 6)
    assert bosses(game)[1] == ["broad"]
    game.apply("done")
    assert hand(game, 1) == ["french", "broad", "fire", "blue"]

    # turn 3, player 1: the 2 Fava Beans left over go on one field
    assert game.state.turn == 3 and game.to_act == 0 and game.phase.name == "leftovers"
    assert set(codes(game)) == {"leftover s1 f2", "discard s1", "harvest f1"}
    game.apply("leftover s1 f2")
    game.apply("leftover s1 f2")
    assert fields(game, 0) == [["fire"] * 3, ["puff", "puff"]]
    # phase 2: Don grows Stink Bean, Al Kidney Bean: no tax. Phase 3: the Blue Bean fits nowhere
    assert game.phase.name == "play"
    assert set(codes(game)) == {"harvest f1", "harvest f2"}
    game.apply("harvest f1")
    assert coins(game, 0) == 1
    game.apply("plant f1")
    assert fields(game, 0) == [["blue"], ["puff", "puff"]]
    assert hand(game, 0) == ["puff", "broad", "broad"]
    game.apply("plant f2")  # the optional 2nd card joins the Fava Beans
    assert fields(game, 0)[1] == ["puff"] * 3
