"""The greedy bot: buys cheap loot, sheds threatened cards when keeping them costs more, bails
when it pays, negotiates deals both sides gain by (issue 21: offers built action by action), and
beats random play."""

from __future__ import annotations

import beanframe
from beanframe.agents import make_bot, play_game

from beanframe_plugins.ali_baba.data import EVENTS

from .helpers import BOARD, before, card, events, field, part, situation


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
    # the arrests above happen on 1-02, a field of the gang they hunt (RULES E): the scenario is sound
    assert BOARD.gang_keys[BOARD.gang_of[field("1-02")]] == "swindlers"


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


def run_bots(game, until):
    """Greedy bots for every seat until ``until(game)``; returns the codes played."""
    bots = [greedy(game, seed=p) for p in range(game.players)]
    played = []
    while not until(game):
        p = game.deciders[0]
        action = bots[p].act(game.view(p), game.legal_actions(p))
        played.append((p, action.code))
        game.apply(action, player=p)
        assert len(played) < 500
    return played


def test_completes_a_group_in_the_bazaar_at_a_price_both_gain_by():
    # player 1 holds three smugglers (loot 80 each); player 2 the fourth. A complete group pays
    # double at each round's end: 640 instead of 240, so the fourth is worth 400 a round to player
    # 1 (800 over the two rounds to come) and 160 plus its final sale (70) to player 2.
    f = BOARD.event_of.index(EVENTS.index("bazaar"))
    game = situation(3, at=BOARD.field_ids[before(BOARD.field_ids[f])], hand=(1,),
                     bandits={0: [36, 37, 38, 1], 1: [39, 20], 2: [5, 6, 7]})
    game.apply("move c1")
    played = run_bots(game, lambda g: not any(fr.kind == "bazaar" for fr in g.state.stack))
    t = part(game)
    assert t.bandits[0] == [1, 36, 37, 38, 39]
    (traded,) = events(game, "traded")
    price = t.piasters[1] - 2500
    assert traded[2:4] == (0, 1) and 230 < price < 800 + 70 and t.piasters[0] == 2500 - price
    assert played[:2] == [(0, "ask k40"), (0, "pay m100")]  # built action by action
    assert (0, "scrap") not in played


def test_sells_threatened_loot_it_cannot_bail_to_a_player_who_can():
    # player 2 holds two palace robbers (8 fate numbers each) and 150 piasters: an arrest would
    # bankrupt it. It sells one to a rich player for piasters; its price leaves the buyer a gain.
    game = situation(3, at=BOARD.field_ids[before("2-01")], hand=(1,), bandits={1: [60, 61]}, piasters={1: 150},
                     rolls=[2, 2])
    game.apply("move c1")
    run_bots(game, lambda g: g.frame.kind not in ("shed", "draft", "answer"))
    (offer,) = events(game, "offer")
    (traded,) = events(game, "traded")
    assert offer[2] == 1 and offer[4] == (("bandit", 60),) and offer[5][0][0] == "piasters"
    price = offer[5][0][1]
    assert traded[1:] == offer[1:] and 0 < price <= 2500 - 400  # the buyer keeps its reserve
    assert part(game).piasters[1] == 150 + price
