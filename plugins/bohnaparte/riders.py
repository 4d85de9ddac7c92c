"""The rider variant's merchant (RULES D "Rider variant", rulebook "Aankoop van een handelaar"):
3 coins, once, needs a forest at purchase (kept if the forest is lost), one per player; on purchase
the 2 top deck cards go face down on it. In phase 5 the drawn cards (3 plus one per village) go onto
it; the owner looks at all and takes as many as were drawn, one by one, to the back of the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import draw
from beanframe.core.state import TURNS
from beanframe.core.steps import Option, Step
from beanframe.i18n import ngettext

from . import actions as A
from .board import board_of, layout_of
from .depot import pay
from .rules import rules_of
from .territory import extra_draws, owns_power

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def merchant_legal(game: Game, player: int):
    rules = rules_of(game)
    board = board_of(game)
    if game.state.stage != TURNS or not rules.riders or board.has_merchant[player]:
        return ()
    if len(game.state.parts[BEANS].coins[player]) < rules.merchant_price:
        return ()
    if not owns_power(layout_of(game), board.owners, player, "merchant"):
        return ()
    return (A.BUY_MERCHANT,)


def merchant_apply(game: Game, action, player: int) -> None:
    rules = rules_of(game)
    board = board_of(game)
    table = game.state.parts[BEANS]
    pay(game, player, rules.merchant_price)
    board.has_merchant[player] = True
    for _ in range(rules.merchant_cards):
        card = draw(game, table)
        if card is not None:
            board.merchants[player].append(card)
    game.emit("buy_merchant", player)


MERCHANT_OPTION = Option("buy_merchant", (A.BuyMerchant,), merchant_legal, merchant_apply)


def phase_rider_draw(game: Game) -> None:
    """Phase 5 of the rider variant (replaces Bohnanza's draw): 3 cards plus one per village, into
    the hand, or onto the merchant and then chosen."""
    table = game.state.parts[BEANS]
    board = board_of(game)
    p = game.state.active
    n = game.ruleset.config.params["beans"].draw + extra_draws(layout_of(game), board.owners, p)
    drawn = 0
    for _ in range(n):
        card = draw(game, table)
        if card is None:
            break
        drawn += 1
        (board.merchants[p] if board.has_merchant[p] else table.hands[p]).append(card)
        game.emit("draw", p)
    if board.has_merchant[p] and drawn:
        game.push(MerchantPickStep.kind, p, drawn)


class MerchantPickStep(Step):
    """``take m<k>`` ``args[0]`` times: each to the back of the hand, in the order chosen."""

    kind = "merchant_pick"
    options = False

    def legal(self, game: Game, frame: Frame):
        return [A.MerchantTake(k) for k in range(len(board_of(game).merchants[frame.player]))]

    def apply(self, game: Game, frame: Frame, action) -> None:
        board = board_of(game)
        card = board.merchants[frame.player].pop(action.position)
        game.state.parts[BEANS].hands[frame.player].append(card)
        game.emit("merchant_take", frame.player)
        left = frame.args[0] - 1
        if left <= 0 or not board.merchants[frame.player]:
            game.pop()
        else:
            game.replace_top(self.kind, frame.player, left)

    def prompt(self, game: Game, frame: Frame) -> str:
        n = frame.args[0]
        return ngettext(
            "merchant: take {n} more card to the back of your hand, in the order you like",
            "merchant: take {n} more cards to the back of your hand, in the order you like",
            n,
        ).format(n=n)
