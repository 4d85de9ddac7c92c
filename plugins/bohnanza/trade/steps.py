"""Phase 2, trade (RULES C "Rules" 2), as one group decision of every player.

The active player turns up the face-up trade cards (2; fewer when the deck has run out for the last
time, F.12), then every player may act, in any order: the active player offers to anyone, the others
to the active player only; each offer is built from small actions and sent, then answered (accept /
reject) or withdrawn. Cards received are set aside (``trade.received``), not taken into the hand.

The frame's ``group`` is the players who have not passed since the last *change* (an offer sent,
accepted, rejected, withdrawn or voided): a change brings everyone back. Trading ends when the
active player ends it or when the group is empty. Caps bound it: every player starts at most
``offers_per_turn`` offers a turn (a draft counts when started, sent or scrapped) of at most
``cards_per_offer`` cards given and as many asked, and each offer is answered once; so every
trade phase ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import draw
from beanframe.core.steps import Step

from .. import actions as BA
from ..rules import rules_of
from . import actions as A
from .offers import GONE, Offer, add_ask, add_face_up, add_hand, add_want, can_accept, payment, sent, stale, take_positions
from .table import PART, TradeTable

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def seat_order(game: Game, players) -> tuple[int, ...]:
    """``players`` in seat order starting with the active player (clockwise)."""
    n = game.state.players
    a = game.state.active
    return tuple(sorted(players, key=lambda p: (p - a) % n))


def phase_trade(game: Game) -> None:
    """Turn up the face-up trade cards, then open the trade (a group decision of every player)."""
    table = game.state.parts[BEANS]
    trade: TradeTable = game.state.parts[PART]
    trade.new_turn()
    rules = rules_of(game)
    for _ in range(rules.flip):
        card = draw(game, table)
        if card is None:  # F.12: after the last run-out, fewer cards are turned up
            break
        trade.face_up.append(card)
        game.emit("turn_up", card)
    if rules.trading and game.state.players > 1:
        open_trade(game)


def open_trade(game: Game) -> None:
    """Push the trade decision: every player decides, the active player first."""
    game.push(TradeStep.kind, game.state.active, group=seat_order(game, range(game.state.players)))


def everyone(game: Game) -> tuple[int, ...]:
    return seat_order(game, range(game.state.players))


class TradeStep(Step):
    """The ``trade`` group decision (see the module). Bohnaparte may wrap the ``trade`` phase to
    turn up more face-up cards before anyone decides (frames are resolved after the phase)."""

    kind = "trade"

    # -- what a player may do -----------------------------------------------------------------
    def legal_for(self, game: Game, frame: Frame, player: int):
        s = game.state
        trade: TradeTable = s.parts[PART]
        rules = rules_of(game)
        active = frame.player
        hand = s.parts[BEANS].hands[player]
        out = []
        for o in trade.offers:
            if o.to == player:
                if can_accept(o, hand, trade.face_up):
                    out.append(A.ACCEPT[o.id])
                out.append(A.REJECT[o.id])
            elif o.maker == player:
                out.append(A.WITHDRAW[o.id])
        draft = trade.drafts[player]
        if draft is None:
            if trade.started[player] < rules.offers_per_turn:  # a first card starts a draft
                out += A.GIVE_HAND[: len(hand)]
                face = [k for k, c in enumerate(trade.face_up) if c != GONE]
                if player == active:
                    out += [A.GIVE_FACE[k] for k in face]
                out += A.ASK[: len(trade.names)]
                if player != active:
                    out += [A.WANT_FACE[k] for k in face]
        else:
            d = draft
            cap = rules.cards_per_offer
            if d.n_given < cap:
                out += [A.GIVE_HAND[i] for i in range(len(hand)) if i not in d.hand]
                if player == active:
                    out += [A.GIVE_FACE[k] for k, c in enumerate(trade.face_up) if c != GONE and k not in d.face_up]
            if d.n_asked < cap:
                out += A.ASK[: len(trade.names)]
                if player != active:
                    out += [A.WANT_FACE[k] for k, c in enumerate(trade.face_up) if c != GONE and k not in d.wants]
            if not d.empty:
                if player == active:
                    out += [A.SEND[p] for p in range(s.players) if p != active]
                else:
                    out.append(A.SEND[active])
            out.append(A.SCRAP)
        out.append(BA.PASS)
        if player == active:
            out.append(A.END_TRADING)
        return out

    # -- carrying it out ------------------------------------------------------------------------
    def apply_for(self, game: Game, frame: Frame, player: int, action) -> None:
        s = game.state
        trade: TradeTable = s.parts[PART]
        cls = action.__class__
        if cls is BA.Pass:
            rest = tuple(p for p in frame.deciders if p != player)
            if rest:
                game.replace_top(self.kind, frame.player, *frame.args, group=rest)
            else:
                self.close(game)
            return
        if cls is A.EndTrading:
            self.close(game)
            return
        if cls in _DRAFTING:
            draft = trade.drafts[player]
            if draft is None:
                draft = Offer(maker=player)
                trade.started[player] += 1
            if cls is A.GiveHand:
                draft = add_hand(draft, action.hand, s.parts[BEANS].hands[player][action.hand])
            elif cls is A.GiveFaceUp:
                draft = add_face_up(draft, action.slot)
            elif cls is A.Ask:
                draft = add_ask(draft, action.bean)
            else:
                draft = add_want(draft, action.slot)
            trade.drafts[player] = draft
            return  # building is private work: not a change
        if cls is A.Scrap:
            trade.drafts[player] = None
            game.emit("scrap", player)
            return
        if cls is A.Send:
            offer = sent(trade.drafts[player], trade.next_id, action.to)
            trade.next_id += 1
            trade.drafts[player] = None
            trade.offers.append(offer)
            fu = trade.face_up
            game.emit("offer", offer.id, player, offer.to, tuple(offer.given_cards(fu)), tuple(offer.asked_cards(fu)))
        elif cls is A.Accept:
            self.execute(game, trade, trade.offer(action.offer))
        else:  # reject, withdraw
            offer = trade.offer(action.offer)
            trade.offers.remove(offer)
            game.emit(action.name, offer.id, player)
        # a change: everyone may act again
        game.replace_top(self.kind, frame.player, *frame.args, group=everyone(game))

    def execute(self, game: Game, trade: TradeTable, offer: Offer) -> None:
        """Carry out an accepted offer: each side's cards go to the other's set-aside cards."""
        table = game.state.parts[BEANS]
        fu = trade.face_up
        maker, to = offer.maker, offer.to
        given = take_positions(table.hands[maker], offer.hand)
        for slot in offer.face_up:
            given.append(fu[slot])
            fu[slot] = GONE
        asked = take_positions(table.hands[to], payment(table.hands[to], offer.asks))
        for slot in offer.wants:
            asked.append(fu[slot])
            fu[slot] = GONE
        trade.received[to].extend(given)
        trade.received[maker].extend(asked)
        trade.offers.remove(offer)
        trade.trades += 1
        game.emit("trade", offer.id, maker, to, tuple(given), tuple(asked))
        changed = [p for p, cards in ((maker, offer.hand), (to, offer.asks)) if cards]
        for o in [o for o in trade.offers if stale(o, changed, fu)]:
            trade.offers.remove(o)
            game.emit("void", o.id)
        for p, d in enumerate(trade.drafts):
            if d is not None and stale(d, changed, fu):
                trade.drafts[p] = None
                game.emit("scrap", p)

    def close(self, game: Game) -> None:
        """Trading is over: open offers and drafts lapse; the face-up cards stay for phase 3."""
        trade: TradeTable = game.state.parts[PART]
        trade.offers.clear()
        trade.drafts = [None] * len(trade.drafts)
        game.pop()
        game.emit("trading_over")

    def prompt(self, game: Game, frame: Frame) -> str:
        trade: TradeTable = game.state.parts[PART]
        n = len(trade.offers)
        return f"trade: make, answer or withdraw offers ({n} open); pass when done"


_DRAFTING = frozenset((A.GiveHand, A.GiveFaceUp, A.Ask, A.WantFaceUp))
