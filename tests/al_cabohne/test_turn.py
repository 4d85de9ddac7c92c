"""The 2-player turn, phase by phase (RULES A "Turn, 2 players"; F.1, F.2, F.3, F.14, F.15, F.16)."""

from __future__ import annotations

import pytest

from beanframe.errors import IllegalActionError

from .helpers import (
    bosses,
    check,
    codes,
    coins,
    discard_top_first,
    events_of,
    events_since,
    fields,
    hand,
    many,
    named,
    situation,
    table,
    treasury,
)

# ------------------------------------------------------------------------------------------
# Phase 1: leftovers
# ------------------------------------------------------------------------------------------


# RULES A "Turn" phase 1: each bean the opponent flipped and did not plant: plant it on an own
# field or discard it; F.1: decided per card, beans of one type go to one field
def test_leftovers_per_card_plant_or_discard():
    game = situation(
        at="leftovers",
        active=1,
        leftovers=[many("fire", 3), ["blue"]],
        fields=[[[], []], [[], many("kidney", 2)]],
        bosses=[["runner"], ["puff"]],
        hands=[[], ["broad"]],
    )
    assert game.to_act == 1 and game.phase.name == "leftovers"
    assert set(codes(game)) == {"leftover s1 f1", "discard s1", "leftover s2 f1", "discard s2", "harvest f2"}
    game.apply("leftover s1 f1")
    assert fields(game, 1) == [["fire"], ["kidney", "kidney"]]
    # F.1: the next Chili Bean may only join that field; the Blue Bean fits nowhere now
    assert set(codes(game)) == {"leftover s1 f1", "discard s1", "discard s2", "harvest f2"}
    game.apply("discard s1")
    assert discard_top_first(game)[0] == "fire"
    game.apply("leftover s1 f1")
    assert fields(game, 1)[0] == ["fire", "fire"]
    # issue 6: the used-up pile keeps its slot (empty), so the Blue Bean is still p2
    assert [named(p) for p in table(game).leftovers] == [[], ["blue"]]
    game.apply("discard s2")
    assert table(game).leftovers == []
    assert discard_top_first(game)[:2] == ["blue", "fire"]
    # phase 1 over: no tax (no boss grows fire or kidney), so phase 3 asks for the front card
    assert game.phase.name == "play"
    check(game)


# F.1: two leftover beans of one type never go to two fields, even with two empty fields
def test_leftovers_same_type_one_field():
    game = situation(at="leftovers", active=1, leftovers=[many("fire", 2)], bosses=[["runner"], ["puff"]])
    assert "leftover s1 f2" not in codes(game)
    game.apply("leftover s1 f1")
    assert "leftover s1 f2" not in codes(game)
    game.apply("leftover s1 f1")
    assert fields(game, 1) == [["fire", "fire"], []]
    check(game)


# RULES A "Turn" phase 1: a leftover that fits no field can only be discarded (or a field
# harvested first: harvesting is allowed any time of the own turn)
def test_leftover_that_fits_nowhere():
    game = situation(
        at="leftovers",
        active=1,
        leftovers=[["blue"]],
        fields=[[[], []], [many("fire", 2), many("kidney", 2)]],
        bosses=[["runner"], ["puff"]],
    )
    assert set(codes(game)) == {"discard s1", "harvest f1", "harvest f2"}
    game.apply("harvest f1")
    assert "leftover s1 f1" in codes(game)
    game.apply("leftover s1 f1")
    assert fields(game, 1) == [["blue"], ["kidney", "kidney"]]
    check(game)


# ------------------------------------------------------------------------------------------
# Phase 2: mafia tax
# ------------------------------------------------------------------------------------------


# RULES A "Turn" phase 2: one bean of each own field whose bean a boss collects goes to that boss,
# even a field's only bean (FR: "si deux champs contiennent des haricots cultivés par deux Boss,
# chacun d'entre eux prélève un haricot")
def test_tax_one_bean_per_matching_field_even_the_only_one():
    game = situation(
        at="tax",
        fields=[[["fire"], many("blue", 3)], [[], []]],
        bosses=[["fire"], ["blue"]],
        hands=[["kidney"], []],
    )
    assert game.phase.name == "tax"
    assert codes(game) == ["pay-tax", "harvest f2"]
    mark = len(game.events)
    game.apply("pay-tax")
    assert fields(game) == [[], ["blue", "blue"]]
    assert bosses(game) == [["fire", "fire"], ["blue", "blue"]]
    assert len(events_since(game, mark, "tax")) == 2
    check(game)


# RULES A "Turn" phase 2: only one bean per field, however big the field
def test_tax_takes_only_one_bean_of_a_big_field():
    game = situation(at="tax", fields=[[many("kidney", 6), []], [[], []]], bosses=[["kidney"], ["blue"]], hands=[["fire"], []])
    game.apply("pay-tax")
    assert fields(game)[0] == many("kidney", 5)
    assert bosses(game)[0] == ["kidney", "kidney"]


# RULES A "Turn" phase 2 + "Harvest and sell": a boss that reaches its threshold harvests at once
# (rulebook example: Don Corlebohne with 5 Green Bean: 2 coins to the mafia, 3 to the discard)
def test_tax_makes_don_harvest_five_brechbohne():
    game = situation(at="tax", fields=[[many("french", 3), []], [[], []]], bosses=[["blue"], many("french", 4)], hands=[["fire"], []])
    game.apply("pay-tax")
    assert treasury(game) == 2
    assert bosses(game) == [["blue"], []]
    assert discard_top_first(game)[:3] == ["french"] * 3
    assert fields(game)[0] == ["french", "french"]
    check(game)


# F.14: an empty boss collects nothing in the tax
def test_empty_boss_collects_no_tax():
    game = situation(at="tax", fields=[[many("blue", 2), ["kidney"]], [[], []]], bosses=[[], ["fire"]], hands=[["fire"], []])
    assert game.phase.name == "play"  # no tax decision: nothing is taxable
    assert fields(game)[0] == ["blue", "blue"]
    assert bosses(game) == [[], ["fire"]]


# RULES A "Turn" phase 2 (FR: "le joueur peut récolter son champ avant cette phase"): the player may
# harvest a field before the tax takes a bean of it
def test_harvest_before_the_tax():
    game = situation(at="tax", fields=[[many("fire", 6), many("blue", 2)], [[], []]], bosses=[["fire"], ["kidney"]], hands=[["puff"], []])
    assert set(codes(game)) == {"pay-tax", "harvest f1", "harvest f2"}
    game.apply("harvest f1")
    assert coins(game) == 2
    # nothing left to tax: the tax step is over, phase 3 asks for the front card
    assert game.phase.name == "play"
    assert bosses(game)[0] == ["fire"]
    check(game)


# ------------------------------------------------------------------------------------------
# Phase 3: play from hand
# ------------------------------------------------------------------------------------------


# RULES A "Turn" phase 3: the front card must be planted (no pass), then the new front card may be
# Rulebook example (NL/FR): the Chili Bean must go on the Chili Bean field; the Kidney Bean may be
# planted, and then on the other field
def test_phase_3_rulebook_example():
    game = situation(at="play", fields=[[[], ["fire"]], [[], []]], bosses=[["runner"], ["puff"]], hands=[["fire", "kidney", "blue"], []])
    # must: only on the Chili Bean field, no pass (the lone Chili Bean may be harvested, F.19)
    assert codes(game) == ["plant f2", "harvest f2"]
    game.apply("plant f2")
    assert set(codes(game)) == {"plant f1", "pass", "harvest f2"}
    game.apply("plant f1")
    assert fields(game) == [["kidney"], ["fire", "fire"]]
    assert hand(game) == ["blue"]
    # at most 2 cards: phase 3 is over; F.20: a moment to harvest before the flips
    assert game.phase.name == "before_flip" and codes(game) == ["done", "harvest f2"]
    game.apply("done")
    assert game.phase.name == "plant"  # phase 4 ran, phase 5 decides
    check(game)


# RULES A "Turn" phase 3: the second card is optional
def test_phase_3_second_card_may_be_kept():
    game = situation(at="play", hands=[["fire", "kidney"], []], bosses=[["runner"], ["puff"]])
    game.apply("plant f1")
    game.apply("pass")
    assert hand(game) == ["kidney"]
    assert fields(game) == [["fire"], []]


# RULES A "Turn" phase 3: two cards of one type go on one field
def test_phase_3_same_type_one_field():
    game = situation(at="play", hands=[["fire", "fire"], []], bosses=[["runner"], ["puff"]])
    game.apply("plant f1")
    assert "plant f2" not in codes(game)
    game.apply("plant f1")
    assert fields(game) == [["fire", "fire"], []]


# RULES A "Turn" phase 3: cards of two types go on two fields
def test_phase_3_two_types_two_fields():
    game = situation(at="play", hands=[["fire", "blue"], []], bosses=[["runner"], ["puff"]])
    game.apply("plant f1")
    assert "plant f1" not in codes(game) and "plant f2" in codes(game)
    game.apply("plant f2")
    assert fields(game) == [["fire"], ["blue"]]


# RULES A "Turn" phase 3: a card that fits no field: first harvest a field (player's choice)
def test_phase_3_harvest_first_when_the_card_fits_nowhere():
    game = situation(at="play", fields=[[many("blue", 3), many("fire", 2)], [[], []]], hands=[["kidney"], []], bosses=[["runner"], ["puff"]])
    assert set(codes(game)) == {"harvest f1", "harvest f2"}
    with pytest.raises(IllegalActionError):
        game.apply("plant f1")
    game.apply("harvest f1")
    assert coins(game) == 0 and discard_top_first(game)[:3] == ["blue"] * 3
    assert codes(game) == ["plant f1", "harvest f2"]
    game.apply("plant f1")
    assert fields(game)[0] == ["kidney"]
    check(game)


# RULES A "Turn" phase 3: wanting to play a second card that fits nowhere also needs a harvest first
def test_phase_3_optional_card_after_a_harvest():
    game = situation(at="play2", fields=[[many("blue", 3), many("fire", 2)], [[], []]], hands=[["kidney"], []], bosses=[["runner"], ["puff"]])
    assert set(codes(game)) == {"pass", "harvest f1", "harvest f2"}
    game.apply("harvest f2")
    game.apply("plant f2")
    assert fields(game) == [["blue"] * 3, ["kidney"]]


# RULES A "Turn" phase 3: no gifts to the mafia in this phase (even with an empty boss)
def test_phase_3_no_gifts():
    game = situation(at="play", hands=[["fire", "blue", "runner"], []], bosses=[[], ["runner"]])
    assert not [c for c in codes(game) if c.startswith("give")]
    game.apply("plant f1")
    assert not [c for c in codes(game) if c.startswith("give")]


# RULES A "Turn" phase 3: no hand cards: the phase is skipped
def test_phase_3_empty_hand_skips():
    game = situation(at="play", hands=[[], ["fire"]], deck=["blue", "kidney", "puff"], bosses=[["runner"], ["broad"]])
    assert game.phase.name == "plant"
    assert named(p[0] for p in table(game).piles) == ["blue", "kidney", "puff"]


# ------------------------------------------------------------------------------------------
# Phase 4: flip (F.2, F.3, F.14, F.15, F.16)
# ------------------------------------------------------------------------------------------


def _piles(game):
    return [named(p) for p in table(game).piles]


# RULES A "Turn" phase 4: 3 cards are flipped one at a time; nothing matches: 3 piles
def test_flip_three():
    game = situation(at="flip", deck=["blue", "kidney", "puff", "fire"], discard=["runner"], bosses=[["french"], ["broad"]])
    assert _piles(game) == [["blue"], ["kidney"], ["puff"]]
    assert named(table(game).deck[-1:]) == ["fire"]
    assert discard_top_first(game)[0] == "runner"
    # there is no decision during phase 4 (so no harvest either): the next one is phase 5
    assert game.phase.name == "plant"


# RULES A "Turn" phase 4: a flipped card of a bean already flipped joins that pile
def test_flip_same_bean_joins_its_pile():
    game = situation(at="flip", deck=["blue", "blue", "puff"], discard=["runner"], bosses=[["french"], ["broad"]])
    assert _piles(game) == [["blue", "blue"], ["puff"]]


# RULES A "Turn" phase 4 question 1, F.16: a card a boss collects goes to it; a replacement is
# flipped and does not count toward the 3 flips
def test_flip_question_1_and_replacement():
    game = situation(at="flip", deck=["french", "blue", "broad", "kidney", "puff", "fire"], discard=["runner"], bosses=[["french"], ["broad"]])
    assert bosses(game) == [["french", "french"], ["broad", "broad"]]
    assert _piles(game) == [["blue"], ["kidney"], ["puff"]]
    assert named(table(game).deck[-1:]) == ["fire"]


# RULES A "Turn" phase 4 question 1: a boss reaching its threshold harvests at once: the coins go to
# the mafia treasury, the rest to the discard (Don Corlebohne with 5 Green Bean: 2 coins, 3 discarded)
def test_flip_boss_harvest_pays_the_treasury():
    game = situation(at="flip", deck=["french", "blue", "kidney", "puff"], discard=["runner"], bosses=[["fire"], many("french", 4)])
    assert treasury(game) == 2
    assert bosses(game) == [["fire"], []]
    assert discard_top_first(game)[:4] == ["french", "french", "french", "runner"]
    assert _piles(game) == [["blue"], ["kidney"], ["puff"]]
    check(game)


# F.3, F.14: after Don harvested (and is empty) the replacement Green Bean is not his any more: it
# makes a pile, and question 2 then brings the 3 discarded Green Bean onto it
def test_flip_replacement_asks_both_questions():
    game = situation(at="flip", deck=["french", "french", "blue", "kidney"], discard=["runner"], bosses=[["fire"], many("french", 4)])
    assert treasury(game) == 2
    assert _piles(game) == [["french"] * 4, ["blue"], ["kidney"]]
    assert discard_top_first(game)[0] == "runner"
    check(game)


# RULES A "Turn" phase 4 question 2, F.2: the discard top joins a pile of its bean flipped *so far*;
# asked after every flip, repeated until the top matches nothing
def test_flip_question_2_piles_so_far():
    # discard top first: blue, fire, runner
    game = situation(at="flip", deck=["fire", "blue", "kidney"], discard=["blue", "fire", "runner"], bosses=[["french"], ["broad"]])
    # after the Chili Bean: the top is a Blue Bean, not flipped yet: it stays (F.2)
    # after the Blue Bean: Blaue joins, then the Chili Bean joins the earlier pile; runner stops it
    assert _piles(game) == [["fire", "fire"], ["blue", "blue"], ["kidney"]]
    assert discard_top_first(game)[0] == "runner"
    check(game)


# RULES A "Turn" phase 4 question 2: the discard top goes to a boss collecting its bean (who may
# harvest); the discard can run empty this way
def test_flip_question_2_feeds_the_bosses():
    game = situation(at="flip", deck=["blue", "kidney", "puff"], discard=["broad", "broad", "fire", "fire", "runner"], bosses=[["fire"], ["broad"]])
    # after the first flip: 2 Stink Beans to Don (3: 1 coin, under his 2), 2 Chili Beans to Al
    assert bosses(game) == [["fire"] * 3, ["broad"] * 3]
    assert discard_top_first(game) == ["runner"]
    assert _piles(game) == [["blue"], ["kidney"], ["puff"]]
    assert treasury(game) == 0


def test_flip_discard_runs_empty():
    # RULES A "Turn" phase 4: "the discard can run empty this way"
    game = situation(at="flip", deck=["fire", "kidney", "puff"], discard=["fire", "fire"], bosses=[["french"], ["broad"]])
    assert table(game).discard == []
    assert _piles(game) == [["fire"] * 3, ["kidney"], ["puff"]]


# RULES A "Turn" phase 4 question 2 + threshold: a boss fed from the discard harvests at once
def test_flip_question_2_boss_harvest():
    game = situation(at="flip", deck=["blue", "kidney", "puff"], discard=["french", "runner"], bosses=[["fire"], many("french", 4)])
    assert treasury(game) == 2 and bosses(game)[1] == []
    assert discard_top_first(game)[:4] == ["french", "french", "french", "runner"]
    check(game)


# F.14: an empty boss collects nothing during phase 4 (neither question)
def test_flip_empty_boss_collects_nothing():
    game = situation(at="flip", deck=["fire", "kidney", "puff"], discard=["blue", "runner"], bosses=[[], ["broad"]])
    assert bosses(game) == [[], ["broad"]]
    assert _piles(game) == [["fire"], ["kidney"], ["puff"]]
    assert discard_top_first(game)[:2] == ["blue", "runner"]


# ------------------------------------------------------------------------------------------
# Phase 5: plant
# ------------------------------------------------------------------------------------------


# RULES A "Turn" phase 5: each whole pile goes on one field, own or a boss's; bosses never share a
# bean; hand cards (any position) may be given to a boss only if directly plantable; harvesting
# is allowed; nothing moves from own fields to the mafia
def test_plant_options():
    game = situation(
        at="plant",
        piles=[many("fire", 3), ["blue"], ["kidney", "kidney"]],
        fields=[[many("puff", 2), []], [[], []]],
        bosses=[["fire"], []],
        hands=[["kidney", "runner", "fire", "puff"], ["broad"]],
    )
    assert set(codes(game)) == {
        "plant-pile s1 f2",
        "give-pile s1 b1",  # Al grows Chili Bean; the empty Don may not (two bosses never share)
        "plant-pile s2 f2",
        "give-pile s2 b2",
        "plant-pile s3 f2",
        "give-pile s3 b2",
        "give h1 b2",
        "give h2 b2",
        "give h3 b1",  # hand card 3 (any position) to the boss that grows it
        "give h4 b2",  # a bean the player grows may still be given from the hand
        "harvest f1",
        "done",
    }
    game.apply("plant-pile s1 f2")
    assert fields(game)[1] == ["fire"] * 3
    # issue 6: the planted pile's slot stays empty, so the others keep their codes p2, p3
    assert _piles(game) == [[], ["blue"], ["kidney", "kidney"]]
    game.apply("give h3 b1")
    assert bosses(game)[0] == ["fire", "fire"] and hand(game) == ["kidney", "runner", "puff"]
    game.apply("give-pile s2 b2")
    assert bosses(game)[1] == ["blue"]
    # now only the boss's own bean goes to it
    assert "give-pile s3 b2" not in codes(game) and "give h1 b2" not in codes(game)
    assert "give-pile s3 b1" not in codes(game)
    assert not [c for c in codes(game) if " p1 " in c or " p2 " in c]  # planted: no code any more
    game.apply("done")
    assert game.state.active == 1
    check(game)


# RULES A "Turn" phase 5: a pile given to a boss that reaches its threshold makes it harvest; F.15:
# past its threshold it is paid the full value of its field
def test_pile_past_threshold_full_value():
    game = situation(at="plant", piles=[many("broad", 7)], bosses=[["broad"], ["blue"]], hands=[["fire"], []])
    game.apply("give-pile s1 b1")
    assert treasury(game) == 4  # 8 Stink Bean: 4 coins (Al's threshold is 3)
    assert discard_top_first(game)[:4] == ["broad"] * 4
    assert bosses(game)[0] == []
    check(game)


# RULES A "Turn" phase 5: a boss's field may be emptied by a harvest; at the end of the phase every
# boss must hold a card: the player gives hand cards of their choice
def test_refill_after_planting():
    game = situation(at="plant", piles=[many("runner", 4)], bosses=[["runner"], ["blue"]], hands=[["fire", "blue", "kidney"], ["broad"]])
    game.apply("give-pile s1 b1")  # 5 Runner Bean: 3 coins, Al harvests
    assert treasury(game) == 3 and bosses(game)[0] == []
    game.apply("done")
    assert game.prompt().startswith("refill")
    assert set(codes(game)) == {"give h1 b1", "give h3 b1"}  # not the Blue Bean: Don grows it
    game.apply("give h3 b1")
    assert bosses(game) == [["kidney"], ["blue"]]
    assert game.state.active == 1  # refill done, drew, turn over
    check(game)


# RULES A "Turn" phase 5: refill: with two empty bosses, each gets one card
def test_refill_two_empty_bosses():
    game = situation(at="refill", bosses=[[], []], hands=[["fire", "fire", "blue"], ["broad"]])
    assert set(codes(game)) == {"give h1 b1", "give h1 b2", "give h2 b1", "give h2 b2", "give h3 b1", "give h3 b2"}
    game.apply("give h1 b2")
    # the second Chili Bean may not go to Al: Don grows Chili Bean now
    assert set(codes(game)) == {"give h2 b1"}
    game.apply("give h2 b1")
    assert bosses(game) == [["blue"], ["fire"]]
    assert hand(game)[:1] == ["fire"]


# RULES A "Turn" phase 5: every hand card is of the bean the other boss collects: the player shows
# the hand and gives nothing
def test_refill_shows_the_hand_when_nothing_fits():
    game = situation(at="refill", bosses=[["fire"], []], hands=[["fire", "fire"], ["broad"]], deck=["blue", "kidney"])
    assert game.state.active == 1
    assert bosses(game) == [["fire"], []]
    assert events_of(game, "show_hand")
    assert hand(game, 0) == ["fire", "fire", "blue", "kidney"]


# RULES A "Turn" phase 5: an empty hand gives nothing (and no hand is shown)
def test_refill_with_an_empty_hand():
    game = situation(at="refill", bosses=[["fire"], []], hands=[[], ["broad"]], deck=["blue", "kidney"])
    assert game.state.active == 1
    assert bosses(game)[1] == [] and not events_of(game, "show_hand")


# RULES A "Turn" phase 5: unplanted piles wait for the opponent's phase 1
def test_unplanted_piles_become_leftovers():
    game = situation(at="plant", piles=[many("fire", 2), ["blue"]], bosses=[["runner"], ["puff"]], hands=[[], ["broad"]])
    game.apply("done")
    assert game.state.active == 1 and game.phase.name == "leftovers"
    assert [named(p) for p in table(game).leftovers] == [["fire", "fire"], ["blue"]]
    assert table(game).piles == []
    check(game)


# ------------------------------------------------------------------------------------------
# Phase 6: draw
# ------------------------------------------------------------------------------------------


# RULES A "Turn" phase 6: draw 2 cards, one at a time, to the back of the hand
def test_draw_two_to_the_back():
    game = situation(at="draw", hands=[["fire", "blue"], ["broad"]], deck=["kidney", "puff", "runner"], bosses=[["french"], ["broad"]])
    assert hand(game, 0) == ["fire", "blue", "kidney", "puff"]
    assert named(table(game).deck[-1:]) == ["runner"]
    assert game.state.active == 1 and game.state.turn == 6


# RULES A "Turn" phase 5: beans on own fields are never given to the mafia: no legal action of
# phase 5 (or the refill) takes a bean from an own field to a boss, even when a boss grows it
@pytest.mark.parametrize("at", ["plant", "refill"])
def test_no_field_beans_to_the_mafia(at):
    game = situation(
        at=at,
        piles=[["blue"]] if at == "plant" else [],
        fields=[[many("fire", 3), ["kidney"]], [[], []]],
        bosses=[["fire"], [] if at == "refill" else ["kidney"]],
        hands=[["fire", "puff", "kidney"], ["broad"]],
    )
    for action in game.legal_actions():
        if action.code.startswith("harvest"):
            continue
        g = game.clone()
        before = [len(f) for f in table(g).fields[0]]
        g.apply(action)
        after = [len(f) for f in table(g).fields[0]]
        assert all(a >= b for a, b in zip(after, before)), action.code
