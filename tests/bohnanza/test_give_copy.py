"""F.27: the player who accepts an offer chooses which of their copies of an asked bean to give
(issue 21 §4). "A player's cards are their own: whoever hands over hand cards in a trade or gift
chooses which copies, and so which hand positions, leave the hand (it changes their hand order).
When an offer asks another player for a bean, the player who accepts chooses which of their copies
to give; the engine must not pick for them." Positions set the scenes up (helpers.situation)."""

from __future__ import annotations

import random

import pytest

from beanframe.agents import make_bot
from beanframe.errors import IllegalActionError, PositionError
from beanframe_plugins.bohnanza.commands import accept_line

from .helpers import bean, codes, hand, play, problems, received, situation, table, trade


def offer_to_p2(p2_hand, asks):
    """Player 1 (active) offers their front Soy Bean to player 2 for ``asks``."""
    game = situation(at="trade", hands=[["soy", "red"], p2_hand, ["broad"], ["garden"]], deck=["blackeyed", "green"])
    play(game, "give h1", *(f"ask c{bean(b) + 1}" for b in asks), "send p2", by=0)
    return game


def test_the_only_copy_is_asked_for_too():
    # one choice per asked card, forced with one copy: were it skipped, everyone would learn from
    # the number of choices whether the giver holds spare copies of the asked bean (F.13)
    game = offer_to_p2(["blue", "fire", "green"], ["fire"])
    play(game, "accept o1", by=1)
    assert game.frame.kind == "give_copy" and [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h2"]
    play(game, "give-copy h2", by=1)
    assert hand(game, 1) == ["blue", "green"] and received(game, 0) == ["fire"]
    assert [code for actor, code in game.history_for(0) if actor == 1][-2:] == ["accept o1", "give-copy h?"]


def test_of_several_copies_the_accepting_player_chooses_and_the_rest_keep_their_order():
    game = offer_to_p2(["fire", "blue", "fire", "green"], ["fire"])
    play(game, "accept o1", by=1)
    assert game.frame.kind == "give_copy" and game.deciders == (1,)
    assert [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h1", "give-copy h3"]
    assert trade(game).offers and received(game, 0) == []  # nothing moves before the choice
    play(game, "give-copy h3", by=1)
    assert hand(game, 1) == ["fire", "blue", "green"]  # the front Chili Bean stays in front
    assert received(game, 0) == ["fire"] and received(game, 1) == ["soy"]
    assert game.frame.kind == "trade" and trade(game).offers == [] and trade(game).giving == -1
    assert set(game.deciders) == {0, 1, 2, 3}  # a change: everyone may act again


def test_several_beans_asked_a_choice_for_each_card_asked():
    # two Chili Beans of three (two choices) and the one Blue Bean (forced) for one Soy Bean
    game = offer_to_p2(["fire", "blue", "fire", "green", "fire"], ["fire", "blue", "fire"])
    play(game, "accept o1", by=1)
    assert [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h1", "give-copy h3", "give-copy h5"]
    play(game, "give-copy h5", by=1)
    assert [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h1", "give-copy h3"]
    with pytest.raises(IllegalActionError):
        game.apply("give-copy h2", 1)  # the Chili Beans first, in the offer's order
    play(game, "give-copy h1", by=1)
    assert [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h2"]  # the only Blue Bean
    play(game, "give-copy h2", by=1)
    assert hand(game, 1) == ["fire", "green"]  # h3 kept
    assert sorted(received(game, 0)) == ["blue", "fire", "fire"]
    # every asked card was one choice: three give-copy in the history, whatever the hand held
    assert [code for actor, code in game.history_for(2) if actor == 1][-4:] == ["accept o1", *["give-copy h?"] * 3]


def test_each_bean_with_a_choice_is_asked_in_the_offers_order():
    game = offer_to_p2(["blue", "fire", "blue", "fire"], ["fire", "blue"])
    play(game, "accept o1", by=1)
    assert [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h2", "give-copy h4"]  # Chili Bean
    play(game, "give-copy h4", by=1)
    assert [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h1", "give-copy h3"]  # Blue Bean
    play(game, "give-copy h1", by=1)
    assert hand(game, 1) == ["fire", "blue"]


def test_others_learn_the_beans_never_the_positions():
    game = offer_to_p2(["fire", "blue", "fire"], ["fire"])
    play(game, "accept o1", "give-copy h3", by=1)
    for observer in (0, 2, None):
        history = [code for actor, code in game.history_for(observer) if actor == 1]
        assert history[-2:] == ["accept o1", "give-copy h?"]
        assert "h3" not in " ".join(game.log_for(observer)[-3:])
    assert game.history_for(1)[-1] == (1, "give-copy h3")
    assert ("trade", 0, 0, 1, (bean("soy"),), (bean("fire"),)) in game.events


def test_the_choice_in_the_trade_view_is_the_givers_own():
    game = offer_to_p2(["fire", "blue", "fire", "fire"], ["fire", "fire"])
    play(game, "accept o1", "give-copy h4", by=1)
    assert game.view(1)["trade"].giving == 0 and game.view(1)["trade"].chosen == (3,)
    assert game.view(0)["trade"].giving == 0 and game.view(0)["trade"].chosen is None
    assert "h4" not in game.prompt() and game.describe(game.legal_actions(1)[0], 1) == "give hand card 1 (Chili Bean)"
    assert game.legal_actions(1)[0].describe_public(game) == "choose which copy of an asked bean to give"


def test_a_position_holds_the_choice_half_made():
    game = offer_to_p2(["fire", "blue", "fire", "fire"], ["fire", "fire"])
    play(game, "accept o1", "give-copy h4", by=1)
    position = game.position()
    assert position["trade"]["giving"] == {"id": 0, "hand": [4]} and position["stack"][-1]["kind"] == "give_copy"
    again = game.ruleset.new_game(position=position)
    assert codes(again, 1) == codes(game, 1)
    play(again, "give-copy h1", by=1)
    assert hand(again, 1) == ["blue", "fire"]
    # a hand-made position: the chosen card must be one of the asked beans
    position["trade"]["giving"]["hand"] = [2]
    with pytest.raises(PositionError, match=r"trade.giving.hand\[0\]: p2's hand card 2 is none of the beans o1 asks"):
        game.ruleset.new_game(position=position)


def test_determinization_keeps_the_asked_beans_and_the_chosen_copies():
    game = offer_to_p2(["fire", "blue", "fire", "fire", "green"], ["fire", "fire"])
    play(game, "accept o1", "give-copy h3", by=1)
    for seed in range(20):
        copy = game.determinize(0, random.Random(seed))
        p2 = table(copy).hands[1]
        fires = p2.count(bean("fire"))
        assert [p2[i] for i in trade(copy).chosen] == [bean("fire")] and fires >= 2
        assert copy.view(0) == game.view(0) and not problems(copy)
        picks = [a.code for a in copy.legal_actions(1) if a.name == "give-copy"]
        assert picks  # the copy plays on (a single copy redealt: the pick is forced)
        play(copy, picks[0], by=1)
        assert copy.frame.kind == "trade" and table(copy).hands[1].count(bean("fire")) == fires - 2


def test_the_greedy_bot_keeps_the_front_copy_of_a_bean_it_grows_and_sheds_the_front_one_otherwise():
    for fields, expected in (([["fire"], []], "give-copy h3"), ([["blue"], []], "give-copy h1")):
        game = situation(
            at="trade", hands=[["soy", "red"], ["fire", "blue", "fire"], ["broad"], ["garden"]],
            fields=[[], fields, [], []], deck=["blackeyed", "green"],
        )  # fmt: skip
        play(game, "give h1", f"ask c{bean('fire') + 1}", "send p2", by=0)
        play(game, "accept o1", by=1)
        assert make_bot(game.ruleset, "greedy", 0).act(game.view(1), game.legal_actions(1)).code == expected


def test_the_one_line_accept_names_the_copies():
    game = offer_to_p2(["fire", "blue", "fire", "green", "fire"], ["fire", "blue", "fire"])
    assert accept_line(game, 1, "o1") == ["accept o1"]  # the game asks
    # the only Blue Bean (h2) needs no naming; named, it is given in the game's order
    assert accept_line(game, 1, "o1 h5 h3") == ["accept o1", "give-copy h5", "give-copy h3", "give-copy h2"]
    assert accept_line(game, 1, "o1 h2 h1 h5") == ["accept o1", "give-copy h1", "give-copy h5", "give-copy h2"]
    for line, message in (
        ("o1 h4", "h4' is a Green Bean"),
        ("o1 h1", "say which 2 Chili Bean you give: you hold h1 h3 h5"),
        ("o1 h1 h3 h5", "asks for 2 Chili Bean"),
        ("o2", "no open offer o2"),
        ("h1", "say accept and one offer's code"),  # issue 20.3: never a literal "oK"
    ):
        with pytest.raises(ValueError, match=message):
            accept_line(game, 1, line)
    with pytest.raises(ValueError, match="not to you"):
        accept_line(game, 2, "o1")
    for code in accept_line(game, 1, "o1 h5 h3"):
        game.apply(code, 1)
    assert hand(game, 1) == ["fire", "green"]


def test_bohnaparte_trades_with_the_choice_too():
    import beanframe

    rules = beanframe.compose(["bohnanza", "bohnaparte"], 4)
    game = rules.new_game(seed=1, position={
        "turn": 5, "phase": "trade", "board": {"owners": {"l2": "p1", "l17": "p2", "l25": "p3", "l28": "p4"}},
        "beans": {"hands": [["soy"], ["fire", "blue", "fire"], 1, 1], "coins": [0, 0, 0, 0]},
    })  # fmt: skip
    play(game, "give h1", f"ask c{bean('fire') + 1}", "send p2", by=0)
    play(game, "accept o1", by=1)
    assert [c for c in codes(game, 1) if c.startswith("give-copy")] == ["give-copy h1", "give-copy h3"]
    play(game, "give-copy h3", by=1)
    assert hand(game, 1) == ["fire", "blue"] and received(game, 0) == ["fire"]


def test_the_conformance_kit_passes_while_the_copies_are_chosen():
    from beanframe.testing import check_game

    game = offer_to_p2(["fire", "blue", "fire", "green", "fire"], ["fire", "blue", "fire"])
    play(game, "accept o1", by=1)
    check_game(game)  # views, texts, positions, determinization, action forms at the choice
    play(game, "give-copy h5", by=1)
    check_game(game)
