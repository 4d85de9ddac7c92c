"""Al Cabohne's learned values (plugins/al_cabohne/bots/value.py), the search's leaf."""

from __future__ import annotations

import pytest
from beanframe_plugins.al_cabohne.bots import GreedyBot
from beanframe_plugins.al_cabohne.bots.evaluation import COMPONENTS
from beanframe_plugins.al_cabohne.bots.value import LearnedValue, ValueTable, solo_table, table_for

import beanframe
from beanframe.agents import make_bot
from beanframe.search import decide


def _positions(players=1, seed=7, every=12):
    rs = beanframe.compose(["al_cabohne"], players=players)
    game = rs.new_game(seed=seed)
    bot = make_bot(rs, "greedy", seed=1)
    out = []
    while not game.is_over:
        if len(game.actions) % every == 0 and len(game.legal_actions()) > 1:
            out.append(game.clone())
        game.apply(decide(game, bot))
    return rs, out


def test_the_shipped_table_names_every_component_and_nothing_else():
    table = solo_table()
    assert len(table.weights) == len(table.per_card) == len(COMPONENTS)
    assert set(table.phase) <= {"tax", "play", "before_flip", "plant"}
    a, b = table.noise
    assert a > 0 and b > 0  # the spread shrinks with the deck but never vanishes


def test_a_table_for_one_and_for_two_players_and_none_for_more():
    assert table_for(1) is solo_table() and table_for(2) is not None and table_for(3) is None
    # the margin on the other player: 2 players only, on both players' components
    ahead = table_for(2, ahead=True)
    assert table_for(1, ahead=True) is None and table_for(3, ahead=True) is None
    assert len(ahead.other) == len(ahead.other_per_card) == len(COMPONENTS)
    assert not table_for(2).other  # the margin on the mafia reads the player's own view only


def test_a_table_with_a_missing_or_unknown_component_is_refused():
    data = {"weights": dict.fromkeys(COMPONENTS, 1.0), "per_card": dict.fromkeys(COMPONENTS, 0.0), "phase": {}, "noise": [1, 0], "variants": ["al_cabohne"], "options": {}}
    ValueTable.from_dict(data)
    del data["weights"]["coins"]
    with pytest.raises(ValueError, match="missing \\['coins'\\]"):
        ValueTable.from_dict(data)
    data["weights"]["coins"] = 1.0
    data["per_card"]["gold"] = 1.0
    with pytest.raises(ValueError, match="unknown \\['gold'\\]"):
        ValueTable.from_dict(data)


def test_greedys_evaluation_is_its_components_weighed_by_its_weights():
    rs, positions = _positions()
    bot = GreedyBot(rs, seed=0)
    for game in positions:
        view = game.view(0)
        bot.w = bot._solo_w
        model = bot._model(view)
        x = dict(zip(COMPONENTS, bot.components(model, view.phase), strict=True))
        assert x["coins"] == view["beans"].coins[0]
        assert x["hand"] == -len(view["beans"].hand)
        weight_of = {"tax": "tax_turns", "empty": "empty", "field_turns": "field_turn", "boss_flow": "boss_flow",
                     "discard": "discard_boss", "clog": "clog", "mafia_hand": "mafia_hand", "hand": "hand_card"}  # fmt: skip
        weighed = sum(bot.w[weight_of[n]] * v if n in weight_of else v for n, v in x.items())
        assert bot._eval(model, view.phase) == pytest.approx(weighed)


def test_the_chance_of_winning_grows_with_the_predicted_margin():
    rs, positions = _positions()
    value = LearnedValue(GreedyBot(rs, seed=0))
    chances = [(value.margin(g.view(0)), value.win_chance(g.view(0))) for g in positions]
    assert all(0.0 < c < 1.0 for _, c in chances)
    # the same position with one more coin (a card of the deck): a larger margin, a larger chance
    game = positions[len(positions) // 2]
    view = game.view(0)
    richer = game.clone()
    table = richer.part("beans")
    table.coins[0].append(table.deck.pop())
    assert value.margin(richer.view(0)) > value.margin(view)
    assert value.win_chance(richer.view(0)) > value.win_chance(view)


def test_the_search_policy_gives_every_player_a_chance():
    rs, positions = _positions()
    policy = rs.search_policy(rs, 0)
    (solo,) = policy.win_chances(positions[0], "win")
    assert 0.0 < solo < 1.0
    duo, games = _positions(players=2, every=40)
    policy = duo.search_policy(duo, 0)
    for game in games:
        chances = policy.win_chances(game, "win")
        # each must beat the mafia and the other player: at most one of them wins
        assert len(chances) == 2 and all(0.0 < c < 1.0 for c in chances) and sum(chances) <= 1.0


def test_two_players_the_goal_ahead_is_the_other_player_and_rank_the_mean_with_the_mafia():
    duo, games = _positions(players=2, every=40)
    policy = duo.search_policy(duo, 0)
    for game in games:
        win, ahead, rank = (policy.win_chances(game, goal) for goal in ("win", "ahead", "rank"))
        for p in range(2):
            assert 0.0 < win[p] <= ahead[p] < 1.0  # a win needs the other player beaten, and the mafia
            mafia = 2 * rank[p] - ahead[p]  # rank: the mean of the chances on the mafia and the other
            assert win[p] == pytest.approx(mafia * ahead[p])
        # one of the two ends ahead (a tie aside): the fitted chances nearly add up to 1
        assert ahead[0] + ahead[1] == pytest.approx(1.0, abs=0.2)


def test_a_coin_more_for_one_player_moves_the_chance_of_ending_ahead_his_way():
    duo, games = _positions(players=2, every=40)
    policy = duo.search_policy(duo, 0)
    game = games[len(games) // 2]
    richer = game.clone()
    table = richer.part("beans")
    table.coins[0].append(table.deck.pop())
    before, after = policy.win_chances(game, "ahead"), policy.win_chances(richer, "ahead")
    assert after[0] > before[0] and after[1] < before[1]


def test_solo_every_goal_is_beating_the_mafia():
    rs, positions = _positions()
    policy = rs.search_policy(rs, 0)
    for game in positions[:5]:
        assert policy.win_chances(game, "win") == policy.win_chances(game, "ahead") == policy.win_chances(game, "rank")


def test_the_value_holds_only_with_the_options_it_was_fitted_with():
    # two run-outs end the game sooner, a mafia counting thrice is harder to beat: not what was fitted
    for players, options in ((2, {"run_outs": 2}), (1, {"solo_mafia_factor": 3})):
        rs = beanframe.compose(["al_cabohne"], players=players, options={"al_cabohne": options})
        assert rs.search_policy(rs, 0).win_chances(rs.new_game(seed=1), "win") is None
        (name, value), = options.items()
        with pytest.raises(ValueError, match=f"fitted with al_cabohne's options .*, not {name}={value}$"):
            LearnedValue(GreedyBot(rs, seed=0))


def test_the_value_holds_only_for_the_variant_set_it_was_fitted_on():
    # Prohibohn scores differently (coins keep their bean, buildings): the search evaluates there
    rs = beanframe.compose(["al_cabohne", "prohibohn"], players=2)
    game = rs.new_game(seed=1)
    assert rs.search_policy(rs, 0).win_chances(game, "win") is None
    with pytest.raises(ValueError, match="fitted on al_cabohne, not al_cabohne \\+ prohibohn"):
        LearnedValue(GreedyBot(rs, seed=0))


@pytest.mark.parametrize("players", [1, 2])
def test_the_search_reads_a_leaf_as_the_players_view_shows_it(players):  # issue 28: leaves without views
    """The search's leaf (``StateView``: the parts read directly, cards as bean indexes) gives the
    greedy model, its components and the chances exactly as each player's view does; and it
    carries no other player's hand or coins (redealt, nothing it gives changes)."""
    from beanframe_plugins.al_cabohne.bots.model import StateView

    rs, positions = _positions(players=players, every=9)
    bot = GreedyBot(rs, seed=0)
    value = LearnedValue(GreedyBot(rs, seed=0))
    for game in positions:
        for p in range(players):
            view, leaf = game.view(p), StateView(game, p)
            assert (leaf.player, leaf.players, leaf.phase) == (view.player, view.players, view.phase)
            bot.w = bot._solo_w if players == 1 else bot._duo_w
            a, b = bot._model(view), bot._model(leaf)
            for slot in a.__slots__:
                if slot not in ("cards",):
                    assert getattr(a, slot) == getattr(b, slot), slot
            assert bot.components(a, view.phase) == bot.components(b, leaf.phase)
            for goal in ("win", "ahead", "rank") if players == 2 else ("win",):
                assert value.win_chances([game.view(q) for q in range(players)], goal) == value.win_chances([StateView(game, q) for q in range(players)], goal)
        if players == 2:  # the other player's hand and coins redealt: p1's leaf gives the same
            other = game.clone()
            table = other.part("beans")
            pool = table.hands[1] + table.coins[1] + table.deck
            pool.reverse()
            n, k = len(table.hands[1]), len(table.coins[1])
            table.hands[1][:], table.coins[1][:], table.deck[:] = pool[:n], pool[n : n + k], pool[n + k :]
            assert bot.components(bot._model(StateView(game, 0)), None) == bot.components(bot._model(StateView(other, 0)), None)
