"""The trading actions: an offer is built from a few small actions, so the integer action table
stays small (a few hundred ids for 5 players) and masks stay usable.

Building (a *draft*; the first of these starts one and uses one of the turn's offers):
``give h<k>`` (hand card k; the position is private), ``give-face u<k>`` (face-up card k: the
active player only), ``ask c<b>`` (one card of bean b from the addressee's hand), ``want-face u<k>``
(face-up card k: offers to the active player only); then ``send p<k>`` (to player k) or ``scrap``.
Answering: ``accept o<k>``, ``reject o<k>``; the maker may ``withdraw o<k>``. ``pass`` (nothing more
for now), ``end-trading`` (the active player). Offer ids count from o1 each turn. An accepted offer
that asks beans of its addressee is followed by the addressee's ``give-copy h<k>`` (F.27: which
copy leaves the hand; the position is private), once per card asked (forced with one copy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans import PART as BEANS
from beanframe.beans import rules_of as bean_rules
from beanframe.core.actions import Action, param
from beanframe.i18n import N_, _

from ..rules import NAME

if TYPE_CHECKING:
    from beanframe.core.game import Game


def _rules(config):
    return config.params[NAME]


def _hand_card_name(game: Game, player: int, k: int) -> str:
    """The name of ``player``'s hand card ``k`` (their own hand: only they are described it)."""
    hand = game.part(BEANS).hands[player]
    return bean_rules(game).cards.names[hand[k]] if k < len(hand) else "?"


def _offer_ids(config) -> range:
    return range(_rules(config).offers_per_turn * config.players)


@frozen(cache_hash=True)
class GiveHand(Action):
    name = "give"
    text = N_("offer hand card {hand}")
    public_text = N_("offer a hand card")
    hand: int = param("h", private=True)

    @classmethod
    def domain(cls, config):
        return (cls(h) for h in range(_rules(config).hand_room))

    def describe(self, game: Game, player: int) -> str:
        return _("offer hand card {hand} ({bean})").format(hand=self.hand + 1, bean=_hand_card_name(game, player, self.hand))


@frozen(cache_hash=True)
class GiveFaceUp(Action):
    name = "give-face"
    text = N_("offer face-up card {slot}")
    slot: int = param("u")

    @classmethod
    def domain(cls, config):
        return (cls(s) for s in range(_rules(config).face_up_room))


@frozen(cache_hash=True)
class Ask(Action):
    name = "ask"
    text = N_("ask for a card of bean {bean}")
    bean: int = param("c")

    @classmethod
    def domain(cls, config):
        return (cls(b) for b in range(len(config.params["beans"].cards)))

    def describe(self, game: Game, player: int) -> str:
        return _("ask for a {bean}").format(bean=bean_rules(game).cards.names[self.bean])

    def describe_public(self, game: Game) -> str:
        return self.describe(game, -1)  # the bean asked for is public: name it, never its number


@frozen(cache_hash=True)
class WantFaceUp(Action):
    name = "want-face"
    text = N_("ask for face-up card {slot}")
    slot: int = param("u")

    @classmethod
    def domain(cls, config):
        return (cls(s) for s in range(_rules(config).face_up_room))


@frozen(cache_hash=True)
class Send(Action):
    name = "send"
    text = N_("send the offer to player {to}")
    to: int = param("p")

    @classmethod
    def domain(cls, config):
        return (cls(p) for p in range(config.players))


@frozen(cache_hash=True)
class Scrap(Action):
    name = "scrap"
    text = N_("scrap the offer being built")


@frozen(cache_hash=True)
class Accept(Action):
    name = "accept"
    text = N_("accept offer {offer}")
    offer: int = param("o")

    @classmethod
    def domain(cls, config):
        return (cls(o) for o in _offer_ids(config))


@frozen(cache_hash=True)
class Reject(Action):
    name = "reject"
    text = N_("reject offer {offer}")
    offer: int = param("o")

    @classmethod
    def domain(cls, config):
        return (cls(o) for o in _offer_ids(config))


@frozen(cache_hash=True)
class Withdraw(Action):
    name = "withdraw"
    text = N_("withdraw offer {offer}")
    offer: int = param("o")

    @classmethod
    def domain(cls, config):
        return (cls(o) for o in _offer_ids(config))


@frozen(cache_hash=True)
class GiveCopy(Action):
    """F.27: the hand card that pays an asked bean, chosen among the giver's copies of it."""

    name = "give-copy"
    text = N_("give hand card {hand}")
    public_text = N_("choose which copy of an asked bean to give")
    hand: int = param("h", private=True)

    @classmethod
    def domain(cls, config):
        return (cls(h) for h in range(_rules(config).hand_room))

    def describe(self, game: Game, player: int) -> str:
        return _("give hand card {hand} ({bean})").format(hand=self.hand + 1, bean=_hand_card_name(game, player, self.hand))


@frozen(cache_hash=True)
class EndTrading(Action):
    name = "end-trading"
    text = N_("end trading")


def _interned(cls, n: int) -> tuple:
    return tuple(cls(i) for i in range(n))


# Interned instances (legal lists hand out these); the domains above are never larger.
GIVE_HAND = _interned(GiveHand, 400)
GIVE_FACE = _interned(GiveFaceUp, 24)
ASK = _interned(Ask, 64)
WANT_FACE = _interned(WantFaceUp, 24)
SEND = _interned(Send, 16)
ACCEPT = _interned(Accept, 12 * 16)
REJECT = _interned(Reject, 12 * 16)
WITHDRAW = _interned(Withdraw, 12 * 16)
GIVE_COPY = _interned(GiveCopy, 400)
SCRAP, END_TRADING = Scrap(), EndTrading()

ALL = (GiveHand, GiveFaceUp, Ask, WantFaceUp, Send, Scrap, Accept, Reject, Withdraw, EndTrading, GiveCopy)  # new ones last: ids stay
