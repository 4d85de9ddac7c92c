"""The worked examples and the solo tips of the two Al Cabohne rulebooks (seeds al_cabohne_nl.txt,
al_cabohne_fr.txt), played through the engine. Examples checked elsewhere: the bean-o-meter
examples (test_cards), the phase-3 example (test_turn.test_phase_3_rulebook_example), the mafia
start (test_setup)."""

from __future__ import annotations

import pytest

from .helpers import (
    bosses,
    check,
    codes,
    coins,
    discard_top_first,
    fields,
    hand,
    many,
    named,
    new,
    situation,
    table,
    treasury,
)


# RULES A "Cards" (NL "Bruine bonen", FR "Stink Bean" example), through a real harvest:
# 1-2 -> 0, 3-4 -> 1, 5-6 -> 2, 7 -> 3, 8 or more -> 4
@pytest.mark.parametrize(("n", "expected"), [(2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 4), (9, 4)])
def test_saubohne_harvest(n, expected):
    game = situation(at="play", fields=[[many("broad", n), []], [[], []]], hands=[["fire"], ["blue"]], bosses=[["runner"], ["puff"]])
    game.apply("harvest f1")
    assert coins(game) == expected
    assert discard_top_first(game)[: n - expected] == ["broad"] * (n - expected)


# NL "een speler oogst 5 Stootbonen" / FR "Cinq Fava Bean rapportent deux pièces d'or. Marc
# retourne deux des haricots ... les trois haricots restants ... sur la pile de défausse"
def test_marc_sells_five_puffbohne():
    game = situation(at="plant", fields=[[many("puff", 5), []], [[], []]], hands=[[], ["blue"]], bosses=[["runner"], ["broad"]])
    before = len(table(game).discard)
    game.apply("harvest f1")
    assert coins(game) == 2
    assert len(table(game).discard) == before + 3
    assert discard_top_first(game)[:3] == ["puff"] * 3


# NL "een speler moet een veld met 2 Blauwe bonen oogsten" / FR "Christophe ne reçoit aucune pièce
# en vendant sa récolte de deux Blue Bean. Il met les deux haricots ... sur la pile de défausse"
def test_christophe_must_sell_two_blaue_bohnen():
    game = situation(at="play", fields=[[many("blue", 2), many("fire", 3)], [[], []]], hands=[["kidney"], ["puff"]], bosses=[["runner"], ["broad"]])
    assert "plant f1" not in codes(game) and "plant f2" not in codes(game)  # must harvest first
    game.apply("harvest f1")
    assert coins(game) == 0 and discard_top_first(game)[:2] == ["blue", "blue"]
    game.apply("plant f1")
    assert fields(game)[0] == ["kidney"]


# NL/FR "Don Corlebohne a cinq Green Bean dans son champ. Ces haricots sont immédiatement récoltés.
# Deux ... sur le trésor de la Mafia, tandis que les trois haricots restants ... sur la défausse":
# Don gets his 5th Green Bean from a flip, from the discard, from a gift
@pytest.mark.parametrize("how", ["flip", "discard", "gift", "pile"])
def test_don_harvests_five_brechbohne(how):
    kwargs = dict(bosses=[["fire"], many("french", 4)], hands=[["kidney"], ["puff"]])
    if how == "flip":
        game = situation(at="flip", deck=["french", "blue", "kidney", "puff"], discard=["runner"], **kwargs)
    elif how == "discard":
        game = situation(at="flip", deck=["blue", "kidney", "puff"], discard=["french", "runner"], **kwargs)
    elif how == "gift":
        game = situation(at="plant", bosses=kwargs["bosses"], hands=[["kidney", "french"], ["puff"]])
        game.apply("give h2 b2")
    else:
        game = situation(at="plant", piles=[["french"]], **kwargs)
        game.apply("give-pile s1 b2")
    assert treasury(game) == 2
    assert bosses(game)[1] == []
    assert discard_top_first(game)[:3] == ["french"] * 3
    check(game)


# NL/FR mafia start: "Aan het begin van het spel is het dus mogelijk dat er meer dan één kaart op
# de Al Caboon-kaart ligt. Op de Don Corleboon-kaart ligt aan het begin altijd maar één kaart."
def test_mafia_start_example():
    ten = ["blue", "kidney"] * 5  # dealt alternately
    game = new(2, deck=[*ten, "fire", "fire", "fire", "fire", "french", "french", "fire"])
    # 4 Chili Beans: 1 coin, under Al's threshold
    assert bosses(game) == [["fire"] * 4, ["french"]]
    assert named(table(game).deck[-2:]) == ["fire", "french"]
    assert hand(game, 0) == ["blue"] * 5 and hand(game, 1) == ["kidney"] * 5


# ------------------------------------------------------------------------------------------
# Solo tips (NL "Tactische tips voor solitair spel", FR "Trucs et astuces") that describe mechanics
# ------------------------------------------------------------------------------------------

SOLO_BOSSES = [["broad"], ["puff"], ["kidney"]]


# Tip 1: "avoid that the top of the discard is a bean the mafia collects": in phase 3 (flip),
# question 2 gives it to that boss after any flip
def test_tip_discard_top_of_a_mafia_bean_goes_to_the_mafia():
    game = situation(1, at="flip", deck=["blue", "fire", "french"], discard=["puff", "puff", "runner"], bosses=SOLO_BOSSES, hands=[["fire"]])
    assert bosses(game)[1] == ["puff"] * 3  # both discarded Fava Beans went to Don
    assert discard_top_first(game)[0] == "runner"


# Tip 2: a bean you do not want was flipped: give the mafia (hand) beans until a boss harvests;
# then plant the unwanted beans on the boss's freed field
def test_tip_gift_frees_a_boss_field_for_an_unwanted_pile():
    game = situation(
        1,
        at="plant",
        piles=[many("blue", 2)],
        fields=[[many("fire", 3), many("runner", 2), many("french", 2)]],
        bosses=[["broad"], ["puff"], ["kidney"]],
        hands=[["kidney", "fire"]],
    )
    # no own field takes the Blue Beans and no boss is empty
    assert not [c for c in codes(game) if c.startswith(("plant-pile", "give-pile"))]
    game.apply("give h1 b3")  # Joe: 2 Kidney Beans sell for 0, no harvest yet
    assert bosses(game)[2] == ["kidney", "kidney"]
    game = situation(
        1,
        at="plant",
        piles=[many("blue", 2)],
        fields=[[many("fire", 3), many("runner", 2), many("french", 2)]],
        bosses=[["broad"], many("puff", 4), ["kidney"]],
        hands=[["puff", "fire"]],
    )
    game.apply("give h1 b2")  # Don: 5 Fava Beans = 2 coins: he harvests at once
    assert treasury(game) == 2 and bosses(game)[1] == []
    assert "give-pile s1 b2" in codes(game)
    game.apply("give-pile s1 b2")
    assert bosses(game)[1] == ["blue", "blue"]
    assert "done" in codes(game)
    game.apply("done")
    check(game)


# Tip 3: "a gift that makes a boss harvest means you must also provide a new bean" (the refill)
def test_tip_after_a_harvesting_gift_the_boss_needs_a_new_bean():
    game = situation(
        1,
        at="plant",
        fields=[[many("fire", 3), [], []]],
        bosses=[["broad"], many("puff", 4), ["kidney"]],
        hands=[["puff", "fire", "blue", "kidney"]],
    )
    game.apply("give h1 b2")
    assert bosses(game)[1] == []
    game.apply("done")
    assert game.prompt().startswith("refill")
    # Chili Bean or Blue Bean; not the Kidney Bean (Joe grows it)
    assert set(codes(game)) == {"give h1 b2", "give h2 b2", "harvest f1"}
    game.apply("give h2 b2")
    assert bosses(game)[1] == ["blue"]
    assert hand(game)[:2] == ["fire", "kidney"]
    check(game)


# Tip 4: one field with 1 bean and two valuable fields: plant (in phase 4) a bean of the lone
# bean's type on a boss; the next tax takes the lone bean and the field is free for phase 2
def test_tip_lone_bean_is_taken_by_the_tax():
    game = situation(
        1,
        at="plant",
        piles=[["runner"]],
        fields=[[["runner"], many("fire", 3), many("blue", 3)]],
        bosses=[["broad"], ["puff"], []],
        hands=[["kidney", "french"]],
        deck=["fire", "blue", "kidney", "french", "broad"],
    )
    assert "give-pile s1 b3" in codes(game)
    game.apply("give-pile s1 b3")  # Joe Bohnano now grows Runner Bean
    game.apply("done")
    # next turn: phase 1 tax
    assert game.state.turn == 6 and game.phase.name == "tax"
    game.apply("pay-tax")
    assert fields(game) == [[], ["fire"] * 3, ["blue"] * 3]
    assert bosses(game)[2] == ["runner", "runner"]
    # phase 2: the Kidney Bean goes on the freed field, no valuable field had to be sold
    assert codes(game)[0] == "plant f1"
    game.apply("plant f1")
    assert fields(game)[0] == ["kidney"] and coins(game) == 0
    check(game)


# Tip 5: "fields sold in phase 2 can be won back in phase 3": the sold beans lie on the discard and
# join a flipped pile of their bean (question 2)
def test_tip_sold_beans_come_back_from_the_discard():
    game = situation(
        1,
        at="play",
        fields=[[many("fire", 6), [], []]],
        bosses=SOLO_BOSSES,
        hands=[["blue"]],
        deck=["fire", "runner", "french"],
        discard=["runner"],
    )
    game.apply("harvest f1")  # phase 2: 6 Chili Beans = 2 coins, 4 to the discard
    assert coins(game) == 2 and discard_top_first(game)[:5] == ["fire"] * 4 + ["runner"]
    game.apply("plant f1")
    game.apply("done")  # F.20: nothing more to sell before the flips
    # phase 3: the flipped Chili Bean takes the 4 back; the Runner Bean then takes the old runner
    piles = [named(p) for p in table(game).piles]
    assert piles == [["fire"] * 5, ["runner", "runner"], ["french"]]
    check(game)
