"""Issue 17 section 4: bad input through every door is one clear line. Junk players in the read
calls, messages that quote at most a short prefix of what they refuse, seeds a save cannot keep."""

from __future__ import annotations

import json
import random

import pytest

import beanframe
from beanframe.errors import BeanframeError, ConfigError, IllegalActionError, SaveFileError

JUNK_PLAYERS = ["p1", 0.0, 1.5, b"\x00", [0], object(), True, False, -1, 2, 99, 2**100, "x" * 100_000]


@pytest.fixture(scope="module")
def game():
    g = beanframe.new_game(["al_cabohne"], 2, seed=1)
    g.apply(g.legal_actions()[0])
    return g


def read_calls(game):
    action = game.legal_actions()[0]
    return {
        "view": game.view,
        "legal_actions": game.legal_actions,
        "legal_mask": game.legal_mask,
        "history_for": game.history_for,
        "events_for": game.events_for,
        "log_for": game.log_for,
        "record_for": game.record_for,
        "observation": game.observation,
        "information_state": game.information_state,
        "describe": lambda p: game.describe(action, p),
        "describe_for (observer)": lambda p: game.describe_for(action, p),
        "describe_for (actor)": lambda p: game.describe_for(action, 0, p),
        "determinize": lambda p: game.determinize(p, random.Random(1)),
    }


@pytest.mark.parametrize("call", list(read_calls(beanframe.new_game(["al_cabohne"], 2, seed=1))))
def test_a_junk_player_is_a_one_line_value_error_in_every_read_call(game, call):
    # issue 17: game.view('p1') raised a bare TypeError, the other calls a ValueError (docs 9a)
    before = game.to_json()
    f = read_calls(game)[call]
    for junk in JUNK_PLAYERS:
        with pytest.raises(ValueError, match=r"^no player .* in a 2-player game \(players: 0 to 1") as info:
            f(junk)
        message = str(info.value)
        assert "\n" not in message and len(message) < 150, message
    assert game.to_json() == before
    f(0)  # a real player is fine


def test_apply_with_a_junk_player_is_an_illegal_action_error_of_one_short_line(game):
    before = game.to_json()
    for junk in JUNK_PLAYERS:
        with pytest.raises(IllegalActionError) as info:
            game.apply(game.legal_actions()[0], junk)
        assert len(str(info.value)) < 150 and "\n" not in str(info.value)
    assert game.to_json() == before


BIG = "x" * 1_000_000


def saved(game, change):
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


SAVE_EDITS = {
    "a 1,000,000-character action code": lambda d: d["actions"].__setitem__(0, BIG),
    "an actor": lambda d: d.__setitem__("actors", [BIG]),
    "a variant": lambda d: d.__setitem__("variants", [{"name": BIG, "version": "1"}]),
    "a version": lambda d: d["variants"][0].__setitem__("version", BIG),
    "an option's name": lambda d: d["options"]["al_cabohne"].__setitem__(BIG, 1),
    "an option's value": lambda d: d["options"]["al_cabohne"].__setitem__("run_outs", BIG),
    "a variant's options": lambda d: d["options"].__setitem__(BIG, {}),
    "the format version": lambda d: d.__setitem__("format_version", BIG),
    "a deck card": lambda d: d.__setitem__("deck", [BIG]),
    "the deck": lambda d: d.__setitem__("deck", BIG),
    "the players": lambda d: d.__setitem__("players", BIG),
    "the seed": lambda d: d.__setitem__("seed", BIG),
    "an unknown key": lambda d: d.__setitem__(BIG, 1),
    "the state": lambda d: d.__setitem__("state", BIG),
}


@pytest.mark.parametrize("what", list(SAVE_EDITS))
def test_a_save_error_quotes_a_short_prefix_of_what_it_refuses(game, what):
    # issue 17: a 1,000,000-character action code was refused with a 1,000,121-character message
    with pytest.raises(SaveFileError) as info:
        beanframe.load_game(saved(game, SAVE_EDITS[what]))
    message = str(info.value)
    assert len(message) <= 300 and "\n" not in message, message[:500]


@pytest.mark.parametrize(
    "start",
    [
        lambda: beanframe.new_game([BIG], 2),
        lambda: beanframe.new_game(["al_cabohne"], 2, options={"al_cabohne": {BIG: 1}}),
        lambda: beanframe.new_game(["al_cabohne"], 2, options={"al_cabohne": {"run_outs": BIG}}),
        lambda: beanframe.new_game(["al_cabohne"], 2, options={BIG: {}}),
        lambda: beanframe.new_game(["al_cabohne"], 2, deck=[BIG]),
        lambda: beanframe.new_game(["al_cabohne"], BIG),
        lambda: beanframe.compose(["al_cabohne"], players=10**5000),
        lambda: beanframe.new_game(["al_cabohne"], 2, seed=10**5000),
    ],
)
def test_a_set_up_error_quotes_a_short_prefix_of_what_it_refuses(start):
    with pytest.raises(ConfigError) as info:
        start()
    assert len(str(info.value)) <= 300 and "\n" not in str(info.value)


def test_an_illegal_code_is_quoted_short(game):
    before = game.to_json()
    for code in (BIG, "plant " + BIG, "plant f" + "9" * 10000):
        with pytest.raises(IllegalActionError) as info:
            game.apply(code)
        assert len(str(info.value)) <= 300
    assert game.to_json() == before


def test_every_beanframe_error_stays_short_whatever_its_text():
    # a safety net under the messages' own shorten: a plugin's long text is cut in the middle
    error = ConfigError("start " + "y" * 10_000 + " end")
    assert len(str(error)) <= 300 and str(error).startswith("start y") and str(error).endswith("y end")
    assert str(BeanframeError("short")) == "short"
