"""Phase 1, plant (RULES C "Rules" 1): the front hand card must be planted, then the next one may be.

A front card that fits no field needs a harvest first: the harvest option is offered at this
decision (and the bean protection rule says which fields may be harvested). An empty hand plants
nothing (no frame is pushed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.core.steps import Step

from . import actions as A
from .fields import targets

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def phase_plant(game: Game) -> None:
    player = game.state.active
    if game.state.parts[BEANS].hands[player]:
        game.push(PlantStep.kind, player, 0)


class PlantStep(Step):
    """``plant f<k>`` for the front card (``args = (cards planted,)``); after the first card,
    ``pass`` ends the phase. Bohnaparte replaces this step to add its munitions depot."""

    kind = "plant"
    most = 2  # the front card, then optionally the next

    def legal(self, game: Game, frame: Frame):
        hand = game.state.parts[BEANS].hands[frame.player]
        out = [A.PLANT_FRONT[f] for f in targets(game, frame.player, hand[0])]
        if frame.args[0] >= 1:
            out.append(A.PASS)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        if action.__class__ is A.Pass:
            game.pop()
            return
        table = game.state.parts[BEANS]
        hand = table.hands[frame.player]
        card = hand.pop(0)
        table.fields[frame.player][action.field].append(card)
        game.emit("plant", frame.player, action.field, card, "hand")
        planted = frame.args[0] + 1
        if planted >= self.most or not hand:
            game.pop()
        else:
            game.replace_top(self.kind, frame.player, planted)

    def prompt(self, game: Game, frame: Frame) -> str:
        if frame.args[0] == 0:
            return "plant: you must plant your front card (harvest first if no field takes it)"
        return "plant: you may plant your next card, or pass"
