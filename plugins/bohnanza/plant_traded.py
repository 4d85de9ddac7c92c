"""Phase 3, plant traded beans (RULES C "Rules" 3): every player plants all cards received in trades
and gifts; the active player also plants the face-up cards not traded away. One group decision of
every player who has such cards, in any order; a player leaves it with their last card planted.

``plant-traded c<b> f<k>`` plants one set-aside card of bean b on field k; a card that fits no field
needs a harvest first (the any-time harvest option is offered here). Bohnaparte replaces this step
to offer its munitions depot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans.planting import plant_set_aside, set_aside_plants
from beanframe.core.steps import Step
from beanframe.i18n import _

from . import actions as A
from .trade.offers import GONE
from .trade.steps import seat_order
from .trade.table import PART, TradeTable

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def phase_plant_traded(game: Game) -> None:
    trade: TradeTable = game.state.parts[PART]
    active = game.state.active
    kept = [c for c in trade.face_up if c != GONE]
    trade.face_up.clear()
    trade.received[active].extend(kept)
    who = [p for p, r in enumerate(trade.received) if r]
    if who:
        game.push(PlantTradedStep.kind, active, group=seat_order(game, who))


class PlantTradedStep(Step):
    """Each decider plants their set-aside cards (``TradeTable.received``) one at a time with
    the bean family's planting (``beans.planting``) and leaves with the last one."""

    kind = "plant_traded"

    def legal_for(self, game: Game, frame: Frame, player: int):
        return set_aside_plants(game, player, game.state.parts[PART].received[player], A.plant_traded)

    def apply_for(self, game: Game, frame: Frame, player: int, action) -> None:
        received = game.state.parts[PART].received[player]
        plant_set_aside(game, frame, player, received, action.bean, action.field, "traded")

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("plant traded beans: everyone plants the cards they received (the active player also the face-up cards)")
