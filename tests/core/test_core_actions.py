"""The action table: 1-based codes, parsing, stable unique ids, errors."""

from __future__ import annotations

import pytest
from attrs import frozen

import beanframe
from beanframe.core.actions import Action, ActionTable, param
from beanframe.core.compose import Config
from beanframe.errors import ConfigError, IllegalActionError

from .fakes import Pass, Play, counter, plugin


@frozen(cache_hash=True)
class Move(Action):
    name = "move"
    text = "move from field {src} to pile {dst}"
    src: int = param("f")
    dst: int = param("p")

    @classmethod
    def domain(cls, config):
        return (cls(s, d) for s in range(config.params["n"]) for d in range(2))


@frozen(cache_hash=True)
class Stop(Action):
    name = "stop"


@frozen(cache_hash=True)
class NoDomain(Action):
    name = "nodomain"
    x: int = param()


@frozen(cache_hash=True)
class OtherStop(Action):
    name = "stop"


def table(n: int = 3, classes=(Move, Stop)) -> ActionTable:
    t = ActionTable()
    config = Config(("fake",), 2, {}, params={"n": n})
    for cls in classes:
        t.add_class(cls, config)
    return t


def test_codes_are_one_based_with_prefixes():
    assert Move(0, 1).code == "move f1 p2"
    assert Stop().code == "stop"
    assert NoDomain(4).code == "nodomain 5"
    assert str(Move(2, 0)) == "move from field 3 to pile 1"  # text templates are 1-based too
    assert str(Stop()) == "stop"


def test_ids_number_the_domains_in_registration_order():
    t = table()
    assert len(t) == 3 * 2 + 1
    assert [t.id_of(a) for a in t] == list(range(len(t)))
    assert t.from_id(0) == Move(0, 0)
    assert t.from_id(1) == Move(0, 1)
    assert t.from_id(6) == Stop()
    # registration order decides: Stop first gives Stop id 0
    assert table(classes=(Stop, Move)).id_of(Stop()) == 0


def test_ids_are_stable_and_unique_across_compositions():
    a = beanframe.compose([counter()], 2).actions
    b = beanframe.compose([counter()], 2).actions
    assert [x.code for x in a] == [x.code for x in b]
    assert [a.id_of(x) for x in a] == [b.id_of(x) for x in b]
    codes = [x.code for x in a]
    assert len(set(codes)) == len(codes)
    assert len({a.id_of(x) for x in a}) == len(a)
    assert codes == ["play h1", "play h2", "play h3", "pass"]


def test_parse_round_trips_every_action():
    t = table()
    for action in t:
        assert t.parse(action.code) is action  # the canonical instance
        assert t.coerce(action.code) is action
        assert t.coerce(t.id_of(action)) is action
        assert t.coerce(type(action)(*attrs_values(action))) is action


def attrs_values(action):
    import attrs

    return [getattr(action, f.name) for f in attrs.fields(type(action))]


def test_parse_normalises_spaces_and_case():
    t = table()
    assert t.parse("  MOVE   f2  P1 ") == Move(1, 0)
    assert t.parse("Stop") == Stop()


def test_unknown_codes_and_ids_raise_illegal_action_errors():
    t = table()
    with pytest.raises(IllegalActionError, match=r"unknown action 'jump f1' \(known actions: move, stop\)"):
        t.parse("jump f1")
    with pytest.raises(IllegalActionError, match=r"'move f9 p1' is not a valid 'move' action"):
        t.parse("move f9 p1")
    # issue 20.3: `why attack` said only "'attack' is not a valid 'attack' action": say how it is written
    with pytest.raises(IllegalActionError, match=r"'move' is not a valid 'move' action: it is written move f<k> p<k>, e\.g\. move f1 p1"):
        t.parse("move")
    with pytest.raises(IllegalActionError, match=r"unknown action ''"):
        t.parse("")
    with pytest.raises(IllegalActionError, match=r"no action has id 7 \(the ids run 0\.\.6\)"):
        t.from_id(7)
    with pytest.raises(IllegalActionError, match=r"no action has id -1"):
        t.from_id(-1)
    with pytest.raises(IllegalActionError, match=r"is not an action of this ruleset"):
        t.id_of(Move(5, 0))
    with pytest.raises(IllegalActionError, match=r"not an action: True"):
        t.coerce(True)
    with pytest.raises(IllegalActionError, match=r"not an action: 1\.0"):
        t.coerce(1.0)


def test_a_parameterised_class_must_define_its_domain():
    with pytest.raises(NotImplementedError, match=r"NoDomain has parameters"):
        table(classes=(NoDomain,))


def test_two_classes_with_one_name_are_refused():
    with pytest.raises(ValueError, match=r"two action classes use the name 'stop'"):
        table(classes=(Stop, OtherStop))


@frozen(cache_hash=True)
class OtherPass(Action):
    name = "pass"  # the counter game has a "pass" already


def test_a_name_clash_between_plugins_is_a_config_error():
    house = plugin("house", beanframe_register_actions=lambda register: register(OtherPass))
    with pytest.raises(ConfigError, match=r"two action classes use the name 'pass'"):
        beanframe.compose([counter(), house], 2)


def test_a_plugin_action_without_domain_is_a_config_error():
    house = plugin("house", beanframe_register_actions=lambda register: register(NoDomain))
    with pytest.raises(ConfigError, match=r"NoDomain has parameters"):
        beanframe.compose([counter(), house], 2)


@frozen(cache_hash=True)
class OldDescribe(Action):
    name = "old-describe"

    def describe(self, game):  # the API before issue 17: no choosing player
        return "reads game.to_act's hand"


@frozen(cache_hash=True)
class NewDescribe(Action):
    name = "new-describe"

    def describe(self, game, player):
        return f"for player {player + 1}"


def test_a_describe_without_the_choosing_player_is_a_config_error():
    # issue 17: in a group decision to_act is not always the one choosing, so describe takes it
    house = plugin("house", beanframe_register_actions=lambda register: register(OldDescribe))
    with pytest.raises(ConfigError, match=r"OldDescribe.describe must take the player choosing the action"):
        beanframe.compose([counter(), house], 2)


def test_describe_is_given_the_choosing_player():
    house = plugin("house", beanframe_register_actions=lambda register: register(NewDescribe))
    game = beanframe.compose([counter(), house], 2).new_game(seed=1)
    assert game.describe(NewDescribe(), 1) == "for player 2"
    assert game.describe(NewDescribe()) == f"for player {game.to_act + 1}"  # default: to_act
    # anyone else gets the public wording (the class text, here its code), never describe()
    assert game.describe_for(NewDescribe(), 0, actor=1) == "new-describe"
    assert game.describe_for(NewDescribe(), 1, actor=1) == "for player 2"


def test_games_accept_actions_codes_and_ids_alike():
    rs = beanframe.compose([counter()], 2)
    a, b, c = rs.new_game(seed=3), rs.new_game(seed=3), rs.new_game(seed=3)
    a.apply(Play(1))
    b.apply("play h2")
    c.apply(rs.actions.id_of(Play(1)))
    assert a.to_json() == b.to_json() == c.to_json()
    assert [x.code for x in a.actions] == ["play h2"]
    assert a.actions[0] is rs.actions.canonical(Play(1))
    a.apply(Pass())
    assert [x.code for x in a.actions] == ["play h2", "pass"]
