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
    game.apply("target p3")
    assert t.piasters == [2500, 2500, 2700]


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


def test_bazaar_free_exchange_of_cards_and_piasters():
    game, t = at_event("bazaar", bandits={0: [1], 1: [20], 2: [40]})
    game.apply("move c1")
    assert set(game.deciders) == {0, 1, 2}
    assert "swap k2 k21" in codes(game, 0) and "offer k2 p3 m1" in codes(game, 0)
    game.apply("swap k2 k21", player=0)
    game.apply("accept")
    assert t.bandits[0] == [20] and t.bandits[1] == [1]
    game.apply("offer k21 p3 m3", player=0)  # 40 piasters
    game.apply("decline")
    for p in (0, 1, 2):
        game.apply("done", player=p)
    assert game.state.active == 1


def test_offers_are_capped_so_a_negotiation_ends():
    game, t = at_event("bazaar", bandits={0: [1], 1: [20]}, players=2)
    game.apply("move c1")
    for _ in range(3):
        game.apply("offer k2 p2 m1", player=0)
        game.apply("decline")
    assert codes(game, 0) == ["done"]


def test_card_from_another_player_their_choice():
    game, t = at_event("card_from_player", bandits={1: [3, 60]})
    game.apply("move c1")
    game.apply("target p1")
    assert codes(game) == ["from p2"]  # player 3 has no bandit
    game.apply("from p2")
    assert game.deciders == (1,) and codes(game) == ["give k4", "give k61"]
    game.apply("give k4")
    assert t.bandits[0] == [3] and t.bandits[1] == [60]


def test_payout_per_card_at_the_districts_price():
    game, t = at_event("payout_per_card", bandits={2: [0, 48]})
    game.apply("move c1")
    game.apply("target p3")
    d = BOARD.district[t.field]
    assert t.piasters[2] == 2500 + BOARD.prices[0][d] + BOARD.prices[3][d]


def test_cards_times_die_times_10_example_320():
    # RULES E: 8 cards and a 4 give 8 * 4 * 10 = 320
    game, t = at_event("cards_x_die_x10", bandits={1: list(range(8))}, rolls=[4])
    game.apply("move c1")
    game.apply("target p2")
    assert t.piasters[1] == 2500 + 320


def test_every_event_is_on_the_board():
    assert {BOARD.event_of[f] for f in range(len(BOARD.field_ids)) if BOARD.event_of[f] >= 0} == set(range(9))
    assert field("1-07") == BOARD.event_of.index(EVENTS.index("bazaar"))
