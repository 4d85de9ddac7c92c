"""Phase 4 with the stop rule and the Undertakers (RULES B "Turn changes", F.24, F.2-F.4, F.16).

Flip up to 3 counted cards, one at a time; after each: (1) a boss that collects the bean takes it
(even if it also matches the discard top; the replacement flip does not count), (2) while the top
of the discard matches a pile flipped so far or a boss, it joins it. **Flipping stops once discard
cards joined a flipped pile** (not when they only went to a boss). Undertaker 3 / 4 (optional):
the owner may flip on until 2 / 3 counted cards were flipped.

A step with its progress in the frame: args = (counted flips, stop rule triggered 0/1). It flips
automatically in ``resolve`` and asks (``flip-on`` / ``stop-flipping``) only when the stop rule
triggered and an Undertaker lets the active player go on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans import PART as BEANS
from beanframe.beans import draw
from beanframe.core.actions import Action
from beanframe.core.steps import Step
from beanframe_plugins.al_cabohne import mafia as m

from ..end import stop_if_due
from ..supply import powers

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame

FLIPS = 3


@frozen(cache_hash=True)
class FlipOn(Action):
    name = "flip-on"
    text = "flip on (Undertaker)"


@frozen(cache_hash=True)
class StopFlipping(Action):
    name = "stop-flipping"
    text = "stop flipping"


FLIP_ON, STOP_FLIPPING = FlipOn(), StopFlipping()
ACTIONS = (FlipOn, StopFlipping)


def phase_flip(game: Game) -> None:
    game.push("flip", game.state.active, 0, 0)


def flip_one(game: Game) -> tuple[int, bool] | None:
    """Flip one card and settle it: (1 if it counts, discard cards joined a flipped pile); None
    when the deck gives no card (F.4)."""
    s = game.state
    table = s.parts[BEANS]
    mafia = s.parts[m.PART]
    cards = game.ruleset.config.params["beans"].cards
    card = draw(game, table)
    if card is None:
        return None
    game.emit("flip", card)
    counted = 0
    b = m.collector(mafia, card)
    if b is not None:  # question 1 first, even if the discard top matches too
        m.give(game, mafia, b, [card], table.discard, cards)
    else:
        counted = 1
        for pile in table.piles:
            if pile[0] == card:
                pile.append(card)
                break
        else:
            table.piles.append([card])
    joined = False
    discard = table.discard
    while discard:
        top = discard[-1]
        for pile in table.piles:
            if pile[0] == top:
                pile.append(discard.pop())
                game.emit("from_discard", top, "pile")
                joined = True
                break
        else:
            b = m.collector(mafia, top)
            if b is None:
                break
            discard.pop()
            game.emit("from_discard", top, "boss")
            m.give(game, mafia, b, [top], discard, cards)
    return counted, joined


class FlipStep(Step):
    kind = "flip"
    options = False  # no harvesting or buying in phase 4

    def resolve(self, game: Game, frame: Frame) -> bool:
        counted, stopped = frame.args
        while True:
            if counted >= FLIPS:
                break
            if stopped:
                if counted < powers(game, frame.player).flips_on:
                    game.replace_top(self.kind, frame.player, counted, stopped)
                    return True  # the Undertaker's owner decides
                break
            done = flip_one(game)
            if done is None:
                break  # the deck gave no card: nothing more to flip (F.4)
            counted += done[0]
            stopped = int(done[1])
            game.replace_top(self.kind, frame.player, counted, stopped)
            if stop_if_due(game):  # F.23: the last sales come first; then flipping goes on
                return False
        game.pop()
        return False

    def legal(self, game: Game, frame: Frame):
        return (FLIP_ON, STOP_FLIPPING)

    def apply(self, game: Game, frame: Frame, action) -> None:
        counted, _ = frame.args
        if isinstance(action, StopFlipping):
            game.pop()
            return
        done = flip_one(game)
        if done is None:
            game.pop()
            return
        counted += done[0]
        # the Undertaker lets the owner go on; the stop rule still holds for later cards
        game.replace_top(self.kind, frame.player, counted, 1)
        stop_if_due(game)

    def prompt(self, game: Game, frame: Frame) -> str:
        return "flip: discard cards joined a flipped pile; your Undertaker lets you flip on"
