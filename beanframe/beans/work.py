"""Automatic work that can stop and go on (issue 5 §3): drawing and flipping several cards.

Decisions may open in the middle of such work: a ``run_out`` listener pushes frames (Prohibohn's
last sales at the third run-out, F.23), or the game ends now. So the work is not a Python loop in
a phase function but an automatic frame: the phase pushes it, and its step's ``resolve`` does the
work one unit at a time (one card drawn; one card flipped; one card moved from the discard),
keeping its progress in the frame's args. After each unit it asks :func:`interrupted`; if so it
saves its progress with :func:`pause` and returns to the driver, which resolves the new decisions
first; when the frame is on top again ``resolve`` runs again and the work goes on exactly where it
stopped. :func:`finish` removes the frame when the work is done. A phase starts such work with
:func:`start` (push the frame and run it at once).

``depth`` is the stack height while the work's own frame is on top (``len(game.state.stack)`` at
the start of ``resolve``): the frame is at ``stack[depth - 1]`` whatever is pushed above it.
"""

from __future__ import annotations

from beanframe.beans.table import PART, draw
from beanframe.core.game import Game
from beanframe.core.state import END_NOW, Frame
from beanframe.core.steps import Step
from beanframe.i18n import _

def start(game: Game, kind: str, player: int, *args: int) -> None:
    """Push an automatic frame and run its work at once (from a phase): when the phase function
    returns the work is done, as a phase wrapper expects, unless decisions opened in its middle;
    then the frame stays with its progress and the driver goes on with it after them."""
    game.push(kind, player, *args)
    game.ruleset.steps[kind].resolve(game, game.state.stack[-1])


def interrupted(game: Game, depth: int) -> bool:
    """Whether resumable work must stop now: frames pushed by listeners wait to be resolved, or
    the game ends now (``game.interrupted()``). ``depth`` is the work frame's stack height, kept
    in the signature so the work's helpers share one shape."""
    return game.interrupted()


def pause(game: Game, depth: int, frame: Frame, *args: int) -> bool:
    """Keep the work's progress in its own frame (``args``) and return False (for ``resolve``)."""
    s = game.state
    if s.ending != END_NOW and len(s.stack) >= depth:
        s.stack[depth - 1] = Frame(frame.kind, frame.player, args)
    return False


def finish(game: Game, depth: int) -> bool:
    """Remove the work's own frame (it is done) and return False (for ``resolve``)."""
    s = game.state
    if s.ending != END_NOW and len(s.stack) >= depth:
        del s.stack[depth - 1]
    return False


class DrawStep(Step):
    """Draw cards one at a time to the back of ``frame.player``'s hand (Al Cabohne's phase 6,
    Bohnanza's phase 4), resumable. ``start(game, "draw", player, n)``; args = (cards still to draw,).
    It stops early when the deck gives no card (the last run-out happened, F.4, F.12)."""

    kind = "draw"
    options = False  # automatic: never a decision of its own

    def resolve(self, game: Game, frame: Frame) -> bool:
        table = game.state.parts[PART]
        depth = len(game.state.stack)
        player = frame.player
        hand = table.hands[player]
        left = frame.args[0]
        while left > 0:
            card = draw(game, table)
            if card is None:
                # a run-out may have opened decisions (one more deck may follow them): try again then
                return pause(game, depth, frame, left) if interrupted(game, depth) else finish(game, depth)
            hand.append(card)
            left -= 1
            game.emit("draw", player, card, to=(player,), public=("draw", player))  # only the drawer sees it
            if game.interrupted():  # interrupted(game, depth), one call less per card
                return pause(game, depth, frame, left)
        return finish(game, depth)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("drawing cards")
