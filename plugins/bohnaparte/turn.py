"""Turn changes that are numbers on the landscapes (RULES D "Turn"): monasteries before phase 1
(F.11), one extra face-up card per farm in phase 2, one extra draw per village in phase 5, and tired
rider troops refreshed before phase 1."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import draw
from beanframe.i18n import N_

from .attack.strength import monastery_coin
from .board import board_of, layout_of
from .territory import extra_draws, extra_flips, monasteries

if TYPE_CHECKING:
    from beanframe.core.game import Game

TRADE = "trade"  # Bohnanza's part with the face-up trade cards

#: the rulebook's numbers of Bohnanza's phases in Bohnaparte ("Fase 1" ... "Fase 5"; the attack,
#: Bohnaparte's own, is added as phase 4)
PHASE_NUMBERS = {"plant": 1, "trade": 2, "plant_traded": 3, "draw": 5}


def turn_titles(riders: bool, flip: int, draw: int) -> dict[str, str]:
    """The turn's phase titles as the rulebook names them, with Bohnaparte's changes (RULES D
    "Turn"); with riders there are no depots (their cards show the merchant side). ``flip`` and
    ``draw``: the effective ``bohnanza.flip`` and ``beans.draw``."""
    depot = "" if riders else " (or into the munitions depot)"
    return {
        "refresh_riders": N_("before phase 1: tired rider troops are refreshed"),
        "monastery": N_("before phase 1: each monastery turns up a card (6-12: a coin)"),
        "plant": f"play bean cards from the hand{depot}",
        "trade": f"bean trade: turn up {flip} cards, one more per farm, and trade",
        "plant_traded": f"plant the traded and turned-up beans{depot}",
        "attack": N_("attack (optional, repeatable, a coin each)"),
        "draw": f"draw {draw} new bean cards, one more per village" + (" (onto the merchant, if any)" if riders else ""),
    }


#: the titles above as the rulebook's numbers make them, for the catalogs (a house rule's other
#: numbers show in English)
TITLES = (
    N_("play bean cards from the hand"),
    N_("play bean cards from the hand (or into the munitions depot)"),
    N_("bean trade: turn up 2 cards, one more per farm, and trade"),
    N_("plant the traded and turned-up beans"),
    N_("plant the traded and turned-up beans (or into the munitions depot)"),
    N_("draw 3 new bean cards, one more per village"),
    N_("draw 3 new bean cards, one more per village (onto the merchant, if any)"),
)


def strength(game: Game, card: int) -> int:
    """A card's fight strength: its bean's count in the deck (RULES D "Attack")."""
    return game.ruleset.config.params["beans"].cards.beans[card].count


def phase_monastery(game: Game) -> None:
    """F.11: per owned monastery flip the deck top: strength 6-12 becomes a coin, else the discard."""
    p = game.state.active
    table = game.state.parts[BEANS]
    for _ in range(monasteries(layout_of(game), board_of(game).owners, p)):
        card = draw(game, table)
        if card is None:
            return
        coin = monastery_coin(strength(game, card))
        (table.coins[p] if coin else table.discard).append(card)
        game.emit("monastery", p, card, coin)


def phase_refresh_riders(game: Game) -> None:
    """A tired troop is refreshed before its owner's phase 1 (rulebook "Aanvalsfase met de ruitertroep")."""
    board = board_of(game)
    p = game.state.active
    fresh = [i for i in board.tired if board.owners[i] == p]
    if fresh:
        board.tired = [i for i in board.tired if board.owners[i] != p]
        game.emit("refresh", p, len(fresh))


def wrap_trade(game: Game, inner) -> None:
    """Phase 2: Bohnanza turns up its 2 cards and opens the trade; then one more per owned farm (no
    trade decision was taken yet: frames are resolved after the phase returns)."""
    inner(game)
    table = game.state.parts[BEANS]
    trade = game.state.parts[TRADE]
    for _ in range(extra_flips(layout_of(game), board_of(game).owners, game.state.active)):
        card = draw(game, table)
        if card is None:
            break
        trade.face_up.append(card)
        game.emit("turn_up", card)


def wrap_draw(game: Game, inner) -> None:
    """Phase 5: Bohnanza's 3 cards, then one more per owned village."""
    inner(game)
    table = game.state.parts[BEANS]
    p = game.state.active
    for _ in range(extra_draws(layout_of(game), board_of(game).owners, p)):
        card = draw(game, table)
        if card is None:
            break
        table.hands[p].append(card)
        game.emit("draw", p)
