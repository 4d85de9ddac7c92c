"""Negotiations between players, on the core's group decisions, bounded so every game ends.

* ``shed`` (a group decision of every owner of hunted cards): shed a hunted card to the bank (20,
  or 100 at the last chance), offer it to another player for a price from ``PRICES`` (not at the
  last chance: the bank alone takes it then), or ``done``. Cards are never exchanged for cards
  there (the rulebook: "against the bandits' honour").
* ``bazaar`` (every player): offer a card for a price, or one's card for another player's card
  (``swap``); ``done``.
* ``answer``: the addressee of an offer accepts or declines (a nested decision on top).

The protocol is the core's bounded offers (:mod:`beanframe.core.offers`): the offer book in the
part (``AliBaba.book``: ids per negotiation, offers started per player), its events (``offer``,
``reject``), its caps (:class:`~beanframe.core.offers.Caps`: ``offers`` per player per negotiation,
the option, default 3; one item a side), ``pass``-like ``done`` leaving the group. What stays here:
the items (``("bandit", card)`` given; ``("piasters", price)`` or ``("bandit", card)`` asked), that
an offer is made in one action (``offer``/``swap``: a draft started and sent at once) and answered
at once (the ``answer`` frame on top, args ``(offer id,)``), and how the items move (``sold`` /
``swapped``). A shed card leaves the player; ``done`` leaves the group. So a negotiation always
ends.
"""

from __future__ import annotations

from functools import lru_cache

from beanframe.core import Step
from beanframe.core.offers import Caps, Offer

from . import actions as a
from .rules import board_of, gain, hunted_cards, receive, rules_of, table, to_pile

SALE, SWAP = 0, 1
BANDIT, PIASTERS = "bandit", "piasters"  # the kinds of item an offer gives or asks


@lru_cache(maxsize=32)
def caps(offers: int) -> Caps:
    """The core's caps for the ``offers`` option (one bandit card or price a side)."""
    return Caps(offers, 1)


def open_shedding(game, mask: int, last_chance: bool) -> None:
    part = table(game)
    n = game.players
    mover = game.state.active
    group = [(mover + i) % n for i in range(n) if hunted_cards(part, (mover + i) % n, mask)]
    if group:
        part.book.reset()
        game.push("shed", mover, mask, int(last_chance), group=group)


def open_bazaar(game) -> None:
    n = game.players
    mover = game.state.active
    table(game).book.reset()
    game.emit("bazaar")
    game.push("bazaar", mover, group=[(mover + i) % n for i in range(n)])


def _offers_left(game, player: int) -> bool:
    return table(game).book.left(player, caps(rules_of(game).offers)) > 0


def _sales(game, player: int, cards) -> tuple:
    part = table(game)
    out = []
    for buyer in range(game.players):
        if buyer == player:
            continue
        money = part.piasters[buyer]
        for c in cards:
            out.extend(a.OFFER[c][buyer][m] for m, price in enumerate(a.PRICES) if price <= money)
    return tuple(out)


def _leave(game, frame, player: int, keep) -> None:
    """Drop ``player`` (and anyone ``keep`` rejects) from the group; pop it when nobody is left."""
    rest = tuple(p for p in frame.group if p != player and keep(p))
    if rest:
        game.replace_top(frame.kind, frame.player, *frame.args, group=rest)
    else:
        game.pop()


def _offer(game, frame, player: int, action) -> None:
    """Make and send the offer of ``action`` in one go; its addressee answers at once."""
    part = table(game)
    if isinstance(action, a.Offer):
        offer = Offer(maker=player, gives=((BANDIT, action.card),), asks=((PIASTERS, a.PRICES[action.price]),))
        to = action.buyer
    else:
        offer = Offer(maker=player, gives=((BANDIT, action.mine),), asks=((BANDIT, action.theirs),))
        to = next(p for p in range(game.players) if action.theirs in part.bandits[p])
    sent = part.book.make(game, offer, to)
    game.push("answer", to, sent.id)


def terms(offer: Offer) -> tuple[int, int, int, int]:
    """``(mode, card, proposer, x)`` of an open offer: ``x`` the price level of a sale, or the card
    asked in a swap (the view's ``offer``)."""
    ((_, card),) = offer.gives
    ((kind, x),) = offer.asks
    if kind == PIASTERS:
        return SALE, card, offer.maker, a.PRICES.index(x)
    return SWAP, card, offer.maker, x


class ShedStep(Step):
    kind = "shed"

    def legal_for(self, game, frame, player):
        part = table(game)
        mask, last = frame.args
        fee = board_of(game).last_chance_fee if last else board_of(game).shed_fee
        cards = hunted_cards(part, player, mask)
        out = tuple(a.SHED[c] for c in cards) if part.piasters[player] >= fee else ()
        if not last and _offers_left(game, player):
            out += _sales(game, player, cards)
        return out + (a.DONE,)

    def apply_for(self, game, frame, player, action):
        part = table(game)
        mask, last = frame.args

        def keep(p):
            return bool(hunted_cards(part, p, mask))

        if action is a.DONE:
            _leave(game, frame, player, keep)
            return
        if isinstance(action, a.Shed):
            fee = board_of(game).last_chance_fee if last else board_of(game).shed_fee
            part.bandits[player].remove(action.card)
            to_pile(part, action.card)
            gain(part, player, -fee)
            game.emit("shed", player, action.card, fee)
            if not keep(player):
                _leave(game, frame, player, keep)
            return
        _offer(game, frame, player, action)

    def prompt(self, game, frame):
        what = "100 per card to the bank" if frame.args[1] else "20 per card to the bank, or sell to others"
        return f"Ali Baba is near: owners of hunted bandits may shed them ({what})"


class BazaarStep(Step):
    kind = "bazaar"

    def legal_for(self, game, frame, player):
        if not _offers_left(game, player):
            return (a.DONE,)
        part = table(game)
        mine = part.bandits[player]
        out = _sales(game, player, mine)
        theirs = [c for p in range(game.players) if p != player for c in part.bandits[p]]
        out += tuple(a.SWAP[m][t] for m in mine for t in theirs)
        return out + (a.DONE,)

    def apply_for(self, game, frame, player, action):
        if action is a.DONE:
            _leave(game, frame, player, lambda p: True)
        else:
            _offer(game, frame, player, action)

    def prompt(self, game, frame):
        return "the great bandit bazaar: trade bandits for piasters or for bandits, or done"


class AnswerStep(Step):
    """The addressee answers an offer at once (frame args: the offer's id in the book)."""

    kind = "answer"
    options = False

    def legal(self, game, frame):
        part = table(game)
        mode, card, proposer, x = terms(part.book.offer(frame.args[0]))
        ok = card in part.bandits[proposer]
        if mode == SALE:
            ok = ok and part.piasters[frame.player] >= a.PRICES[x]
        else:
            ok = ok and x in part.bandits[frame.player]
        return (a.ACCEPT, a.DECLINE) if ok else (a.DECLINE,)

    def apply(self, game, frame, action):
        book = table(game).book
        offer = book.offer(frame.args[0])
        game.pop()
        if action is a.DECLINE:
            book.reject(game, offer, frame.player)
        else:
            book.accept(game, offer, execute)

    def prompt(self, game, frame):
        mode, card, proposer, x = terms(table(game).book.offer(frame.args[0]))
        if mode == SALE:
            return f"player {frame.player + 1}: player {proposer + 1} offers bandit {card + 1} for {a.PRICES[x]}"
        return f"player {frame.player + 1}: player {proposer + 1} offers bandit {card + 1} for your bandit {x + 1}"


def execute(game, offer: Offer) -> None:
    """Carry out an accepted offer: the bandit against the price, or bandit against bandit."""
    part = table(game)
    mode, card, proposer, x = terms(offer)
    me = offer.to
    part.bandits[proposer].remove(card)
    receive(part, me, card)
    if mode == SALE:
        price = a.PRICES[x]
        gain(part, me, -price)
        gain(part, proposer, price)
        game.emit("sold", proposer, me, card, price)
    else:
        part.bandits[me].remove(x)
        receive(part, proposer, x)
        game.emit("swapped", proposer, me, card, x)


STEPS = (ShedStep, BazaarStep, AnswerStep)
