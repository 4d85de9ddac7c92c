"""The end of Bohnanza: F.12 (third run-out), F.5 (final harvest), F.6 (shared wins) and the
tie-break option."""

from __future__ import annotations

from beanframe.core.scoring import seat_name

from .helpers import coins, play, situation, table, trade


def test_f12_the_third_run_out_finishes_the_turn_with_the_cards_there_are():
    # F.12: a phase-2 flip that finds no card turns up fewer; nothing more is drawn; then the end
    game = situation(
        at="trade",
        hands=[["soy"], ["red"], [], []],
        deck=["blackeyed"],
        deck_size=1,
        run_outs=2,
        fields=[[["fire"] * 3, []], [], [], []],
    )
    assert table(game).run_outs == 3
    assert len(trade(game).face_up) == 1  # one card turned up, not two
    assert game.ending
    play(game, "end-trading", by=0)
    play(game, "plant-traded c6 f2", by=0)
    assert game.is_over  # the draw found nothing and no further turn was played
    assert table(game).hands[0] == [table(game).names.index("Soy Bean")]
    assert game.state.turn == 5


def test_f12_the_second_run_out_shuffles_the_discard_and_play_goes_on():
    # RULES C "Deck empty: shuffle the discard"; the game ends only at the third run-out (F.12)
    game = situation(at="draw", hands=[["red"], [], [], []], deck=["broad"] * 3, deck_size=3, run_outs=1)
    assert table(game).run_outs == 2 and not game.ending and not game.is_over
    assert [e for e in game.events if e[0] == "reshuffle"] and len(table(game).deck) > 50
    assert game.state.turn == 6 and game.state.active == 1  # the next player's turn


def test_f5_at_the_end_every_field_is_harvested():
    # F.12 / F.5: "then everyone harvests" (whatever the bean protection rule would say)
    game = situation(
        at="draw",
        hands=[[], [], [], []],
        deck=["broad"] * 3,
        deck_size=3,
        run_outs=2,  # the draw empties the deck: 3rd run-out
        fields=[[["fire"] * 3, ["blue"]], [["soy"] * 4, []], [], [["garden"] * 3, ["red"]]],
    )
    assert game.is_over
    assert all(not f for fs in table(game).fields for f in fs)
    assert [coins(game, p) for p in range(4)] == [1, 2, 0, 3]
    assert game.result.scores == {"p1": 1, "p2": 2, "p3": 0, "p4": 3}
    assert game.result.winners == ("p4",)


def test_f6_tied_players_share_the_win():
    # F.6: "Bohnanza/Bohnaparte: tied players share the win"
    game = situation(
        at="draw",
        hands=[["red"], [], [], []],
        deck=["broad"] * 3,
        deck_size=3,
        run_outs=2,  # the draw empties the deck: 3rd run-out
        fields=[[["soy"] * 4, []], [["soy"] * 4, []], [], []],
    )
    assert set(game.result.winners) == {"p1", "p2"}


def test_f12_option_the_most_hand_cards_break_a_tie():
    # F.12: "later editions break ties by the most hand cards (an option)"
    game = situation(
        at="draw",
        hands=[["red"], [], [], []],
        deck=["broad"] * 3,
        deck_size=3,
        run_outs=2,  # the draw empties the deck: 3rd run-out
        fields=[[["soy"] * 4, []], [["soy"] * 4, []], [], []],
        options={"bohnanza": {"tie_break": "hand_cards"}},
    )
    assert game.result.winners == (seat_name(0),)


def test_the_run_out_limit_is_an_option():
    game = situation(
        at="draw",
        hands=[[], [], [], []],
        deck=["fire"],
        deck_size=1,
        run_outs=0,
        options={"bohnanza": {"run_outs": 1}},
    )
    assert game.is_over and table(game).run_outs == 1
