"""Set-up (RULES C "Rules"): shuffle (or stack) the deck, deal 5 cards to each player one at a time,
starting with the starting player (seat 1). Hands keep their order (as in Al Cabohne)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import deal, stack_deck

if TYPE_CHECKING:
    from beanframe.core.game import Game


def phase_deal(game: Game) -> None:
    table = game.state.parts[BEANS]
    rules = game.ruleset.config.params["beans"]
    table.deck = stack_deck(rules.cards, game.setup_args.get("deck"), game)
    deal(game, table, rules.hand_size, first=0)
    game.emit("dealt", rules.hand_size)
