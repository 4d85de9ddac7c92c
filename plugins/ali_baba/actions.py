"""Ali Baba's actions. Parameters are 0-based; codes are 1-based (``take k1`` is card 0).

Every action the steps hand out is a canonical instance made here once (the action table finds
the chosen action by identity). Cards are numbered 0..63: gang * 16 + group * 4 + copy.

An offer between players is built from small actions (``trade.py``): ``offer k<c>`` (one's own
bandit), ``ask k<c>`` (another player's), ``pay m<amount>`` / ``charge m<amount>`` (piasters given /
asked, in steps of ``STEPS``), then ``send p<k>`` or ``scrap``; the addressee answers ``accept`` or
``decline``. About 150 ids whatever the player count, instead of one id per card, buyer and price.
"""

from __future__ import annotations

from attrs import frozen

from beanframe.core import Action, param
from beanframe.i18n import N_, _

from .data import CARDS, GANGS
from .names import card_with_loot, gang_name

MAX_PLAYERS = 6
#: the steps by which an offer's piasters grow (``pay m<amount>``, ``charge m<amount>``): any
#: amount in tens is a few actions, and the action table stays small and fixed
STEPS = (10, 50, 100, 500, 1000)


def _board(config):
    return config.params["ali_baba"].board


def _card(game, card: int) -> str:
    return card_with_loot(_board(game.ruleset.config), card)


@frozen(cache_hash=True)
class Done(Action):
    name = "done"
    text = N_("done")

    @classmethod
    def domain(cls, config):
        return (DONE,)


@frozen(cache_hash=True)
class Sell(Action):
    name = "sell"
    text = N_("sell bandit {card} to the bank at this district's price")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return SELL

    def describe(self, game, player):
        return _("sell {card}").format(card=_card(game, self.card))


@frozen(cache_hash=True)
class Take(Action):
    name = "take"
    text = N_("take bandit {card}")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return TAKE

    def describe(self, game, player):
        return _("take {card}").format(card=_card(game, self.card))


@frozen(cache_hash=True)
class Move(Action):
    name = "move"
    text = N_("play the movement card {value}")
    value: int = param("c")  # 0-based: Move(0) moves 1 field

    @classmethod
    def domain(cls, config):
        return MOVE


@frozen(cache_hash=True)
class Go(Action):
    name = "go"
    text = N_("move Ali Baba to field {field}")
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return tuple(go(f) for f in range(len(_board(config).field_ids)))

    def describe(self, game, player):
        return _("move Ali Baba to field {field}").format(field=_board(game.ruleset.config).field_ids[self.field])


@frozen(cache_hash=True)
class Target(Action):
    name = "target"
    text = N_("the event hits player {player}")
    player: int = param("p")

    @classmethod
    def domain(cls, config):
        return TARGET[: config.players]


@frozen(cache_hash=True)
class From(Action):
    name = "from"
    text = N_("receive a bandit from player {player}")
    player: int = param("p")

    @classmethod
    def domain(cls, config):
        return FROM[: config.players]


@frozen(cache_hash=True)
class Give(Action):
    name = "give"
    text = N_("give bandit {card}")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return GIVE

    def describe(self, game, player):
        return _("give {card}").format(card=_card(game, self.card))


@frozen(cache_hash=True)
class ChooseGang(Action):
    name = "gang"
    text = N_("Ali Baba hunts gang {gang}")
    gang: int = param("g")

    @classmethod
    def domain(cls, config):
        return GANG

    def describe(self, game, player):
        return _("Ali Baba hunts gang {gang}: the {name}").format(gang=self.gang + 1, name=gang_name(_board(game.ruleset.config), self.gang))


@frozen(cache_hash=True)
class PlaceDie(Action):
    name = "place"
    text = N_("place the die on {pips}")
    pips: int = param("d")  # 0-based: PlaceDie(0) is a 1

    @classmethod
    def domain(cls, config):
        return PLACE


@frozen(cache_hash=True)
class Shed(Action):
    name = "shed"
    text = N_("shed bandit {card} to the bank")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return SHED

    def describe(self, game, player):
        return _("shed {card}").format(card=_card(game, self.card))


@frozen(cache_hash=True)
class Offer(Action):
    name = "offer"
    text = N_("put bandit {card} into the offer")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return OFFER

    def describe(self, game, player):
        return _("put your {card} into the offer").format(card=_card(game, self.card))


@frozen(cache_hash=True)
class Ask(Action):
    name = "ask"
    text = N_("ask for bandit {card} in the offer")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return ASK

    def describe(self, game, player):
        return _("ask for the {card} in the offer").format(card=_card(game, self.card))


@frozen(cache_hash=True)
class Pay(Action):
    """Piasters the offer's maker adds to what they give (``Pay(99)`` pays 100 more: the code is
    the amount, ``pay m100``)."""

    name = "pay"
    text = N_("pay {amount} piasters more in the offer")
    amount: int = param("m")  # the amount - 1 (0-based like every parameter): the code shows the amount

    @classmethod
    def domain(cls, config):
        return PAY

    @property
    def piasters(self) -> int:
        return self.amount + 1


@frozen(cache_hash=True)
class Charge(Action):
    """Piasters the offer asks of its addressee (``charge m100`` asks 100 more)."""

    name = "charge"
    text = N_("ask {amount} piasters more in the offer")
    amount: int = param("m")  # the amount - 1: the code shows the amount

    @classmethod
    def domain(cls, config):
        return CHARGE

    @property
    def piasters(self) -> int:
        return self.amount + 1


@frozen(cache_hash=True)
class Send(Action):
    name = "send"
    text = N_("send the offer to player {to}")
    to: int = param("p")

    @classmethod
    def domain(cls, config):
        return SEND[: config.players]


@frozen(cache_hash=True)
class Scrap(Action):
    name = "scrap"
    text = N_("scrap the offer being built (it still counts as one of your offers)")

    @classmethod
    def domain(cls, config):
        return (SCRAP,)


@frozen(cache_hash=True)
class Accept(Action):
    name = "accept"
    text = N_("accept the offer")

    @classmethod
    def domain(cls, config):
        return (ACCEPT,)


@frozen(cache_hash=True)
class Decline(Action):
    name = "decline"
    text = N_("decline the offer")

    @classmethod
    def domain(cls, config):
        return (DECLINE,)


@frozen(cache_hash=True)
class Bail(Action):
    name = "bail"
    text = N_("pay bail for bandit {card}")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return BAIL

    def describe(self, game, player):
        return _("pay bail for {card}").format(card=_card(game, self.card))


@frozen(cache_hash=True)
class Surrender(Action):
    name = "surrender"
    text = N_("leave bandit {card} to the caliph")
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return SURRENDER

    def describe(self, game, player):
        return _("leave {card} to the caliph").format(card=_card(game, self.card))


DONE, ACCEPT, DECLINE = Done(), Accept(), Decline()
SELL = tuple(Sell(c) for c in range(CARDS))
TAKE = tuple(Take(c) for c in range(CARDS))
GIVE = tuple(Give(c) for c in range(CARDS))
SHED = tuple(Shed(c) for c in range(CARDS))
BAIL = tuple(Bail(c) for c in range(CARDS))
SURRENDER = tuple(Surrender(c) for c in range(CARDS))
MOVE = tuple(Move(v) for v in range(5))
TARGET = tuple(Target(p) for p in range(MAX_PLAYERS))
FROM = tuple(From(p) for p in range(MAX_PLAYERS))
GANG = tuple(ChooseGang(g) for g in range(GANGS))
PLACE = tuple(PlaceDie(d) for d in range(6))
OFFER = tuple(Offer(c) for c in range(CARDS))
ASK = tuple(Ask(c) for c in range(CARDS))
PAY = tuple(Pay(m - 1) for m in STEPS)
CHARGE = tuple(Charge(m - 1) for m in STEPS)
SEND = tuple(Send(p) for p in range(MAX_PLAYERS))
SCRAP = Scrap()
_GO: dict[int, Go] = {}


def go(field: int) -> Go:
    """The canonical ``Go`` instance for a field (interned: boards differ in size)."""
    action = _GO.get(field)
    if action is None:
        action = _GO.setdefault(field, Go(field))
    return action


ALL = (Done, Sell, Take, Move, Go, Target, From, Give, ChooseGang, PlaceDie, Shed, Offer, Ask, Pay, Charge, Send,
       Scrap, Accept, Decline, Bail, Surrender)
