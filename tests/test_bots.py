"""Al Cabohne's bots: the greedy bot plays only legal actions, is reproducible, beats the random
bot, and makes the sensible choice in small hand-built situations; the random bot is reproducible.
"""

from __future__ import annotations

import pytest
from beanframe_plugins.al_cabohne.actions import (
    Done,
    Gift,
    GivePile,
    Harvest,
    Pass,
    PayTax,
    PlantFront,
    PlantPile,
)
from beanframe_plugins.al_cabohne.bots import GreedyBot
from beanframe_plugins.al_cabohne.mafia import MafiaView

import beanframe
from beanframe.agents import RandomBot, make_bot, play_game
from beanframe.beans import BeansView
from beanframe.core.view import View


@pytest.fixture(scope="module")
def solo():
    return beanframe.compose(["al_cabohne"], 1)


@pytest.fixture(scope="module")
def duo():
    return beanframe.compose(["al_cabohne"], 2)


class Checked:
    """Wraps an agent: records its choices and fails if one is not among the legal actions."""

    def __init__(self, agent):
        self.agent = agent
        self.choices = []
        self.uses_view = getattr(agent, "uses_view", True)

    def act(self, view, legal):
        action = self.agent.act(view, legal)
        assert action in legal, f"{action!r} is not legal ({legal})"
        self.choices.append(action)
        return action


# ------------------------------------------------------------------------------------------
# Full games
# ------------------------------------------------------------------------------------------


def test_greedy_is_registered(solo, duo):
    assert isinstance(make_bot(solo, "greedy", 1), GreedyBot)
    assert isinstance(make_bot(duo, "greedy", 1), GreedyBot)


@pytest.mark.parametrize("seed", range(15))
def test_greedy_plays_only_legal_actions_solo(solo, seed):
    game = solo.new_game(seed=seed)
    bot = Checked(GreedyBot(seed))
    play_game(game, [bot])
    assert game.is_over
    assert bot.choices
    assert game.result.scores["p1"] >= 0


@pytest.mark.parametrize("seed", range(15))
def test_greedy_plays_only_legal_actions_two_players(duo, seed):
    game = duo.new_game(seed=seed)
    # greedy against greedy on even seeds, against random on odd ones
    other = GreedyBot(seed + 100) if seed % 2 == 0 else RandomBot(seed)
    bots = [Checked(GreedyBot(seed)), Checked(other)]
    play_game(game, bots)
    assert game.is_over
    assert all(b.choices for b in bots)


def test_greedy_is_deterministic_for_a_seed(solo, duo):
    for rs, n in ((solo, 1), (duo, 2)):
        runs = []
        for _ in range(2):
            game = rs.new_game(seed=7)
            play_game(game, [GreedyBot(3) for _ in range(n)])
            runs.append((game.actions, game.result.scores))
        assert runs[0] == runs[1]


def test_random_bot_is_reproducible_for_a_seed(duo):
    def actions(seed):
        game = duo.new_game(seed=11)
        play_game(game, [RandomBot(seed), RandomBot(seed + 1)])
        return game.actions

    assert actions(5) == actions(5)
    assert actions(5) != actions(6)


def test_greedy_beats_the_random_bot(duo):
    """2 players, 60 seeded games, greedy sits first on even seeds and second on odd ones."""
    greedy_scores, random_scores, greedy_wins, random_wins = [], [], 0, 0
    for seed in range(60):
        me = seed % 2
        agents = [None, None]
        agents[me] = GreedyBot(seed)
        agents[1 - me] = RandomBot(seed)
        game = duo.new_game(seed=seed)
        play_game(game, agents)
        r = game.result
        greedy_scores.append(r.scores[f"p{me + 1}"])
        random_scores.append(r.scores[f"p{2 - me}"])
        greedy_wins += f"p{me + 1}" in r.winners
        random_wins += f"p{2 - me}" in r.winners
    mean_greedy = sum(greedy_scores) / 60
    mean_random = sum(random_scores) / 60
    # measured: greedy about 20 coins a game, random about 2
    assert mean_greedy > mean_random + 5
    assert greedy_wins > random_wins
    assert sum(g > r for g, r in zip(greedy_scores, random_scores)) >= 45


def test_greedy_solo_does_better_than_random_solo(solo):
    """The margin over the (doubled) mafia, over 30 seeded solo games."""

    def margin(make):
        total = 0
        for seed in range(30):
            game = solo.new_game(seed=seed)
            play_game(game, [make(seed)])
            total += game.result.scores["p1"] - game.result.scores["mafia"]
        return total / 30

    assert margin(GreedyBot) > margin(RandomBot) + 10


# ------------------------------------------------------------------------------------------
# Hand-built situations (a view and the legal actions, as the engine would give them)
# ------------------------------------------------------------------------------------------

BLUE, KIDNEY, FIRE, PUFF, BROAD, FRENCH, RUNNER = (
    "Blaue Bohne",
    "Kidneybohne",
    "Feuerbohne",
    "Puffbohne",
    "Saubohne",
    "Brechbohne",
    "Stangenbohne",
)


def make_view(
    *,
    phase,
    hand,
    fields,
    bosses,
    players=1,
    opp_fields=((), ()),
    coins=0,
    deck=60,
    discard=(),
    piles=(),
    treasury=0,
):
    """A view for player 0: ``fields`` and ``bosses`` as (bean, count) pairs or None."""

    def field(spec):
        return () if spec is None else (spec[0],) * spec[1]

    own = tuple(field(f) for f in fields)
    all_fields = (own,) if players == 1 else (own, tuple(opp_fields))
    thresholds = (3, 2, 1) if players == 1 else (3, 2)
    names = ("Al Cabohne", "Don Corlebohne", "Joe Bohnano")[: len(thresholds)]
    beans = BeansView(
        hand=tuple(hand),
        hand_sizes=(len(hand),) + ((5,) if players == 2 else ()),
        fields=all_fields,
        coins=(coins,) + ((0,) if players == 2 else ()),
        own_coins=(FRENCH,) * coins,
        set_aside=0,
        deck_size=deck,
        discard=tuple(discard),
        piles=tuple(tuple([b] * n) for b, n in piles),
        leftovers=(),
        run_outs=0,
    )
    mafia = MafiaView(
        bosses=names,
        thresholds=thresholds,
        fields=tuple(field(b) for b in bosses),
        treasury=treasury,
    )
    return View(
        player=0,
        players=players,
        variants=("al_cabohne",),
        turn=5,
        active=0,
        stage="turns",
        phase=phase,
        to_act=0,
        prompt="",
        parts={"beans": beans, "mafia": mafia},
    )


def test_forced_harvest_picks_the_field_that_loses_least():
    # RULES A "Play from hand": a front card that fits no field needs a harvest first.
    # Runner 6 sells for its most (4 coins, nothing more to gain); blue 5 is on its way up.
    view = make_view(
        phase="play",
        hand=[KIDNEY, BLUE, BLUE],
        fields=[(RUNNER, 6), (BLUE, 5), (FIRE, 2)],
        bosses=[(PUFF, 1), (BROAD, 1), (FRENCH, 1)],
    )
    legal = [Harvest(1), Harvest(0), Harvest(2)]  # any order
    assert GreedyBot(0).act(view, legal) == Harvest(0)


def test_harvests_before_the_tax_when_the_tax_would_cost_a_coin():
    # RULES A "Mafia tax": one bean of each field whose bean a boss collects goes to the boss.
    # Fire 3 sells for 1 now; after the tax (2 fire) it would sell for nothing.
    view = make_view(
        phase="tax",
        hand=[FIRE, RUNNER],
        fields=[(FIRE, 3), (BLUE, 2), None],
        bosses=[(FIRE, 2), (BROAD, 1), (FRENCH, 1)],
        deck=20,
    )
    legal = [Harvest(1), Harvest(0), PayTax()]
    assert GreedyBot(0).act(view, legal) == Harvest(0)


def test_plants_a_flipped_pile_on_the_field_that_grows_it():
    view = make_view(
        phase="plant",
        hand=[BLUE],
        fields=[(KIDNEY, 4), (BLUE, 3), None],
        bosses=[(PUFF, 1), (BROAD, 1), (FRENCH, 1)],
        piles=[(KIDNEY, 2)],
    )
    legal = [Harvest(0), PlantPile(0, 0), Harvest(1)]
    assert GreedyBot(0).act(view, legal) == PlantPile(0, 0)


def test_refills_a_boss_with_a_bean_that_is_nearly_used_up():
    # RULES A "Plant": every boss must hold a card; the player chooses which hand card.
    # Only one runner is left unseen (11 on the discard, 1 in hand), many kidneys are unseen:
    # a boss on runners will collect almost nothing.
    view = make_view(
        phase="plant",
        hand=[KIDNEY, RUNNER, BLUE],
        fields=[(BLUE, 3), (PUFF, 2), (BROAD, 2)],
        bosses=[None, (FIRE, 1), (FRENCH, 1)],
        discard=[RUNNER] * 11 + [BLUE],
    )
    legal = [Gift(0, 0), Gift(1, 0), Gift(2, 0)]
    assert GreedyBot(0).act(view, legal) == Gift(1, 0)


def test_plants_a_second_card_that_fits_a_field():
    # RULES A "Play from hand": the new front card may be planted.
    view = make_view(
        phase="play",
        hand=[BLUE, KIDNEY],
        fields=[(BLUE, 4), (PUFF, 2), (BROAD, 2)],
        bosses=[(FIRE, 1), (FRENCH, 1), (RUNNER, 1)],
    )
    legal = [Pass(), PlantFront(0)]
    assert GreedyBot(0).act(view, legal) == PlantFront(0)


def test_does_not_give_a_valuable_pile_to_the_mafia_in_a_two_player_game():
    view = make_view(
        phase="plant",
        players=2,
        hand=[BLUE, KIDNEY],
        fields=[(BLUE, 4), (PUFF, 2)],
        bosses=[(FIRE, 1), None],
        piles=[(BLUE, 2)],
    )
    legal = [GivePile(0, 1), PlantPile(0, 0), Done()]
    assert GreedyBot(0).act(view, legal) == PlantPile(0, 0)
