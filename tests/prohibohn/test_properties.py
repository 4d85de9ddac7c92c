"""Property tests for al_cabohne + prohibohn (with and without the pub): whole games with the
Prohibohn bot against random play keep every card and building accounted for, end through the
F.23 stop, and score as RULES B says."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe.agents import play_game
from beanframe.core.bots import RandomBot
from beanframe_plugins.prohibohn.bots import ProhibohnGreedy
from beanframe_plugins.prohibohn.cards import CARDS

from .helpers import problems

RULESETS = {pub: beanframe.compose(["al_cabohne", "prohibohn"], 2, {"prohibohn": {"pub": pub}}) for pub in (False, True)}


class Checked:
    """Wraps an agent: checks the invariants before each of its moves."""

    uses_view = True

    def __init__(self, agent, game):
        self.agent, self.game = agent, game

    def act(self, view, legal):
        assert not problems(self.game)
        return self.agent.act(view, legal)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), pub=st.booleans(), bot_first=st.booleans())
def test_games_with_the_prohibohn_bot_keep_everything_accounted_for(seed, pub, bot_first):
    rs = RULESETS[pub]
    game = rs.new_game(seed=seed)
    agents = [ProhibohnGreedy(rs, seed), RandomBot(seed + 1)]
    if not bot_first:
        agents.reverse()
    play_game(game, [Checked(a, game) for a in agents])
    assert not problems(game)
    part = game.part("prohibohn")
    assert part.stopped >= 1  # the game ended through the F.23 stop
    keys = [[CARDS[i].key for i in owned] for owned in part.owned]
    razzia = any("razzia" in k for k in keys)
    for p in range(2):
        protected = {CARDS[i].key for i in part.protected if i in part.owned[p]}
        expected = len(game.part("beans").coins[p]) + rulebook_points(keys[p], razzia, protected)
        assert game.result.scores[f"p{p + 1}"] == expected
    assert game.result.scores["mafia"] == len(game.part("mafia").treasury)


PS3_BONUS = {6: 1, 7: 2, 8: 3, 9: 5}  # building cards owned; 10 or more: 8
PS4_BONUS = {2: 1, 3: 2, 4: 3, 5: 5, 6: 8}  # different kinds owned (the pub's 7th kind: still 8)


def rulebook_points(keys: list[str], razzia: bool, protected: set[str]) -> int:
    """RULES B "Game end and scoring" written out again from the rulebook's words, apart from the
    plugin's formula: a 3- or 4-building is worth its number; a 1-building 1, or 4 with the 3- and
    4-building of its kind, or after a razzia 0 unless it was worth 4 when the razzia came; a police
    station its number plus its bonus (PS 3 by building cards, PS 4 by kinds; worthless 1-buildings
    count); the razzia 4."""
    buildings = [k for k in keys if k[-1] in "134" and not k.startswith(("police", "razzia"))]
    points = 0
    for k in buildings:
        kind, price = k[:-1], int(k[-1])
        if price > 1:
            points += price
        elif razzia:
            points += 4 if k in protected else 0
        else:
            points += 4 if f"{kind}3" in keys and f"{kind}4" in keys else 1
    if "police3" in keys:
        points += 3 + (8 if len(buildings) >= 10 else PS3_BONUS.get(len(buildings), 0))
    if "police4" in keys:
        points += 4 + PS4_BONUS.get(min(6, len({k[:-1] for k in buildings})), 0)
    if "razzia" in keys:
        points += 4
    return points


def test_the_independent_scorer_gives_the_rulebook_example():
    # RULES B: 8 coins; 3-Undertaker, 1-Casino, 3-Casino, 4-Casino, 1-Restaurant, Police Station 4
    keys = ["undertaker3", "casino1", "casino3", "casino4", "restaurant1", "police4"]
    assert 8 + rulebook_points(keys, False, set()) == 29


def test_a_clone_mid_game_plays_on_alike():
    rs = RULESETS[True]
    game = rs.new_game(seed=5)
    rng = random.Random(5)
    for _ in range(200):
        game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
    copy = beanframe.load_game(game.to_json())
    assert copy.to_json() == game.to_json()
