"""What Bohnanza hides, for fair determinization (``game.determinize``; see
:mod:`beanframe.beans.hidden`): the deck and the other players' hands, as in the bean family, but
the beans that open offers name stay in their makers' hands (everyone saw them offered).

Only the maker knows where in the hand an offered card sits, so after the game-wide redeal each
other player's hand is put in a random order (``rng``) and every offer and draft of theirs is
pointed at the new positions: the copy keeps what offers revealed and reveals no position. Drafts
of other players name no bean in public: their beans follow whatever card the redeal put there.
While the addressee of an accepted offer chooses which copies to give (F.27), everyone knows they
hold the asked beans: those stay in their hand too, and the copies chosen so far follow their cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans.hidden import POOL, bean_zones
from beanframe.core.determinize import Hidden

from .trade.offers import Offer, payment
from .trade.table import PART as TRADE

if TYPE_CHECKING:
    import random

    from beanframe.core.game import Game


def hidden_zones(game: Game, observer: int | None):
    zones = bean_zones(game, observer)
    trade = game.state.parts[TRADE]
    hands = game.state.parts[BEANS].hands
    known: dict[int, dict[int, int]] = {}
    for o in trade.offers:
        if o.maker != observer:
            known.setdefault(o.maker, {}).update(zip(o.hand, o.gives))
        if o.id == trade.giving and o.to != observer:  # accepted: the asked beans are in that hand
            hand = hands[o.to]
            known.setdefault(o.to, {}).update((i, hand[i]) for i in payment(hand, o.asks, trade.chosen) or ())
    # the same hand lists again, with the offered positions known: the core merges the two
    return zones + [Hidden(POOL, hands[p], positions) for p, positions in known.items()]


def determinize(game: Game, observer: int | None, rng: random.Random) -> None:
    table = game.state.parts[BEANS]
    trade = game.state.parts[TRADE]
    for p, hand in enumerate(table.hands):
        if p == observer:
            continue
        order = list(range(len(hand)))
        rng.shuffle(order)
        where = {old: new for new, old in enumerate(order)}  # old position -> new position
        hand[:] = [hand[i] for i in order]
        trade.offers = [_moved(o, where, hand) if o.maker == p else o for o in trade.offers]
        d = trade.drafts[p]
        if d is not None:
            trade.drafts[p] = _moved(d, where, hand)
        giving = trade.offer(trade.giving) if trade.giving >= 0 else None
        if giving is not None and giving.to == p:
            trade.chosen = [where[i] for i in trade.chosen]


def _moved(o: Offer, where: dict[int, int], hand: list[int]) -> Offer:
    positions = tuple(where[h] for h in o.hand)
    gives = tuple(hand[h] for h in positions)
    return Offer(o.id, o.maker, o.to, gives, o.asks, positions, o.face_up, o.wants)
