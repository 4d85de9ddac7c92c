"""Frames pushed by event listeners land safely; ending now is safe (issue 5 §2).

The fake game ``drill`` (below, no beans): in turn 1 a resumable ``dig`` step draws the six cards
of a pile one at a time; each turn the active player then taps (``tap``: the frame stays, a passive
step) until they ``stop``; the game ends after turn 3. ``ack`` is a decision a listener asks for.
Which listeners take part is chosen per test, as a house rule would.
"""

from __future__ import annotations

import types
from typing import Any

import pytest
from attrs import define, frozen

import beanframe
from beanframe.core.actions import Action
from beanframe.core.persist import load_game
from beanframe.core.state import TURNS
from beanframe.core.steps import Option, Step
from beanframe.core.variant import VariantInfo

from .fakes import counter, plugin

PART = "drill"
PILE = [1, 2, 3, 4, 5, 6]  # drawn from the end: 6 first


@frozen
class DrillView:
    taps: tuple[int, ...]
    pile: int
    drawn: tuple[int, ...]


@define(slots=True)
class Drill:
    taps: list[int]
    pile: list[int]
    drawn: list[int]
    seen: list[str]  # what the steps observed, for the tests

    @classmethod
    def empty(cls, config: Any) -> Drill:
        return cls([0] * config.players, list(PILE), [], [])

    def clone(self) -> Drill:
        return Drill(self.taps.copy(), self.pile.copy(), self.drawn.copy(), self.seen.copy())

    def view(self, player: int | None) -> DrillView:
        return DrillView(tuple(self.taps), len(self.pile), tuple(self.drawn))


def _named(name: str) -> type[Action]:
    return frozen(cache_hash=True)(type(name.title().replace("-", ""), (Action,), {"name": name, "__module__": __name__}))


Tap, Stop, Ack, EndPop, EndReplace, Shout = (_named(n) for n in ("tap", "stop", "ack", "end-pop", "end-replace", "shout"))


def drill(game: Any) -> Drill:
    return game.state.parts[PART]


class TapStep(Step):
    kind = "tap"  # passive: a tap leaves the very same frame on top

    def legal(self, game, frame):
        return [Tap(), Stop(), EndPop(), EndReplace()]

    def apply(self, game, frame, action):
        d = drill(game)
        if isinstance(action, Tap):
            d.taps[frame.player] += 1
            game.emit("tap", frame.player)
            d.seen.append(f"interrupted={game.interrupted()}")
        elif isinstance(action, Stop):
            game.pop()
            if game.state.turn >= 3:
                game.end_game()
        elif isinstance(action, EndPop):
            game.end_game(now=True)
            game.pop()  # the step's own frame: must not raise
            d.seen.append(f"after end: stack={len(game.state.stack)}")
        else:
            game.end_game(now=True)
            game.replace_top(self.kind, frame.player)


class AckStep(Step):
    kind = "ack"
    options = False

    def legal(self, game, frame):
        return [Ack()]

    def apply(self, game, frame, action):
        game.pop()
        game.emit("acked", frame.player, *frame.args)


class DigStep(Step):
    """Automatic work that can pause: one card per unit; progress is in the part."""

    kind = "dig"

    def resolve(self, game, frame):
        d = drill(game)
        while d.pile:
            card = d.pile.pop()
            d.drawn.append(card)
            game.emit("dug", card)
            if game.interrupted():
                return False  # frames wait: the driver stacks them and asks again later
        game.pop()
        return False


def shout_legal(game, player):
    return (Shout(),) if game.state.stage == TURNS else ()


def shout_apply(game, action, player):
    game.emit("shout", player)


def ack_for_player(game, player, *rest):
    game.push("ack", player)


def ack_even_cards(game, card):
    if card % 2 == 0:
        game.push("ack", game.state.active, card)


def drill_game(listeners: dict[str, Any] | None = None, players: int = 2, **extra: Any) -> types.ModuleType:
    def register_parts(register):
        register(PART, Drill.empty, Drill)

    def register_actions(register):
        for cls in (Tap, Stop, Ack, EndPop, EndReplace, Shout):
            register(cls)

    def register_steps(register):
        for step in (TapStep(), AckStep(), DigStep()):
            register(step)

    def register_options(register):
        register(Option("shout", (Shout,), shout_legal, shout_apply))

    def tap_phase(game):
        game.emit("bell", game.state.active)
        game.push("tap", game.state.active)

    def register_phases(pipeline):
        pipeline.add("turn", "dig", lambda game: game.push("dig", game.state.active), skip=lambda game: game.state.turn > 1, number=1)
        pipeline.add("turn", "tap", tap_phase, number=2)

    def register_events(events):
        for kind, fn in (listeners or {}).items():
            events.on(kind, fn)

    hooks = dict(
        beanframe_variant=lambda: VariantInfo(name="drill", version="1.0", players=(1, 2, 3)),
        beanframe_register_parts=register_parts,
        beanframe_register_actions=register_actions,
        beanframe_register_steps=register_steps,
        beanframe_register_options=register_options,
        beanframe_register_phases=register_phases,
        beanframe_register_events=register_events,
        beanframe_score=lambda game, sheet: None,
    )
    hooks.update(extra)
    return plugin("drill", "1.0", **hooks)


def new(listeners=None, players=2):
    plug = drill_game(listeners, players)
    return beanframe.compose([plug], players).new_game(seed=1), plug


def kinds(game) -> list[str]:
    return [f.kind for f in game.state.stack]


def finish_digging(game) -> None:
    while game.frame.kind == "ack":
        game.apply("ack")


# -- frames pushed by listeners ---------------------------------------------------------------


def test_a_listener_frame_from_a_step_that_pops_lands_after_the_pop():
    # the counter game's turn step emits "play" and then pops its own frame
    ack = plugin(
        "ack_rule",
        beanframe_variant=lambda: VariantInfo(name="ack_rule", version="1.0", requires=("counter",)),
        beanframe_register_actions=lambda register: register(Ack),
        beanframe_register_steps=lambda register: register(AckStep()),
        beanframe_register_events=lambda events: events.on("play", ack_for_player),
    )
    game = beanframe.compose([counter(), ack], 2).new_game(seed=3)
    game.apply("play h1")
    assert kinds(game) == ["ack"] and game.to_act == 0  # the turn frame is gone, not the ack
    assert not game.interrupted()  # at rest nothing waits
    game.apply("ack")
    assert kinds(game) == ["count_turn"] and game.to_act == 1
    game.apply("pass")  # no event listened to: no ack
    assert kinds(game) == ["count_turn"] and game.to_act == 0


def test_the_passive_fast_path_does_not_skip_listener_frames():
    game, _ = new({"tap": ack_for_player})
    finish_digging(game)
    tap_frame = game.frame
    game.apply("tap")  # the tap step keeps its very frame on top
    assert kinds(game) == ["tap", "ack"]
    assert game.state.stack[0] is tap_frame
    assert drill(game).seen == ["interrupted=True"]  # the step saw the waiting frame
    game.apply("ack")
    assert kinds(game) == ["tap"] and game.events[-1] == ("acked", 0)


def test_listener_frames_from_a_phase_go_on_top_of_the_phase_s_own():
    game, _ = new({"bell": ack_for_player})
    # turn 1: the dig phase ran first (no ack), then the tap phase rang the bell and pushed "tap"
    assert kinds(game) == ["tap", "ack"]
    game.apply("ack")
    assert kinds(game) == ["tap"]


def test_listener_frames_from_an_option_land_on_top():
    game, _ = new({"shout": ack_for_player})
    game.apply("shout")
    assert kinds(game) == ["tap", "ack"]
    game.apply("ack")
    assert kinds(game) == ["tap"]


def test_listener_frames_from_the_driver_s_own_events_land():
    game, _ = new({"turn": lambda game, turn, player: game.push("ack", player, turn)})
    # the "turn" event of turn 1 comes before any phase: its ack is resolved first
    assert kinds(game) == ["ack"] and game.frame.args == (1,)
    game.apply("ack")
    assert kinds(game) == ["tap"]
    game.apply("stop")
    assert kinds(game) == ["ack"] and game.frame.args == (2,) and game.to_act == 1


def test_resumable_work_stops_at_each_listener_frame_and_goes_on_where_it_stopped():
    game, _ = new({"dug": ack_even_cards})
    d = drill(game)
    seen = []
    while game.frame.kind == "ack":
        seen.append((game.frame.args[0], list(d.drawn)))
        assert kinds(game) == ["dig", "ack"]
        game.apply("ack")
    # every card drawn once, in order; the work paused after each even card
    assert d.drawn == [6, 5, 4, 3, 2, 1] and d.pile == []
    assert seen == [(6, [6]), (4, [6, 5, 4]), (2, [6, 5, 4, 3, 2])]
    assert kinds(game) == ["tap"]


def test_a_listener_frame_waits_in_clones_and_saves_like_any_frame():
    game, plug = new({"dug": ack_even_cards})
    copy = game.clone()
    assert kinds(copy) == ["dig", "ack"]
    copy.apply("ack")
    assert drill(game).drawn == [6] and drill(copy).drawn == [6, 5, 4]
    loaded = load_game(copy.to_json(), plugins=[plug])
    assert kinds(loaded) == ["dig", "ack"] and loaded.to_json() == copy.to_json()


def test_an_event_emitted_from_outside_game_code_lands_its_frames_at_once():
    game, _ = new({"tap": ack_for_player})
    finish_digging(game)
    game.emit("tap", 1)  # a tool or test emitting directly: no step is running
    assert kinds(game) == ["tap", "ack"] and game.to_act == 1 and not game.interrupted()


# -- ending now -----------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["end-pop", "end-replace"])
def test_end_now_then_the_step_s_own_pop_or_replace_top_is_safe(action):
    game, _ = new()
    game.apply(action)
    assert game.is_over and game.state.stack == [] and game.state.turn == 1
    if action == "end-pop":
        assert drill(game).seen == ["after end: stack=0"]  # its own frame popped, nothing else


def test_end_now_discards_waiting_listener_frames():
    def end_now(game, player):
        game.push("ack", player)
        game.end_game(now=True)

    game, _ = new({"tap": end_now})
    game.apply("tap")  # the listener pushes and ends: the step goes on, then the driver ends
    assert game.is_over and game.state.stack == []
    assert drill(game).seen == ["interrupted=True"]


def test_end_now_during_resumable_work_stops_it():
    def end_at_four(game, card):
        if card == 4:
            game.end_game(now=True)

    game, _ = new({"dug": end_at_four})
    assert game.is_over and drill(game).drawn == [6, 5, 4]


def test_end_now_from_outside_game_code_takes_effect_at_once():
    game, _ = new()
    game.end_game(now=True)
    assert game.is_over and game.to_act is None and not game.interrupted()
    game.end_game(now=True)  # once over, asking again changes nothing
    assert game.is_over


def test_a_normal_game_still_ends_after_turn_three():
    game, _ = new({"tap": ack_for_player, "dug": ack_even_cards})
    while not game.is_over:
        game.apply("ack" if game.frame.kind == "ack" else "stop")
    assert game.state.turn == 3
