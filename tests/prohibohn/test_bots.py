"""The Prohibohn bot's use of the buildings it owns (plugins/prohibohn/bots.py): its model knows the
Varieté's plants from any hand position, weighs the 3-Casino's discard, and plants by the Nightbar's
rule. Each scenario also runs the bot as it was before (``plays=False``) where it chose worse."""

from types import SimpleNamespace

from beanframe_plugins.al_cabohne.actions import PlantFront
from beanframe_plugins.prohibohn.bots import ProhibohnGreedy
from beanframe_plugins.prohibohn.buildings.play import DiscardHand, PlantHand

from .helpers import bean, situation

BOSSES = [["blue"], ["runner"]]  # the mafia collects Blaue and Stangen


def choice(game, plays=True):
    bot = ProhibohnGreedy(game.ruleset, 0, plays=plays)
    return bot, bot.act(game.view(game.to_act), game.legal_actions())


def test_variete_4_plants_a_card_from_behind_instead_of_harvesting():
    # RULES B "Varieté 4": the mandatory 1st card may come from any hand position. The front
    # Fava Bean fits neither field; a Chili Bean behind it grows field 1.
    game = situation(at="play", hands=[["puff", "fire", "kidney"], ["french"]], bosses=BOSSES,
                     fields=[[["fire"] * 3, ["broad"] * 3], [[], []]], owned=[["variete4"], []])
    _, action = choice(game)
    assert isinstance(action, PlantHand) and action.hand == 1 and action.field == 0
    _, before = choice(game, plays=False)
    assert not isinstance(before, PlantHand)  # the previous bot never planted from behind


def test_casino_3_keeps_a_front_card_that_grows_a_field():
    # RULES B "Casino 3": discarding is optional; the front Chili Bean grows field 1
    game = situation(at="play", hands=[["fire", "kidney", "puff"], ["french"]], bosses=BOSSES,
                     fields=[[["fire"] * 3, []], [[], []]], owned=[["casino3"], []])
    _, action = choice(game)
    assert action != DiscardHand(0)
    _, before = choice(game, plays=False)
    assert before == DiscardHand(0)  # the previous bot's fixed guess threw it away


def test_nightbar_3_teaches_the_model_mixed_fields():
    # RULES B "Nightbar 3" / F.24: the model's planting rule is Prohibohn's for a Nightbar owner
    game = situation(at="play", hands=[["puff", "fire"], ["french"]], bosses=BOSSES,
                     fields=[[["fire", "fire"], ["broad"]], [[], []]], owned=[["nightbar3"], []])
    bot, action = choice(game)
    assert isinstance(action, PlantFront)
    model = SimpleNamespace(fields=[[[bean(game, "fire")] * 2, [bean(game, "broad")]], [[], []]])
    assert bot.inner.rules.plant_targets(model, 0, bean(game, "puff")) == [0, 1]
    plain = ProhibohnGreedy(game.ruleset, 0, plays=False)
    plain.act(game.view(0), game.legal_actions())
    assert plain.inner.rules.plant_targets(model, 0, bean(game, "puff")) == []
