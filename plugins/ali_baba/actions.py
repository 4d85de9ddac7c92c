"""Ali Baba's actions. Parameters are 0-based; codes are 1-based (``take k1`` is card 0).

Every action the steps hand out is a canonical instance made here once (the action table finds
the chosen action by identity). Cards are numbered 0..63: gang * 16 + group * 4 + copy.
"""

from __future__ import annotations

from attrs import frozen

from beanframe.core import Action, param

from .data import CARDS, GANGS

MAX_PLAYERS = 6
#: the prices a player may ask in an offer (a bounded ladder keeps the action space small)
PRICES = (0, 20, 40, 60, 80, 100, 120, 160, 200, 300)


def _board(config):
    return config.params["ali_baba"].board


def _card(game, card: int) -> str:
    board = _board(game.ruleset.config)
    return f"{board.group_names[card // 4]} ({board.gang_names[card // 16]}, loot {board.card_value[card]})"


@frozen(cache_hash=True)
class Done(Action):
    name = "done"
    text = "done"

    @classmethod
    def domain(cls, config):
        return (DONE,)


@frozen(cache_hash=True)
class Sell(Action):
    name = "sell"
    text = "sell bandit {card} to the bank at this district's price"
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return SELL

    def describe(self, game, player):
        return f"{self.name} {_card(game, self.card)}"


@frozen(cache_hash=True)
class Take(Action):
    name = "take"
    text = "take bandit {card}"
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return TAKE

    def describe(self, game, player):
        return f"{self.name} {_card(game, self.card)}"


@frozen(cache_hash=True)
class Move(Action):
    name = "move"
    text = "play the movement card {value}"
    value: int = param("c")  # 0-based: Move(0) moves 1 field

    @classmethod
    def domain(cls, config):
        return MOVE


@frozen(cache_hash=True)
class Go(Action):
    name = "go"
    text = "move Ali Baba to field {field}"
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return tuple(go(f) for f in range(len(_board(config).field_ids)))

    def describe(self, game, player):
        return f"move Ali Baba to field {_board(game.ruleset.config).field_ids[self.field]}"


@frozen(cache_hash=True)
class Target(Action):
    name = "target"
    text = "the event hits player {player}"
    player: int = param("p")

    @classmethod
    def domain(cls, config):
        return TARGET[: config.players]


@frozen(cache_hash=True)
class From(Action):
    name = "from"
    text = "receive a bandit from player {player}"
    player: int = param("p")

    @classmethod
    def domain(cls, config):
        return FROM[: config.players]


@frozen(cache_hash=True)
class Give(Action):
    name = "give"
    text = "give bandit {card}"
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return GIVE

    def describe(self, game, player):
        return f"{self.name} {_card(game, self.card)}"


@frozen(cache_hash=True)
class ChooseGang(Action):
    name = "gang"
    text = "Ali Baba hunts gang {gang}"
    gang: int = param("g")

    @classmethod
    def domain(cls, config):
        return GANG


@frozen(cache_hash=True)
class PlaceDie(Action):
    name = "place"
    text = "place the die on {pips}"
    pips: int = param("d")  # 0-based: PlaceDie(0) is a 1

    @classmethod
    def domain(cls, config):
        return PLACE


@frozen(cache_hash=True)
class Shed(Action):
    name = "shed"
    text = "shed bandit {card} to the bank"
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return SHED

    def describe(self, game, player):
        return f"{self.name} {_card(game, self.card)}"


@frozen(cache_hash=True)
class Offer(Action):
    name = "offer"
    text = "offer bandit {card} to player {buyer} (price level {price})"
    card: int = param("k")
    buyer: int = param("p")
    price: int = param("m")  # an index into PRICES

    @classmethod
    def domain(cls, config):
        return tuple(OFFER[c][b][m] for c in range(CARDS) for b in range(config.players) for m in range(len(PRICES)))

    def describe(self, game, player):
        return f"offer bandit {self.card + 1} to player {self.buyer + 1} for {PRICES[self.price]} piasters"


@frozen(cache_hash=True)
class Swap(Action):
    name = "swap"
    text = "offer bandit {mine} for bandit {theirs}"
    mine: int = param("k")
    theirs: int = param("k")

    @classmethod
    def domain(cls, config):
        return tuple(s for row in SWAP for s in row if s is not None)


@frozen(cache_hash=True)
class Accept(Action):
    name = "accept"
    text = "accept the offer"

    @classmethod
    def domain(cls, config):
        return (ACCEPT,)


@frozen(cache_hash=True)
class Decline(Action):
    name = "decline"
    text = "decline the offer"

    @classmethod
    def domain(cls, config):
        return (DECLINE,)


@frozen(cache_hash=True)
class Bail(Action):
    name = "bail"
    text = "pay bail for bandit {card}"
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return BAIL

    def describe(self, game, player):
        return f"{self.name} {_card(game, self.card)}"


@frozen(cache_hash=True)
class Surrender(Action):
    name = "surrender"
    text = "leave bandit {card} to the caliph"
    card: int = param("k")

    @classmethod
    def domain(cls, config):
        return SURRENDER

    def describe(self, game, player):
        return f"{self.name} {_card(game, self.card)}"


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
OFFER = tuple(
    tuple(tuple(Offer(c, b, m) for m in range(len(PRICES))) for b in range(MAX_PLAYERS)) for c in range(CARDS)
)
# one's own card for another's: never two cards of one owner, so never the same card
SWAP = tuple(tuple(Swap(a, b) if a != b else None for b in range(CARDS)) for a in range(CARDS))
_GO: dict[int, Go] = {}


def go(field: int) -> Go:
    """The canonical ``Go`` instance for a field (interned: boards differ in size)."""
    action = _GO.get(field)
    if action is None:
        action = _GO.setdefault(field, Go(field))
    return action


ALL = (Done, Sell, Take, Move, Go, Target, From, Give, ChooseGang, PlaceDie, Shed, Offer, Swap, Accept, Decline,
       Bail, Surrender)
