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
from beanframe_plugins.prohibohn.values import score_lines

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
    for p in range(2):
        expected = len(game.part("beans").coins[p]) + sum(v for _, v in score_lines(part.owned[p], part.razzia,
                                                                                     part.protected))
        assert game.result.scores[f"p{p + 1}"] == expected
    assert game.result.scores["mafia"] == len(game.part("mafia").treasury)


def test_a_clone_mid_game_plays_on_alike():
    rs = RULESETS[True]
    game = rs.new_game(seed=5)
    rng = random.Random(5)
    for _ in range(200):
        game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
    copy = beanframe.load_game(game.to_json())
    assert copy.to_json() == game.to_json()
