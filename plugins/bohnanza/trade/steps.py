"""Phase 2, trade (RULES C "Rules" 2), as one group decision of every player.

The active player turns up the face-up trade cards (2; fewer when the deck has run out for the last
time, F.12), then every player may act, in any order: the active player offers to anyone, the others
to the active player only; each offer is built from small actions and sent, then answered (accept /
reject) or withdrawn. Cards received are set aside (``trade.received``), not taken into the hand.

The frame's ``group`` is the players who have not passed since the last *change* (an offer sent,
accepted, rejected, withdrawn or voided): a change brings everyone back. The offer book, its
ids, caps, answers and events are the core's bounded offer protocol (:mod:`beanframe.core.offers`);
what an item is, how items move and when an offer goes stale are Bohnanza's (here and in
``offers.py``). Trading ends when the active player ends it or when the group is empty. Caps
bound it: every player starts at most ``offers_per_turn`` offers a turn (a draft counts when
started, sent or scrapped) of at most ``cards_per_offer`` cards given and as many asked, and each
offer is answered once; so every trade phase ends.

Accepting an offer that asks beans of its addressee hands the choice of copies to them (F.27):
``trade.giving`` names the offer (it stays open meanwhile) and the one-decider ``give_copy``
decision on top asks ``give-copy h<k>`` for each card asked, the asked beans in the offer's order
(also a bean held just as often as asked: a forced choice, so that the number of choices tells
nobody how many copies the hand holds); then the trade step carries the offer out with the chosen
copies, the others keeping their order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import draw
from beanframe.core.offers import Caps, addressees, passed, reopen
from beanframe.core.offers import seat_order as _seat_order
from beanframe.core.steps import Step
from beanframe.i18n import _, ngettext

from .. import actions as BA
from ..rules import rules_of
from . import actions as A
from .offers import (
    GONE, Offer, add_ask, add_face_up, add_hand, add_want, can_accept, copies, copy_choice, payment, stale, take_positions,
)  # fmt: skip
from .table import PART, TradeTable

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def seat_order(game: Game, players) -> tuple[int, ...]:
    """``players`` in seat order starting with the active player (clockwise)."""
    return _seat_order(game.state.players, game.state.active, tuple(players))


def phase_trade(game: Game) -> None:
    """Turn up the face-up trade cards, then open the trade (a group decision of every player)."""
    table = game.state.parts[BEANS]
    trade: TradeTable = game.state.parts[PART]
    trade.new_turn()
    rules = rules_of(game)
    for _card in range(rules.flip):
        card = draw(game, table)
        if card is None:  # F.12: after the last run-out, fewer cards are turned up
            break
        trade.face_up.append(card)
        game.emit("turn_up", card)
    if rules.trading and game.state.players > 1:
        open_trade(game)


def open_trade(game: Game) -> None:
    """Push the trade decision: every player decides, the active player first."""
    game.push(TradeStep.kind, game.state.active, group=everyone(game))


def everyone(game: Game) -> tuple[int, ...]:
    return _seat_order(game.state.players, game.state.active)


class TradeStep(Step):
    """The ``trade`` group decision (see the module). Bohnaparte may wrap the ``trade`` phase to
    turn up more face-up cards before anyone decides (frames are resolved after the phase)."""

    kind = "trade"
    #: the core's caps for this ruleset's options (made on first use: legal lists ask often)
    caps: Caps | None = None

    def __init__(self) -> None:
        self.sends: dict[tuple[int, int, int], tuple] = {}  # (player, active, players) -> send actions

    def resolve(self, game: Game, frame: Frame) -> bool:
        """An accepted offer waits for its giver's choice of copies (``give_copy`` on top), or is
        carried out once nothing is left to choose."""
        trade: TradeTable = game.state.parts[PART]
        if trade.giving < 0:
            return True
        offer = trade.offer(trade.giving)
        if offer is None:  # nothing to carry out (a hand-made position): forget it
            trade.stop_giving()
            return True
        if copy_choice(game.state.parts[BEANS].hands[offer.to], offer.asks, trade.chosen) is not None:
            game.push(GiveCopyStep.kind, offer.to)
            return False
        changed = [p for p, cards in ((offer.maker, offer.hand), (offer.to, offer.asks)) if cards]
        fu = trade.face_up
        trade.accept(game, offer, self.execute, lambda o: stale(o, changed, fu))
        reopen(game, frame, _seat_order(game.state.players, game.state.active))  # a change: everyone may act again
        return False

    # -- what a player may do -----------------------------------------------------------------
    def legal_for(self, game: Game, frame: Frame, player: int):
        s = game.state
        trade: TradeTable = s.parts[PART]
        rules = rules_of(game)
        cap = self.caps
        if cap is None or cap.offers != rules.offers_per_turn or cap.items != rules.cards_per_offer:
            cap = self.caps = Caps(rules.offers_per_turn, rules.cards_per_offer)  # once per ruleset
        active = frame.player
        hand = s.parts[BEANS].hands[player]
        fu = trade.face_up
        out = trade.answer_actions(player, A.ACCEPT, A.REJECT, A.WITHDRAW, can_accept, hand, fu) if trade.offers else []
        d = trade.drafts[player]
        give, ask = trade.room_for(player, cap)  # a first item starts a draft (and uses an offer)
        if give:
            if d is None:
                out += A.GIVE_HAND[: len(hand)]
                if player == active:
                    out += [A.GIVE_FACE[k] for k, c in enumerate(fu) if c != GONE]
            else:
                out += [A.GIVE_HAND[i] for i in range(len(hand)) if i not in d.secret]
                if player == active:
                    out += [A.GIVE_FACE[k] for k, c in enumerate(fu) if c != GONE and k not in d.face_up]
        if ask:
            out += A.ASK[: len(trade.names)]
            if player != active:
                wants = () if d is None else d.wants
                out += [A.WANT_FACE[k] for k, c in enumerate(fu) if c != GONE and k not in wants]
        if d is not None:
            if not d.empty:
                key = (player, active, s.players)
                sends = self.sends.get(key)
                if sends is None:  # the core's addressees, as interned actions, once per seat pair
                    sends = self.sends[key] = tuple(A.SEND[p] for p in addressees(player, s.players, active))
                out += sends
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
            passed(game, frame, player, self.close)
            return
        if cls is A.EndTrading:
            self.close(game)
            return
        if cls in _DRAFTING:
            draft = trade.drafts[player]
            if draft is None:
                draft = trade.start(player, Offer(maker=player))
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
            trade.scrap(game, player)
            return
        if cls is A.Send:
            d, fu = trade.drafts[player], trade.face_up
            trade.send(game, player, action.to, (tuple(d.given_cards(fu)), tuple(d.asked_cards(fu))))
        elif cls is A.Accept:
            trade.giving, trade.chosen = action.offer, []  # resolve: the giver's choice, then the trade
            return
        elif cls is A.Reject:
            trade.reject(game, trade.offer(action.offer), player)
        else:
            trade.withdraw(game, trade.offer(action.offer), player)
        # a change: everyone may act again
        reopen(game, frame, _seat_order(s.players, s.active))

    def execute(self, game: Game, offer: Offer) -> None:
        """Carry out an accepted offer: each side's cards go to the other's set-aside cards."""
        table = game.state.parts[BEANS]
        trade: TradeTable = game.state.parts[PART]
        fu = trade.face_up
        maker, to = offer.maker, offer.to
        given = take_positions(table.hands[maker], offer.hand)
        for slot in offer.face_up:
            given.append(fu[slot])
            fu[slot] = GONE
        asked = take_positions(table.hands[to], payment(table.hands[to], offer.asks, trade.chosen))
        trade.stop_giving()
        for slot in offer.wants:
            asked.append(fu[slot])
            fu[slot] = GONE
        trade.received[to].extend(given)
        trade.received[maker].extend(asked)
        trade.trades += 1
        game.emit("trade", offer.id, maker, to, tuple(given), tuple(asked))

    def close(self, game: Game) -> None:
        """Trading is over: open offers and drafts lapse; the face-up cards stay for phase 3."""
        trade: TradeTable = game.state.parts[PART]
        trade.close()
        game.pop()
        game.emit("trading_over")

    def prompt(self, game: Game, frame: Frame) -> str:
        trade: TradeTable = game.state.parts[PART]
        n = len(trade.offers)
        return ngettext(
            "trade: make, answer or withdraw offers ({n} open); pass when done",
            "trade: make, answer or withdraw offers ({n} open); pass when done",
            n,
        ).format(n=n)


class GiveCopyStep(Step):
    """F.27: the addressee of the accepted offer ``trade.giving`` chooses which of their copies of
    an asked bean to give (``give-copy h<k>``, one copy at a time). The state is the trade part's
    (``giving``, ``chosen``); the trade step below carries the offer out when nothing is left to
    choose."""

    kind = "give_copy"

    def resolve(self, game: Game, frame: Frame) -> bool:
        if self._bean(game) is None:
            game.pop()
            return False
        return True

    def _bean(self, game: Game) -> int | None:
        trade: TradeTable = game.state.parts[PART]
        offer = trade.offer(trade.giving) if trade.giving >= 0 else None
        if offer is None:
            return None
        return copy_choice(game.state.parts[BEANS].hands[offer.to], offer.asks, trade.chosen)

    def legal(self, game: Game, frame: Frame):
        trade: TradeTable = game.state.parts[PART]
        offer = trade.offer(trade.giving) if trade.giving >= 0 else None
        if offer is None:
            return []
        hand = game.state.parts[BEANS].hands[frame.player]
        bean = copy_choice(hand, offer.asks, trade.chosen)
        return [] if bean is None else [A.GIVE_COPY[i] for i in copies(hand, bean, trade.chosen)]

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.state.parts[PART].chosen.append(action.hand)  # resolve asks for the next copy, or pops

    def prompt(self, game: Game, frame: Frame) -> str:
        # public: which beans have a choice depends on the giver's hand, so none is named here
        offer_id = game.state.parts[PART].giving
        return _("accepting o{offer}: choose which of your copies of the asked beans to give").format(offer=offer_id + 1)


_DRAFTING = frozenset((A.GiveHand, A.GiveFaceUp, A.Ask, A.WantFaceUp))
