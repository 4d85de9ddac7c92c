"""Group decisions (issue 5 §1): a frame with several deciders who act in any order, on the fake
auction game (tests/core/fakes_group.py: everyone bids once, sealed, in any order)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe.agents import RandomBot, play_game
from beanframe.core.persist import snapshot
from beanframe.errors import GameOverError, IllegalActionError

from .fakes import counter
from .fakes_group import BIDS, DONATE, LOTS, MAX_BID, PART, START_COINS, auction


@pytest.fixture(scope="module")
def rs3():
    return beanframe.compose([auction()], 3)


def state_of(game):
    return snapshot(game), game.to_json(), game.state.n_events, game.deciders


def codes(actions):
    return [a.code for a in actions]


def test_every_player_decides_and_to_act_is_the_first_of_them(rs3):
    game = rs3.new_game(seed=1)
    assert game.deciders == (0, 1, 2) and game.to_act == 0
    assert game.frame.group == (0, 1, 2) and game.frame.deciders == (0, 1, 2)
    view = game.view(1)
    assert view.deciders == (0, 1, 2) and view.to_act == 0
    assert game.view(None).deciders == (0, 1, 2)


def test_any_decider_acts_in_any_order(rs3):
    game = rs3.new_game(seed=1)
    game.apply("bid 2", 2)  # the last seat first
    assert game.deciders == (0, 1) and game.to_act == 0
    game.apply("bid 1", player=1)
    assert game.deciders == (0,)
    game.apply("bid 3")  # None: to_act
    # the lot is sold (p1 bid highest) and the next turn's bidding starts with p2
    assert game.part(PART).won == [LOTS[0], 0, 0] and game.part(PART).coins == [START_COINS - 3, START_COINS, START_COINS]
    assert game.deciders == (1, 2, 0)
    assert game.actors == [2, 1, 0] and codes(game.actions) == ["bid 2", "bid 1", "bid 3"]


def test_a_player_who_is_not_deciding_is_refused_and_nothing_changes(rs3):
    game = rs3.new_game(seed=1)
    game.apply("bid 1", 1)
    before = state_of(game)
    with pytest.raises(IllegalActionError, match=r"^p2 may not act now: p1, p3 to decide \(lot worth 4"):
        game.apply("bid 0", 1)  # has bid already
    with pytest.raises(IllegalActionError, match=r"no player 7"):
        game.apply("bid 0", 7)
    with pytest.raises(IllegalActionError, match=r"no player"):
        game.apply("bid 0", "p1")
    with pytest.raises(IllegalActionError, match=r"'start p1' is not legal now for p3"):
        game.apply("start p1", 2)
    assert state_of(game) == before
    assert game.legal_actions(1) == () and not any(game.legal_mask(1))


def test_one_decider_games_refuse_the_other_players():
    game = beanframe.compose([counter()], 2).new_game(seed=1)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"p2 may not act now: p1 to decide"):
        game.apply("pass", 1)
    assert game.to_json() == before
    game.apply("pass", 0)  # the player to act may name themselves
    assert game.to_act == 1


def test_legal_actions_and_masks_are_per_player(rs3):
    game = rs3.new_game(seed=1)
    a = game.part(PART)
    a.coins[2] = 1  # surgery: p3 can bid at most 1
    game._legal = game._legal_more = None
    assert codes(game.legal_actions(2)) == ["bid 0", "bid 1", "donate"]
    assert codes(game.legal_actions(0)) == ["bid 0", "bid 1", "bid 2", "bid 3", "donate"]
    assert game.legal_actions() == game.legal_actions(0)
    mask = game.legal_mask(2)
    ids = {rs3.actions.id_of(x) for x in game.legal_actions(2)}
    assert [i for i, m in enumerate(mask) if m] == sorted(ids)
    with pytest.raises(IllegalActionError, match=r"'bid 3' is not legal now for p3"):
        game.apply("bid 3", 2)
    with pytest.raises(ValueError, match=r"no player 5"):
        game.legal_actions(5)


def test_the_legal_cache_follows_each_player(rs3):
    game = rs3.new_game(seed=1)
    first = {p: game.legal_actions(p) for p in (0, 1, 2)}
    assert game.legal_actions(1) is first[1]  # cached until the next action
    game.apply(DONATE, 1)  # p2 donates: p2 may not donate again; the others still may
    assert DONATE not in game.legal_actions(1)
    assert DONATE in game.legal_actions(0) and DONATE in game.legal_actions(2)
    assert game.part(PART).coins[1] == START_COINS - 1 and game.part(PART).charity == 1


def test_any_time_options_are_offered_to_every_decider_and_act_for_the_one_who_took_them(rs3):
    # F.22: an any-time option belongs to every decider of a group decision
    game = rs3.new_game(seed=1)
    assert all(DONATE in game.legal_actions(p) for p in game.deciders)
    game.apply("donate", 2)
    a = game.part(PART)
    assert a.donated == [False, False, True] and a.coins == [START_COINS, START_COINS, START_COINS - 1]
    assert game.deciders == (0, 1, 2)  # donating is not bidding: p3 still has to bid
    assert game.events[-1] == ("donate", 2)


def test_a_bad_group_is_a_plugin_mistake(rs3):
    game = rs3.new_game(seed=1)
    for group in ((0, 0), (0, 3), (-1,), ("p1",)):
        with pytest.raises(ValueError, match=r"frame 'bids': group .* must list distinct players 0\.\.2"):
            game.push("bids", 0, group=group)


def test_sealed_bids_stay_hidden_from_the_others(rs3):
    # a sealed bid is private (F.13-style): the others only see that it was made
    game = rs3.new_game(seed=1)
    game.apply("bid 3", 1)
    assert game.view(1)["auction"].my_bid == 3
    for p in (0, 2, None):
        v = game.view(p).to_dict()
        assert v["parts"]["auction"]["my_bid"] is None and v["parts"]["auction"]["has_bid"] == [False, True, False]
        assert "bid 3" not in str(v)


def test_play_game_asks_the_deciders_round_robin():
    asked = []

    class Recorder(RandomBot):
        def __init__(self, seat):
            super().__init__(seat)
            self.seat = seat

        def act(self, view, legal):
            asked.append(self.seat)
            return next(a for a in legal if a in BIDS)  # always bid: no donations

    game = beanframe.compose([auction()], 3).new_game(seed=2)
    play_game(game, [Recorder(p) for p in range(3)])
    assert game.is_over and game.actors == asked
    # no seat gets a tempo edge: the one asked first moves round the table lot by lot
    per_lot = [asked[i : i + 3] for i in range(0, len(asked), 3)]
    assert per_lot == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]


def test_play_game_stays_fair_when_nested_decisions_come_in_between():
    # each bidder first donates (staying a decider) and must then thank (a nested one-decider
    # frame); the group decision goes on after the last donor, not back to its first decider
    asked = []

    class Generous(RandomBot):
        def __init__(self, seat):
            super().__init__(seat)
            self.seat = seat

        def act(self, view, legal):
            names = [a.name for a in legal]
            if "thank" in names:
                return legal[names.index("thank")]
            asked.append(self.seat)
            return legal[names.index("donate")] if "donate" in names else legal[0]

    game = beanframe.compose([auction(thank_donors=True)], 3).new_game(seed=2)
    play_game(game, [Generous(p) for p in range(3)])
    assert asked[:6] == [0, 1, 2, 0, 1, 2]  # donations round the table, then the bids
    assert [a.name for a in game.actions[:6]] == ["donate", "thank", "donate", "thank", "donate", "thank"]


def test_play_game_and_sequential_loops_still_work():
    for players in (1, 2, 3, 4):
        game = beanframe.compose([auction()], players).new_game(seed=players)
        play_game(game, [RandomBot(p) for p in range(players)])
        assert game.is_over and len(game.part(PART).lots) == 0
        game = beanframe.compose([auction()], players).new_game(seed=players)
        rng = random.Random(players)
        while not game.is_over:  # the one-decider loop: always to_act
            game.apply(rng.choice(game.legal_actions()))
        assert game.result is not None
        assert game.deciders == () and game.legal_actions(0) == ()
        with pytest.raises(GameOverError):
            game.apply("bid 0", 0)


def test_the_conformance_kit_passes_the_auction():
    from beanframe.testing import conformance_suite

    report = conformance_suite([auction()], players=[1, 2, 3, 4], games=3)
    assert report.games == 12


# -- different orders of the same decisions --------------------------------------------------


def play_lots(players: int, bids: list[list[int]], orders: list[tuple[int, ...]]):
    game = beanframe.compose([auction()], players).new_game(seed=0)
    for lot_bids, order in zip(bids, orders, strict=True):
        for p in order:
            assert p in game.deciders
            coins = game.part(PART).coins[p]
            action = BIDS[min(lot_bids[p], coins)]
            assert action in game.legal_actions(p)
            game.apply(action, p)
    return game


@settings(max_examples=60, deadline=None)
@given(data=st.data(), players=st.integers(min_value=1, max_value=4))
def test_any_order_of_the_same_bids_gives_a_legal_finished_game_with_the_same_result(data, players):
    # the auction's rule: the outcome depends on the bids, not on who bid first
    bids = [[data.draw(st.integers(0, MAX_BID)) for _ in range(players)] for _ in LOTS]
    orders = [tuple(data.draw(st.permutations(range(players)))) for _ in LOTS]
    game = play_lots(players, bids, orders)
    assert game.is_over and game.state.n_actions == players * len(LOTS)
    reference = play_lots(players, bids, [tuple(range(players))] * len(LOTS))
    assert game.result == reference.result
    assert snapshot(game) == snapshot(reference)  # the same position, only the history differs
    sold = [e for e in game.events if e[0] == "sold"]
    assert sold == [e for e in reference.events if e[0] == "sold"]


def test_describe_without_a_player_is_refused_while_several_decide(rs3):
    # issue 27 §4: describe(action) words the action for to_act; in a group decision that is another
    # decider's wording (their hand, their cards), so the player must be named
    game = rs3.new_game(seed=1)
    action = game.legal_actions(1)[0]
    with pytest.raises(ValueError, match=r"^players 0, 1, 2 decide now: .*describe\(action, player\)$") as refused:
        game.describe(action)
    assert "\n" not in str(refused.value)
    assert game.describe(action, 1)  # named: fine
    game.apply("bid 1", 1)
    game.apply("bid 1", 2)
    assert game.deciders == (0,)
    assert game.describe(game.legal_actions()[0]) == game.describe(game.legal_actions()[0], 0)  # one decider: to_act
