"""Canonical actions (issue 20.1): a house rule written exactly as docs/plugins.md 4.3 says (action
instances made once at import, steps and options that compare actions with ``is``) behaves the
same whether its actions are played as instances, codes or ids: by bots, by the CLI, through
saves and replays."""

from __future__ import annotations

import copy
import pickle
import sys
import textwrap

import attrs
import pytest
from typer.testing import CliRunner

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.beans.planting import PLANT_FRONT, PlantFront
from beanframe.testing import ConformanceError, check_action_forms, check_determinism, check_save_load, conformance_suite
from beanframe.testing.replays import first_divergence
from beanframe_cli.app import app
from beanframe_cli.config import load_plugin_file

# A house rule as docs/plugins.md 4.3 teaches it: parameterless classes keep the default
# domain(), the instances are made once at import, the option and the step compare with ``is``.
DUMP = '''
"""House rule: once per game, on their own turn, a player may dump their front hand card onto
the discard (or think better of it and keep it)."""
import attrs

from beanframe import VariantInfo, hookimpl
from beanframe.core import Action, Option, Step

NAME = "dump"


@attrs.frozen(cache_hash=True)
class Dump(Action):
    name = "dump"
    text = "dump your front hand card (once per game)"


@attrs.frozen(cache_hash=True)
class DumpFront(Action):
    name = "dump-front"
    text = "dump the front hand card"


@attrs.frozen(cache_hash=True)
class Keep(Action):
    name = "keep"
    text = "keep the hand as it is"


# canonical instances, made once at import: apply() matches them by identity
DUMP, DUMP_FRONT, KEEP = Dump(), DumpFront(), Keep()


@attrs.define
class Used:
    used: list[bool]

    @classmethod
    def empty(cls, config):
        return cls([False] * config.players)

    def clone(self):
        return Used(self.used.copy())

    def view(self, player):
        return tuple(self.used)


def dump_legal(game, player):
    s = game.state
    if game.stage_name != "turns" or s.active != player or s.parts[NAME].used[player]:
        return ()
    if len(s.parts["beans"].hands[player]) < 2:
        return ()
    return (DUMP,)


def dump_apply(game, action, player=None):
    player = game.to_act if player is None else player
    if action is DUMP:
        game.part(NAME).used[player] = True
        game.push("dump", player)


class DumpStep(Step):
    kind = "dump"
    options = False

    def legal(self, game, frame):
        return (DUMP_FRONT, KEEP)

    def apply(self, game, frame, action):
        if action is DUMP_FRONT:
            table = game.part("beans")
            card = table.hands[frame.player].pop(0)
            table.discard.append(card)
            game.emit("dump", frame.player, card)
        game.pop()

    def prompt(self, game, frame):
        return "dump: dump your front hand card, or keep it"


@hookimpl
def beanframe_variant():
    return VariantInfo(name=NAME, version="1.0", requires=("al_cabohne",),
                       description="once per game, dump your front hand card")


@hookimpl
def beanframe_register_parts(register):
    register(NAME, Used.empty, Used)


@hookimpl
def beanframe_register_actions(register):
    register(Dump)
    register(DumpFront)
    register(Keep)


@hookimpl
def beanframe_register_steps(register):
    register(DumpStep())


@hookimpl
def beanframe_register_options(register):
    register(Option("dump", (Dump,), dump_legal, dump_apply))


@hookimpl
def beanframe_register_events(events):
    def dump(game, player, card):
        bean = game.ruleset.config.params["beans"].cards.names[card]
        return f"player {player + 1} dumps {bean}"

    events.describe("dump", dump)
'''

SEED = 3


@pytest.fixture(scope="module")
def plugin_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("house") / "dump.py"
    path.write_text(textwrap.dedent(DUMP), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def plugin(plugin_file):
    module = load_plugin_file(plugin_file)
    yield module
    sys.modules.pop(module.__name__, None)


def _at_the_dump(plugin, players=1):
    """A new game whose player to act may dump now (and the hand they hold)."""
    game = beanframe.compose(["al_cabohne", plugin], players).new_game(seed=SEED)
    while plugin.DUMP not in game.legal_actions():
        game.apply(game.legal_actions()[0])
    return game


def _form(game, action, how):
    """``action`` as the instance, its code or its id."""
    return {"instance": action, "code": action.code, "id": game.ruleset.actions.id_of(action)}[how]


def test_the_table_holds_the_instances_the_plugin_made_at_import(plugin):
    # issue 20.1: a parameterless class keeps the default domain(), which made a second instance
    table = beanframe.compose(["al_cabohne", plugin], 2).actions
    for action in (plugin.DUMP, plugin.DUMP_FRONT, plugin.KEEP):
        assert table.parse(action.code) is action
        assert table.from_id(table.id_of(action)) is action
    assert plugin.DumpFront() is plugin.DUMP_FRONT


@pytest.mark.parametrize("how", ["instance", "code", "id"])
def test_the_house_rule_acts_the_same_played_as_instance_code_or_id(plugin, how):
    # issue 20.1: "dump-front" typed or given as an id used to reach the step as another object,
    # and the step's ``action is DUMP_FRONT`` did nothing
    game = _at_the_dump(plugin)
    player = game.to_act
    hand = list(game.part(BEANS).hands[player])
    game.apply(_form(game, plugin.DUMP, how))
    assert game.frame.kind == "dump"
    game.apply(_form(game, plugin.DUMP_FRONT, how))
    assert game.part(BEANS).hands[player] == hand[1:]
    assert game.part(BEANS).discard[-1] == hand[0]
    assert game.part("dump").used[player] is True
    assert game.actions[-1] is plugin.DUMP_FRONT  # the history holds the plugin's own instance
    by_instance = _at_the_dump(plugin)
    by_instance.apply(plugin.DUMP)
    by_instance.apply(plugin.DUMP_FRONT)
    assert game.to_json() == by_instance.to_json()


def test_saves_and_replays_of_the_house_rule_load(plugin):
    # issue 20.1: load_game replays codes; it refused such saves as "edited or corrupt"
    game = _at_the_dump(plugin, players=2)
    game.apply(plugin.DUMP)
    game.apply(plugin.DUMP_FRONT)
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    loaded = beanframe.load_game(game.to_json(), plugins=[plugin])
    assert loaded.to_json() == game.to_json()
    assert loaded.part(BEANS).discard == game.part(BEANS).discard


def test_the_house_rule_passes_the_conformance_kit(plugin):
    conformance_suite(["al_cabohne", plugin], players=[1, 2], games=2, bot_games=1)


def test_the_cli_plays_saves_and_replays_the_house_rule(plugin, plugin_file, tmp_path):
    # issue 20.1: a human typing "dump-front" at the terminal
    expected = _at_the_dump(plugin)
    n = len(expected.actions)
    hand = list(expected.part(BEANS).hands[0])
    save = tmp_path / "dumped.json"
    lines = [action.code for action in expected.actions]  # the moves up to the dump, typed
    script = "\n".join([*lines, "dump", "dump-front", f"save {save}", "quit", "", ""])
    result = CliRunner().invoke(
        app,
        ["--plugin", str(plugin_file), "play", "al_cabohne", "dump", "--players", "1", "--seed", str(SEED), "-q"],
        input=script,
        env={"COLUMNS": "250"},
    )
    assert result.exit_code == 0, (result.output, result.exception)
    loaded = beanframe.load_game(save.read_text(encoding="utf-8"), plugins=[plugin])
    assert [a.code for a in loaded.actions[n:]] == ["dump", "dump-front"]
    assert loaded.part(BEANS).discard[-1] == hand[0] and loaded.part(BEANS).hands[0][: len(hand) - 1] == hand[1:]
    replay = CliRunner().invoke(app, ["--plugin", str(plugin_file), "replay", str(save)], env={"COLUMNS": "250"})
    assert replay.exit_code == 0, (replay.output, replay.exception)
    assert "dumps" in replay.output


# -- canonical instances in general -------------------------------------------------------------


def test_an_action_is_one_instance_however_it_is_made():
    # issue 20.1: constructing, copying, unpickling, evolving: always the table's own instance
    a = PlantFront(2)
    assert a is PLANT_FRONT[2]
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert pickle.loads(pickle.dumps(a)) is a
    assert attrs.evolve(a, field=1) is PLANT_FRONT[1]
    table = beanframe.compose(["al_cabohne"], 2).actions
    assert table.parse("plant f3") is a and table.from_id(table.id_of(a)) is a


def test_an_equal_value_of_another_type_does_not_stand_in_for_the_action():
    # 2.0 == 2 and True == 1, but the canonical plant f3 keeps its int field (its code reads f3)
    assert PlantFront(2.0) is not PLANT_FRONT[2] and PlantFront(True) is not PLANT_FRONT[1]
    assert type(PlantFront(2).field) is int and PlantFront(2).code == "plant f3"


# -- the kit names the action that misbehaves ---------------------------------------------------

# The house rule above with DUMP_FRONT made around the class, as every instance was made before
# actions were canonical: the legal list hands out an instance the table does not hold, so the
# step's ``action is DUMP_FRONT`` is false for "dump-front" typed, saved or given as an id.
AROUND = DUMP.replace(
    "DUMP, DUMP_FRONT, KEEP = Dump(), DumpFront(), Keep()",
    "DUMP, KEEP = Dump(), Keep()\nDUMP_FRONT = object.__new__(DumpFront)\nDumpFront.__init__(DUMP_FRONT)",
)
# The house rule keeping state between rulesets: "dump-front" dumps the front card in the first
# ruleset composed, the back card in any later one (a replay on a freshly composed ruleset).
FORGETFUL = DUMP.replace(
    "    register(DumpStep())\n",
    "    COMPOSED.append(1)\n    step = DumpStep()\n    step.nth = len(COMPOSED)\n    register(step)\n",
).replace("card = table.hands[frame.player].pop(0)", "card = table.hands[frame.player].pop(0 if self.nth < 2 else -1)") + "\nCOMPOSED = []\n"
# ... and with the state in the module itself: every ruleset changes once a second one is made
GLOBAL = FORGETFUL.replace("self.nth < 2", "len(COMPOSED) < 2")


def _plugin(tmp_path, name, text):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    module = load_plugin_file(path)
    sys.modules.pop(module.__name__, None)
    return module


def _dumped(plugin, players=2):
    """A game that dumped the front card through the legal list's instance, and went on."""
    game = _at_the_dump(plugin, players)
    game.apply(plugin.DUMP)
    game.apply(plugin.DUMP_FRONT)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    return game, len(game.actions) - 6


def test_the_kit_names_an_action_that_does_something_else_as_code_or_id(tmp_path):
    # issue 20.1: the kit checks every action played as instance, table instance, code and id
    plugin = _plugin(tmp_path, "around", AROUND)
    assert plugin.DUMP_FRONT is not plugin.DumpFront()  # the misbehaviour this test needs
    game = _at_the_dump(plugin)
    game.apply(plugin.DUMP)
    with pytest.raises(ConformanceError) as caught:
        check_action_forms(game)
    error = caught.value
    assert error.check == "action forms"
    text = str(error)
    for form in ("the action table's instance", "its code", "its id"):
        assert f"'dump-front' (id {game.ruleset.actions.id_of(plugin.DUMP_FRONT)}) does something else given as {form}" in text
    assert "'keep'" not in text  # the action that behaves is not named
    # random play under the kit finds it where it is played, and names it (the position check,
    # which plays 40 actions ahead on a game restarted from the position, may meet it first)
    with pytest.raises(ConformanceError) as caught:
        conformance_suite(["al_cabohne", plugin], players=[2], games=3, bot_games=0)
    assert caught.value.check in ("action forms", "position")
    assert "'dump-front'" in str(caught.value).splitlines()[0]


def test_a_failed_save_load_names_the_first_action_that_replays_differently(tmp_path):
    # issue 20.1: load_game can only say "edited or corrupt"; the kit names the action
    plugin = _plugin(tmp_path, "around", AROUND)
    game, k = _dumped(plugin)
    with pytest.raises(ConformanceError) as caught:
        check_save_load(game)
    first = caught.value.problems[0]
    assert first.startswith(f"action {k} of {len(game.actions)} ('dump-front' by p{game.actors[k - 1] + 1}) does something else given as its code")
    assert "the save does not load" in caught.value.problems[1] or "saves differently" in caught.value.problems[1]
    with pytest.raises(ConformanceError) as caught:
        check_determinism(game)
    assert caught.value.problems[0] == first


def test_a_replay_on_a_fresh_ruleset_that_differs_names_the_action(tmp_path):
    # plugins must keep no state between rulesets: the kit names the first action that shows it
    plugin = _plugin(tmp_path, "forgetful", FORGETFUL)
    game, k = _dumped(plugin)
    with pytest.raises(ConformanceError) as caught:
        check_determinism(game)
    first = caught.value.problems[0]
    assert first.startswith(f"action {k} of {len(game.actions)} ('dump-front' by p{game.actors[k - 1] + 1}) does something else given as its code on a freshly composed ruleset")
    assert "than as it was played: after it.events[0] (\"('dump', 0, " in first  # another card dumped
    assert first_divergence(_dumped(_plugin(tmp_path, "well", DUMP))[0]) is None
    # no replay tells the rulesets apart then: the kit says the game depends on something else
    game, _ = _dumped(_plugin(tmp_path, "global", GLOBAL))
    with pytest.raises(ConformanceError) as caught:
        check_determinism(game)
    assert "something outside the game" in caught.value.problems[0]
