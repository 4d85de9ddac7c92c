"""The trade part as segments of the observation vector (``beanframe_observation``; issue 8).

Beans are one-hot or counted over the card set (``b`` beans), seats relative (0: the observer),
as in the bean family's segments (:mod:`beanframe.beans.observation`). Only what the observer may
see: the face-up trade cards, every player's set-aside cards, the open offers in public terms (the
beans given and asked, never the maker's hand positions), who is building an offer, the offers
each player may still start, the observer's own draft, and the offer whose asked beans' copies
its addressee is choosing (F.27; the hand positions chosen only for that addressee). Another
player's draft (its beans follow hand cards the observer cannot see) is never read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.beans.observation import hand_positions
from beanframe.core.observation import relative

from ..rules import NAME
from .offers import GONE
from .table import PART

if TYPE_CHECKING:
    import numpy as np

    from beanframe.core.compose import Config
    from beanframe.core.game import Game


def register_trade(register: Any, config: Config) -> None:
    """Register ``trade.*``: face_up, received, offers, drafting, offers_left, draft, giving."""
    rules = config.params[NAME]
    cards = config.params["beans"].cards
    b = len(cards)
    n = config.players
    slots = rules.face_up_room
    ids = rules.offers_per_turn * n  # offer ids of a turn: 0 .. ids - 1
    cap = float(rules.cards_per_offer)
    width = 1 + 2 * n + 2 * b  # open, maker one-hot, addressee one-hot, beans given, beans asked

    def face_up(game: Game, player: int | None, out: np.ndarray) -> None:
        """Per slot: the bean one-hot, or the last number set for a card traded away."""
        for k, card in enumerate(game.state.parts[PART].face_up[:slots]):
            out[k * (b + 1) + (b if card == GONE else card)] = 1.0

    def received(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, cards_ in enumerate(game.state.parts[PART].received):
            base = relative(player, p, n) * b
            for c in cards_:
                out[base + c] += 1.0

    def offers(game: Game, player: int | None, out: np.ndarray) -> None:
        trade = game.state.parts[PART]
        fu = trade.face_up
        for o in trade.offers:
            if o.id >= ids:
                continue
            at = o.id * width
            out[at] = 1.0
            out[at + 1 + relative(player, o.maker, n)] = 1.0
            out[at + 1 + n + relative(player, o.to, n)] = 1.0
            for c in o.given_cards(fu):
                out[at + 1 + 2 * n + c] += 1.0
            for c in o.asked_cards(fu):
                out[at + 1 + 2 * n + b + c] += 1.0

    def drafting(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, d in enumerate(game.state.parts[PART].drafts):
            if d is not None:
                out[relative(player, p, n)] = 1.0

    def offers_left(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, started in enumerate(game.state.parts[PART].started):
            out[relative(player, p, n)] = max(0, rules.offers_per_turn - started)

    def draft(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is None:
            return
        trade = game.state.parts[PART]
        d = trade.drafts[player]
        if d is None:
            return
        for c in d.given_cards(trade.face_up):
            out[c] += 1.0
        for c in d.asked_cards(trade.face_up):
            out[b + c] += 1.0

    positions = hand_positions(config)

    def giving(game: Game, player: int | None, out: np.ndarray) -> None:
        """The offer being given for (one-hot id); for its addressee, the hand positions chosen."""
        trade = game.state.parts[PART]
        offer = trade.offer(trade.giving) if trade.giving >= 0 else None
        if offer is None or offer.id >= ids:
            return
        out[offer.id] = 1.0
        if player == offer.to:
            for i in trade.chosen:
                if i < positions:
                    out[ids + i] = 1.0

    register("trade.face_up", slots * (b + 1), face_up, 1.0, "per face-up trade slot: bean one-hot, or traded away")
    register("trade.received", n * b, received, float(cards.total), "per player (relative): set-aside cards per bean")
    register("trade.offers", ids * width, offers, cap, "per offer id: open, maker and addressee (relative), beans given, beans asked")
    register("trade.drafting", n, drafting, 1.0, "per player (relative): building an offer")
    register("trade.offers_left", n, offers_left, float(rules.offers_per_turn), "per player (relative): offers they may still start")
    register("trade.draft", 2 * b, draft, cap, "one's own draft: beans given, beans asked")
    register("trade.giving", ids + positions, giving, 1.0, "the accepted offer whose copies are being chosen (id one-hot); own hand positions chosen")
