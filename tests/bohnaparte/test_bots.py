"""Bohnaparte's bot: attacks when the expected value pays, defends with the cheapest card that holds."""

import beanframe
from beanframe.agents import make_bot, play_game

from .helpers import VARIANTS, situation

OTHERS = {24: 2, 27: 3}
CAMP, FARM, CITY = 1, 6, 5


def bot(game, seed=0):
    return make_bot(game.ruleset, "general", seed)


def test_defends_with_the_cheapest_card_that_holds():
    g = situation(owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1}, hands=[["fire"], ["Garden Bean", "blue", "fire"], [], []], coins=[1, 0, 0, 0])
    g.apply("attack l7")
    g.apply("fight-hand h1")
    choice = bot(g).act(g.view(1), g.legal_actions(1))
    assert choice.code == "fight-hand h3"  # Chili Bean 18 holds; the Blaue is kept


def test_defends_a_city_with_its_weakest_card():
    # a city defends at least 18 whatever the card: the cheapest card holds as well as any
    g = situation(owners={**OTHERS, 4: 0, CITY: 1, 16: 1}, hands=[["fire"], ["blue", "Garden Bean"], [], []], coins=[1, 0, 0, 0])
    g.apply("attack l6")
    g.apply("fight-hand h1")
    assert bot(g).act(g.view(1), g.legal_actions(1)).code == "fight-hand h2"


def test_attacks_weak_neutral_land_with_a_strong_card_but_not_a_city_with_a_weak_one():
    g = situation(owners={**OTHERS, CAMP: 0}, hands=[["blue", "blue"], [], [], []], coins=[2, 0, 0, 0])
    assert bot(g).act(g.view(0), g.legal_actions(0)).code.startswith("attack")
    g2 = situation(owners={**OTHERS, 4: 0}, hands=[["Garden Bean"], [], [], []], coins=[1, 0, 0, 0])
    legal = g2.legal_actions(0)
    assert "attack l6" in [a.code for a in legal]
    assert bot(g2).act(g2.view(0), legal).code != "attack l6"


def test_bots_finish_a_game_and_fight():
    g = beanframe.compose(VARIANTS, 4, {"bohnaparte": {"deck_runs": 3}}).new_game(seed=3)
    play_game(g, [bot(g, k) for k in range(4)])
    assert g.is_over and g.part("board").attacks > 0
