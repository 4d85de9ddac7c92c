"""RULES B "Turn changes" phase 2 and the Restaurants: the mafia compares only top cards; a boss
harvesting in phase 2 gives the active player 1 coin of its yield; Restaurant 3 / 4 in phases 4 / 5."""

from .helpers import codes, mafia, named, play, situation, table


def test_rulebook_phase_2_harvest_split():
    # RULES B "Turn changes", rulebook example: Don takes a Runner Bean and sells 4 Stangen:
    # 1 coin to the mafia, 1 to the player, the other 2 to the discard
    game = situation(at="tax", hands=[["fire"], ["puff"]], fields=[[["runner", "runner"], []], [[], []]],
                     bosses=[["blue"], ["runner"] * 3])
    play(game, "pay-tax")
    assert named(game, mafia(game).treasury) == ["runner"]
    assert named(game, table(game).coins[0]) == ["runner"]
    assert named(game, table(game).discard) == ["runner", "runner"]
    assert mafia(game).bosses[1] == []


def test_rulebook_phase_2_compares_only_the_top_card():
    # RULES B "Turn changes", rulebook example: with the 3-Nightbar a Runner Bean lies on a Blaue
    # Bohne; the mafia collects both, and gets only the Runner Bean
    game = situation(at="tax", hands=[["fire"], ["puff"]], fields=[[["blue", "runner"], []], [[], []]],
                     bosses=[["blue"], ["runner"]], owned=[["nightbar3"], []])
    play(game, "pay-tax")
    assert named(game, table(game).fields[0][0]) == ["blue"]
    assert named(game, mafia(game).bosses[1]) == ["runner", "runner"]
    assert named(game, mafia(game).bosses[0]) == ["blue"]


def test_restaurant_3_a_boss_harvesting_in_the_owners_phase_4_pays_them_a_coin():
    # RULES B "Building cards": Restaurant 3 (phase 4)
    game = situation(at="flip", hands=[["fire"], ["puff"]], bosses=[["blue"], ["runner"] * 3],
                     deck=["runner", "kidney", "kidney", "kidney"], owned=[["restaurant3"], []])
    assert named(game, table(game).coins[0]) == ["runner"]
    assert named(game, mafia(game).treasury) == ["runner"]


def test_without_a_restaurant_the_mafia_keeps_its_phase_4_yield():
    game = situation(at="flip", hands=[["fire"], ["puff"]], bosses=[["blue"], ["runner"] * 3],
                     deck=["runner", "kidney", "kidney", "kidney"], owned=[["restaurant4"], []])
    assert table(game).coins[0] == []
    assert named(game, mafia(game).treasury) == ["runner", "runner"]


def test_restaurant_4_a_boss_harvesting_in_the_owners_phase_5_pays_them_a_coin():
    # RULES B "Building cards": Restaurant 4 (phase 5: piles and gifts planted on a boss)
    game = situation(at="plant", hands=[["runner", "fire"], ["puff"]], bosses=[["blue"], ["runner"] * 3],
                     owned=[["restaurant4"], []])
    give = next(c for c in codes(game) if c.startswith("give h1 b2"))
    play(game, give)
    assert named(game, table(game).coins[0]) == ["runner"]
    assert named(game, mafia(game).treasury) == ["runner"]
