"""RULES B: buying buildings, police stations and the razzia; the third card of a kind; the
police station's coin; Pub 4's raid; scoring through the game's score sheet."""

from beanframe.core.scoring import ScoreSheet
from beanframe_plugins.prohibohn import plugin
from beanframe_plugins.prohibohn.cards import card_id
from beanframe_plugins.prohibohn.purchase import purchases

from .helpers import bean, buy_code, codes, mafia, named, part, play, situation, table

HAND = [["fire", "fire", "kidney"], ["puff", "puff"]]


def at_play(**kw):
    kw.setdefault("hands", HAND)
    kw.setdefault("bosses", [["blue"], ["runner"]])
    return situation(at="play", **kw)


def test_a_building_is_bought_with_coins_of_its_bean_which_go_under_the_discard():
    # RULES B "Coins keep their bean": paid coins go under the discard, coin side up
    game = at_play(coins=[["french"] * 3 + ["blue"], []])
    assert buy_code("undertaker3") in codes(game)
    assert buy_code("undertaker4") not in codes(game)  # 4 coins needed
    assert buy_code("casino3") not in codes(game)  # coins of the wrong bean
    play(game, buy_code("undertaker3"))
    assert named(game, table(game).coins[0]) == ["blue"]
    assert named(game, table(game).set_aside) == ["french"] * 3
    assert card_id("undertaker3") in part(game).owned[0] and card_id("undertaker3") not in part(game).supply
    assert game.frame.kind == "play"  # the decision goes on


def test_only_on_ones_own_turn():
    # RULES B: bought only on one's own turn
    game = at_play(coins=[[], ["french"] * 3])
    assert purchases(game, 1) == []
    assert not any(c.startswith("buy") for c in codes(game))


def test_owning_two_of_a_kind_the_buyer_may_remove_the_third_right_then():
    # RULES B: who owns two of a kind may, right then, remove the third from the game
    game = at_play(coins=[["runner"] * 3, []], owned=[["casino1"], []])
    play(game, buy_code("casino3"))
    assert game.frame.kind == "remove_third" and codes(game) == ["remove-third", "keep-third"]
    play(game, "remove-third")
    assert card_id("casino4") in part(game).removed and card_id("casino4") not in part(game).supply
    assert game.frame.kind == "play"


def test_keeping_the_third_means_it_can_never_be_removed_later():
    game = at_play(coins=[["runner"] * 3 + ["broad"], []], owned=[["casino1"], []])
    play(game, buy_code("casino3"), "keep-third", buy_code("restaurant1"))
    assert game.frame.kind == "play" and card_id("casino4") in part(game).supply


def test_the_third_is_not_removed_when_the_opponent_owns_it():
    game = at_play(coins=[["runner"] * 3, []], owned=[["casino1"], ["casino4"]])
    play(game, buy_code("casino3"))
    assert game.frame.kind == "play"


def test_several_buildings_of_one_kind():
    # RULES B: a player may own several buildings of one kind (all three)
    game = at_play(coins=[["runner"] * 4, []], owned=[["casino1", "casino3"], []])
    play(game, buy_code("casino4"))
    assert [k for k in part(game).owned[0]] == [card_id("casino1"), card_id("casino3"), card_id("casino4")]


def test_a_police_station_takes_a_coin_of_choice_from_the_treasury():
    # RULES B "Blue Bean cards": on purchase take one coin of your choice from the mafia treasury
    game = at_play(coins=[["blue"] * 3, []], treasury=["fire", "puff", "puff"])
    play(game, buy_code("police3"))
    assert game.frame.kind == "take_coin"
    assert codes(game) == [f"take-coin n{bean(game, 'fire') + 1}", f"take-coin n{bean(game, 'puff') + 1}"]
    play(game, f"take-coin n{bean(game, 'puff') + 1}")
    assert named(game, table(game).coins[0]) == ["puff"]
    assert sorted(named(game, mafia(game).treasury)) == ["fire", "puff"]


def test_at_most_one_police_station_per_player():
    game = at_play(coins=[["blue"] * 8, []], owned=[["police3"], []])
    assert buy_code("police4") not in codes(game)


def test_the_razzia_with_5_coins_of_one_other_bean_freezes_the_upgraded_one_buildings():
    # RULES B "Razzia": 5 coins of one other bean; 1-buildings worth 4 stay 4, the others become 0
    game = at_play(coins=[["fire"] * 5, []], owned=[["casino1", "casino3", "casino4", "restaurant1"], ["nightbar1"]])
    razzia = f"razzia n{bean(game, 'fire') + 1}"
    assert razzia in codes(game)
    play(game, razzia)
    assert part(game).razzia and part(game).protected == [card_id("casino1")]
    lines = score_lines_of(game)
    assert lines[0]["1-Casino"] == 4 and lines[0]["1-Restaurant"] == 0 and lines[0]["Razzia"] == 4
    assert lines[1]["1-Nightbar"] == 0


def score_lines_of(game):
    sheet = ScoreSheet(seats=list(game.ruleset.seats))
    plugin.beanframe_score(game, sheet)
    return [dict(sheet.lines.get(f"p{p + 1}", [])) for p in range(2)]


def test_pub_4_removes_an_opponent_one_building_worth_exactly_1():
    # RULES B "Pub variant": Pub 4, right at purchase only
    game = situation(at="play", pub=True, hands=HAND, bosses=[["blue"], ["runner"], ["kidney"]],
                     coins=[["cognac"] * 4, []], owned=[[], ["casino1", "casino3", "casino4", "restaurant1"]])
    play(game, buy_code("pub4"))
    assert game.frame.kind == "pub_raid"
    assert codes(game) == [f"raid c{card_id('restaurant1') + 1}", "no-raid"]  # the 1-Casino is worth 4
    play(game, f"raid c{card_id('restaurant1') + 1}")
    assert card_id("restaurant1") in part(game).removed and card_id("restaurant1") not in part(game).owned[1]


def test_the_scoring_example_through_the_score_sheet():
    # RULES B "Game end and scoring": 8 coins + 19 + 2 = 29
    game = at_play(coins=[["fire"] * 8, []],
                   owned=[["undertaker3", "casino1", "casino3", "casino4", "restaurant1", "police4"], []])
    sheet = ScoreSheet(seats=list(game.ruleset.seats))
    game.ruleset.pm.hook.beanframe_score(game=game, sheet=sheet)
    assert sheet.total("p1") == 29
