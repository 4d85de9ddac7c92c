"""Ali Baba's offers: the core's bounded offer record (:class:`beanframe.core.offers.Offer`) with
Ali Baba's items, and the pure rules about them. No step here (``trade.py`` has the steps).

An offer's ``gives`` are the maker's bandit cards ``("bandit", card)`` and the piasters the maker
pays ``("piasters", amount)``; its ``asks`` are the addressee's bandit cards and the piasters the
addressee pays. Cards first, in the order they were put in, then at most one amount a side; an
amount is never on both sides (RULES E, the bazaar: cards "in any ratio", "and piasters may be
added"; a sale while Ali Baba hunts: hunted cards for a freely negotiated price). Everything is
public: bandit cards lie open on the table, so every player learns an offer as it is built.
"""

from __future__ import annotations

from beanframe.core.offers import Offer

from .rules import gain, receive, table
from .state import AliBaba

BANDIT, PIASTERS = "bandit", "piasters"  # the kinds of item an offer gives or asks
#: how often each step of ``pay`` / ``charge`` may be counted out in one amount (None: as often
#: as the payer's money allows): amounts are counted out like coins, the largest first, so each
#: amount in tens has one way to be counted and takes at most 10 actions plus one per 1000
COUNTS = {1000: None, 500: 1, 100: 4, 50: 1, 10: 4}


def cards(items) -> tuple[int, ...]:
    """The bandit cards among ``items``."""
    return tuple(x for kind, x in items if kind == BANDIT)


def amount(items) -> int:
    """The piasters among ``items`` (0: none)."""
    return sum(x for kind, x in items if kind == PIASTERS)


def _items(card_ids, piasters: int) -> tuple:
    out = tuple((BANDIT, c) for c in card_ids)
    return out + ((PIASTERS, piasters),) if piasters else out


def with_card(items, card: int) -> tuple:
    return _items((*cards(items), card), amount(items))


def with_piasters(items, more: int) -> tuple:
    return _items(cards(items), amount(items) + more)


def counted(piasters: int) -> dict[int, int]:
    """How ``piasters`` is counted out: the number of each step, the largest first."""
    out = {}
    for step in sorted(COUNTS, reverse=True):
        out[step], piasters = divmod(piasters, step)
    return out


def next_steps(piasters: int) -> list[int]:
    """The steps that may follow an amount counted out so far: none larger than the smallest
    counted, none more often than ``COUNTS`` allows (the payer's money is checked by the caller)."""
    used = counted(piasters)
    smallest = min((step for step, k in used.items() if k), default=None)
    return [step for step, most in sorted(COUNTS.items())
            if (smallest is None or step <= smallest) and (most is None or used[step] < most)]


def put(draft: Offer, gives=None, asks=None) -> Offer:
    """``draft`` with new sides (plain constructor: the core's Offer has no secret here)."""
    return Offer(draft.id, draft.maker, draft.to, draft.gives if gives is None else gives, draft.asks if asks is None else asks)


def owner(part: AliBaba, card: int) -> int | None:
    for p, held in enumerate(part.bandits):
        if card in held:
            return p
    return None


def can_pay(part: AliBaba, player: int, items) -> bool:
    """Whether ``player`` holds every card and the piasters of ``items``."""
    held = part.bandits[player]
    return all(c in held for c in cards(items)) and part.piasters[player] >= amount(items)


def addressees(part: AliBaba, offer: Offer) -> list[int]:
    """The players ``offer`` may go to: anyone but its maker who holds the cards it asks and can
    pay the piasters it asks ("up to what the buyer holds")."""
    return [p for p in range(len(part.bandits)) if p != offer.maker and can_pay(part, p, offer.asks)]


def can_execute(part: AliBaba, offer: Offer) -> bool:
    return can_pay(part, offer.maker, offer.gives) and can_pay(part, offer.to, offer.asks)


def execute(game, offer: Offer) -> None:
    """Carry out an accepted offer: each side's cards and piasters go to the other side."""
    part = table(game)
    maker, to = offer.maker, offer.to
    for giver, taker, items in ((maker, to, offer.gives), (to, maker, offer.asks)):
        for c in cards(items):
            part.bandits[giver].remove(c)
            receive(part, taker, c)
        money = amount(items)
        gain(part, giver, -money)
        gain(part, taker, money)
    game.emit("traded", offer.id, maker, to, offer.gives, offer.asks)
