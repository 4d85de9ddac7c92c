"""Phase 1, plant (RULES C "Rules" 1): the front hand card must be planted, then the next one may be.

A front card that fits no field needs a harvest first: the harvest option is offered at this
decision (and the bean protection rule says which fields may be harvested). An empty hand plants
nothing (no frame is pushed). The step is the bean family's (``beans.planting.FrontCardStep``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans.planting import FrontCardStep
from beanframe.i18n import N_

from . import actions as A

if TYPE_CHECKING:
    from beanframe.core.game import Game


def phase_plant(game: Game) -> None:
    player = game.state.active
    if game.state.parts[BEANS].hands[player]:
        game.push(PlantStep.kind, player, 0)


class PlantStep(FrontCardStep):
    """``plant f<k>`` for the front card (``args = (cards planted,)``); after the first card,
    ``pass`` ends the phase. Bohnaparte replaces this step to add its munitions depot."""

    kind = "plant"
    pass_action = A.PASS
    prompt_first = N_("plant: you must plant your front card (harvest first if no field takes it)")
    prompt_next = N_("plant: you may plant your next card, or pass")
