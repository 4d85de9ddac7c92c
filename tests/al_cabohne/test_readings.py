"""The readings checked against the Dutch and French rulebooks (issue 6 "Rules"): F.20, F.19, F.1,
F.21. Each test names the reading; the earlier readings they replace are noted."""

from __future__ import annotations

import pytest

from beanframe.beans import LITERAL, PROTECTION, harvestable_fields

from .helpers import (
    bosses,
    check,
    codes,
    coins,
    discard_top_first,
    fields,
    many,
    named,
    situation,
    table,
)

BOSSES = [["runner"], ["broad"]]
SOLO_BOSSES = [["broad"], ["runner"], ["kidney"]]


def _piles(game):
    return [named(p) for p in table(game).piles]


# ------------------------------------------------------------------------------------------
# F.20: a moment to harvest or buy after phase 3 and before the first flip
# ------------------------------------------------------------------------------------------


# F.20 + the solo rulebook's tip 5 ("fields sold in phase 2 can be won back in phase 3"): a field
# the second card completed is sold before the flips, and question 2 wins its discarded beans back
def test_f20_solo_tip_5_a_field_completed_by_the_second_card():
    game = situation(
        1,
        at="play",
        fields=[[many("puff", 4), [], []]],
        bosses=SOLO_BOSSES,
        hands=[["blue", "puff", "fire"]],
        deck=["puff", "french", "fire"],
        discard=["runner"],
    )
    game.apply("plant f2")  # the Blue Bean
    game.apply("plant f1")  # the 5th Fava Bean: 2 coins' worth
    assert game.phase.name == "before_flip" and game.frame.kind == "before_flip"
    assert set(codes(game)) == {"done", "harvest f1"}  # no flip has happened yet
    assert table(game).piles == []
    game.apply("harvest f1")
    assert coins(game) == 2 and discard_top_first(game)[:4] == ["puff"] * 3 + ["runner"]
    game.apply("done")
    # phase 3: the flipped Fava Bean takes the 3 sold ones back from the discard (question 2)
    assert _piles(game) == [["puff"] * 4, ["french"], ["fire"]]
    assert discard_top_first(game) == [] and bosses(game)[1] == ["runner", "runner"]  # then Don's bean
    assert game.phase.name == "plant"
    check(game)


# F.20, 2 players: between phase 3 and phase 4; the player may also buy there (the harvest
# before the flips paid for the third field)
def test_f20_harvest_then_buy_before_the_flips():
    game = situation(
        at="play",
        fields=[[many("fire", 2), []], [[], []]],
        coins=[3, 0],
        bosses=BOSSES,
        hands=[["fire", "kidney"], ["puff"]],
        deck=["blue", "french", "puff"],
    )
    game.apply("plant f1")  # 3 Chili Beans: 1 coin
    game.apply("plant f2")
    assert game.frame.kind == "before_flip"
    assert set(codes(game)) == {"done", "harvest f1"}  # 3 coins: no field to buy yet
    game.apply("harvest f1")
    assert coins(game) == 4
    assert "buy-field" in codes(game)
    game.apply("buy-field")
    assert len(table(game).fields[0]) == 3 and len(table(game).set_aside) == 4
    assert game.frame.kind == "before_flip"
    game.apply("done")
    assert game.phase.name == "plant" and _piles(game) == [["blue"], ["french"], ["puff"]]
    check(game)


# F.20: after the declined second card as well
def test_f20_after_the_declined_second_card():
    game = situation(at="play", fields=[[[], many("blue", 3)], [[], []]], bosses=BOSSES, hands=[["fire", "kidney"], ["puff"]])
    game.apply("plant f1")
    game.apply("pass")
    assert game.frame.kind == "before_flip" and set(codes(game)) == {"done", "harvest f2"}
    assert table(game).piles == []


# F.20 + F.19: no decision when the player can neither harvest nor buy (fields 1, 1, 0 and too
# few coins): phase 4 follows at once
def test_f20_no_decision_when_nothing_may_be_done():
    game = situation(
        at="play", fields=[[[], [], []], [[], []]], coins=[1, 0], bosses=BOSSES, hands=[["fire", "kidney"], ["puff"]], deck=["blue", "french", "puff"]
    )
    game.apply("plant f1")
    game.apply("plant f2")
    assert fields(game) == [["fire"], ["kidney"], []]
    assert game.phase.name == "plant"  # no before_flip decision: the flips ran
    assert _piles(game) == [["blue"], ["french"], ["puff"]]


# F.20 is still the own turn: the greedy and random players see an ordinary decision, and phase 4
# itself (the flip frame) offers nothing, not even a harvest (RULES A "Harvest and sell")
def test_f20_phase_4_stays_without_harvest():
    from beanframe_plugins.al_cabohne.turn import STEPS

    flip = next(s for s in STEPS if s.kind == "flip")
    before = next(s for s in STEPS if s.kind == "before_flip")
    assert flip.options is False and before.options is True


# ------------------------------------------------------------------------------------------
# F.19: the one-bean harvest rule, literally
# ------------------------------------------------------------------------------------------


# F.19: fields holding 1, 1 and 0 beans: neither exception applies, no one-bean field may be
# harvested (the earlier, wider reading allowed both); the front card goes on the empty field
def test_f19_one_one_zero_no_harvest():
    game = situation(at="play", fields=[[["fire"], ["blue"], []], [[], []]], bosses=BOSSES, hands=[["kidney"], ["puff"]])
    assert codes(game) == ["plant f3"]
    game.apply("plant f3")
    # 1, 1, 1 now: exception (a), every field holds exactly one bean: any may be harvested
    assert game.frame.kind == "before_flip"
    assert set(codes(game)) == {"done", "harvest f1", "harvest f2", "harvest f3"}


@pytest.mark.parametrize(
    ("sizes", "literal", "protection"),
    [
        ((1, 1, 0), [], [0, 1]),  # F.19 literal vs Bohnanza's bean protection rule (RULES C)
        ((1, 1, 1), [0, 1, 2], [0, 1, 2]),  # F.19 (a)
        ((1, 0, 0), [0], [0]),  # F.19 (b)
        ((1, 1), [0, 1], [0, 1]),
        ((1, 3), [1], [1]),
        ((2, 0, 1), [0], [0]),
        ((0, 0), [], []),
    ],
)
def test_f19_rule_functions(sizes, literal, protection):
    fields_ = [range(n) for n in sizes]
    assert harvestable_fields(fields_, LITERAL) == literal
    assert harvestable_fields(fields_, PROTECTION) == protection


# ------------------------------------------------------------------------------------------
# F.1: each leftover on its own, on any own field that takes it
# ------------------------------------------------------------------------------------------


# F.1: the first leftover Chili Bean's field is sold and reused by the Blue Bean; the second
# Chili Bean may still go on the other empty field (the earlier reading tied it to field 1 and
# left only the discard)
def test_f1_second_leftover_of_a_bean_on_another_field():
    game = situation(at="leftovers", active=1, leftovers=[many("fire", 2), ["blue"]], bosses=BOSSES, hands=[["puff"], ["french"]])
    game.apply("leftover s1 f1")
    assert fields(game, 1) == [["fire"], []]
    game.apply("harvest f1")  # F.19 (b): the only non-empty field
    assert fields(game, 1) == [[], []]
    game.apply("leftover s2 f1")  # the Blue Bean on the freed field
    assert set(codes(game)) >= {"leftover s1 f2", "discard s1"}
    game.apply("leftover s1 f2")
    assert fields(game, 1) == [["blue"], ["fire"]]
    check(game)


# F.1: one bean type never stands on two own fields at once: while the first Chili Bean's field
# grows it, the second one goes there (empty fields stay interchangeable: one is offered)
def test_f1_one_bean_type_one_field():
    game = situation(at="leftovers", active=1, leftovers=[many("fire", 2)], bosses=BOSSES, hands=[["puff"], ["french"]])
    assert set(codes(game)) == {"leftover s1 f1", "discard s1"}
    game.apply("leftover s1 f1")
    assert set(codes(game)) == {"leftover s1 f1", "discard s1", "harvest f1"}


# ------------------------------------------------------------------------------------------
# F.21: two beans of different types in phase 3 go on two different fields
# ------------------------------------------------------------------------------------------


# F.21: the first card's field was harvested in between: the second card (another bean) may not
# take its place, it goes on the other field
def test_f21_different_beans_two_fields_after_a_harvest():
    game = situation(at="play", bosses=BOSSES, hands=[["fire", "blue"], ["puff"]])
    game.apply("plant f1")
    game.apply("harvest f1")  # F.19 (b): the lone Chili Bean, all other fields empty
    assert fields(game) == [[], []]
    assert set(codes(game)) == {"plant f2", "pass"}
    game.apply("plant f2")
    assert fields(game) == [[], ["blue"]]
    check(game)


# F.21 does not split two beans of one type: they go on one field (RULES A phase 3), the freed
# field included
def test_f21_same_bean_keeps_its_field():
    game = situation(at="play", bosses=BOSSES, hands=[["fire", "fire"], ["puff"]])
    game.apply("plant f1")
    game.apply("harvest f1")
    assert set(codes(game)) == {"plant f1", "pass"}


# F.21 with three fields: the next empty field is offered instead of the first card's
def test_f21_three_fields():
    game = situation(at="play", fields=[[[], [], []], [[], []]], bosses=BOSSES, hands=[["fire", "blue"], ["puff"]])
    game.apply("plant f1")
    game.apply("harvest f1")
    assert set(codes(game)) == {"plant f2", "pass"}
