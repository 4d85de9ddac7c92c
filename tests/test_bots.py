"""Al Cabohne's bots: the greedy bot plays only legal actions, is reproducible, beats the random
bot, and makes the sensible choice in small hand-built situations; the random bot is reproducible.
The greedy bot plays the composed rules (house rules and options change its choices), and it
leaves a house rule's actions alone unless the plugin tells bots what they are worth.
"""

from __future__ import annotations

import attrs
import pytest
from attrs import frozen
from beanframe_plugins.al_cabohne.actions import (
    BuyField,
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
from beanframe.beans import PART as BEANS
from beanframe.beans import BeansView, pay_coins
from beanframe.core.actions import Action
from beanframe.core.hookspecs import hookimpl
from beanframe.core.state import TURNS
from beanframe.core.steps import Option
from beanframe.core.variant import VariantInfo
from beanframe.core.view import View
from beanframe.errors import ConfigError


def plugin(name, *, requires=(), **hooks):
    """A variant plugin (a class: pluggy needs hashable plugins) with the given hooks."""

    def beanframe_variant():
        return VariantInfo(name=name, version="1.0", requires=requires)

    hooks["beanframe_variant"] = beanframe_variant
    return type(name, (), {hook: staticmethod(hookimpl(fn)) for hook, fn in hooks.items()})


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
    bot = Checked(GreedyBot(solo, seed))
    play_game(game, [bot])
    assert game.is_over
    assert bot.choices
    # the solo score is the coins the player holds at the end (RULES A "Solo game")
    assert game.result.scores["p1"] == len(game.part(BEANS).coins[0])


@pytest.mark.parametrize("seed", range(15))
def test_greedy_plays_only_legal_actions_two_players(duo, seed):
    game = duo.new_game(seed=seed)
    # greedy against greedy on even seeds, against random on odd ones
    other = GreedyBot(duo, seed + 100) if seed % 2 == 0 else RandomBot(seed)
    bots = [Checked(GreedyBot(duo, seed)), Checked(other)]
    play_game(game, bots)
    assert game.is_over
    assert all(b.choices for b in bots)


def test_greedy_is_deterministic_for_a_seed(solo, duo):
    for rs, n in ((solo, 1), (duo, 2)):
        runs = []
        for _ in range(2):
            game = rs.new_game(seed=7)
            play_game(game, [GreedyBot(rs, 3) for _ in range(n)])
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
        agents[me] = GreedyBot(duo, seed)
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
    # measured (1000 games, benchmarks/winrates.py): greedy about 30 coins a game, random about 2
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

    assert margin(lambda seed: GreedyBot(solo, seed)) > margin(RandomBot) + 10


# ------------------------------------------------------------------------------------------
# Hand-built situations (a view and the legal actions, as the engine would give them)
# ------------------------------------------------------------------------------------------

BLUE, KIDNEY, FIRE, PUFF, BROAD, FRENCH, RUNNER = (
    "Blue Bean",
    "Kidney Bean",
    "Chili Bean",
    "Fava Bean",
    "Stink Bean",
    "Green Bean",
    "Runner Bean",
)


_RULESETS: dict = {}


def ruleset(players, *variants, **options):
    """A composed ruleset (cached): Al Cabohne plus ``variants``; ``options`` as
    ``al_cabohne__third_field_cost=3`` (variant, two underscores, option)."""
    opts: dict = {}
    for key, value in options.items():
        variant, _, name = key.partition("__")
        opts.setdefault(variant, {})[name] = value
    key = (players, variants, tuple(sorted(options.items())))
    if key not in _RULESETS:
        _RULESETS[key] = beanframe.compose(["al_cabohne", *variants], players, opts)
    return _RULESETS[key]


def greedy(view, *variants, **options):
    """The greedy bot for the view's player count, made from the ruleset as make_bot makes it."""
    return make_bot(ruleset(view.players, *variants, **options), "greedy", 0)


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
    assert greedy(view).act(view, legal) == Harvest(0)


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
    assert greedy(view).act(view, legal) == Harvest(0)


def test_sells_a_completed_field_before_the_flips():
    # F.20: between phase 3 (solo 2) and the flips the player may still harvest. The solo
    # rulebook's tip 5: sell a field the second card completed (Fava Bean 7: its last meter step),
    # so the flips may win its discarded beans back; a field with a step to go is kept.
    def decide(puffs):
        view = make_view(
            phase="before_flip",
            hand=[BLUE, FIRE, KIDNEY],
            fields=[(PUFF, puffs), (BLUE, 3), None],
            bosses=[(BROAD, 1), (FRENCH, 1), (KIDNEY, 1)],
            deck=60,
        )
        return greedy(view).act(view, [Done(), Harvest(0), Harvest(1)])

    assert decide(7) == Harvest(0)
    assert decide(6) == Done()


def test_the_bot_plans_the_second_card_by_f21():
    # F.21: a second card of another bean goes on another field than the first card's, even if
    # that field is harvested in between. The first card completes Runner Bean 6 on field 0; the
    # second, a Stink Bean, fits no field. Selling field 0 would not make room for it (the bot
    # remembers its first card: the view does not show it), so it sells the Blue Bean field.
    # F.19: the Kidney Bean field (one bean) may not be sold while others hold more.
    def view(runners, hand):
        return make_view(
            phase="play",
            hand=hand,
            fields=[(RUNNER, runners), (BLUE, 3), (KIDNEY, 1)],
            bosses=[(PUFF, 1), (FRENCH, 1), (FIRE, 1)],
            deck=60,
        )

    broads = [BROAD] * 5
    bot = greedy(view(5, broads))
    first = view(5, [RUNNER, *broads])
    assert bot.act(first, [PlantFront(0)]) == PlantFront(0)
    second = view(6, broads)
    assert bot.act(second, [Pass(), Harvest(0), Harvest(1)]) == Harvest(1)
    # a bot that did not plant the first card (it cannot know the first card's field) may plan on
    # field 0 and sell it: the memory is what makes the difference
    assert greedy(second).act(second, [Pass(), Harvest(0), Harvest(1)]) == Harvest(0)


def test_plants_a_flipped_pile_on_the_field_that_grows_it():
    view = make_view(
        phase="plant",
        hand=[BLUE],
        fields=[(KIDNEY, 4), (BLUE, 3), None],
        bosses=[(PUFF, 1), (BROAD, 1), (FRENCH, 1)],
        piles=[(KIDNEY, 2)],
    )
    legal = [Harvest(0), PlantPile(0, 0), Harvest(1)]
    assert greedy(view).act(view, legal) == PlantPile(0, 0)


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
    assert greedy(view).act(view, legal) == Gift(1, 0)


def test_plants_a_second_card_that_fits_a_field():
    # RULES A "Play from hand": the new front card may be planted.
    view = make_view(
        phase="play",
        hand=[BLUE, KIDNEY],
        fields=[(BLUE, 4), (PUFF, 2), (BROAD, 2)],
        bosses=[(FIRE, 1), (FRENCH, 1), (RUNNER, 1)],
    )
    legal = [Pass(), PlantFront(0)]
    assert greedy(view).act(view, legal) == PlantFront(0)


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
    assert greedy(view).act(view, legal) == PlantPile(0, 0)


def with_run_outs(view, run_outs):
    beans = attrs.evolve(view["beans"], run_outs=run_outs)
    return attrs.evolve(view, parts={**view.parts, "beans": beans})


# ------------------------------------------------------------------------------------------
# Bots follow the composed rules: parameters come from the ruleset, not from a copy
# ------------------------------------------------------------------------------------------


def third_field_decision(coins, deck, run_outs):
    """2 players, phase 3: the front card fits no field; harvest a growing field or buy one. A
    third field is worth more the more turns are left (deck size, run-outs so far)."""
    view = make_view(
        phase="play",
        players=2,
        hand=[PUFF, KIDNEY, BLUE],
        fields=[(KIDNEY, 4), (BLUE, 3)],
        bosses=[(FIRE, 1), (BROAD, 1)],
        coins=coins,
        deck=deck,
    )
    return with_run_outs(view, run_outs), [Harvest(0), Harvest(1), BuyField()]


def test_cheap_field_the_bot_buys_with_2_coins_where_it_bought_with_4():
    # RULES A "Third field" (cost 4); house rule cheap_field: cost 2. Early in the game a third
    # field is worth its 4 coins, so under cheap_field it is bought as soon as 2 coins are there.
    view, legal = third_field_decision(coins=4, deck=100, run_outs=0)
    assert greedy(view).act(view, legal) == BuyField()
    view, legal = third_field_decision(coins=2, deck=100, run_outs=0)
    assert greedy(view, "cheap_field").act(view, legal) == BuyField()


def test_cheap_field_the_bot_buys_where_4_coins_would_be_too_much():
    # RULES A "Third field". After the second run-out a third field is worth less than 4 coins
    # but more than 2: the rulebook bot keeps its coins, the cheap_field bot buys.
    view, legal = third_field_decision(coins=4, deck=60, run_outs=2)
    assert greedy(view).act(view, legal) != BuyField()
    assert greedy(view, "cheap_field").act(view, legal) == BuyField()
    view, legal = third_field_decision(coins=2, deck=60, run_outs=2)
    assert greedy(view, "cheap_field").act(view, legal) == BuyField()


def test_the_third_field_cost_option_moves_the_bot_s_choice():
    # RULES A "Third field", with -o al_cabohne.third_field_cost=N
    view, legal = third_field_decision(coins=5, deck=80, run_outs=1)
    assert greedy(view, al_cabohne__third_field_cost=3).act(view, legal) == BuyField()
    assert greedy(view, al_cabohne__third_field_cost=4).act(view, legal) != BuyField()
    view, legal = third_field_decision(coins=6, deck=60, run_outs=2)
    assert greedy(view, al_cabohne__third_field_cost=2).act(view, legal) == BuyField()
    assert greedy(view, al_cabohne__third_field_cost=3).act(view, legal) != BuyField()
    view, legal = third_field_decision(coins=6, deck=100, run_outs=0)
    assert greedy(view, al_cabohne__third_field_cost=4).act(view, legal) == BuyField()
    assert greedy(view, al_cabohne__third_field_cost=6).act(view, legal) != BuyField()


def test_the_solo_mafia_factor_option_moves_the_bot_s_choice():
    # RULES A "Solo game" (the mafia's coins count double; option solo_mafia_factor) and
    # "Mafia tax": a planted Runner Bean, which Al Cabohne collects, pays him a bean every
    # turn. Worth it while a mafia coin counts 1-3 times; not when it counts 4 times. F.19: once
    # planted it cannot be sold off at once (the other fields hold two beans each). The question is
    # planting it or not (harvesting a two-bean field first is legal too, and another question).
    view = make_view(
        phase="play",
        hand=[RUNNER, BLUE, FIRE, KIDNEY, BLUE],
        fields=[(FIRE, 2), (PUFF, 2), None],
        bosses=[(RUNNER, 1), (BLUE, 1), (KIDNEY, 1)],
        deck=106,
    )
    legal = [PlantFront(2), Pass()]
    assert greedy(view).act(view, legal) == PlantFront(2)
    assert greedy(view, al_cabohne__solo_mafia_factor=1).act(view, legal) == PlantFront(2)
    assert greedy(view, al_cabohne__solo_mafia_factor=3).act(view, legal) == PlantFront(2)
    assert greedy(view, al_cabohne__solo_mafia_factor=4).act(view, legal) == Pass()


def test_under_cheap_field_the_bot_buys_its_third_field_in_real_games():
    # RULES A "Third field" with cheap_field: bought (a legal action, through make_bot) in most
    # greedy-vs-greedy games
    rs = ruleset(2, "cheap_field")
    bought = 0
    for seed in range(6):
        game = rs.new_game(seed=seed)
        bots = [Checked(make_bot(rs, "greedy", seed)), Checked(make_bot(rs, "greedy", seed + 50))]
        play_game(game, bots)
        bought += sum(b.choices.count(BuyField()) for b in bots)
    assert bought >= 6


# ------------------------------------------------------------------------------------------
# make_bot and the bot registry
# ------------------------------------------------------------------------------------------


class Recorder:
    """A bot that remembers how it was made."""

    def __init__(self, seed, ruleset):
        self.seed, self.ruleset = seed, ruleset

    def act(self, view, legal):
        return legal[0]


def test_make_bot_gives_the_factory_the_seed_and_the_ruleset():
    house = plugin("recorder_rule", beanframe_register_bots=lambda register: register("rec", Recorder, "records"))
    rs = beanframe.compose(["al_cabohne", house], 1)
    bot = make_bot(rs, "rec", 9)
    assert (bot.seed, bot.ruleset) == (9, rs)
    assert make_bot(rs, "greedy", 9).act  # the built-ins take them too
    assert make_bot(rs, "random", 9).act


def test_a_bot_factory_without_the_ruleset_keyword_is_refused_at_composition():
    def old_style(seed):
        return RandomBot(seed)

    house = plugin("old_bot_rule", beanframe_register_bots=lambda register: register("old", old_style, ""))
    with pytest.raises(ConfigError, match=r"old_bot_rule: bot 'old'.*seed and ruleset"):
        beanframe.compose(["al_cabohne", house], 1)


# ------------------------------------------------------------------------------------------
# Bots and new actions: a house rule's any-time action
# ------------------------------------------------------------------------------------------


@frozen(cache_hash=True)
class Tribute(Action):
    """A fake house rule's action: pay one of one's coins into the mafia treasury."""

    name = "tribute"
    text = "pay the mafia a coin"


TRIBUTE = Tribute()


@frozen(cache_hash=True)
class Bribe(Action):
    """Another action no bot was taught."""

    name = "bribe"
    text = "bribe the mafia"


def _tribute_legal(game, player):
    s = game.state
    if s.stage != TURNS or s.active != player or not game.part(BEANS).coins[player]:
        return ()
    return (TRIBUTE,)


def _tribute_apply(game, action, player=None):  # player: given by cores that pass it
    player = game.to_act if player is None else player
    pay_coins(game.part(BEANS), player, 1, game.part("mafia").treasury)


def tribute_rule(value=None):
    """The house rule: Tribute, any time in the own turn; ``value``: what it tells bots."""

    def register_bots(register):
        if value is not None:
            register.action_value(Tribute, value)

    return plugin(
        "tribute",
        requires=("al_cabohne",),
        beanframe_register_actions=lambda register: register(Tribute),
        beanframe_register_options=lambda register: register(Option("tribute", (Tribute,), _tribute_legal, _tribute_apply)),
        beanframe_register_bots=register_bots,
    )


class Watch(Checked):
    """Also counts the decisions where Tribute was legal."""

    offered = 0

    def act(self, view, legal):
        self.offered += TRIBUTE in legal
        return super().act(view, legal)


def test_the_greedy_bot_ignores_an_action_nobody_taught_it():
    rs = beanframe.compose(["al_cabohne", tribute_rule()], 1)
    offered = 0
    for seed in range(4):
        game = rs.new_game(seed=seed)
        bot = Watch(make_bot(rs, "greedy", seed))
        play_game(game, [bot])
        assert TRIBUTE not in bot.choices
        offered += bot.offered
    assert offered > 20  # it had the chance, many times


def test_the_greedy_bot_takes_an_unknown_action_when_nothing_else_is_legal():
    rs = beanframe.compose(["al_cabohne", tribute_rule()], 1)
    game = rs.new_game(seed=1)
    bot = make_bot(rs, "greedy", 1)
    view = game.view(0)
    assert bot.act(view, [TRIBUTE]) is TRIBUTE
    assert bot.act(view, [TRIBUTE, Bribe()]) in (TRIBUTE, Bribe())  # forced: one of them
    assert bot.act(view, [TRIBUTE, Harvest(2)]) == Harvest(2)  # a known action is there


def test_the_greedy_bot_uses_an_action_its_plugin_values():
    # The plugin says what Tribute is worth (in coins, compared with not taking it): the bot
    # takes it whenever that beats its other choices, and never when the value is None or low.
    eager = beanframe.compose(["al_cabohne", tribute_rule(lambda ruleset, view, action: 100.0)], 1)
    game = eager.new_game(seed=2)
    bot = Watch(make_bot(eager, "greedy", 2))
    play_game(game, [bot])
    assert bot.offered and bot.choices.count(TRIBUTE) == bot.offered

    def honest(ruleset, view, action):
        # one coin less for the player, one more for the mafia, which counts solo_mafia_factor times
        return -1.0 - ruleset.config.params["al_cabohne"].solo_mafia_factor

    for value in (honest, lambda ruleset, view, action: None):
        rs = beanframe.compose(["al_cabohne", tribute_rule(value)], 1)
        game = rs.new_game(seed=2)
        bot = Watch(make_bot(rs, "greedy", 2))
        play_game(game, [bot])
        assert bot.offered and TRIBUTE not in bot.choices


def test_a_second_value_for_the_same_action_needs_replace():
    value = lambda ruleset, view, action: 1.0  # noqa: E731
    twice = plugin(
        "twice",
        requires=("tribute",),
        beanframe_register_bots=lambda register: register.action_value(Tribute, value),
    )
    with pytest.raises(ConfigError, match="twice: a bot value for Tribute exists already"):
        beanframe.compose(["al_cabohne", tribute_rule(value), twice], 1)
