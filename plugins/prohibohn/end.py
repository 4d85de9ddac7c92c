"""Game end (RULES B "Game end and scoring", F.23).

When the deck runs out for the last allowed time, play stops at once, mid-phase: the active player
may sell and buy, then the other player. If the two own fewer than ten building cards (police
stations and the razzia are not buildings), the discard is shuffled once more and play resumes
exactly where it stopped until that deck runs out; then both sell and buy a last time. Then the
game ends (Al Cabohne's final harvest still follows, F.5).

How: a ``run_out`` listener (it runs before the bean family checks the limit) pushes

    extra_deck (automatic)  <  last_sales (other player)  <  last_sales (active player, on top)

The drawing and flipping that was running is resumable work (``beanframe.beans.work``): it sees
the new frames, keeps its progress in its frame and goes on when they are done. ``last_sales``
offers ``sales-done`` plus the any-time options for its player (harvest, buy); ``extra_deck``
then grants the deck (``run_out_limit`` + 1, reshuffle, ``cancel_end``) or ends the game now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import options as bean_options
from beanframe.beans import reshuffle
from beanframe.beans.rules import harvestable_fields
from beanframe.core.state import TURNS
from beanframe.core.steps import Option, Step
from beanframe.i18n import _

from . import actions as A
from .supply import PART, Buildings
from .values import buildings

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame

TEN = 10  # building cards owned together, below which one more deck is played


def on_run_out(game: Game, n: int) -> None:
    s = game.state
    table = s.parts[BEANS]
    if s.stage == TURNS and table.run_outs >= table.run_out_limit:
        part: Buildings = s.parts[PART]
        part.stopped += 1
        active = s.active
        game.push("extra_deck", active)
        game.push("last_sales", 1 - active)
        game.push("last_sales", active)
        game.emit("play_stops", part.stopped)


class LastSalesStep(Step):
    """One player's last sales and purchases (harvest and buy are the any-time options)."""

    kind = "last_sales"

    def legal(self, game: Game, frame: Frame):
        return (A.SALES_DONE,)

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.pop()

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("the deck ran out: sell fields and buy cards, then end your sales")


class ExtraDeckStep(Step):
    kind = "extra_deck"

    def resolve(self, game: Game, frame: Frame) -> bool:
        s = game.state
        part: Buildings = s.parts[PART]
        owned = sum(len(buildings(o)) for o in part.owned)
        game.pop()
        if part.stopped == 1 and owned < TEN:
            table = s.parts[BEANS]
            table.run_out_limit += 1
            game.cancel_end()
            game.emit("extra_deck", owned)
            reshuffle(game, table)
        else:
            game.end_game(now=True)
        return False


def harvest_legal(game: Game, player: int):
    """The bean family's harvest, and in the last sales also for the player who is not active."""
    s = game.state
    stack = s.stack
    if stack and stack[-1].kind == "last_sales":
        if stack[-1].player != player:
            return ()
        rules = game.ruleset.config.params["beans"]
        return harvestable_fields(s.parts[BEANS].fields[player], rules.one_bean_harvest, bean_options.HARVESTS)
    return bean_options.harvest_legal(game, player)


HARVEST = Option("harvest", bean_options.HARVEST_OPTION.classes, harvest_legal, bean_options.HARVEST_OPTION.apply)
STEPS = (LastSalesStep(), ExtraDeckStep())
