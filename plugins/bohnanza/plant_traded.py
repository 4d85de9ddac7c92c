"""Phase 3, plant traded beans (RULES C "Rules" 3): every player plants all cards received in trades
and gifts; the active player also plants the face-up cards not traded away. One group decision of
every player who has such cards, in any order; a player leaves it with their last card planted.

``plant-traded c<b> f<k>`` plants one set-aside card of bean b on field k; a card that fits no field
needs a harvest first (the any-time harvest option is offered here). Bohnaparte replaces this step
to offer its munitions depot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.core.steps import Step

from . import actions as A
from .fields import targets
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
    kind = "plant_traded"

    def legal_for(self, game: Game, frame: Frame, player: int):
        received = game.state.parts[PART].received[player]
        out = []
        seen = set()
        for bean in received:
            if bean not in seen:
                seen.add(bean)
                out += [A.plant_traded(bean, f) for f in targets(game, player, bean)]
        return out

    def apply_for(self, game: Game, frame: Frame, player: int, action) -> None:
        received = game.state.parts[PART].received[player]
        received.remove(action.bean)
        game.state.parts[BEANS].fields[player][action.field].append(action.bean)
        game.emit("plant", player, action.field, action.bean, "traded")
        if not received:
            rest = tuple(p for p in frame.deciders if p != player)
            if rest:
                game.replace_top(self.kind, frame.player, *frame.args, group=rest)
            else:
                game.pop()

    def prompt(self, game: Game, frame: Frame) -> str:
        return "plant traded beans: everyone plants the cards they received (the active player also the face-up cards)"
