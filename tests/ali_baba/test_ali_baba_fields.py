"""Scenario tests: one per field type, with the rulebook's worked examples (RULES E)."""

from __future__ import annotations

from beanframe_plugins.ali_baba.data import DISTRICT_FIELDS, LAP
from beanframe_plugins.ali_baba.rules import fate_number, loot

from .helpers import BOARD, SMUGGLERS, before, codes, events, field, new, part, situation


def test_board_numbers_match_the_rulebook_text():
    # RULES E: district 3 sells deceivers for 40, robbers for 80; loot 20-160; black 4, white 3 = 21
    assert BOARD.prices[2][2] == 40 and BOARD.prices[3][2] == 80
    assert min(BOARD.card_value) == 20 and max(BOARD.card_value) == 160
    assert fate_number(BOARD, 4, 3) == 21
    assert sorted(BOARD.movement) == [1] * 10 + [2] * 6 + [3] * 4 + [4] * 2 + [5] * 2
    assert sum(BOARD.movement) == LAP == 4 * DISTRICT_FIELDS
    kinds = {BOARD.kind[f] for f in range(len(BOARD.field_ids))}
    assert kinds == set(range(7))  # start, empty, gang, question, die, all, event
    assert sum(1 for n in BOARD.nexts if len(n) == 2) == 3  # three forks
    assert len(BOARD.card_value) == 64 and BOARD.reconstructed


def test_empty_field_buys_up_to_three_open_bandits_example_160():
    # RULES E "Leeg veld": Ali Baba in district 3, 2 deceivers and 1 robber cost 2*40 + 1*80 = 160
    game = situation(at=BOARD.field_ids[before("3-00")], hand=(1,), tops=(48, 32, 33))
    t = part(game)
    game.apply("move c1")
    assert t.field == field("3-00")
    game.apply("take k34")  # the open deceiver; the next one is turned up
    assert t.piles[2][-1] == 32
    game.apply("take k33")
    game.apply("take k49")
    assert t.piasters[0] == 2500 - 160
    assert t.bandits[0] == [32, 33, 48]
    assert game.state.active == 1  # three bought: the turn is over


def test_buying_with_exactly_the_price_and_the_variant_any_pile_card():
    # "Het stadsdeel waarin de Ali Baba figuur staat, geeft de hoeveelheid kosten aan": 80 buys the
    # open robber in district 3, the last piaster spent
    game = situation(at=BOARD.field_ids[before("3-00")], hand=(1,), tops=(60,), piasters={0: 79})
    game.apply("move c1")
    assert "take k61" not in codes(game)
    game = situation(at=BOARD.field_ids[before("3-00")], hand=(1,), tops=(60,), piasters={0: 80})
    t = part(game)
    game.apply("move c1")
    assert "take k61" in codes(game) and len(codes(game)) == 5  # the four open cards, or done
    game.apply("take k61")
    assert t.piasters[0] == 0 and t.bandits[0] == [60]
    # the rulebook's variant: "Men kan ook overeenkomen dat men een gewenste kaart uit de stapel mag
    # uitzoeken" (players may agree that any card of a pile may be chosen)
    game = situation(at=BOARD.field_ids[before("3-00")], hand=(1,), tops=(60,), options={"ali_baba": {"pick_any": True}})
    game.apply("move c1")
    assert {c for c in codes(game) if c.startswith("take")} == {f"take k{c + 1}" for c in range(64)}


def test_taking_a_card_shed_under_its_pile_leaves_the_rest_face_down():
    # a card shed to the bank lies face up under its pile (everyone knows it); once taken (the
    # variant: any card of a pile) the pile's known bottom is one card shorter
    swindlers = [f"k{c + 1}" for c in range(16) if c != 5] + ["k6"]  # the open card first, k6 at the bottom
    others = [[f"k{c + 1}" for c in range(g * 16, g * 16 + 16)] for g in (1, 2, 3)]
    game = situation(at=BOARD.field_ids[before("3-00")], hand=(1,), piles=[swindlers, *others], known_bottom=[1, 0, 0, 0],
                     options={"ali_baba": {"pick_any": True}})
    t = part(game)
    game.apply("move c1")
    assert t.piles[0][0] == 5
    game.apply("take k6")
    assert t.known_bottom == [0, 0, 0, 0] and 5 not in t.piles[0]


def test_sell_at_the_current_districts_price_goes_under_the_pile():
    # RULES E "Afstoting": the district's price, not the printed loot; the card goes under its pile
    game = situation(at="3-05", hand=(1,), bandits={0: [40]}, phase="sell")
    t = part(game)
    assert "sell k41" in codes(game)
    game.apply("sell k41")
    assert t.piasters[0] == 2500 + 40 and t.piles[2][0] == 40 and t.known_bottom[2] == 1


def test_gang_field_full_arrest_sequence_with_bail():
    # RULES E "Velden met kleurige symbolen": shed (20) / sell, black die, last chance (100),
    # white die, arrests on the grid (black 4, white 3: 21), 200 bail per arrested bandit
    deceiver_field = next(f for f in range(len(BOARD.field_ids)) if BOARD.gang_of[f] == 2)
    game = situation(3, at=BOARD.field_ids[before(BOARD.field_ids[deceiver_field])], hand=(1,),
                     bandits={1: [46, 40], 2: [41]}, rolls=[4, 3])  # the black die, then the white
    t = part(game)
    game.apply("move c1")
    assert t.hunted == 1 << 2
    assert game.deciders == (1, 2)  # the owners of hunted cards shed, in any order
    game.apply("shed k42", player=2)  # 20 to the bank
    assert t.piasters[2] == 2500 - 20 and 41 not in t.bandits[2]
    assert game.deciders == (1,)
    game.apply("done", player=1)
    assert t.black == 4
    # the last chance: 100 per card; card 46 shows 21, 22, 28 (row 4: 19-24) and is threatened
    assert set(codes(game, 1)) == {"shed k41", "shed k47", "done"}
    game.apply("shed k41", player=1)
    assert t.piasters[1] == 2500 - 100
    game.apply("done", player=1)
    assert events(game, "fate")[-1][1:] == (4, 3, 21)
    assert events(game, "arrested")[-1][1:] == (1, (46,), 21)
    assert t.piasters[1] == 2500 - 100 - 200 and 46 in t.bandits[1]  # bailed: the card stays
    assert t.black == t.white == t.hunted == 0


def test_bankruptcy_sells_everything_and_forgives_the_rest():
    # RULES E "Failliessement"
    game = situation(at=BOARD.field_ids[before("1-02")], hand=(1,), bandits={1: [14, 50]}, piasters={1: 50},
                     black=4, white=3)  # both placed by events: no chance to shed at all
    t = part(game)
    game.apply("move c1")
    # 1-02 hunts the swindlers: card 14 shows 21; district 1 sells swindlers 30, robbers 120
    (bankrupt,) = events(game, "bankrupt")
    assert bankrupt[1:] == (1, 200, 200)
    assert t.bandits[1] == [] and t.piasters[1] == 50 + 30 + 120 - 200


def test_question_mark_lets_the_mover_choose_the_gang():
    game = situation(at=BOARD.field_ids[before("1-11")], hand=(1,), bandits={1: [0]})
    t = part(game)
    game.apply("move c1")
    assert codes(game) == ["gang g1", "gang g2", "gang g3", "gang g4"]
    game.apply("gang g1")
    assert t.hunted == 1 and game.deciders == (1,)


def test_die_field_rolls_the_gang():
    # 1-2 swindlers, 3-4 thieves, 5 deceivers, 6 robbers
    die_field = BOARD.kind.index(4)
    for pips, gang in ((2, 0), (4, 1), (5, 2), (6, 3)):
        game = situation(at=BOARD.field_ids[before(BOARD.field_ids[die_field])], hand=(1,),
                         bandits={1: [gang * 16]}, rolls=[pips])
        t = part(game)
        game.apply("move c1")
        assert events(game, "gang_die")[-1][2:] == (pips, gang) and t.hunted == 1 << gang


def test_four_plain_symbols_hunt_every_gang():
    all_field = BOARD.kind.index(5)
    game = situation(at=BOARD.field_ids[before(BOARD.field_ids[all_field])], hand=(1,), bandits={1: [0, 63]})
    t = part(game)
    game.apply("move c1")
    assert t.hunted == 0b1111 and set(codes(game, 1)) >= {"shed k1", "shed k64"}


def test_fork_lets_the_mover_choose_the_way():
    game = situation(at="1-04", hand=(2,))
    t = part(game)
    game.apply("move c2")
    assert set(codes(game)) == {
        f"go f{field('1-06') + 1}", f"go f{field('1-06b') + 1}"}
    game.apply(f"go f{field('1-06b') + 1}")
    assert t.field == field("1-06b")


def test_round_end_pays_loot_double_for_a_complete_group_and_100():
    # RULES E "Einde van een ronde": 4 smugglers pay 640 instead of 4*80 = 320; 100 for everyone;
    # the poorest starts the next round
    assert loot(BOARD, SMUGGLERS) == 640 and loot(BOARD, SMUGGLERS[:3]) == 240
    game = situation(3, at="4-12", hands=[[1], [], []], bandits={0: list(SMUGGLERS)}, piasters={0: 1000, 1: 900, 2: 3000})
    t = part(game)
    game.apply("move c1")
    assert t.field == BOARD.start
    assert t.piasters == [1000 + 640 + 100, 900 + 100, 3000 + 100]
    assert t.round == 2 and game.state.active == 1  # the poorest, player 2, starts round 2
    assert sorted(v for h in t.hands for v in h) == sorted(BOARD.movement)


def test_the_last_card_always_ends_on_the_start_field():
    # "Landt de figuur door het uitspelen van de laatste kaart niet op het startveld, ... zet men Ali
    # Baba altijd op het startveld" (if the last card does not reach the start, Ali Baba is put
    # there anyway): from 4-10 the last card, a 1, would reach 4-11
    game = situation(at="4-10", hands=[[1], []])
    t = part(game)
    game.apply("move c1")
    assert t.field == BOARD.start and t.round == 2 and len(events(game, "round_payout")) == 2


def test_the_poorest_starts_the_next_round_ties_from_the_next_player_on():
    # "Wie nu de minste Piasters bezit bepaald wie de nieuwe ronde mag beginnen"; a tie (beanframe's
    # reading): the first of the poorest from the player after the mover on. Player 1 moves; players
    # 1 and 3 tie with 1100 after the payout: player 3 comes first from player 2 on.
    game = situation(3, at="4-12", hands=[[1], [], []], piasters={0: 1000, 1: 3000, 2: 1000})
    game.apply("move c1")
    assert part(game).piasters == [1100, 3100, 1100] and game.state.active == 2


def test_game_ends_after_two_rounds_with_a_final_sale():
    game = situation(at="4-12", hands=[[1], []], bandits={0: [36]}, round=2)
    t = part(game)
    game.apply("move c1")
    assert game.is_over
    # round payout 80 + 100, then the deceiver sold at district 1's price 70
    assert t.piasters[0] == 2500 + 180 + 70 and t.bandits[0] == []
    assert list(game.result.winners) == ["p1"]


def test_the_next_round_is_dealt_from_the_poorest_on():
    # "De speler links van de gever begint" and "Bij 5 spelers ontvangt de gever één kaart minder":
    # the poorest starts round 2, so the player before them dealt and gets one card fewer
    game = situation(5, at="4-12", hands=[[1], [], [], [], []], piasters={0: 3000, 1: 3000, 2: 100, 3: 3000, 4: 3000})
    game.apply("move c1")
    assert game.state.active == 2
    assert [len(h) for h in part(game).hands] == [5, 4, 5, 5, 5]


def test_five_players_the_dealer_gets_one_card_fewer():
    game = new(5)
    assert [len(h) for h in part(game).hands] == [5, 5, 5, 5, 4]
    assert [len(h) for h in new(6).part("ali_baba").hands] == [4] * 6
