"""The greedy bot: buys cheap loot, sheds threatened cards when keeping them costs more, bails
when it pays, and beats random play."""

from __future__ import annotations

import beanframe
from beanframe.agents import make_bot, play_game

from .helpers import BOARD, before, card, field, part, situation


def greedy(game, seed=0):
    return make_bot(game.ruleset, "greedy", seed=seed)


def choose(game, player=None):
    player = game.to_act if player is None else player
    return greedy(game).act(game.view(player), game.legal_actions(player))


def test_buys_cheap_loot():
    game = situation(at=BOARD.field_ids[before("3-00")], hand=(1,), tops=(60,))  # a palace robber for 80
    game.apply("move c1")
    assert choose(game).code == "take k61"


def test_keeps_a_reserve_for_bail():
    game = situation(at=BOARD.field_ids[before("3-00")], hand=(1,), piasters={0: 300})
    game.apply("move c1")
    assert choose(game).code == "done"


def test_sheds_a_threatened_card_when_it_cannot_pay_bail():
    deceivers = next(f for f in range(len(BOARD.field_ids)) if BOARD.gang_of[f] == 2)
    game = situation(at=BOARD.field_ids[before(BOARD.field_ids[deceivers])], hand=(1,),
                     bandits={1: [32, 46, 60, 61, 62, 63]}, piasters={1: 150}, rolls=[4])
    t = part(game)
    game.apply("move c1")
    game.apply("done", player=1)  # no shedding at 20
    assert t.black == 4
    # card 46 shows 21 and 22 in row 4 (19-24); card 32 shows none; an arrest would bankrupt it
    assert choose(game, 1).code == "shed k47"


def test_bails_when_it_pays():
    surrender = {"ali_baba": {"surrender": True}}
    game = situation(at=BOARD.field_ids[before("1-02")], hand=(1,), bandits={1: [14]}, black=4, white=3, options=surrender)
    game.apply("move c1")
    assert [a.code for a in game.legal_actions()] == ["bail k15", "surrender k15"]

    def arrested(card_id, round_, cards):
        # the bail decision of p2 after the arrest on 1-02 (black 4, white 3: number 21)
        return situation(
            at="1-02", hand=(1,), bandits={1: cards}, black=4, white=3, round=round_, hunted=["swindlers"],
            arrested=[[], [card(card_id)]], phase="field", options=surrender,
            stack=[{"kind": "arrest", "player": "p1", "args": [1, 3]}, {"kind": "bail", "player": "p2"}],
        )

    assert choose(arrested(14, 2, [14])).code == "surrender k15"  # a 60-piaster swindler in the last round is not worth 200 bail
    assert choose(arrested(60, 1, [14, 60])).code == "bail k61"  # a palace robber is
    assert field("1-02") >= 0


def test_greedy_beats_random():
    rules = beanframe.compose(["ali_baba"], 2)
    wins = 0
    for s in range(10):
        bots = [make_bot(rules, "greedy", seed=s), make_bot(rules, "random", seed=s)]
        seat = s % 2
        if seat:
            bots.reverse()
        game = play_game(rules.new_game(seed=s), bots)
        wins += f"p{seat + 1}" in game.result.winners
    assert wins >= 8
