"""Phase 4, draw (RULES C "Rules" 4): 3 cards (``beans.draw``), one at a time, to the back of the
hand. The deck runs out and is rebuilt by the bean family's ``draw`` (F.17); at the last run-out it gives no
more cards and the game ends after this turn (F.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import draw, rules_of

if TYPE_CHECKING:
    from beanframe.core.game import Game


def phase_draw(game: Game) -> None:
    table = game.state.parts[BEANS]
    player = game.state.active
    hand = table.hands[player]
    for _ in range(rules_of(game).draw):  # the bean family's parameter (one home)
        card = draw(game, table)
        if card is None:
            break
        hand.append(card)
        game.emit("draw", player)
