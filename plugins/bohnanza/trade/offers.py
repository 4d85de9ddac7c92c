"""Bohnanza's offers: the core's bounded offer record (:mod:`beanframe.core.offers`) with
Bohnanza's items, and the pure rules about them (RULES C "Trade"; issue 8). No part: the trade
step, the views, the bots and the tests call these.

An offer names what its maker gives (hand cards by position, and, for the active player only, the
face-up trade cards by slot) and what it asks of its addressee (beans from the addressee's hand,
and, when the addressee is the active player, face-up cards by slot). Asking nothing makes it a
gift; giving nothing makes it a request for one. Everyone learns the beans an offer gives and
asks; only the maker knows the hand positions (``hand``).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen

from beanframe.core.offers import Offer as BaseOffer

GONE = -1  # a face-up slot whose card was traded away


@frozen
class Offer(BaseOffer):
    """An offer of the core's protocol (:mod:`beanframe.core.offers`; ``id == -1``: a draft) with
    Bohnanza's items.

    ``gives``: the beans of the maker's hand cards given (public once sent); ``secret``: those
    cards' hand positions (the maker's alone; also ``hand``); ``face_up``: face-up slots given;
    ``asks``: beans asked from the addressee's hand; ``wants``: face-up slots asked of the active
    player.
    """

    face_up: tuple[int, ...] = field(default=(), converter=tuple)
    wants: tuple[int, ...] = field(default=(), converter=tuple)

    @property
    def hand(self) -> tuple[int, ...]:
        return self.secret

    @property
    def n_given(self) -> int:
        return len(self.secret) + len(self.face_up)

    @property
    def n_asked(self) -> int:
        return len(self.asks) + len(self.wants)

    @property
    def empty(self) -> bool:
        return not (self.secret or self.face_up or self.asks or self.wants)

    def sent_as(self, offer_id: int, to: int) -> Offer:
        return Offer(offer_id, self.maker, to, self.gives, self.asks, self.secret, self.face_up, self.wants)

    def given_cards(self, face_up: Sequence[int]) -> list[int]:
        """The beans this offer gives: its hand cards' beans, then its face-up cards."""
        return [*self.gives, *(face_up[s] for s in self.face_up)]

    def asked_cards(self, face_up: Sequence[int]) -> list[int]:
        """The beans this offer asks for: the asked beans, then the wanted face-up cards."""
        return [*self.asks, *(face_up[s] for s in self.wants)]


# plain constructor calls, not attrs.evolve: drafting is on the hot path of trading games
def add_hand(d: Offer, position: int, bean: int) -> Offer:
    return Offer(d.id, d.maker, d.to, (*d.gives, bean), d.asks, (*d.secret, position), d.face_up, d.wants)


def add_face_up(d: Offer, slot: int) -> Offer:
    return Offer(d.id, d.maker, d.to, d.gives, d.asks, d.secret, (*d.face_up, slot), d.wants)


def add_ask(d: Offer, bean: int) -> Offer:
    return Offer(d.id, d.maker, d.to, d.gives, (*d.asks, bean), d.secret, d.face_up, d.wants)


def add_want(d: Offer, slot: int) -> Offer:
    return Offer(d.id, d.maker, d.to, d.gives, d.asks, d.secret, d.face_up, (*d.wants, slot))


def sent(d: Offer, offer_id: int, to: int) -> Offer:
    """The draft ``d`` sent as offer ``offer_id`` to player ``to``."""
    return d.sent_as(offer_id, to)


def payment(hand: Sequence[int], asks: Sequence[int], chosen: Sequence[int] = ()) -> list[int] | None:
    """The hand positions that pay ``asks``: for each asked bean the copies its giver ``chosen``
    (F.27: the giver chooses which copies leave the hand), then the front-most copies not yet
    taken (the default a program may keep), or None if the hand cannot pay them."""
    used: list[int] = []
    order = range(len(hand)) if not chosen else (*chosen, *range(len(hand)))  # can_accept: on the hot path
    for bean in asks:
        for i in order:
            if hand[i] == bean and i not in used:
                used.append(i)
                break
        else:
            return None
    return used


def copy_choice(hand: Sequence[int], asks: Sequence[int], chosen: Sequence[int]) -> int | None:
    """The asked bean whose copy the giver chooses next (F.27), or None when nothing is left to
    choose: a bean asked ``n`` times is a choice when the hand holds more than ``n`` copies, and
    then each of the ``n`` copies given is chosen, the asked beans in the offer's order."""
    for bean in dict.fromkeys(asks):
        wanted = asks.count(bean)
        if hand.count(bean) > wanted and sum(1 for i in chosen if hand[i] == bean) < wanted:
            return bean
    return None


def copies(hand: Sequence[int], bean: int, chosen: Sequence[int]) -> list[int]:
    """The hand positions of ``bean`` not chosen yet: the giver's choices."""
    return [i for i, card in enumerate(hand) if card == bean and i not in chosen]


def can_accept(offer: Offer, hand_of_addressee: Sequence[int], face_up: Sequence[int]) -> bool:
    """Whether the addressee can accept now: the wanted face-up cards are still there and the hand
    holds every asked bean. (The maker's given cards are always there: an offer is voided as soon
    as they may have moved, see :func:`stale`.)"""
    if any(face_up[s] == GONE for s in offer.wants):
        return False
    return payment(hand_of_addressee, offer.asks) is not None


def stale(offer: Offer, hands_changed: Sequence[int], face_up: Sequence[int]) -> bool:
    """Whether an open offer (or a draft) no longer means what it meant: its maker's hand changed
    (its hand positions may point elsewhere now) or a face-up card it gives or wants is gone."""
    if offer.hand and offer.maker in hands_changed:
        return True
    return any(face_up[s] == GONE for s in (*offer.face_up, *offer.wants))


def take_positions(hand: list[int], positions: Sequence[int]) -> list[int]:
    """Remove the cards at ``positions`` from ``hand`` (the others keep their order); returns them
    in the order of ``positions``."""
    cards = [hand[i] for i in positions]
    for i in sorted(positions, reverse=True):
        del hand[i]
    return cards
