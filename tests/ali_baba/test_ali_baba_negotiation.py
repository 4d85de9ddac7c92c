"""Negotiations (RULES E; issue 21 section 2): the bandit bazaar (cards in any ratio, piasters
added) and selling hunted loot to another player at a freely negotiated price, on the core's
bounded offers built from small actions (``offer``, ``ask``, ``pay``, ``charge``, ``send``)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import beanframe
from beanframe.core.present import presentation
from beanframe_plugins.ali_baba.data import EVENTS

from .helpers import BOARD, before, codes, events, part, situation

BAZAAR = BOARD.event_of.index(EVENTS.index("bazaar"))
ROBBERS_FIELD = next(f for f in range(len(BOARD.field_ids)) if BOARD.gang_of[f] == 3)


def at_bazaar(players=3, **kw):
    game = situation(players, at=BOARD.field_ids[before(BOARD.field_ids[BAZAAR])], hand=(1,), **kw)
    game.apply("move c1")
    return game, part(game)


def hunting_robbers(players=2, **kw):
    game = situation(players, at=BOARD.field_ids[before(BOARD.field_ids[ROBBERS_FIELD])], hand=(1,), **kw)
    game.apply("move c1")
    return game, part(game)


def apply_all(game, text, player=None):
    for code in text.split(", "):
        game.apply(code, player=player)


def test_bazaar_cards_change_hands_in_any_ratio_with_piasters_added():
    # RULES E "2 kaartjes met pijl ertussen": "De grote bandietenbazar is geopend en alle spelers
    # kunnen hun bandietenkaarten met elkaar ruilen. Kaarten kunnen daarbij in elke gewenste
    # verhouding (in aantallen) van bezitter wisselen en daarnaast mogen er ook Piaster ingezet
    # worden." (The great bandit bazaar is open and all players may trade their bandit cards with
    # one another. Cards may change owners in any ratio (in numbers), and piasters may be added.)
    game, t = at_bazaar(bandits={0: [1, 2], 1: [20, 21], 2: [40]})
    assert set(game.deciders) == {0, 1, 2}
    # two cards and 20 piasters for one card: 2 to 1, with piasters
    apply_all(game, "offer k2, offer k3, ask k21, pay m10, pay m10, send p2", player=0)
    assert game.deciders == (1,) and codes(game) == ["accept", "decline"]
    game.apply("accept")
    assert t.bandits == [[20], [1, 2, 21], [40]] and t.piasters == [2480, 2520, 2500]
    (traded,) = events(game, "traded")
    assert traded[1:] == (0, 0, 1, (("bandit", 1), ("bandit", 2), ("piasters", 20)), (("bandit", 20),))
    # one card for three cards and 150 piasters: 1 to 3, the piasters asked of the other side
    apply_all(game, "offer k41, ask k2, ask k3, ask k22, charge m100, charge m50, send p2", player=2)
    game.apply("accept")
    assert t.bandits == [[20], [40], [1, 2, 21]] and t.piasters == [2480, 2370, 2650]
    # piasters alone for a card, and a card given for nothing: any ratio, 0 to 1 and 1 to 0
    apply_all(game, "ask k41, pay m100, send p2", player=0)
    game.apply("accept")
    apply_all(game, "offer k3, send p1", player=2)
    game.apply("accept")
    assert t.bandits == [[2, 20, 40], [], [1, 21]] and t.piasters == [2380, 2470, 2650]
    assert sum(t.piasters) == 3 * 2500  # piasters only change hands


def test_the_asked_cards_have_one_owner_and_the_offer_goes_to_them():
    game, t = at_bazaar(bandits={0: [1], 1: [20, 21], 2: [40]})
    asks = [c for c in codes(game, 0) if c.startswith("ask")]
    assert asks == ["ask k21", "ask k22", "ask k41"]  # anyone's cards, to start with
    game.apply("ask k21", player=0)
    assert [c for c in codes(game) if c.startswith(("ask", "send"))] == ["ask k22", "send p2"]


def test_piasters_in_steps_of_ten_up_to_what_the_payer_holds():
    # issue 21: "amounts in steps of 10 up to what the buyer holds"; steps 10, 50, 100, 500, 1000
    game, t = at_bazaar(bandits={0: [1], 1: [20]}, piasters={0: 160, 1: 3000, 2: 70})
    assert [c for c in codes(game, 0) if c.startswith("pay")] == ["pay m10", "pay m50", "pay m100"]
    assert [c for c in codes(game, 0) if c.startswith("charge")] == ["charge m10", "charge m50", "charge m100", "charge m500", "charge m1000"]
    apply_all(game, "pay m100, pay m50", player=0)
    assert [c for c in codes(game) if c.startswith("pay")] == ["pay m10"]
    assert not [c for c in codes(game) if c.startswith("charge")]  # piasters go one way only
    game.apply("pay m10")
    assert not [c for c in codes(game) if c.startswith("pay")]  # 160: all player 1 holds
    assert part(game).book.drafts[0].gives == (("piasters", 160),)
    game.apply("scrap")
    # asking piasters: up to what the richest possible payer holds; only they may receive it
    apply_all(game, "charge m1000, charge m1000, charge m1000", player=0)
    assert not [c for c in codes(game) if c.startswith("charge")]  # 3010 would be more than 3000
    assert not [c for c in codes(game) if c.startswith("pay")]  # piasters go one way only
    assert [c for c in codes(game) if c.startswith(("ask", "send"))] == ["ask k21", "send p2"]
    game.apply("send p2")
    game.apply("decline")
    apply_all(game, "charge m50, charge m10, charge m10", player=0)  # 70: both may pay it
    assert [c for c in codes(game) if c.startswith("send")] == ["send p2", "send p3"]
    game.apply("charge m10")  # 80: player 3 holds 70
    assert [c for c in codes(game) if c.startswith("send")] == ["send p2"]


def test_amounts_are_counted_out_like_coins_the_largest_first():
    # any amount in tens, one way to count it: 1000s, at most one 500, four 100s, one 50, four 10s,
    # so an amount takes at most 10 actions plus one per 1000 (every negotiation stays short)
    game, t = at_bazaar(bandits={0: [1], 1: [20]}, piasters={0: 20_000})

    def steps():
        return [c.split()[1] for c in codes(game) if c.startswith("pay")]

    assert steps() == ["m10", "m50", "m100", "m500", "m1000"]
    game.apply("pay m500", player=0)
    assert steps() == ["m10", "m50", "m100"]  # never a larger step after a smaller one, one 500
    for _ in range(4):
        game.apply("pay m100")
    assert steps() == ["m10", "m50"]
    apply_all(game, "pay m50, pay m10, pay m10, pay m10, pay m10")
    assert steps() == [] and t.book.drafts[0].gives == (("piasters", 990),)
    game.apply("scrap")
    apply_all(game, "pay m1000, pay m1000, pay m10", player=0)
    assert steps() == ["m10"]


def test_sale_of_hunted_loot_at_a_freely_negotiated_price():
    # RULES E "Velden met kleurige symbolen" 1: "De buit kan ook aan medespelers verkocht worden.
    # De prijs is hierbij vrij onderhandelbaar. Het ruilen van kaarten is echter tegen de eer van
    # bandieten en is daarom verboden." (The loot may also be sold to other players. The price is
    # freely negotiable. Exchanging cards, however, is against the bandits' honour and forbidden.)
    game, t = hunting_robbers(bandits={0: [60, 1], 1: [50]}, piasters={1: 375})
    assert game.deciders == (0, 1)  # both hold robbers
    first = codes(game, 0)
    assert "offer k61" in first and "offer k2" not in first  # only hunted loot is for sale
    assert not [c for c in first if c.startswith(("ask", "pay"))]  # no exchange, the seller pays nothing
    apply_all(game, "offer k61, charge m100, charge m100, charge m100, charge m50, charge m10, charge m10", player=0)
    assert not [c for c in codes(game) if c.startswith("charge")]  # 380 would be more than player 2 holds
    assert codes(game)[-2:] == ["send p2", "scrap"]
    game.apply("send p2")
    game.apply("accept")
    assert t.bandits == [[1], [50, 60]] and t.piasters == [2500 + 370, 375 - 370]
    assert game.deciders == (1,)  # player 1 holds no robber any more: out of the shedding


def test_a_sale_gives_at_least_one_card_and_the_last_chance_has_none():
    game, t = hunting_robbers(bandits={0: [60]}, rolls=[4])
    game.apply("charge m100")
    assert [c for c in codes(game) if c.startswith("send")] == []  # asking piasters for nothing
    apply_all(game, "offer k61, send p2")
    game.apply("decline")
    apply_all(game, "done", player=0)
    assert t.black == 4 and set(codes(game, 0)) <= {"shed k61", "done"}  # the bank alone, at 100


def test_offers_are_capped_so_a_negotiation_ends():
    # the option ``offers`` (default 3): a draft counts when it is started, even if scrapped
    game, t = at_bazaar(players=2, bandits={0: [1], 1: [20]})
    apply_all(game, "offer k2, send p2", player=0)
    game.apply("decline")
    apply_all(game, "pay m10, scrap", player=0)
    apply_all(game, "ask k21, send p2", player=0)
    game.apply("decline")
    assert codes(game, 0) == ["done"] and t.book.started == [3, 0]
    assert [e[0] for e in game.events if e[0] in ("offer", "reject", "scrap")] == ["offer", "reject", "scrap", "offer", "reject"]
    game = at_bazaar(players=2, bandits={0: [1], 1: [20]}, options={"ali_baba": {"offers": 0}})[0]
    assert codes(game, 0) == ["done"]


def test_an_empty_offer_cannot_be_sent():
    # a position holding an offer being built with nothing in it yet
    game = situation(
        2, at=BOARD.field_ids[BAZAAR], hand=(1,), bandits={0: [1], 1: [20]}, phase="field",
        drafts={"p1": {"maker": "p1", "gives": [], "asks": []}}, started=[1, 0],
        stack=[{"kind": "bazaar", "player": "p1", "group": ["p1", "p2"]}, {"kind": "draft", "player": "p1", "args": [0]}],
    )
    assert not [c for c in codes(game) if c.startswith("send")] and "scrap" in codes(game)
    game.apply("offer k2")
    assert "send p2" in codes(game)


def test_an_offer_the_addressee_cannot_pay_may_only_be_declined():
    # a position in which the addressee of an open offer has fewer piasters than it asks
    game = situation(
        2, at=BOARD.field_ids[BAZAAR], hand=(1,), bandits={0: [1]}, piasters={1: 30}, phase="field",
        offers=[{"id": 0, "maker": "p1", "to": "p2", "gives": ["k2"], "asks": [40]}], started=[1, 0],
        stack=[{"kind": "bazaar", "player": "p1", "group": ["p1", "p2"]}, {"kind": "answer", "player": "p2", "args": [0]}],
    )
    assert codes(game) == ["decline"]


def test_the_view_and_the_prompt_show_the_offer():
    game, t = at_bazaar(bandits={0: [1], 1: [20]})
    apply_all(game, "offer k2, ask k21, pay m50", player=0)
    for p in (None, 0, 1, 2):
        offer = game.view(p)["ali_baba"].offer
        assert offer.id == -1 and offer.maker == 0 and offer.gives == (("bandit", 1), ("piasters", 50))
    game.apply("send p2")
    assert game.view(2)["ali_baba"].offer.to == 1
    assert "player 1 offers k2 Miracle Healers, 50 piasters for k21 Camel Thieves" in game.prompt()
    assert game.describe(game.legal_actions()[0], 1) == "accept the offer"
    game.apply("accept")
    assert game.view(0)["ali_baba"].offer is None


def test_building_actions_say_what_they_add():
    game, t = at_bazaar(bandits={0: [36], 1: [20]})
    said = {a.code: game.describe(a, 0) for a in game.legal_actions(0)}
    assert said["pay m100"] == "pay 100 piasters more in the offer"
    assert said["charge m1000"] == "ask 1000 piasters more in the offer"
    assert said["offer k37"] == "put your Smugglers (Deceivers, loot 80) into the offer"
    assert said["ask k21"].startswith("ask for the Camel Thieves")


@pytest.mark.parametrize("players", [2, 6])
def test_the_action_table_is_small_and_fixed(players):
    # issue 21: a fixed action space for the adapters, whatever the cards and the piasters
    rules = beanframe.compose(["ali_baba"], players)
    assert len(rules.actions) < 650
    codes_ = {a.code for a in rules.actions}
    assert {"pay m10", "pay m50", "pay m100", "pay m500", "pay m1000", "charge m10", "send p2", "scrap"} <= codes_


def test_random_negotiations_end():
    # every draft only grows and every offer is answered at once: random play leaves the bazaar
    game, t = at_bazaar(players=4, bandits={0: [1, 2, 3], 1: [20, 21], 2: [40, 41, 42], 3: [60]})
    rng = random.Random(3)
    actions = 0
    while any(f.kind == "bazaar" for f in game.state.stack):
        p = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(p)), player=p)
        actions += 1
        assert actions < 5_000
    assert sum(t.piasters) == 4 * 2500 and sorted(c for b in t.bandits for c in b) == [1, 2, 3, 20, 21, 40, 41, 42, 60]
    assert max(t.book.started) <= 3


def test_the_terminal_shows_the_offer_on_the_table():
    game, t = at_bazaar(bandits={0: [36], 1: [20]})

    def shown():
        view = game.view(2)
        console = Console(width=100, record=True)
        for r in presentation(game.ruleset).parts["ali_baba"](view["ali_baba"], view, None):
            console.print(r)
        return console.export_text()

    assert "offer" not in shown()
    apply_all(game, "offer k37, pay m50", player=0)
    assert "player 1 builds an offer: k37 Smugglers, 50 piasters for nothing" in shown()
    apply_all(game, "ask k21, send p2")
    assert "player 1 offers player 2: k37 Smugglers, 50 piasters for k21 Camel Thieves" in shown()
