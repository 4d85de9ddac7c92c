"""The bean mafia's harvest thresholds (RULES A "Harvest and sell": Al Cabohne at 3 coins, Don
Corlebohne at 2, Joe Bohnano at 1; at once), and the set-up reading when a boss reaches it."""

from __future__ import annotations

import pytest

from .helpers import bosses, discard_top_first, many, new, situation, treasury


# RULES A "Harvest and sell": each boss harvests as soon as its field is worth its threshold, not
# before. Cards come one at a time from the discard (question 2 of phase 4)
@pytest.mark.parametrize(
    ("boss", "bean", "start", "harvests_at", "coins"),
    [
        (0, "runner", 3, 5, 3),  # Al: 5 Runner Beans = 3 coins (4 = 2 coins: no harvest)
        (0, "broad", 5, 7, 3),  # Al: 7 Stink Beans = 3 coins
        (1, "french", 3, 5, 2),  # Don: 5 Green Beans = 2 coins
        (1, "fire", 4, 6, 2),  # Don: 6 Chili Beans = 2 coins
    ],
)
def test_two_player_thresholds(boss, bean, start, harvests_at, coins):
    mafia_fields = [["blue"], ["kidney"]]
    mafia_fields[boss] = many(bean, start)
    n_discard = harvests_at - start
    stopper = "french" if bean == "runner" else "runner"  # a bean nobody collects or flips
    deck = ["puff", "puff", "puff"]
    # one short of the threshold: no harvest
    game = situation(at="flip", deck=deck, discard=[*many(bean, n_discard - 1), stopper], bosses=mafia_fields, hands=[["puff"], ["puff"]])
    assert bosses(game)[boss] == many(bean, harvests_at - 1) and treasury(game) == 0
    assert discard_top_first(game)[0] == stopper
    # reaching it: harvest at once, full value to the treasury, the rest to the discard
    game = situation(at="flip", deck=deck, discard=[*many(bean, n_discard), stopper], bosses=mafia_fields, hands=[["puff"], ["puff"]])
    assert bosses(game)[boss] == [] and treasury(game) == coins
    assert discard_top_first(game)[: harvests_at - coins] == many(bean, harvests_at - coins)


# RULES A "Solo game": Joe Bohnano harvests at 1 coin; Don at 2 (solo too)
def test_solo_thresholds():
    game = situation(1, at="flip", deck=["blue", "blue", "blue"], discard=["runner", "runner", "kidney"], bosses=[["broad"], ["puff"], ["runner"]], hands=[["fire"]])
    # Joe: 3 Runner Beans = 1 coin: he harvested when the 2nd discard card arrived
    assert treasury(game) == 1 and bosses(game)[2] == []
    assert discard_top_first(game)[:3] == ["runner", "runner", "kidney"]


# RULES A "Set-up" is silent on a boss reaching its threshold during the mafia start; the engine
# applies the general rule (the mafia harvests at once), and the run of the first card's bean
# continues on Al Cabohne. 5 Runner Beans: Al harvests 3 coins, the 6th starts his field again.
def test_threshold_during_the_mafia_start_reading():
    game = new(2, deck=["blue", "kidney"] * 5 + ["runner"] * 6 + ["fire"])
    assert treasury(game) == 3
    assert bosses(game) == [["runner"], ["fire"]]
    assert discard_top_first(game) == ["runner", "runner"]
