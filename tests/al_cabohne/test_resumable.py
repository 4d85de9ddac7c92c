"""Flipping and drawing stop when decisions open in their middle and go on where they stopped
(issue 5 §3; F.23 needs it for Prohibohn's last sales at the third run-out). A fake house rule
asks the active player to acknowledge every run-out: its listener pushes a decision while the
flip or the draw is running."""

from __future__ import annotations

import beanframe
from attrs import frozen
from beanframe.beans import interrupted
from beanframe.core.actions import Action
from beanframe.core.hookspecs import hookimpl
from beanframe.core.steps import Step
from beanframe.core.variant import VariantInfo
from beanframe.testing import conformance_suite

from .helpers import check, codes, events_of, events_since, hand, named, table

BOSSES = [["runner"], ["broad"]]


@frozen
class Ack(Action):
    name = "ack"
    text = "acknowledge the run-out"


ACK = Ack()


class AckStep(Step):
    kind = "ack"
    options = False

    def legal(self, game, frame):
        return (ACK,)

    def apply(self, game, frame, action):
        game.pop()


class AckRunOut:
    """House rule: a decision for the active player at every run-out (pushed by a listener)."""

    @staticmethod
    @hookimpl
    def beanframe_variant():
        return VariantInfo(name="ack_run_out", version="1.0", requires=("al_cabohne",))

    @staticmethod
    @hookimpl
    def beanframe_register_actions(register):
        register(Ack)

    @staticmethod
    @hookimpl
    def beanframe_register_steps(register):
        register(AckStep())

    @staticmethod
    @hookimpl
    def beanframe_register_events(events):
        events.on("run_out", lambda game, n: game.push("ack", game.state.active))


def _situation(**kwargs):
    """helpers.situation, on the ruleset with the house rule."""
    from . import helpers

    return helpers.situation(plugins=[AckRunOut()], **kwargs)


def _piles(game):
    return [named(p) for p in table(game).piles]


# issue 5 §3, RULES A "Turn" phase 4, F.17: the deck runs out after the 2nd flip; the listener's
# decision comes first, then the flip goes on from the new deck: 3 counted flips in all
def test_a_flip_stops_at_a_run_out_and_goes_on_after_the_decision():
    game = _situation(
        at="flip", deck=["blue", "kidney"], deck_size=2, discard=["puff"], surplus="treasury", bosses=BOSSES, hands=[["fire"], ["fire"]]
    )
    assert game.frame.kind == "ack" and game.to_act == 0
    assert _piles(game) == [["blue"], ["kidney"]]  # stopped after the 2nd flip
    assert [f.kind for f in game.state.stack] == ["flip", "ack"]
    assert game.state.stack[0].args == (2, 1)  # its progress: 2 counted flips, question 2 pending
    assert named(table(game).deck) == ["puff"]  # the discard became the new deck (F.17)
    assert codes(game) == ["ack"]
    mark = len(game.events)
    game.apply("ack")
    # the 3rd flip takes the new deck's only card: a second run-out, a second decision
    assert game.frame.kind == "ack"
    assert _piles(game) == [["blue"], ["kidney"], ["puff"]]
    assert len(events_since(game, mark, "flip")) == 1
    game.apply("ack")
    # three counted flips, not one more: the flip is over, phase 5 decides
    assert game.phase.name == "plant" and game.frame.kind == "plant"
    assert _piles(game) == [["blue"], ["kidney"], ["puff"]]
    assert len(events_of(game, "flip")) == 3
    check(game)


# issue 5 §3, RULES A "Turn" phase 6: the deck runs out after the 1st card drawn; after the
# decision the 2nd card is drawn from the new deck: 2 cards in all
def test_a_draw_stops_at_a_run_out_and_goes_on_after_the_decision():
    game = _situation(at="draw", deck=["blue"], deck_size=1, discard=["kidney"], surplus="treasury", bosses=BOSSES, hands=[["fire"], ["puff"]])
    assert game.frame.kind == "ack" and game.to_act == 0
    assert hand(game, 0) == ["fire", "blue"]
    assert [f.kind for f in game.state.stack] == ["draw", "ack"]
    assert game.state.stack[0].args == (1,)  # one card still to draw
    game.apply("ack")
    assert hand(game, 0) == ["fire", "blue", "kidney"]  # the 2nd card, from the new deck
    assert game.frame.kind == "ack"  # that emptied the deck again: a second run-out
    game.apply("ack")
    assert hand(game, 0) == ["fire", "blue", "kidney"]  # exactly 2 cards drawn
    assert game.state.active == 1 and not game.is_over
    check(game)


# O4 / issue 5 §3: a listener that ends the game now in the middle of the flips stops them at once
def test_ending_the_game_now_stops_the_flip():
    class StopAtSecondFlip:
        @staticmethod
        @hookimpl
        def beanframe_variant():
            return VariantInfo(name="stop_flip", version="1.0", requires=("al_cabohne",))

        @staticmethod
        @hookimpl
        def beanframe_register_events(events):
            def stop(game, card):
                if len(events_of(game, "flip")) == 2:
                    game.end_game(now=True)

            events.on("flip", stop)

    game = beanframe.compose(["al_cabohne"], 2, extra_plugins=[StopAtSecondFlip()]).new_game(
        seed=1, deck=[*(["fire"] * 10), "blue", "kidney", "puff", "french", "broad"]
    )
    # turn 1: bosses took blue and kidney; plant the front Chili Bean, pass, start flipping
    game.apply("plant f1")
    game.apply("pass")
    game.apply("done")
    assert game.is_over
    assert len(events_of(game, "flip")) == 2


def test_interrupted_follows_the_core():
    # resumable work stops exactly when the core says so (listener frames waiting, or ending now)
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    depth = len(game.state.stack)
    assert not interrupted(game, depth)
    game.end_game(now=True)
    assert interrupted(game, depth) == game.interrupted()


# the whole kit (invariants, clones, saves, views) with decisions opened at every run-out
def test_conformance_with_decisions_at_every_run_out():
    report = conformance_suite(["al_cabohne", AckRunOut()], players=[2], games=2)
    assert report.games == 2
