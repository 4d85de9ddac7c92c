"""Negotiations between players (RULES E), on the core's bounded offers, built from small actions.

* ``shed`` (a group decision of every owner of hunted cards, the mover first): ``shed k<c>``, a
  hunted card to the bank (20, or 100 at the last chance); or start an offer *selling* hunted cards
  to another player at a freely negotiated price ("De prijs is hierbij vrij onderhandelbaar"; not at
  the last chance: the bank alone takes them then): only one's hunted cards given, only piasters
  asked ("cards are never exchanged for cards there: against the bandits' honour"); or ``done``.
* ``bazaar`` (every player, the mover first): start an offer of any of one's cards and piasters for
  any cards and piasters of one other player ("in any ratio, and piasters may be added"); ``done``.
* ``draft`` (the maker alone, on top; args ``(hunted gangs,)``, 0 in the bazaar): build the offer
  with ``offer k<c>`` (one's own card), ``ask k<c>`` (a card of the addressee: every asked card has
  one owner), ``pay m<amount>`` / ``charge m<amount>`` (piasters given / asked, never both, never
  more than the payer holds: "up to what the buyer holds"; counted out like coins, the largest
  first: any number of 1000s, then at most one 500, four 100s, one 50 and four 10s, so any amount
  in tens takes one way and at most 10 actions plus one per 1000), then ``send p<k>`` (to a player
  who holds the asked cards and piasters) or ``scrap``.
* ``answer`` (the addressee alone, on top; args ``(offer id,)``): ``accept`` or ``decline``.

The offer book, ids, caps and events are the core's (:mod:`beanframe.core.offers`; ``offer``,
``reject``, ``scrap``; the game's ``traded``); the items and how they move are in ``offers.py``.
Every negotiation ends, and soon: each player starts at most ``offers`` offers (the option,
default 3; a draft counts when started), building a draft only adds (each card once; each amount
counted out in at most 10 actions plus one per 1000 piasters the payer holds), every offer is
answered at once, and ``done`` leaves the group for good; a shedding player without hunted cards
leaves it too.
"""

from __future__ import annotations

from functools import lru_cache

from beanframe.core import Step
from beanframe.core.offers import Caps, Offer
from beanframe.i18n import _, ngettext

from . import actions as a
from .data import CARDS
from .offers import addressees, amount, can_execute, cards, execute, next_steps, owner, put, with_card, with_piasters
from .names import group_name, player
from .rules import board_of, gain, hunted_cards, rules_of, table, to_pile


@lru_cache(maxsize=32)
def caps(offers: int) -> Caps:
    """The core's caps for the ``offers`` option; a side holds any number of cards and an amount
    (the rulebook's "any ratio": the cards themselves bound it)."""
    return Caps(offers, CARDS + 1)


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


def building(game, player: int, mask: int, draft: Offer | None) -> list:
    """The actions that start (``draft`` None) or extend ``player``'s offer. ``mask``: the hunted
    gangs of a shedding (a sale of hunted cards for piasters), 0 in the bazaar."""
    part = table(game)
    others = [p for p in range(game.players) if p != player]
    gives = draft.gives if draft is not None else ()
    asks = draft.asks if draft is not None else ()
    given, paid, charged = cards(gives), amount(gives), amount(asks)
    mine = hunted_cards(part, player, mask) if mask else part.bandits[player]
    out = [a.OFFER[c] for c in mine if c not in given]
    payers = others
    if not mask:
        asked = cards(asks)
        # every asked card has one owner, who can pay what is charged already
        payers = [owner(part, asked[0])] if asked else [p for p in others if part.piasters[p] >= charged]
        out += [a.ASK[c] for c in sorted(c for p in payers for c in part.bandits[p]) if c not in asked]
        if not charged:
            out += [a.PAY[a.STEPS.index(m)] for m in next_steps(paid) if paid + m <= part.piasters[player]]
    if not paid:
        most = max((part.piasters[p] for p in payers), default=0)
        out += [a.CHARGE[a.STEPS.index(m)] for m in next_steps(charged) if charged + m <= most]
    return out


def extend(draft: Offer, action) -> Offer:
    """``draft`` with the item of a building action added."""
    cls = action.__class__
    if cls is a.Offer:
        return put(draft, gives=with_card(draft.gives, action.card))
    if cls is a.Ask:
        return put(draft, asks=with_card(draft.asks, action.card))
    if cls is a.Pay:
        return put(draft, gives=with_piasters(draft.gives, action.piasters))
    return put(draft, asks=with_piasters(draft.asks, action.piasters))


BUILDING = frozenset((a.Offer, a.Ask, a.Pay, a.Charge))


def _start(game, player: int, mask: int, action) -> None:
    """A first building action: a draft is started (one of the player's offers) and built on top."""
    book = table(game).book
    draft = book.start(player, Offer(maker=player))
    book.drafts[player] = extend(draft, action)
    game.push("draft", player, mask)


def _leave(game, frame, player: int) -> None:
    """``done``: ``player`` leaves the group for good; the frame goes when nobody is left."""
    rest = tuple(p for p in frame.group if p != player)
    if rest:
        game.replace_top(frame.kind, frame.player, *frame.args, group=rest)
    else:
        table(game).book.close()
        game.pop()


class ShedStep(Step):
    kind = "shed"

    def resolve(self, game, frame):
        """Owners left without hunted cards (shed or sold them all) leave the group."""
        part = table(game)
        mask = frame.args[0]
        rest = tuple(p for p in frame.group if hunted_cards(part, p, mask))
        if rest == tuple(frame.group):
            return True
        if rest:
            game.replace_top(frame.kind, frame.player, *frame.args, group=rest)
        else:
            part.book.close()
            game.pop()
        return False

    def legal_for(self, game, frame, player):
        part = table(game)
        mask, last = frame.args
        fee = board_of(game).last_chance_fee if last else board_of(game).shed_fee
        out = [a.SHED[c] for c in hunted_cards(part, player, mask)] if part.piasters[player] >= fee else []
        if not last and _offers_left(game, player):
            out += building(game, player, mask, None)
        out.append(a.DONE)
        return out

    def apply_for(self, game, frame, player, action):
        mask, last = frame.args
        if action is a.DONE:
            _leave(game, frame, player)
        elif action.__class__ is a.Shed:
            part = table(game)
            fee = board_of(game).last_chance_fee if last else board_of(game).shed_fee
            part.bandits[player].remove(action.card)
            to_pile(part, action.card)
            gain(part, player, -fee)
            game.emit("shed", player, action.card, fee)  # resolve() drops the player once none is left
        else:
            _start(game, player, mask, action)

    def prompt(self, game, frame):
        board = board_of(game)
        if frame.args[1]:
            text = _("Ali Baba is near: owners of hunted bandits may shed them ({fee} per card to the bank), or done")
            return text.format(fee=board.last_chance_fee)
        text = _("Ali Baba is near: owners of hunted bandits may shed them ({fee} per card to the bank, or sell to others), or done")
        return text.format(fee=board.shed_fee)


class BazaarStep(Step):
    kind = "bazaar"

    def legal_for(self, game, frame, player):
        if not _offers_left(game, player):
            return (a.DONE,)
        return [*building(game, player, 0, None), a.DONE]

    def apply_for(self, game, frame, player, action):
        if action is a.DONE:
            _leave(game, frame, player)
        else:
            _start(game, player, 0, action)

    def prompt(self, game, frame):
        return _("the great bandit bazaar: offer bandits and piasters for bandits and piasters, or done")


class DraftStep(Step):
    """The maker builds their offer (frame ``("draft", maker, hunted gangs)``) and sends or scraps it."""

    kind = "draft"
    options = False

    def legal(self, game, frame):
        part = table(game)
        player, mask = frame.player, frame.args[0]
        draft = part.book.drafts[player]
        if draft is None:  # a position with a draft frame but no draft: it can only be scrapped
            return (a.SCRAP,)
        out = building(game, player, mask, draft)
        if not draft.empty and (not mask or cards(draft.gives)):  # a sale gives at least one card
            out += [a.SEND[p] for p in addressees(part, draft)]
        out.append(a.SCRAP)
        return out

    def apply(self, game, frame, action):
        book = table(game).book
        player = frame.player
        cls = action.__class__
        if cls in BUILDING:
            book.drafts[player] = extend(book.drafts[player], action)
            return
        game.pop()
        if cls is a.Send:
            sent = book.send(game, player, action.to)
            game.push("answer", action.to, sent.id)
        else:
            book.scrap(game, player)

    def prompt(self, game, frame):
        if frame.args[0]:
            text = _("{player}: build your offer (your hunted bandits for piasters), then send it or scrap it")
        else:
            text = _("{player}: build your offer (bandits and piasters for bandits and piasters), then send it or scrap it")
        return text.format(player=player(frame.player))


class AnswerStep(Step):
    """The addressee answers an offer at once (frame args: the offer's id in the book)."""

    kind = "answer"
    options = False

    def legal(self, game, frame):
        part = table(game)
        offer = part.book.offer(frame.args[0])  # None only in a position naming no open offer
        return (a.ACCEPT, a.DECLINE) if offer is not None and can_execute(part, offer) else (a.DECLINE,)

    def apply(self, game, frame, action):
        book = table(game).book
        offer = book.offer(frame.args[0])
        game.pop()
        if offer is None:
            return
        if action is a.DECLINE:
            book.reject(game, offer, frame.player)
        else:
            book.accept(game, offer, execute)

    def prompt(self, game, frame):
        offer = table(game).book.offer(frame.args[0])
        if offer is None:
            return _("{player}: there is no offer {n} to answer").format(player=player(frame.player), n=frame.args[0] + 1)
        text = _("{player}: {maker} offers {gives} for {asks}")
        board = board_of(game)
        gives, asks = terms(board, offer.gives), terms(board, offer.asks)
        return text.format(player=player(frame.player), maker=player(offer.maker), gives=gives, asks=asks)


def terms(board, items) -> str:
    """One side of an offer in a few words: each card's code (as the actions name it) and group."""
    words = [f"k{c + 1} {group_name(board, c)}" for c in cards(items)]
    if amount(items):
        words.append(ngettext("{n} piaster", "{n} piasters", amount(items)).format(n=amount(items)))
    return ", ".join(words) or _("nothing")


STEPS = (ShedStep, BazaarStep, DraftStep, AnswerStep)
