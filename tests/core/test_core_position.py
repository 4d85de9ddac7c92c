"""Positions in the core (issue 21.1): a game in progress as plain data, written by
``game.position()`` and started from with ``ruleset.new_game(position=...)``; the core's keys
(turn, active player, stage, phase by name, ending, the decision stack, seed and chance), the
parts' tables through ``beanframe_register_positions`` or the save form, one line per problem
naming its place. On the fake counter game (no beans)."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import beanframe
from beanframe.core.persist import load_game
from beanframe.errors import ConfigError, PositionError
from beanframe.testing import (
    ConformanceError,
    check_position,
    check_save_load,
    conformance_suite,
    continue_alike,
    from_random_position,
    random_playthrough,
)

from .fakes import PART, counter, plugin


def rules(players: int = 2, **extra):
    return beanframe.compose([counter(**extra)], players)


def played(game, n: int, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def bare(view):
    return attrs.evolve(view, record=None)  # a position starts a new record


# --------------------------------------------------------------------------------------------
# Written and read back: the same game
# --------------------------------------------------------------------------------------------


def test_a_game_started_from_its_position_goes_on_exactly_like_it():
    # issue 21.1: "a game started from g.position() continues exactly like g"
    rs = rules()
    game = played(rs.new_game(seed=4), 5)
    again = rs.new_game(position=game.position())
    assert again.position() == game.position()
    assert again.legal_actions() == game.legal_actions()
    assert all(bare(again.view(p)) == bare(game.view(p)) for p in (None, 0, 1))
    # same seed and chance counter: the same future under the same actions, to the same end
    a, b = game.clone(), again.clone()
    rng = random.Random(3)
    while not a.is_over:
        action = rng.choice(a.legal_actions())
        assert b.legal_actions() == a.legal_actions()
        a.apply(action)
        b.apply(action.code)
    assert b.is_over and b.position() == a.position() and b.result == a.result


def test_a_position_is_plain_json_and_names_the_game():
    rs = rules()
    data = played(rs.new_game(seed=2), 3).position()
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == "beanframe-position"
    assert data["variants"] == ["counter"] and data["players"] == 2
    assert data["stage"] == "turns" and data["phase"] == "count" and data["active"] in ("p1", "p2")
    assert data["stack"] == [{"kind": "count_turn", "player": data["active"], "args": []}]
    # a part with no position functions is written in the save form (its attrs fields)
    assert set(data[PART]) == {"counts", "hands", "pool", "played", "bug"}


def test_the_mapping_given_is_never_changed_and_the_game_keeps_its_own_copy():
    rs = rules()
    data = played(rs.new_game(seed=2), 3).position()
    before = json.dumps(data, sort_keys=True)
    game = rs.new_game(position=data)
    assert json.dumps(data, sort_keys=True) == before
    data[PART]["counts"][0] = 999  # the caller's mapping changes later: the game does not
    assert game.position()[PART]["counts"][0] != 999
    played(game, 3)
    assert json.dumps(game.setup_args["position"], sort_keys=True) == before


def test_a_game_from_a_position_is_an_ordinary_game():
    # clone, save/load (the save records the position) and replay work on it
    rs = rules()
    start = played(rs.new_game(seed=6), 4).position()
    game = played(rs.new_game(position=start), 3, seed=8)
    saved = json.loads(game.to_json())
    assert saved["position"] == start
    loaded = check_save_load(game)
    continue_alike(game.clone(), loaded, 5)
    clone = game.clone()
    played(clone, 5)
    assert game.position() != clone.position()


def test_a_game_from_the_set_up_saves_as_before():
    game = played(rules().new_game(seed=6), 2)
    assert "position" not in json.loads(game.to_json())  # old saves and new ones: no new key


def test_an_edited_position_in_a_save_is_refused():
    rs = rules()
    game = played(rs.new_game(position=played(rs.new_game(seed=6), 4).position()), 2)
    saved = json.loads(game.to_json())
    saved["position"][PART]["counts"][0] += 5
    with pytest.raises(beanframe.SaveFileError, match="does not match"):
        load_game(json.dumps(saved), plugins=[rs.pm.get_plugin("counter")])


def test_a_determinized_copy_forgets_the_position():
    # a position holds the hidden cards: a searcher's copy must not keep it
    rs = rules()
    game = rs.new_game(position=played(rs.new_game(seed=6), 4).position())
    copy = game.determinize(0, random.Random(1))
    assert copy.setup_args.get("position") is None


# --------------------------------------------------------------------------------------------
# Where the game starts
# --------------------------------------------------------------------------------------------


def test_without_a_stack_the_game_enters_the_named_phase():
    rs = rules()
    data = played(rs.new_game(seed=3), 2).position()
    del data["stack"]
    data.update(turn=7, active="p2", phase="count")
    game = rs.new_game(position=data)
    # the start of p2's turn 7: the turn event, then the phase pushes its decision
    assert game.events[0] == ("turn", 7, 1)
    assert game.to_act == 1 and game.state.turn == 7 and game.frame.kind == "count_turn"


def test_a_minimal_position_starts_turn_one_of_p1():
    game = rules().new_game(seed=1, position={})
    assert game.state.turn == 1 and game.to_act == 0 and game.stage_name == "turns"


def test_the_seed_of_the_position_or_of_new_game():
    rs = rules()
    data = played(rs.new_game(seed=3), 2).position()
    assert rs.new_game(position=data).state.seed == 3
    assert rs.new_game(seed=3, position=data).state.seed == 3
    with pytest.raises(PositionError, match=r"^seed: the position says 3, the game is started with seed 4"):
        rs.new_game(seed=4, position=data)
    del data["seed"]
    assert rs.new_game(seed=11, position=data).state.seed == 11


def test_a_deck_and_a_position_together_are_refused():
    with pytest.raises(ConfigError, match="inside the position"):
        rules().new_game(position={}, deck=[1, 2])


def test_an_over_game_is_over():
    rs = rules()
    game = played(rs.new_game(seed=3), 500)
    assert game.is_over
    again = rs.new_game(position=game.position())
    assert again.is_over and again.result.scores == game.result.scores


# --------------------------------------------------------------------------------------------
# Checked on load: one line per problem, naming its place
# --------------------------------------------------------------------------------------------


def problems_of(position, players: int = 2):
    with pytest.raises(PositionError) as caught:
        rules(players).new_game(seed=1, position=position)
    return caught.value.problems


def test_every_problem_is_one_line_naming_its_place():
    found = problems_of(
        {
            "stage": "turnz",
            "turn": 0,
            "active": "p3",
            "phase": "cuont",
            "ending": "soon",
            "chance": -1,
            "tallly": {},
            "stack": [{"kind": "count_trun", "player": "p1", "args": ["x"]}, {"kind": "count_turn", "player": "p1", "group": ["p1", "p1"]}],
        }
    )
    assert all("\n" not in p for p in found)
    joined = "\n".join(found)
    assert "stage: unknown value 'turnz' (did you mean 'turns'?" in joined
    assert "turn: 0 is out of range (expected at least 1)" in joined
    assert "active: no seat 'p3' (seats: p1, p2)" in joined
    assert "phase: no turns phase 'cuont' (did you mean 'count'?" in joined
    assert "ending: unknown value 'soon'" in joined
    assert "chance: -1 is out of range" in joined
    assert "tallly: no such key or part (did you mean 'tally'?" in joined
    assert "stack[0].kind: no decision step 'count_trun' (did you mean 'count_turn'?" in joined
    assert "stack[0].args: expected whole numbers" in joined
    assert "stack[1].group: a seat twice" in joined


def test_the_set_up_a_position_names_must_be_the_games():
    found = problems_of({"variants": ["al_cabohne"], "players": 3, "options": {"counter": {"target": 7, "targt": 1}}})
    joined = "\n".join(found)
    assert "variants: the position is of al_cabohne, the game of counter" in joined
    assert "players: the position is for 3 players, the game has 2" in joined
    assert "options.counter.target: the position says 7, the game is composed with 60" in joined
    assert "options.counter.targt: no such option" in joined


def test_a_stack_needs_its_phase_and_a_finished_game_has_none():
    assert problems_of({"stack": [{"kind": "count_turn", "player": "p1"}]}) == [
        "stack: name the phase these decisions belong to (phase = ...)"
    ]
    assert "phase: a game that is over is in no phase" in problems_of({"stage": "over", "phase": "count"})


def test_a_part_in_the_save_form_is_checked_too():
    found = problems_of({PART: {"counts": ["a", 0]}})
    assert any(p.startswith("tally.counts") and "expected a whole number" in p for p in found), found


@pytest.mark.parametrize(
    "position, message",
    [
        ([1, 2], "position: expected a table"),
        ({"tally": {"pool": {1, 2}}}, "tally.pool: {1, 2} (set) is not plain data"),
        ({"seed": "7"}, "seed: expected a non-negative whole number"),
        ({1: 2}, "a key 1 that is not text"),
    ],
)
def test_what_is_not_a_position_is_refused(position, message):
    with pytest.raises(PositionError) as caught:
        rules().new_game(position=position)
    assert message in str(caught.value)


# --------------------------------------------------------------------------------------------
# beanframe_register_positions
# --------------------------------------------------------------------------------------------


def _write(game):
    tally = game.state.parts[PART]
    return {"hands": [list(h) for h in tally.hands], "counts": list(tally.counts), "pool": list(tally.pool),
            "played": list(tally.played)}


def _read(game, data, reading):
    reading.table(PART, data, ("hands", "counts", "pool", "played"))
    tally = game.state.parts[PART]
    for p, hand in enumerate(reading.per_player(f"{PART}.hands", data.get("hands", [[]] * game.players), "hands") or ()):
        for i, card in enumerate(hand):
            reading.whole(f"{PART}.hands[{p}][{i}]", card, 1, 24)
        tally.hands[p] = list(hand)
    tally.counts = list(data.get("counts", tally.counts))
    tally.played = list(data.get("played", []))
    if "pool" in data:
        tally.pool = list(data["pool"])
        reading.notes["pool given"] = True


def _deal(game, reading):
    if reading.notes.get("pool given"):
        return
    tally = game.state.parts[PART]
    held = {c for h in tally.hands for c in h} | set(tally.played)
    tally.pool = [c for c in range(1, 25) if c not in held]
    game.random().shuffle(tally.pool)  # the seed deals what the position does not give


def registered():
    return counter(beanframe_register_positions=lambda register: register(PART, _write, _read, complete=_deal))


def test_a_plugin_reads_and_writes_its_part_in_its_own_terms():
    rs = beanframe.compose([registered()], 2)
    game = rs.new_game(seed=5, position={PART: {"hands": [[3, 4, 5], [6, 7, 8]]}})
    assert game.part(PART).hands == [[3, 4, 5], [6, 7, 8]]
    assert sorted(game.part(PART).pool) == [c for c in range(1, 25) if c not in (3, 4, 5, 6, 7, 8)]
    assert game.position()[PART]["hands"] == [[3, 4, 5], [6, 7, 8]]
    with pytest.raises(PositionError, match=r"tally\.hands\[1\]\[0\]: 30 is out of range"):
        rs.new_game(seed=5, position={PART: {"hands": [[3], [30]]}})


def test_the_registry_refuses_mistakes():
    with pytest.raises(ConfigError, match="cannot read and write positions of state part 'tallly'"):
        beanframe.compose([counter(beanframe_register_positions=lambda register: register("tallly", _write, _read))], 2)

    def twice(register):
        register(PART, _write, _read)
        register(PART, _write, _read)

    with pytest.raises(ConfigError, match="registered twice"):
        beanframe.compose([counter(beanframe_register_positions=twice)], 2)
    house = plugin("reserved", beanframe_register_parts=lambda register: register("turn", lambda c: Tally(), Tally))
    with pytest.raises(ConfigError, match="'turn': the name is a key of positions"):
        beanframe.compose([counter(), house], 2)


@attrs.define
class Tally:
    n: int = 0

    def clone(self):
        return Tally(self.n)

    def view(self, player):
        return self.n


# --------------------------------------------------------------------------------------------
# The conformance kit on positions
# --------------------------------------------------------------------------------------------


def test_the_kit_catches_a_position_that_forgets_something():
    # issue 21.1: "a game started from g.position() continues exactly like g"; a plugin whose
    # write leaves out the counts breaks it
    def forgetful(game):
        data = _write(game)
        del data["counts"]
        return data

    house = counter(beanframe_register_positions=lambda register: register(PART, forgetful, _read, complete=_deal))
    game = played(beanframe.compose([house], 2).new_game(seed=4), 6)
    assert game.part(PART).counts != [0, 0]
    with pytest.raises(ConformanceError, match=r"\[position\] .*another view for"):
        check_position(game)
    check_position(played(beanframe.compose([registered()], 2).new_game(seed=4), 6))  # a whole one passes


def test_the_kit_plays_random_games_from_random_positions():
    report = conformance_suite([registered()], players=[2], games=1, bot_games=0, position_games=2)
    assert report.position_games == 2 and report.games == 1
    start = from_random_position(beanframe.compose([registered()], 2), 5)
    game = random_playthrough(beanframe.compose([registered()], 2), start["seed"], position=start)
    assert game.is_over and game.setup_args["position"] == start
