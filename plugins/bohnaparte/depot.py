"""Munitions depots (RULES D "Munitions depot", F.22): bought any time, also outside one's own turn,
for 3 coins, one per player; they hold up to as many cards as there are players, face down; beans
that must be planted in phases 1 and 3 may go into the depot instead; depot cards are only used in
fights. Not in the rider variant (the depot cards show their merchant side)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans.planting import leave_group
from beanframe.core.state import TURNS
from beanframe.core.steps import Option
from beanframe_plugins.bohnanza.plant import PlantStep
from beanframe_plugins.bohnanza.plant_traded import PlantTradedStep
from beanframe_plugins.bohnanza.trade.table import PART as TRADE

from . import actions as A
from .board import board_of
from .rules import rules_of

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def depot_room(game: Game, player: int) -> bool:
    board = board_of(game)
    return board.has_depot[player] and len(board.depots[player]) < rules_of(game).depot_capacity


def pay(game: Game, player: int, amount: int) -> None:
    """Coins paid go face up, bean side, onto the discard (RULES D "Attack"; beanframe's reading for
    purchases too)."""
    table = game.state.parts[BEANS]
    coins = table.coins[player]
    table.discard.extend(coins[:amount])
    del coins[:amount]


def buy_legal(game: Game, player: int):
    rules = rules_of(game)
    if game.state.stage != TURNS or rules.riders or board_of(game).has_depot[player]:
        return ()
    if len(game.state.parts[BEANS].coins[player]) < rules.depot_price:
        return ()
    return (A.BUY_DEPOT,)


def buy_apply(game: Game, action, player: int) -> None:
    pay(game, player, rules_of(game).depot_price)
    board_of(game).has_depot[player] = True
    game.emit("buy_depot", player)


BUY_DEPOT_OPTION = Option("buy_depot", (A.BuyDepot,), buy_legal, buy_apply)


class DepotPlantStep(PlantStep):
    """Bohnanza's phase-1 step plus ``depot``: the front card into the own depot instead."""

    def legal(self, game: Game, frame: Frame):
        out = list(super().legal(game, frame))
        if depot_room(game, frame.player):
            out.append(A.DEPOT_FRONT)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        if action.__class__ is not A.DepotFront:
            super().apply(game, frame, action)
            return
        card = game.state.parts[BEANS].hands[frame.player].pop(0)
        board_of(game).depots[frame.player].append(card)
        game.emit("to_depot", frame.player, "hand")
        self.planted(game, frame, -1, card)  # counts as a card of phase 1 (-1: on no field)


class DepotPlantTradedStep(PlantTradedStep):
    """Bohnanza's phase-3 step plus ``depot-traded c<b>``: a received card into the own depot."""

    def legal_for(self, game: Game, frame: Frame, player: int):
        out = list(super().legal_for(game, frame, player))
        if depot_room(game, player):
            out += [A.DepotTraded(b) for b in sorted(set(game.state.parts[TRADE].received[player]))]
        return out

    def apply_for(self, game: Game, frame: Frame, player: int, action) -> None:
        if action.__class__ is not A.DepotTraded:
            super().apply_for(game, frame, player, action)
            return
        received = game.state.parts[TRADE].received[player]
        received.remove(action.bean)
        board_of(game).depots[player].append(action.bean)
        game.emit("to_depot", player, "traded")
        if not received:
            leave_group(game, frame, player)
