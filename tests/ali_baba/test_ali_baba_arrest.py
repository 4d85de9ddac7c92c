"""The arrest and the bail (RULES E "Velden met kleurige symbolen" 5-6, "Failliessement"; issue 20
section 8): exact bail amounts, two bandits arrested at once, paying with exactly the debt, the
option ``surrender`` at its boundary, bankruptcy, and what shedding costs.

Every amount is worked out by hand from the rulebook and the shipped board (board.toml): the
robbers' field 2-01 lies in district 2, where the bank pays 140 for a robber; black 4 and white 3
strike number 21 (the rulebook's example), which robbers k51, k56 and k60 show and k49 does not.
"""

from __future__ import annotations

from .helpers import BOARD, before, codes, events, part, situation

FIELD = "2-01"  # the robbers' field of district 2
K49, K51, K56, K60 = 48, 50, 55, 59
SURRENDER = {"ali_baba": {"surrender": True}}


def caught(players=2, *, bandits, piasters=None, options=None):
    """Ali Baba moves onto the robbers' field with both dice placed by events (black 4, white 3:
    number 21), so nobody may shed: the arrest follows at once."""
    game = situation(players, at=BOARD.field_ids[before(FIELD)], hand=(1,), bandits=bandits,
                     piasters=piasters, black=4, white=3, options=options)
    game.apply("move c1")
    return game, part(game)


def test_two_bandits_arrested_at_once_cost_twice_the_bail():
    # "De Kalief moet per opgepakte bandiet 200 Piaster smeergeld krijgen om de bandiet te laten
    # gaan, waarbij de speler de kaart weer terug krijgt." (The caliph must get 200 piasters per
    # arrested bandit to let it go; the player gets the card back.) Two arrested: 2 x 200 = 400.
    game, t = caught(bandits={1: [K49, K51, K56]}, piasters={1: 1000})
    assert events(game, "fate")[-1][1:] == (4, 3, 21)
    assert events(game, "arrested") == [("arrested", 1, (K51, K56), 21)]
    assert events(game, "bail") == [("bail", 1, 400)]
    assert t.piasters == [2500, 600] and t.bandits[1] == [K49, K51, K56]  # the cards come back


def test_bail_paid_with_exactly_the_debt():
    # 400 piasters and two arrested bandits: exactly enough, so no bankruptcy
    game, t = caught(bandits={1: [K51, K56]}, piasters={1: 400})
    assert events(game, "bail") == [("bail", 1, 400)] and not events(game, "bankrupt")
    assert t.piasters[1] == 0 and t.bandits[1] == [K51, K56]


def test_one_piaster_short_means_bankruptcy_sell_everything_then_pay():
    # "Failliessement": "De speler moet onmiddelijk al zijn bandietenkaarten afstoten. Hiervoor
    # geldt de prijs van het stadsdeel, waarin Ali Baba zich op dat moment bevindt. Met de zo
    # verkregen Piaster moet nu de Kalief betaald worden." (The player must at once shed all their
    # bandit cards at the price of Ali Baba's district, and pay the caliph with what that brings.)
    # 390 < 400: three robbers sold at 140 each = 420; 390 + 420 - 400 = 410 left, no cards.
    game, t = caught(bandits={1: [K49, K51, K56]}, piasters={1: 390})
    assert events(game, "bankrupt") == [("bankrupt", 1, 400, 400)] and not events(game, "bail")
    assert t.piasters[1] == 410 and t.bandits[1] == []
    assert all(c in t.piles[3][:3] for c in (K49, K51, K56))  # under the robbers' pile


def test_bankruptcy_forgives_what_cannot_be_paid():
    # "Wie hiervoor al zijn geld uitgeeft, wordt de rest van de schuld vrij gescholden." (Whoever
    # spends all their money on it is let off the rest.) 50 + 2 x 140 = 330 of the 400 paid.
    game, t = caught(bandits={1: [K51, K56]}, piasters={1: 50})
    assert events(game, "bankrupt") == [("bankrupt", 1, 330, 400)]
    assert t.piasters[1] == 0 and t.bandits[1] == []


def test_every_player_pays_for_their_own_arrested_bandits():
    # "Alle bandieten met het overeenkomstige symbool en met dit getal worden gesnapt": every
    # player's, the mover's too; player 1 (the mover) 200, player 2 400, player 3 nothing
    game, t = caught(3, bandits={0: [K60], 1: [K51, K56], 2: [K49]}, piasters={0: 500, 1: 500, 2: 500})
    assert [e[1:3] for e in events(game, "arrested")] == [(0, (K60,)), (1, (K51, K56))]
    assert t.piasters == [300, 100, 500]


def test_surrender_offers_bail_from_exactly_200():
    # option surrender (a reading): per arrested bandit, pay 200 or leave it to the caliph
    game, t = caught(bandits={1: [K51]}, piasters={1: 200}, options=SURRENDER)
    assert codes(game) == ["bail k51", "surrender k51"]
    game.apply("bail k51")
    assert t.piasters[1] == 0 and t.bandits[1] == [K51]
    game, t = caught(bandits={1: [K51]}, piasters={1: 190}, options=SURRENDER)
    assert codes(game) == ["surrender k51"]
    game.apply("surrender k51")
    assert t.piasters[1] == 190 and t.bandits[1] == [] and t.piles[3][0] == K51


def test_surrender_decides_per_arrested_bandit():
    # 400 piasters, two arrested: bail for the first (200 left), then still enough for the second
    game, t = caught(bandits={1: [K51, K56]}, piasters={1: 400}, options=SURRENDER)
    game.apply("bail k51")
    assert codes(game) == ["bail k56", "surrender k56"]
    game.apply("bail k56")
    assert t.piasters[1] == 0 and t.bandits[1] == [K51, K56]
    assert [e[1:] for e in events(game, "bail")] == [(1, 200), (1, 200)]
    game, t = caught(bandits={1: [K51, K56]}, piasters={1: 390}, options=SURRENDER)
    game.apply("bail k51")
    assert codes(game) == ["surrender k56"]  # 190 left


def test_shedding_costs_20_then_100_and_needs_the_fee():
    # "Deze rekent echter 20 Piaster per kaart"; the last chance: "100 Piaster per kaart belasting"
    def hunt(money):
        game = situation(at=BOARD.field_ids[before(FIELD)], hand=(1,), bandits={1: [K51, K56]}, piasters={1: money}, rolls=[4, 3])
        game.apply("move c1")
        return game, part(game)

    game, t = hunt(19)
    assert "shed k51" not in codes(game, 1)  # 19 piasters cannot pay the 20
    game, t = hunt(120)
    game.apply("shed k51", player=1)
    assert t.piasters[1] == 100
    game.apply("done", player=1)
    assert t.black == 4 and codes(game, 1) == ["shed k56", "done"]  # exactly 100: the last chance is open
    game.apply("shed k56", player=1)
    assert t.piasters[1] == 0 and t.bandits[1] == [] and not events(game, "arrested")
    game, t = hunt(119)
    game.apply("shed k51", player=1)
    game.apply("done", player=1)
    assert codes(game, 1) == ["done"]  # 99 cannot pay the 100
