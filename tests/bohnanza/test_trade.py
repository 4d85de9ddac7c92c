"""RULES C "Rules" 2 (trade) and the bounded offer protocol of issue 8, as one group decision."""

from __future__ import annotations

import pytest

from beanframe.errors import IllegalActionError

from .helpers import codes, fields, hand, play, received, situation, table, trade

HANDS = [["soy", "red", "fire"], ["blue", "blue", "green"], ["fire", "garden"], ["broad"]]


def at_trade(**kw):
    kw.setdefault("hands", HANDS)
    kw.setdefault("deck", ["blackeyed", "green"])
    return situation(at="trade", **kw)


def test_two_cards_are_turned_up_and_everyone_decides_at_once():
    # RULES C "Rules" 2: flip 2 cards face up; the trade is a group decision (issue 8)
    game = at_trade()
    assert [table(game).names[c] for c in trade(game).face_up] == ["Black-eyed Bean", "Green Bean"]
    assert game.frame.kind == "trade"
    assert game.deciders == (0, 1, 2, 3)
    for p in range(4):
        assert "pass" in codes(game, p)
    assert "end-trading" in codes(game, 0) and "end-trading" not in codes(game, 1)


def test_the_active_player_offers_face_up_cards_and_any_hand_card_to_anyone():
    # RULES C 2: the active player may trade the face-up cards and hand cards from any position
    game = at_trade()
    c = codes(game, 0)
    assert {"give h1", "give h3", "give-face u1", "give-face u2", "ask c1"} <= set(c)
    play(game, "give h3", "give-face u1", by=0)
    assert {"send p2", "send p3", "send p4"} <= set(codes(game, 0))


def test_the_other_players_trade_only_with_the_active_player():
    # RULES C 2: "the other players trade only with the active player"
    game = at_trade()
    assert "give-face u1" not in codes(game, 1)  # the face-up cards are the active player's
    play(game, "give h1", by=1)
    c = codes(game, 1)
    assert "send p1" in c and "send p3" not in c and "send p4" not in c


def test_an_accepted_trade_sets_the_cards_aside_not_into_the_hands():
    # RULES C 2: "Cards received are set aside, not taken into the hand"
    game = at_trade()
    play(game, "give h1", "give h2", "want-face u1", "send p1", by=1)  # two Blaue for the Black-eyed Bean
    offer = trade(game).offers[0]
    assert (offer.id, offer.maker, offer.to) == (0, 1, 0)
    play(game, "accept o1", by=0)
    assert received(game, 0) == ["blue", "blue"]
    assert received(game, 1) == ["blackeyed"]
    assert hand(game, 1) == ["green"] and hand(game, 0) == ["soy", "red", "fire"]
    assert trade(game).face_up[0] == -1  # traded away
    assert trade(game).trades == 1


def test_asked_beans_are_paid_from_the_addressees_hand():
    game = at_trade()
    play(game, "give h1", "ask c2", "send p3", by=0)  # a Soy Bean for a Chili Bean from player 3
    play(game, "accept o1", "give-copy h1", by=2)  # F.27: the giver names the copy (here the only one)
    assert hand(game, 2) == ["garden"] and received(game, 0) == ["fire"]
    assert received(game, 2) == ["soy"] and hand(game, 0) == ["red", "fire"]


def test_an_offer_the_addressee_cannot_pay_can_only_be_rejected():
    game = at_trade()
    play(game, "ask c1", "send p4", by=0)  # asks player 4 for a Blue Bean: they hold none
    assert "accept o1" not in codes(game, 3) and "reject o1" in codes(game, 3)
    play(game, "reject o1", by=3)
    assert trade(game).offers == []


def test_a_gift_asks_nothing():
    # RULES C 2: the active player "may give cards away"
    game = at_trade()
    play(game, "give-face u2", "send p4", by=0)
    play(game, "accept o1", by=3)
    assert received(game, 3) == ["green"]


def test_the_maker_may_withdraw_an_offer():
    game = at_trade()
    play(game, "give h1", "send p2", by=0)
    assert "withdraw o1" in codes(game, 0) and "withdraw o1" not in codes(game, 1)
    play(game, "withdraw o1", by=0)
    assert trade(game).offers == [] and "accept o1" not in codes(game, 1)


def test_offers_that_lost_their_cards_lapse():
    # the same face-up card offered twice: once it is traded, the other offer lapses
    game = at_trade()
    play(game, "give-face u1", "send p2", by=0)
    play(game, "give-face u1", "send p3", by=0)
    play(game, "accept o1", by=1)
    assert [o.id for o in trade(game).offers] == []
    assert ("void", 1) in game.events


def test_the_active_player_ends_trading():
    # RULES C 2 / issue 8: "the active player ends trading"
    game = at_trade()
    play(game, "give h1", "send p2", by=0)
    play(game, "end-trading", by=0)
    assert trade(game).offers == []
    assert game.phase.name == "plant_traded"
    # the face-up cards not traded away are the active player's to plant
    assert received(game, 0) == ["blackeyed", "green"]


def test_trading_ends_when_everyone_has_passed_since_the_last_change():
    # issue 8: "or it ends when every player has passed since the last change"
    game = at_trade()
    play(game, "pass", by=1)
    play(game, "pass", by=2)
    assert game.deciders == (0, 3)
    play(game, "give h1", "send p4", by=0)  # a change: everyone is back
    assert game.deciders == (0, 1, 2, 3)
    play(game, "reject o1", by=3)
    for p in (0, 1, 2, 3):
        play(game, "pass", by=p)
    assert game.phase.name == "plant_traded"


def test_a_player_who_passed_cannot_act_until_something_changes():
    game = at_trade()
    play(game, "pass", by=1)
    with pytest.raises(IllegalActionError, match="may not act now"):
        game.apply("give h1", 1)


def test_offers_per_turn_and_cards_per_offer_are_capped():
    # issue 8: caps (offers per player per turn, cards per offer) make every game end
    game = at_trade(options={"bohnanza": {"offers_per_turn": 2, "cards_per_offer": 2}})
    play(game, "give h1", "give h2", by=1)
    assert not any(c.startswith("give ") for c in codes(game, 1))  # 2 cards given: the cap
    play(game, "ask c3", "ask c4", by=1)
    assert not any(c.startswith(("ask", "want-face")) for c in codes(game, 1))
    play(game, "scrap", by=1)  # a scrapped draft counts
    play(game, "give h1", "send p1", by=1)
    assert not any(c.startswith(("give", "ask", "want-face")) for c in codes(game, 1))
    assert trade(game).started[1] == 2


def test_offer_ids_count_through_the_turn():
    game = at_trade()
    play(game, "give h1", "send p2", by=0)
    play(game, "give h1", "send p1", by=2)
    assert [o.id for o in trade(game).offers] == [0, 1]
    assert {"accept o2", "reject o2"} <= set(codes(game, 0))


def test_without_trading_the_face_up_cards_go_to_the_active_player():
    game = situation(
        at="trade", hands=HANDS, deck=["blackeyed", "green"], options={"bohnanza": {"trading": False}}
    )
    assert game.frame.kind == "plant_traded" and game.deciders == (0,)


def test_f22_a_player_may_harvest_during_trading_outside_the_own_turn():
    # F.22: Bohnanza's harvest is offered at every decision of the player, also in a group decision
    game = at_trade(fields=[[], [["fire"] * 3, ["blue"]], [], []])
    assert "harvest f1" in codes(game, 1)
    play(game, "harvest f1", by=1)
    assert fields(game, 1) == [[], ["blue"]]
