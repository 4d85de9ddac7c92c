"""The ISMCTS bot: registered for every variant set, plays legal games, never reads hidden state."""

from __future__ import annotations

import math
import random

import pytest

import beanframe
from beanframe.agents import make_bot
from beanframe.core.compose import discover
from beanframe.errors import ConfigError
from beanframe.search import InformationSet, ISMCTSBot, decide, play_game, rewards
from beanframe.search.ismcts import standing

FAST = {"iterations": 6, "rollout": "random", "depth": 6}


def _rulesets():
    """Every installed variant set on its own, with the variants it requires, at each player
    count it supports (the core names no game: this is how 'every variant set' is found)."""
    from beanframe.core.compose import validate

    out = []
    for name in sorted(discover()):
        for players in (1, 2, 3):
            try:
                validate([name], players, None)
            except ConfigError:
                continue
            out.append((name, players))
    return out


@pytest.mark.parametrize(("variant", "players"), _rulesets())
def test_ismcts_is_registered_for_every_variant_set(variant, players):
    rs = beanframe.compose([variant], players=players)
    assert "ismcts" in rs.bots
    bot = make_bot(rs, "ismcts", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.uses_information


@pytest.mark.parametrize("players", [1, 2])
def test_ismcts_plays_a_whole_game_legally(players):
    rs = beanframe.compose(["al_cabohne"], players=players)
    game = rs.new_game(seed=4)
    bots = [ISMCTSBot(seed=p, **FAST) for p in range(players)]
    play_game(game, bots)  # apply() refuses anything illegal
    assert game.is_over and game.result.winners
    # the budget is met (paired rounds run whole: one iteration per root action, so a round may overshoot)
    assert bots[0].last_iterations == 0 or bots[0].last_iterations >= FAST["iterations"]


def _position(players=2, seed=3, moves=25):
    rs = beanframe.compose(["al_cabohne"], players=players)
    game = rs.new_game(seed=seed)
    greedy = [make_bot(rs, "greedy", seed=p) for p in range(players)]
    while len(game.actions) < moves or len(game.legal_actions()) < 2:
        game.apply(decide(game, greedy[game.to_act]))
    return game


def _permuted(game, rng):
    """The same game for the player to act, with the cards it cannot see permuted: the deck
    order, the other hands (as they are hidden, any arrangement of the same cards is possible),
    and another seed for future chance."""
    other = game.clone()
    table = other.part("beans")
    me = other.to_act
    unseen = list(table.deck)
    sizes = []
    for p, hand in enumerate(table.hands):
        if p != me:
            unseen += hand
            sizes.append((p, len(hand)))
    rng.shuffle(unseen)
    for p, size in sizes:
        table.hands[p][:] = unseen[:size]
        del unseen[:size]
    table.deck[:] = unseen
    other.state.seed = rng.getrandbits(40)
    return other


@pytest.mark.parametrize(
    "options",
    [
        {"iterations": 12, "rollout": "random", "depth": 10},
        {"iterations": 12, "confidence": 0.0},
        {"iterations": 12, "confidence": 0.0, "top": 3, "gap": 50},
    ],
    ids=["random-rollouts", "search-policy-paired", "greedy-shortlist"],
)
@pytest.mark.parametrize("players", [1, 2])
def test_permuting_the_unseen_cards_never_changes_the_choice(players, options):
    # issue 10: the bot never reads hidden state. The bot's seed is fixed; only what the player
    # to act cannot see changes (checked to change: the deck order differs).
    game = _position(players=players)
    rng = random.Random(9)
    choices = set()
    for k in range(4):
        other = game if k == 0 else _permuted(game, rng)
        if k:
            assert other.part("beans").deck != game.part("beans").deck
        bot = ISMCTSBot(seed=42, **options)
        choices.add(decide(other, bot).code)
    assert len(choices) == 1


def test_the_information_set_holds_a_guess_not_the_real_cards():
    game = _position(players=2)
    me = game.to_act
    info = InformationSet(game, me)
    a = info.sample(random.Random(1))
    b = _permuted(game, random.Random(2))
    assert InformationSet(b, me).sample(random.Random(1)).part("beans").deck == a.part("beans").deck
    assert a.view(me).to_dict() == game.view(me).to_dict()  # the player's own view is kept
    assert a.state.seed != game.state.seed and a.state.determinized
    assert str(info)


def test_the_same_seed_gives_the_same_choices():
    game = _position(players=1)
    picks = {decide(game, ISMCTSBot(seed=7, **FAST)).code for _ in range(3)}
    assert len(picks) == 1


class _FakeClock:
    """A clock that moves on one second each time it is read: the search's budget in iterations is
    then exact, whatever the machine's load."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_time_budget_stops_the_search():
    # issue 20 §8: the budget is read on the bot's clock. Reads: the deadline (1 + 5 = 6), the
    # start (2), then one before each iteration: 3, 4, 5 run, 6 stops; the time taken is 7 - 2.
    game = _position(players=1)
    bot = ISMCTSBot(seed=1, iterations=0, seconds=5.0, rollout="random", paired=False, prior="")
    bot.clock = _FakeClock()
    decide(game, bot)
    assert bot.last_iterations == 3 and bot.last_seconds == 5.0
    # paired rounds: the first round always runs, then a read before each round (3, 4, 5 run, 6 stops)
    bot = ISMCTSBot(seed=1, iterations=0, seconds=5.0, rollout="random", prior="")
    bot.clock = _FakeClock()
    decide(game, bot)
    rounds = bot._rounds
    assert len(rounds) >= 2 and {len(r) for r in rounds.values()} == {4}
    assert bot.last_iterations == 4 * len(rounds)
    # the iteration count still caps a time budget that has not run out
    bot = ISMCTSBot(seed=1, iterations=2, seconds=100.0, rollout="random", paired=False, prior="")
    bot.clock = _FakeClock()
    decide(game, bot)
    assert bot.last_iterations == 2


def test_the_rollout_policy_is_taken_from_the_registry():
    # Al Cabohne registers a search policy over sampled games: "auto" takes it
    game = _position(players=1)
    bot = ISMCTSBot(seed=1, iterations=2, depth=3)
    action = decide(game, bot)
    assert action in game.legal_actions()
    assert type(bot._policies[game.ruleset]).__name__ == "RolloutPolicy"
    # a bot name still selects that bot (it plays from views of the sample)
    bot = ISMCTSBot(seed=1, iterations=2, depth=3, rollout="greedy")
    assert decide(game, bot) in game.legal_actions()
    assert type(bot._policies[game.ruleset]).__name__ == "GreedyBot"


def test_without_a_search_policy_auto_falls_back_to_the_greedy_bot():
    rs = beanframe.compose(["bohnanza"], players=3)
    assert rs.search_policy is None
    bot = ISMCTSBot(seed=1, iterations=1, depth=2)
    assert bot._rollout_name(rs) == "greedy"
    with pytest.raises(ConfigError, match="search policy"):
        ISMCTSBot(seed=1, rollout="policy")._policy(rs.new_game(seed=1))


def test_a_second_search_policy_needs_replace():
    from beanframe.core.compose import BotRegistry

    reg = BotRegistry()
    reg.variant = "mine"
    reg.search_policy(lambda ruleset, seed: None)
    with pytest.raises(ConfigError, match="search policy exists already"):
        reg.search_policy(lambda ruleset, seed: None)
    reg.search_policy(lambda ruleset, seed: 1, replace=True)
    assert reg.rollout_policy(None, None) == 1


@pytest.mark.parametrize("players", [1, 2])
def test_al_cabohnes_search_policy_plays_whole_games_legally(players):
    rs = beanframe.compose(["al_cabohne"], players=players)
    policy = rs.search_policy(rs, 3)
    game = rs.new_game(seed=5)
    while not game.is_over:
        legal = game.legal_actions()
        action = policy.act(game, legal)
        assert action in legal
        game.apply(action)
    assert isinstance(policy.evaluate(game, 0), float)


def test_the_prior_is_kept_unless_the_paired_rounds_clearly_beat_it():
    bot = ISMCTSBot(seed=1, confidence=1.0)
    bot._rounds = {"a": [0.5, 0.6, 0.4, 0.5], "b": [0.51, 0.58, 0.45, 0.49]}
    assert bot._paired_choice("a") == "a"  # b's mean is higher, but within the noise
    bot._rounds = {"a": [0.5, 0.6, 0.4, 0.5], "b": [0.6, 0.7, 0.5, 0.6]}
    assert bot._paired_choice("a") == "b"  # better by 0.1 in every round
    assert bot._paired_choice(None) == "b"


def test_the_prior_bot_is_played_when_the_search_has_no_evidence():
    game = _position(players=1)
    legal = game.legal_actions()
    greedy = make_bot(game.ruleset, "greedy", seed=1)
    bot = ISMCTSBot(seed=1, iterations=1, rollout="random", depth=1, confidence=1e9)
    assert decide(game, bot) == greedy.act(game.view(game.to_act), legal)
    assert not bot.last_overruled


def _multi_choice(players=1):
    """A position whose player has at least three legal actions."""
    game = _position(players=players)
    greedy = [make_bot(game.ruleset, "greedy", seed=p) for p in range(players)]
    while len(game.legal_actions()) < 3:
        game.apply(decide(game, greedy[game.to_act]))
    return game


def test_only_the_priors_close_top_actions_are_searched():
    game = _multi_choice()
    legal = game.legal_actions()
    greedy = make_bot(game.ruleset, "greedy", seed=1)
    choice = greedy.act(game.view(game.to_act), legal)
    # one candidate: the prior's choice, and no search at all
    bot = ISMCTSBot(seed=1, iterations=8, top=1)
    assert decide(game, bot) == choice and bot.last_iterations == 0
    # the two best by the prior's own scores: the paired rounds try those two only
    bot = ISMCTSBot(seed=1, iterations=8, top=2)
    assert decide(game, bot) in legal
    assert len(bot._rounds) == 2 and choice in bot._rounds and bot.last_iterations == 8
    # a gap no action but the best is within: no search either
    bot = ISMCTSBot(seed=1, iterations=8, gap=0.0)
    scores = game.ruleset.search_policy(game.ruleset, 0).prior_scores(greedy, game.view(game.to_act), legal)
    if sorted(scores)[-2] < max(scores) - 1e-6:
        assert decide(game, bot) == choice and bot.last_iterations == 0


def test_the_unpaired_tree_search_still_plays():
    game = _position(players=2)
    bot = ISMCTSBot(seed=1, iterations=8, paired=False, prior="", depth=4)
    assert decide(game, bot) in game.legal_actions()
    assert bot.last_iterations == 8


@pytest.mark.parametrize(
    "options",
    [{"iterations": -1}, {"iterations": 0}, {"seconds": 0}, {"margin": 2}, {"depth": -3}, {"top": -1}, {"gap": -0.5}, {"tree": -1}],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ConfigError, match="ismcts"):
        ISMCTSBot(seed=1, **options)


def test_acting_without_an_information_set_is_a_clear_error():
    game = _position(players=1)
    with pytest.raises(ConfigError, match="information set"):
        ISMCTSBot(seed=1).act(None, game.legal_actions())


def test_an_unknown_rollout_bot_names_the_known_ones():
    game = _position(players=1)
    with pytest.raises(ConfigError, match="unknown bot 'nope'"):
        decide(game, ISMCTSBot(seed=1, iterations=1, rollout="nope"))


def test_rewards_and_standing():
    rs = beanframe.compose(["al_cabohne"], players=2)
    game = rs.new_game(seed=2)
    mid = standing(game)
    assert all(0.0 <= r <= 1.0 for r in mid)
    play_game(game, [make_bot(rs, "greedy", seed=p) for p in range(2)])
    r = rewards(game)
    winners = game.result.winners
    for p in range(2):
        expected = 1 / len(winners) if f"p{p + 1}" in winners else 0.0
        assert r[p] == pytest.approx(expected)
    shaped = rewards(game, margin=0.5)
    assert all(0.0 <= x <= 1.0 for x in shaped)


def _finished(scores, winners):
    """What rewards reads of a finished 2-player game with the given result (p1, p2, mafia)."""
    from types import SimpleNamespace

    from beanframe.core.scoring import Result

    return SimpleNamespace(players=2, result=Result(dict(zip(("p1", "p2", "mafia"), scores)), tuple(winners), {}, 2))


@pytest.mark.parametrize(
    ("scores", "winners", "ahead", "rank"),
    [
        ((20, 17, 28), ["mafia"], [1.0, 0.0], [0.5, 0.0]),  # p1 beat p2, the mafia beat both
        ((30, 17, 28), ["p1"], [1.0, 0.0], [1.0, 0.0]),
        ((19, 19, 25), ["mafia"], [0.5, 0.5], [0.25, 0.25]),  # a tie between the players: half
    ],
)
def test_a_finished_games_reward_follows_the_goal(scores, winners, ahead, rank):
    # ranked as a tournament ranks (tournament.py): the winners first, then by score
    game = _finished(scores, winners)
    assert rewards(game, goal="ahead") == ahead
    assert rewards(game, goal="rank") == rank
    assert rewards(game, goal="win") == [1.0 if f"p{p + 1}" in winners else 0.0 for p in range(2)]


@pytest.mark.parametrize("seed", [3, 4])
def test_a_prior_never_overruled_plays_the_game_its_bot_would_play(seed):
    # F.21: Al Cabohne's greedy remembers its first plant of a turn, so the prior must see the
    # forced decisions too (unseen, the prior won 49 of 100 solo games instead of greedy's 59)
    rs = beanframe.compose(["al_cabohne"], players=1)
    alone = rs.new_game(seed=seed)
    play_game(alone, [make_bot(rs, "greedy", seed=5)])
    bot = ISMCTSBot(seed=1, iterations=1, rollout="random", depth=1, confidence=1e9)
    bot._priors[rs] = make_bot(rs, "greedy", seed=5)
    searched = play_game(rs.new_game(seed=seed), [bot])
    assert searched.actions == alone.actions


def test_a_tree_of_depth_one_searches_the_root_and_lets_the_policy_play_on():
    game = _multi_choice()
    bot = ISMCTSBot(seed=1, iterations=24, tree=1, prior="")
    root = bot.search(InformationSet(game, game.to_act))
    assert root.children and all(not child.children for child in root.children.values())
    deep = ISMCTSBot(seed=1, iterations=24, prior="", tree=0).search(InformationSet(game, game.to_act))
    assert any(child.children for child in deep.children.values())  # unlimited: the tree grows below


def test_solo_the_leaf_reward_is_the_policys_chance_of_winning():
    # the learned value (plugins/al_cabohne/bots/value.py) where the search stops
    game = _position(players=1)
    bot = ISMCTSBot(seed=1, iterations=4)
    bot.search(InformationSet(game, game.to_act))
    chance = bot._policy(game).win_chances(game, "rank")
    assert bot._evaluate(game) == chance
    off = ISMCTSBot(seed=1, iterations=4, chance=False)
    off.search(InformationSet(game, game.to_act))
    assert off._evaluate(game) != chance  # the evaluation's gain over the root, squashed


@pytest.mark.parametrize("goal", ["win", "ahead", "rank"])
def test_two_players_the_leaf_reward_is_the_chance_of_the_goal(goal):
    game = _position(players=2)
    bot = ISMCTSBot(seed=1, iterations=4, goal=goal)
    bot.search(InformationSet(game, game.to_act))
    assert bot._evaluate(game) == bot._policy(game).win_chances(game, goal)


def test_an_unknown_goal_is_refused():
    with pytest.raises(ConfigError, match="goal must be one of win, ahead, rank, not 'glory'"):
        ISMCTSBot(goal="glory")


def test_with_two_players_an_evaluated_leaf_counts_the_gain_on_the_other_player():
    game = _position(players=2)
    bot = ISMCTSBot(seed=1, iterations=4, chance=False)  # the evaluation, not the learned chances
    bot.search(InformationSet(game, game.to_act))
    later = game.clone()
    greedy = [make_bot(game.ruleset, "greedy", seed=p) for p in range(2)]
    for _ in range(12):
        later.apply(decide(later, greedy[later.to_act]))
    policy = bot._policy(game)
    gain = [policy.evaluate(later, p) - bot._base[p] for p in range(2)]
    assert gain[0] != gain[1]
    assert bot._evaluate(later) == pytest.approx([0.5 + 0.5 * math.tanh((gain[p] - gain[1 - p]) / bot.scale) for p in range(2)])
    bot.relative = False  # each player's own gain
    assert bot._evaluate(later) == pytest.approx([0.5 + 0.5 * math.tanh(g / bot.scale) for g in gain])


def test_a_rollout_bot_plays_each_seat_with_its_own_memory():
    # Bohnanza's greedy plans an offer over several decisions: one shared bot would let one seat
    # carry out another seat's plan
    rs = beanframe.compose(["bohnanza"], players=3)
    game = rs.new_game(seed=2)
    bot = ISMCTSBot(seed=1, iterations=6, rollout="greedy")
    greedy = [make_bot(rs, "greedy", seed=p) for p in range(3)]
    while game.to_act != 0 or len(game.legal_actions()) < 2:
        game.apply(decide(game, greedy[game.to_act]))
    bot.search(InformationSet(game, 0))
    seats = bot._policies[("seats", rs)]
    assert len(seats) == 3 and len({id(s) for s in seats}) == 3 and seats[0] is bot._policies[rs]


def test_a_variant_tunes_its_search_and_the_bots_options_come_first():
    # Al Cabohne with 2 players searches wider (its search policy's search_defaults); solo, and
    # Prohibohn (whose scoring the learned value does not know), keep the defaults
    from beanframe.search.ismcts import TUNING

    for variants, players, expected in (
        (["al_cabohne"], 2, {"top": 8, "gap": 3.0, "confidence": 1.0}),
        (["al_cabohne"], 1, TUNING),
        (["al_cabohne", "prohibohn"], 2, TUNING),
    ):
        rs = beanframe.compose(variants, players=players)
        game = rs.new_game(seed=3)
        while len(game.legal_actions()) < 2:
            game.apply(game.legal_actions()[0])
        bot = ISMCTSBot(seed=1, iterations=2)
        bot.act(game.view(game.to_act), game.legal_actions(), InformationSet(game, game.to_act))
        assert {"top": bot.top, "gap": bot.gap, "confidence": bot.confidence} == expected
    given = ISMCTSBot(seed=1, iterations=2, top=2)
    given._tune(beanframe.compose(["al_cabohne"], players=2))
    assert (given.top, given.gap, given.confidence) == (2, 3.0, 1.0)


def test_a_search_policys_unknown_setting_is_named():
    rs = beanframe.compose(["al_cabohne"], players=2)
    bot = ISMCTSBot(seed=1, iterations=2)
    policy = bot._search_policy(rs)
    policy.search_defaults = lambda players: {"depth_of_thought": 3}
    with pytest.raises(ConfigError, match="ismcts on al_cabohne: unknown search setting\\(s\\) depth_of_thought"):
        bot._tune(rs)
    with pytest.raises(ConfigError, match="ismcts: top, gap and confidence must be 0 or positive, not 4, -1.0, 2.0"):
        ISMCTSBot(gap=-1)
