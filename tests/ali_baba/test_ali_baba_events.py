"""Scenario tests: each event field (RULES E "De gebeurtenisvelden"); the mover picks whom it hits."""

from __future__ import annotations

from beanframe_plugins.ali_baba.data import EVENTS

from .helpers import BOARD, before, codes, events, field, part, situation


def at_event(name, players=3, **kw):
    f = BOARD.event_of.index(EVENTS.index(name))
    game = situation(players, at=BOARD.field_ids[before(BOARD.field_ids[f])], hand=(1,), **kw)
    return game, part(game)


def test_the_mover_picks_whom_the_event_hits():
    game, t = at_event("gain_200")
    game.apply("move c1")
    assert codes(game) == ["target p1", "target p2", "target p3"]
    assert "(200 piasters)" in game.prompt()  # what the event does, in words, not its key
    game.apply("target p3")
    assert t.piasters == [2500, 2500, 2700]
    assert "event (200 piasters) for player 3" in game.log_for(0)


def test_die_times_50():
    game, t = at_event("die_x50", rolls=[5])
    game.apply("move c1")  # from a fork: the mover chooses the way to the event
    game.apply(f"go f{BOARD.event_of.index(EVENTS.index('die_x50')) + 1}")
    game.apply("target p1")
    assert t.piasters[0] == 2500 + 250


def test_black_die_placed_counts_for_the_next_gang_field_with_one_chance_at_100():
    game, t = at_event("black_die")
    game.apply("move c1")
    game.apply("target p2")
    assert game.deciders == (1,) and codes(game) == [f"place d{i}" for i in range(1, 7)]
    game.apply("place d4")
    assert t.black == 4
    # next: a deceivers field; no shedding at 20, only the last chance at 100
    game2 = situation(at="1-08", hand=(1,), bandits={1: [46]}, black=4)
    t2 = part(game2)
    game2.apply("move c1")
    assert set(codes(game2, 1)) == {"shed k47", "done"}
    game2.apply("shed k47", player=1)
    assert t2.piasters[1] == 2400 and not events(game2, "black")  # not rolled: it was placed


def test_white_die_placed_leaves_no_chance_to_shed():
    game, t = at_event("white_die")
    game.apply("move c1")
    game.apply("target p1")
    game.apply("place d3")
    assert t.white == 3
    game2 = situation(at="1-08", hand=(1,), bandits={1: [46]}, white=3, rolls=[4])
    t2 = part(game2)
    game2.apply("move c1")
    # black rolled 4, white placed 3: 21 strikes card 46 at once; bail paid
    assert events(game2, "arrested")[-1][1:] == (1, (46,), 21) and t2.piasters[1] == 2300
    assert game2.state.active == 1


def test_two_bandit_cards_from_one_pile_or_two():
    game, t = at_event("two_cards", tops=(5, 6))
    game.apply("move c1")
    game.apply("target p2")
    game.apply("take k7")
    game.apply("take k6")  # the next card of the same pile was turned up
    assert t.bandits[1] == [5, 6] and t.piasters[1] == 2500


def test_card_from_another_player_their_choice():
    game, t = at_event("card_from_player", bandits={1: [3, 60]})
    game.apply("move c1")
    game.apply("target p1")
    assert codes(game) == ["from p2"]  # player 3 has no bandit
    game.apply("from p2")
    assert game.deciders == (1,) and codes(game) == ["give k4", "give k61"]
    game.apply("give k4")
    assert t.bandits[0] == [3] and t.bandits[1] == [60]


def test_payout_per_card_pays_every_player_for_each_of_their_cards():
    # RULES E "Kaart met waarden ernaast": "In dit stadsdeel bevinden zich bij iedere buit ook nog
    # rijkelijk Piaster. Alle speler ontvangen voor ieder van hun bandietenkaarten de voor dit
    # stadsdeel geldende prijs uitbetaald." (In this district every loot comes with plenty of
    # piasters. All players are paid, for each of their bandit cards, this district's price.)
    # Field 3-10 lies in district 3: swindlers 20, thieves 50, deceivers 40, robbers 80 (board.toml).
    game, t = at_event("payout_per_card", bandits={0: [0, 48], 1: [16, 32, 33], 2: []})
    game.apply("move c1")
    assert t.field == field("3-10")
    assert not events(game, "target") and game.frame.kind != "target"  # the mover names no one
    assert t.piasters == [2500 + 20 + 80, 2500 + 50 + 40 + 40, 2500]
    assert [e[1:] for e in events(game, "paid")] == [(0, 100, 0), (1, 130, 0), (2, 0, 0)]
    assert game.state.active == 1  # the turn is over


def test_cards_times_die_times_10_every_player_rolls_once_example_320():
    # RULES E "Kaartjes met dobbelsteen x 10": "Iedere speler telt zijn aantal kaarten, werpt eenmaal
    # en ontvangt de dobbelsteenworp maal het aantal kaarten maal 10 Piaster. Voorbeeld: De speler
    # bezit 8 kaarten en werpt een 4 en ontvangt dan 320 Piaster (8*4*10=320)." (Every player counts
    # their cards, rolls once and receives roll x cards x 10 piasters: 8 cards and a 4 give 320.)
    # The rolls fall in seat order from the mover: player 1 rolls 4, player 2 rolls 2, player 3 a 6.
    game, t = at_event("cards_x_die_x10", bandits={0: list(range(8)), 1: [20, 21, 40]}, rolls=[4, 2, 6, 1])
    game.apply("move c1")
    assert t.field == field("4-03") and game.frame.kind != "target"
    assert t.piasters == [2500 + 8 * 4 * 10, 2500 + 3 * 2 * 10, 2500 + 0]
    assert [e[1:] for e in events(game, "paid")] == [(0, 320, 4), (1, 60, 2), (2, 0, 6)]
    assert t.rolls == [1]  # each player rolled exactly once


def test_the_events_for_everyone_start_with_the_mover():
    # the mover is player 2 here: the first stacked roll is theirs
    f = BOARD.event_of.index(EVENTS.index("cards_x_die_x10"))
    game = situation(3, at=BOARD.field_ids[before(BOARD.field_ids[f])], hands=[[], [1], [2]], bandits={0: [1], 1: [2], 2: [3]},
                     rolls=[5, 3, 1], active="p2")
    game.apply("move c1")
    t = part(game)
    assert [e[1:] for e in events(game, "paid")] == [(1, 50, 5), (2, 30, 3), (0, 10, 1)]
    assert t.piasters == [2510, 2550, 2530]


def test_every_event_is_on_the_board():
    assert {BOARD.event_of[f] for f in range(len(BOARD.field_ids)) if BOARD.event_of[f] >= 0} == set(range(9))
    assert field("1-07") == BOARD.event_of.index(EVENTS.index("bazaar"))
