"""Save files: canonical JSON, round trips, and SaveFileError naming each kind of bad file."""

from __future__ import annotations

import json
import random

import pytest

import beanframe
from beanframe.core.persist import FORMAT, FORMAT_VERSION, load_game, snapshot
from beanframe.errors import SaveFileError

from .fakes import counter


def played(seed: int = 5, steps: int = 6, **kwargs):
    plug = counter(**kwargs)
    game = beanframe.compose([plug], 2).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game, plug


def edited(game, edit) -> str:
    raw = json.loads(game.to_json())
    edit(raw)
    return json.dumps(raw)


def test_the_save_is_canonical_json():
    game, plug = played()
    text = game.to_json()
    assert game.to_json() == text  # the same game saved twice: identical text
    raw = json.loads(text)
    assert json.dumps(raw, sort_keys=True, indent=1) + "\n" == text  # sorted keys, fixed layout
    assert set(raw) == {"format", "format_version", "variants", "players", "options", "seed", "deck", "actions", "state", "actors"}
    assert raw["format"] == FORMAT and raw["format_version"] == FORMAT_VERSION
    assert raw["variants"] == [{"name": "counter", "version": "1.0"}]
    assert raw["options"] == {"counter": {"target": 60}}  # every option, defaults included
    assert raw["actions"] == [a.code for a in game.actions]
    assert raw["actors"] == [actor for actor, _ in game.history]  # who took each action
    assert raw["state"] == json.loads(json.dumps(snapshot(game)))
    # no timestamps or other run-dependent data: an equal game, played separately, saves alike
    again, _ = played()
    assert again.to_json() == text


def test_load_gives_the_same_game_that_plays_on_alike():
    game, plug = played(steps=4)
    loaded = load_game(game.to_json(), plugins=[plug])
    assert loaded.to_json() == game.to_json()
    assert loaded.legal_actions() == game.legal_actions()
    rng = random.Random(1)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        loaded.apply(action.code)
    assert loaded.is_over and loaded.to_json() == game.to_json()
    assert loaded.result == game.result


def test_an_installed_variant_loads_without_plugins():
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    for _ in range(5):
        game.apply(game.legal_actions()[-1])
    assert load_game(game.to_json()).to_json() == game.to_json()


def test_invalid_json():
    with pytest.raises(SaveFileError, match=r"invalid JSON"):
        load_game("{not json")
    with pytest.raises(SaveFileError, match=r"invalid JSON"):
        load_game("")


@pytest.mark.parametrize("text", ['{"format": "chess-save"}', "[1, 2]", '"beanframe-save"', "{}"])
def test_wrong_format(text):
    with pytest.raises(SaveFileError, match=r"not a beanframe save file \(no 'format'"):
        load_game(text)


def test_unsupported_format_version():
    game, plug = played()
    with pytest.raises(SaveFileError, match=r"save format version 99 is not supported"):
        load_game(edited(game, lambda r: r.update(format_version=99)), plugins=[plug])


@pytest.mark.parametrize("field", ["seed", "actions", "players", "variants", "state", "options", "deck"])
def test_missing_field(field):
    game, plug = played()
    with pytest.raises(SaveFileError, match=rf"corrupt save file: missing field '{field}'"):
        load_game(edited(game, lambda r: r.pop(field)), plugins=[plug])


def test_extra_field():
    game, plug = played()
    with pytest.raises(SaveFileError, match=r"corrupt save file: .*extra"):
        load_game(edited(game, lambda r: r.update(extra=1)), plugins=[plug])


@pytest.mark.parametrize(
    ("field", "value"),
    [("players", "two"), ("actions", 5), ("state", []), ("variants", {"counter": "1.0"}), ("seed", None)],
)
def test_wrong_type(field, value):
    game, plug = played()
    with pytest.raises(SaveFileError, match=rf"corrupt save file: .*{field}"):
        load_game(edited(game, lambda r: r.update({field: value})), plugins=[plug])


@pytest.mark.parametrize(("field", "value"), [("players", "2"), ("seed", 5.7), ("actions", "pass")])
def test_values_of_the_wrong_type_are_not_coerced(field, value):
    game, plug = played(seed=5)
    with pytest.raises(SaveFileError, match=rf"corrupt save file: .*{field}"):
        load_game(edited(game, lambda r: r.update({field: value})), plugins=[plug])


def test_unknown_variant():
    game, plug = played()
    with pytest.raises(SaveFileError, match=r"the save needs variant counter 1\.0, which is not installed"):
        load_game(game.to_json())  # the counter plugin is not installed and not given


def test_version_mismatch():
    game, plug = played()
    text = edited(game, lambda r: r["variants"][0].update(version="0.9"))
    with pytest.raises(SaveFileError, match=r"made with counter 0\.9; installed is counter 1\.0"):
        load_game(text, plugins=[plug])
    newer = counter(version="2.0")
    with pytest.raises(SaveFileError, match=r"made with counter 1\.0; installed is counter 2\.0"):
        load_game(game.to_json(), plugins=[newer])


def test_an_illegal_action_in_the_list():
    game, plug = played(steps=3)
    text = edited(game, lambda r: r["actions"].insert(1, "play h9"))
    with pytest.raises(SaveFileError, match=r"action 2 of the save \('play h9'\) cannot be replayed"):
        load_game(text, plugins=[plug])
    game.apply("pass")
    over = edited(game, lambda r: r["actions"].extend(["pass"] * 40))
    with pytest.raises(SaveFileError, match=r"cannot be replayed: the game is over"):
        load_game(over, plugins=[plug])


@pytest.mark.parametrize(
    "edit",
    [
        lambda r: r["state"]["parts"]["tally"]["counts"].__setitem__(0, 999),
        lambda r: r["state"].update(turn=r["state"]["turn"] + 1),
        lambda r: r["state"]["parts"]["tally"]["pool"].reverse(),
        lambda r: r.update(seed=r["seed"] + 1),
        lambda r: r["actions"].pop(),
    ],
    ids=["score", "turn", "hidden deck order", "seed", "one action less"],
)
def test_a_tampered_state_snapshot(edit):
    game, plug = played(steps=6)
    with pytest.raises(SaveFileError, match=r"the saved state does not match its actions"):
        load_game(edited(game, edit), plugins=[plug])


def test_a_bad_set_up_in_the_save():
    game, plug = played()
    with pytest.raises(SaveFileError, match=r"set-up is not valid: .*cannot be played by 7 player"):
        load_game(edited(game, lambda r: r.update(players=7)), plugins=[plug])
    with pytest.raises(SaveFileError, match=r"set-up is not valid: bad option for counter"):
        load_game(edited(game, lambda r: r["options"]["counter"].update(target=0)), plugins=[plug])
    with pytest.raises(SaveFileError, match=r"set-up is not valid: .*seed must be a whole number from 0"):
        load_game(edited(game, lambda r: r.update(seed=-4)), plugins=[plug])


def test_a_stacked_deck_is_saved_and_replayed():
    game = beanframe.new_game(["al_cabohne"], 2, seed=2, deck=["fire", "Blue Bean"])
    assert len(json.loads(game.to_json())["deck"]) == 2
    assert load_game(game.to_json()).to_json() == game.to_json()
    unstacked = beanframe.new_game(["al_cabohne"], 2, seed=2)
    assert json.loads(unstacked.to_json())["deck"] is None
    assert snapshot(unstacked) != snapshot(game)  # the stacked cards made a difference


def test_a_deck_stacked_by_index_is_saved_and_replayed():
    game = beanframe.new_game(["al_cabohne"], 2, seed=2, deck=[0, 1, 2])
    assert load_game(game.to_json()).to_json() == game.to_json()
