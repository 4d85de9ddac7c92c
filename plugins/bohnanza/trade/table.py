"""The ``trade`` part: the core's offer book (the open offers and the drafts being built, see
:mod:`beanframe.core.offers`), the face-up trade cards of the turn, the cards received in trades
(set aside until phase 3) and an accepted offer whose giver is choosing which copies of the asked
beans to give (F.27). Bohnaparte's farms add face-up cards to ``face_up``; its depots take cards
from ``received``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import define, field, frozen

from beanframe.beans.cards import shown_names
from beanframe.core.offers import OfferBook

from .offers import GONE, Offer

if TYPE_CHECKING:
    from beanframe.core.compose import Config

PART = "trade"


@frozen
class OfferView:
    """An offer as one player sees it: beans by name; hand positions only for its maker."""

    id: int
    maker: int
    to: int
    gives: tuple[str, ...]  # the beans given (hand cards, then face-up cards)
    face_up: tuple[int, ...]  # the face-up slots given (public: they lie on the table)
    asks: tuple[str, ...]  # the beans asked (from the hand, then the wanted face-up cards)
    wants: tuple[int, ...]  # the face-up slots asked for
    hand: tuple[int, ...] | None  # the maker's hand positions given: None unless one is the maker


@frozen
class TradeView:
    face_up: tuple[str | None, ...]  # per slot; None: traded away
    received: tuple[tuple[str, ...], ...]  # per player: cards set aside to plant in phase 3
    offers: tuple[OfferView, ...]
    draft: OfferView | None  # one's own draft (None for a spectator or without one)
    drafting: tuple[bool, ...]  # who is building an offer (public: the actions are)
    started: tuple[int, ...]  # offers each player started this turn (the cap counts these)
    trades: int  # trades (accepted offers) so far this game
    giving: int  # the accepted offer whose asked beans' copies its addressee is choosing (-1: none)
    chosen: tuple[int, ...] | None  # the hand positions chosen to give so far: the giver's alone


@define(slots=True)
class TradeTable(OfferBook):
    """The core's offer book (``offers``, ``drafts``, ``started``, ``next_id`` and its transitions,
    :class:`beanframe.core.offers.OfferBook`) plus Bohnanza's cards on the table."""

    names: tuple[str, ...] = ()
    face_up: list[int] = field(factory=list)
    received: list[list[int]] = field(factory=list)
    trades: int = 0
    #: F.27: the id of the accepted offer whose addressee is choosing which copies to give (-1:
    #: none; the offer stays open until the choice is made) and the hand positions chosen so far
    giving: int = -1
    chosen: list[int] = field(factory=list)

    @classmethod
    def empty(cls, config: Config) -> TradeTable:
        n = config.players
        return cls(
            [],
            [None] * n,
            [0] * n,
            0,
            names=tuple(b.name for b in config.params["beans"].cards.beans),  # English; views translate
            received=[[] for _ in range(n)],
        )

    def clone(self) -> TradeTable:
        return TradeTable(
            self.offers.copy(),  # offers are immutable
            self.drafts.copy(),
            self.started.copy(),
            self.next_id,
            self.names,
            self.face_up.copy(),
            [r.copy() for r in self.received],
            self.trades,
            self.giving,
            self.chosen.copy(),
        )

    def new_turn(self) -> None:
        """Forget the last turn's trading (phase 2 starts afresh: a new negotiation)."""
        self.face_up.clear()
        self.reset()
        self.stop_giving()

    def stop_giving(self) -> None:
        self.giving = -1
        self.chosen = []

    def close(self) -> None:
        super().close()
        self.stop_giving()

    def _offer_view(self, o: Offer, player: int | None) -> OfferView:
        names = shown_names(self.names)
        fu = self.face_up
        return OfferView(
            o.id,
            o.maker,
            o.to,
            tuple(names[c] for c in o.given_cards(fu) if c != GONE),
            o.face_up,
            tuple(names[c] for c in o.asked_cards(fu) if c != GONE),
            o.wants,
            o.hand if player == o.maker else None,
        )

    def view(self, player: int | None) -> TradeView:
        names = shown_names(self.names)
        draft = None if player is None else self.drafts[player]
        accepted = self.offer(self.giving) if self.giving >= 0 else None
        giver = None if accepted is None else accepted.to
        return TradeView(
            face_up=tuple(None if c == GONE else names[c] for c in self.face_up),
            received=tuple(tuple(names[c] for c in r) for r in self.received),
            offers=tuple(self._offer_view(o, player) for o in self.offers),
            draft=None if draft is None else self._offer_view(draft, player),
            drafting=tuple(d is not None for d in self.drafts),
            started=tuple(self.started),
            trades=self.trades,
            giving=self.giving,
            chosen=tuple(self.chosen) if player is not None and player == giver else None,
        )

    def zones(self) -> dict[str, list[int]]:
        out = {"face_up": [c for c in self.face_up if c != GONE]}
        for p, r in enumerate(self.received):
            out[f"received{p + 1}"] = r
        return out

    def known_hand_cards(self, player: int) -> Sequence[tuple[int, int]]:
        """(maker, bean) of every hand card that open offers show (for determinization: those
        cards are known to be in their maker's hand)."""
        return [(o.maker, b) for o in self.offers for b in o.gives]
