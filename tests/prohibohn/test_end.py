"""RULES B "Game end and scoring" and F.23: play stops at the last run-out, mid-phase; the active
player sells and buys, then the other; under ten building cards one more deck and play resumes
where it stopped; then the last sales and the end."""

from beanframe.core.state import NOT_ENDING

from .helpers import buy_code, codes, named, part, play, situation, table

BOSSES = [["blue"], ["runner"]]
FEW = [["casino1"], ["undertaker1"]]
TEN = [["casino1", "casino3", "undertaker1", "undertaker3", "restaurant1"],
       ["restaurant3", "nightbar1", "nightbar3", "gas_station1", "gas_station3"]]


def stopped_in_flip(owned=FEW, **kw):
    # the deck holds 1 card and has run out twice: the flipped Puff empties it for the 3rd time
    return situation(at="flip", hands=[["fire"], ["puff"]], bosses=BOSSES, deck=["puff"], deck_size=1, run_outs=2,
                     discard=["kidney", "kidney", "french"], owned=owned, **kw)


def test_play_stops_mid_flip_and_the_active_player_sells_and_buys_first():
    # F.23: at the third run-out play stops at once, mid-phase
    game = stopped_in_flip()
    assert [named(game, p) for p in table(game).piles] == [["puff"]]
    assert game.frame.kind == "last_sales" and game.to_act == 0
    assert [f.kind for f in game.state.stack][-4:] == ["flip", "extra_deck", "last_sales", "last_sales"]
    play(game, "sales-done")
    assert game.frame.kind == "last_sales" and game.to_act == 1


def test_the_other_player_may_sell_and_buy_in_the_last_sales():
    # F.23: then the other player (not on their own turn)
    game = situation(at="flip", hands=[["kidney"], ["puff"]], bosses=BOSSES, deck=["puff"], deck_size=1, run_outs=2,
                     fields=[[[], []], [["fire"] * 3, []]], coins=[[], ["french"] * 3], owned=FEW)
    play(game, "sales-done")
    assert "harvest f1" in codes(game) and buy_code("undertaker3") in codes(game)
    play(game, "harvest f1", buy_code("undertaker3"))
    assert named(game, table(game).coins[1]) == ["fire"]


def test_under_ten_buildings_one_more_deck_and_flipping_resumes_where_it_stopped():
    # F.23: fewer than ten building cards: the discard is shuffled once more, play resumes
    game = stopped_in_flip()
    play(game, "sales-done", "sales-done")
    assert table(game).run_out_limit == 4 and game.state.ending == NOT_ENDING
    assert sum(len(p) for p in table(game).piles) >= 3  # the interrupted flip went on: 3 counted cards
    assert game.frame.kind == "plant" and game.to_act == 0


def test_nine_buildings_and_a_police_station_get_one_more_deck():
    # RULES B: "fewer than ten building cards": nine are fewer (a police station is no building)
    nine = [TEN[0], TEN[1][:4] + ["police3"]]
    game = stopped_in_flip(owned=nine)
    play(game, "sales-done", "sales-done")
    assert not game.is_over and table(game).run_out_limit == 4 and ("extra_deck", 9) in game.events


def test_ten_buildings_end_the_game_after_the_sales():
    # F.23: with ten or more building cards the game ends after the sales (final harvest follows)
    game = stopped_in_flip(owned=TEN)
    play(game, "sales-done", "sales-done")
    assert game.is_over
    assert all(not f for fs in table(game).fields for f in fs)


def test_the_draw_stops_and_resumes_after_the_extra_deck():
    # F.23: an interrupted draw goes on
    game = situation(at="draw", hands=[["fire"], ["puff"]], bosses=BOSSES, deck=["kidney"], deck_size=1,
                     run_outs=2, discard=["french", "french", "broad"], owned=FEW)
    assert game.frame.kind == "last_sales" and named(game, table(game).hands[0]) == ["fire", "kidney"]
    play(game, "sales-done", "sales-done")
    assert len(table(game).hands[0]) == 3  # the second card of phase 6 was drawn from the new deck


def test_after_the_extra_deck_runs_out_both_sell_once_more_and_the_game_ends():
    # F.23: then both sell and buy a last time; the game is over
    game = stopped_in_flip()
    play(game, "sales-done", "sales-done")
    for _ in range(400):
        if game.is_over or part(game).stopped == 2:
            break
        game.apply(game.legal_actions()[0])
    assert part(game).stopped == 2 and game.frame.kind == "last_sales"
    play(game, "sales-done", "sales-done")
    assert game.is_over
