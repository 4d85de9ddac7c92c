"""Card data and the bean-o-meter (RULES A "Cards", "Harvest and sell"; rulebook examples)."""

from __future__ import annotations

from collections import Counter

import pytest

from beanframe.beans import sell

from .helpers import CARDS, bean, check, mafia, new, table, total_cards


# RULES A "Cards": 116 bean cards, 7 beans with these counts
def test_116_cards_with_the_printed_counts():
    assert CARDS.total == 116
    counts = {b.name: b.count for b in CARDS.beans}
    assert counts == {
        "Blue Bean": 20,
        "Kidney Bean": 19,
        "Chili Bean": 18,
        "Fava Bean": 16,
        "Stink Bean": 16,
        "Green Bean": 14,
        "Runner Bean": 13,
    }


# RULES A "Cards": a fresh game holds exactly these cards
@pytest.mark.parametrize("players", [1, 2])
def test_a_fresh_game_accounts_for_every_card(players):
    game = new(players, seed=3)
    assert total_cards(game) == 116
    check(game)


# RULES A "Cards": the bean-o-meters (Kidney Bean 5/6/7/8 as the printed cards read)
@pytest.mark.parametrize(
    ("key", "meter"),
    [
        ("blue", (4, 6, 8, 10)),
        ("kidney", (5, 6, 7, 8)),
        ("fire", (3, 6, 8, 9)),
        ("puff", (4, 5, 6, 7)),
        ("broad", (3, 5, 7, 8)),
        ("french", (3, 5, 6, 7)),
        ("runner", (3, 4, 5, 6)),
    ],
)
def test_bean_o_meters(key, meter):
    b = bean(key)
    assert CARDS.beans[b].meter == meter
    # the meter gives the smallest field size for 1, 2, 3, 4 coins
    for coins, size in enumerate(meter, 1):
        assert CARDS.value(b, size) == coins
        assert CARDS.value(b, size - 1) == coins - 1


# RULES A "Cards": Kidney Bean 3 and 4 sell for nothing (5/6/7/8, not 3/6/7/8)
def test_kidney_below_five_sells_for_nothing():
    assert [CARDS.value(bean("kidney"), n) for n in range(1, 9)] == [0, 0, 0, 0, 1, 2, 3, 4]


# RULES A "Cards" and the rulebook example (NL "Bruine bonen", FR "Saubohne"):
# 1-2 -> 0, 3-4 -> 1, 5-6 -> 2, 7 -> 3, 8 or more -> 4
@pytest.mark.parametrize(("n", "coins"), [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 4), (9, 4), (16, 4)])
def test_saubohne_example(n, coins):
    assert CARDS.value(bean("broad"), n) == coins


# RULES A "Cards": fields larger than the 4-coin size still sell for 4
@pytest.mark.parametrize("key", ["blue", "kidney", "fire", "puff", "broad", "french", "runner"])
def test_past_the_four_coin_size_sells_for_four(key):
    b = bean(key)
    top = CARDS.beans[b].meter[3]
    for n in range(top, CARDS.beans[b].count + 1):
        assert CARDS.value(b, n) == 4
    assert CARDS.value(b, CARDS.beans[b].count + 5) == 4


# Rulebook examples (RULES A "Cards"): 5 Fava Bean -> 2; 5 Green Bean -> 2 while 4 < 2; 2 Blaue -> 0
def test_rulebook_meter_examples():
    assert CARDS.value(bean("puff"), 5) == 2
    assert CARDS.value(bean("french"), 5) == 2
    assert CARDS.value(bean("french"), 4) < 2
    assert CARDS.value(bean("blue"), 2) == 0


# RULES A "Harvest and sell": that many cards turn into coins, the rest go face up on the discard
def test_sell_puts_coins_and_the_rest_on_the_discard():
    puff = bean("puff")
    field, coins, discard = [puff] * 5, [], []
    assert sell(CARDS, field, coins, discard) == 2
    assert field == [] and coins == [puff, puff] and discard == [puff, puff, puff]
    blue = bean("blue")
    field, coins, discard = [blue] * 2, [], []
    assert sell(CARDS, field, coins, discard) == 0
    assert coins == [] and discard == [blue, blue]
    field, coins, discard = [blue] * 12, [], []
    assert sell(CARDS, field, coins, discard) == 4
    assert len(coins) == 4 and len(discard) == 8


def test_every_bean_count_in_a_stacked_game_is_kept():
    # RULES A "Cards": a stacked deck is still the full card set
    game = new(2, deck=["runner"] * 13, seed=1)
    seen = Counter()
    for z in table(game).zones().values():
        seen.update(z)
    for f in mafia(game).bosses:
        seen.update(f)
    seen.update(mafia(game).treasury)
    assert seen == Counter({i: b.count for i, b in enumerate(CARDS.beans)})
