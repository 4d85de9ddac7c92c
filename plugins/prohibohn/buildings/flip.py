"""Phase 4 with the stop rule and the Undertakers (RULES B "Turn changes", F.24, F.2-F.4, F.16).

Flip up to 3 counted cards, one at a time; after each: (1) a boss that collects the bean takes it
(even if it also matches the discard top; the replacement flip does not count), (2) while the top
of the discard matches a pile flipped so far or a boss, it joins it. **Flipping stops once discard
cards joined a flipped pile** (not when they only went to a boss). Undertaker 3 / 4 (optional):
the owner may flip on until 2 / 3 counted cards were flipped.

Prohibohn's ``flip`` step replaces Al Cabohne's (its ``flip`` phase starts the frame with args
(0, 0)). Resumable work (``beanframe.beans.work``): args = (counted flips, stop rule triggered
0/1); after each card it returns to the driver if decisions opened (the F.23 stop). It asks
(``flip-on`` / ``stop-flipping``) only when the stop rule triggered and an Undertaker lets the
active player go on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans import PART as BEANS
from beanframe.beans import draw, finish, interrupted, pause
from beanframe.core.actions import Action
from beanframe.core.steps import Step
from beanframe_plugins.al_cabohne import mafia as m
from beanframe.i18n import N_, _

from ..supply import powers

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame

FLIPS = 3


@frozen(cache_hash=True)
class FlipOn(Action):
    name = "flip-on"
    text = N_("flip on (Undertaker)")


@frozen(cache_hash=True)
class StopFlipping(Action):
    name = "stop-flipping"
    text = N_("stop flipping")


FLIP_ON, STOP_FLIPPING = FlipOn(), StopFlipping()
ACTIONS = (FlipOn, StopFlipping)


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
        depth = len(game.state.stack)
        counted, stopped = frame.args
        while True:
            if counted >= FLIPS:
                return finish(game, depth)
            if stopped:
                if counted < powers(game, frame.player).flips_on:
                    pause(game, depth, frame, counted, stopped)
                    return True  # the Undertaker's owner decides
                return finish(game, depth)
            done = flip_one(game)
            if done is None:  # F.4 (or decisions opened at a run-out: try again after them)
                return pause(game, depth, frame, counted, 0) if interrupted(game, depth) else finish(game, depth)
            counted += done[0]
            stopped = int(done[1])
            if interrupted(game, depth):  # F.23: the last sales first; then flipping goes on
                return pause(game, depth, frame, counted, stopped)

    def legal(self, game: Game, frame: Frame):
        return (FLIP_ON, STOP_FLIPPING)

    def apply(self, game: Game, frame: Frame, action) -> None:
        counted, _asking = frame.args
        if isinstance(action, StopFlipping):
            game.pop()
            return
        depth = len(game.state.stack)
        done = flip_one(game)
        if done is None:
            if not interrupted(game, depth):
                finish(game, depth)
            return
        # the Undertaker lets the owner go on; the stop rule still holds for later cards
        pause(game, depth, frame, counted + done[0], 1)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("flip: discard cards joined a flipped pile; your Undertaker lets you flip on")
