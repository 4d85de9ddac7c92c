"""The bean family's shared state and mechanics: deck, discard, fixed-order hands, fields, coins,
harvest and sale, run-outs and reshuffles. Al Cabohne and Bohnanza (and what builds on them) reuse
these; none of it is specific to one game.

Cards are ints (indexes into the :class:`CardSet`). The deck's top and the discard's top are the
*ends* of their lists; a hand's front is index 0; a field's last-planted card is its last element.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from attrs import define, field, frozen
from attrs.validators import instance_of, is_callable, optional

from beanframe.beans.cards import CardSet
from beanframe.core.params import flag, whole
from beanframe.core.state import END_NOW
from beanframe.errors import ConfigError

if TYPE_CHECKING:
    from beanframe.core.compose import Config
    from beanframe.core.game import Game

PART = "beans"  # the name of the BeanTable part in a game's state


@define
class BeanRules:
    """The bean family's parameters, kept in ``config.params["beans"]``; variants set them in
    ``beanframe_configure`` (a later variant may change what an earlier one set)."""

    # validators: checked when set, and again by the core once every variant configured
    cards: CardSet = field(validator=instance_of(CardSet))
    hand_size: int = field(default=5, validator=whole(1))
    fields: int = field(default=2, validator=whole(1))  # fields each player starts with
    max_fields: int = field(default=3, validator=whole(1))
    draw: int = field(default=2, validator=whole(0))  # cards drawn at the end of a turn
    reshuffle: bool = field(default=True, validator=flag)  # rebuild the deck from the discard when it runs out
    run_out_limit: int = field(default=3, validator=whole(1))  # the game ends after the deck ran out this many times (initially:
    # the live limit is BeanTable.run_out_limit, which a "run_out" listener may raise)
    #: fields may legally hold several beans (Prohibohn's Nightbar); invariants then allow it
    mixed_fields: bool = field(default=False, validator=flag)
    #: where a bean may be planted on a player's fields: (table, player, bean) -> field or None.
    #: A variant that changes what fields accept (Prohibohn's Nightbar) sets its own function.
    plant_target: Callable[[BeanTable, int, int], int | None] = field(default=None, validator=optional(is_callable()))

    def __attrs_post_init__(self) -> None:
        if self.plant_target is None:
            self.plant_target = plant_target


def rules_of(game: Game) -> BeanRules:
    """The bean family's parameters of a game's ruleset."""
    return game.ruleset.config.params["beans"]


@frozen
class BeansView:
    """What one player sees of the bean table (names are the beans' display names)."""

    hand: tuple[str, ...] | None  # own hand, front first (None for a spectator)
    hand_sizes: tuple[int, ...]
    fields: tuple[tuple[tuple[str, ...], ...], ...]  # per player, per field, first planted first
    coins: tuple[int, ...]  # coin counts per player
    own_coins: tuple[str, ...] | None  # the beans of one's own coins
    set_aside: int
    deck_size: int
    discard: tuple[str, ...]  # the whole face-up discard, bottom first (top last)
    piles: tuple[tuple[str, ...], ...]  # face-up piles of the turn
    leftovers: tuple[tuple[str, ...], ...]
    run_outs: int


@define(slots=True)
class BeanTable:
    """The bean family's state part."""

    names: tuple[str, ...]
    deck: list[int] = field(factory=list)
    discard: list[int] = field(factory=list)
    hands: list[list[int]] = field(factory=list)
    fields: list[list[list[int]]] = field(factory=list)
    coins: list[list[int]] = field(factory=list)
    set_aside: list[int] = field(factory=list)
    piles: list[list[int]] = field(factory=list)
    leftovers: list[list[int]] = field(factory=list)
    bought_field: list[bool] = field(factory=list)
    run_outs: int = 0
    run_out_limit: int = 3

    @classmethod
    def empty(cls, config: Config) -> BeanTable:
        rules: BeanRules = config.params["beans"]
        n = config.players
        return cls(
            names=rules.cards.names,
            hands=[[] for _ in range(n)],
            fields=[[[] for _ in range(rules.fields)] for _ in range(n)],
            coins=[[] for _ in range(n)],
            bought_field=[False] * n,
            run_out_limit=rules.run_out_limit,
        )

    def clone(self) -> BeanTable:
        return BeanTable(
            self.names,
            self.deck.copy(),
            self.discard.copy(),
            [h.copy() for h in self.hands],
            [[f.copy() for f in fs] for fs in self.fields],
            [c.copy() for c in self.coins],
            self.set_aside.copy(),
            [p.copy() for p in self.piles],
            [p.copy() for p in self.leftovers],
            self.bought_field.copy(),
            self.run_outs,
            self.run_out_limit,
        )

    def view(self, player: int | None) -> BeansView:
        names = self.names

        def named(cards: Sequence[int]) -> tuple[str, ...]:
            return tuple(names[c] for c in cards)

        return BeansView(
            hand=None if player is None else named(self.hands[player]),
            hand_sizes=tuple(len(h) for h in self.hands),
            fields=tuple(tuple(named(f) for f in fs) for fs in self.fields),
            coins=tuple(len(c) for c in self.coins),
            own_coins=None if player is None else named(self.coins[player]),
            set_aside=len(self.set_aside),
            deck_size=len(self.deck),
            discard=named(self.discard),
            piles=tuple(named(p) for p in self.piles),
            leftovers=tuple(named(p) for p in self.leftovers),
            run_outs=self.run_outs,
        )

    def zones(self) -> dict[str, list[int]]:
        """Every card of the table by zone (for accounting checks)."""
        out: dict[str, list[int]] = {"deck": self.deck, "discard": self.discard, "set_aside": self.set_aside}
        for p, hand in enumerate(self.hands):
            out[f"hand{p + 1}"] = hand
            out[f"coins{p + 1}"] = self.coins[p]
            for i, f in enumerate(self.fields[p]):
                out[f"p{p + 1}field{i + 1}"] = f
        for i, pile in enumerate(self.piles):
            out[f"pile{i + 1}"] = pile
        for i, pile in enumerate(self.leftovers):
            out[f"leftover{i + 1}"] = pile
        return out


# ------------------------------------------------------------------------------------------
# Set-up
# ------------------------------------------------------------------------------------------


def stack_deck(cards: CardSet, top: Sequence[Any] | None, game: Game) -> list[int]:
    """The starting deck as a list whose end is the top. ``top`` lists cards (names, keys or
    indexes) from the top down; cards it does not list are shuffled beneath them. Without ``top``
    the whole set is shuffled with the game's seed."""
    remaining = [0] * len(cards)
    for b, bean in enumerate(cards.beans):
        remaining[b] = bean.count
    stacked: list[int] = []
    for item in top or ():
        try:
            b = cards.index(item)
        except KeyError as exc:
            raise ConfigError(f"stacked deck: {exc.args[0]}") from None
        if remaining[b] == 0:
            raise ConfigError(f"stacked deck has more {cards.names[b]} than the {cards.beans[b].count} in the game")
        remaining[b] -= 1
        stacked.append(b)
    if top is not None:  # saves record the canonical names, whatever alias was given
        game.setup_args["deck"] = [cards.names[b] for b in stacked]
    rest = [b for b, n in enumerate(remaining) for _ in range(n)]
    game.random().shuffle(rest)
    stacked.reverse()
    return rest + stacked  # the end of the list is the top


def deal(game: Game, table: BeanTable, n: int, first: int = 0) -> None:
    """Deal ``n`` cards to each player one at a time, starting with ``first``; each new card goes
    behind the others."""
    players = len(table.hands)
    for _ in range(n):
        for k in range(players):
            p = (first + k) % players
            card = draw(game, table)
            if card is None:
                return
            table.hands[p].append(card)


# ------------------------------------------------------------------------------------------
# Deck, run-outs, reshuffles (RULES F.17)
# ------------------------------------------------------------------------------------------


def draw(game: Game, table: BeanTable) -> int | None:
    """Take the top card of the deck (None if there is none).

    The moment the deck's last card is taken it has *run out* (F.17): the run-out is counted,
    and the deck is rebuilt at once from the discard and the set-aside coins, unless this was the
    last run-out allowed (``table.run_out_limit``; the game then ends after this turn) or the rules
    do not reshuffle. A draw that finds the deck empty counts as a run-out too, so every game ends.
    """
    if game.state.ending == END_NOW:  # the game stops now: a running phase draws nothing more
        return None
    deck = table.deck
    if not deck:
        rules: BeanRules = game.ruleset.config.params["beans"]
        if table.run_outs >= table.run_out_limit or not rules.reshuffle:
            return None
        _run_out(game, table, rules)
        if not deck:
            return None
    card = deck.pop()
    if not deck:
        _run_out(game, table, game.ruleset.config.params["beans"])
    return card


def _run_out(game: Game, table: BeanTable, rules: BeanRules) -> None:
    table.run_outs += 1
    # listeners run before the limit is checked: a variant may grant one more deck here
    game.emit("run_out", table.run_outs)
    if table.run_outs >= table.run_out_limit or not rules.reshuffle:
        # the game ends at the end of this turn (A: "in phase 6 at once" is the same moment,
        # since the draw is the turn's last phase)
        game.end_game()
        return
    reshuffle(game, table)


def reshuffle(game: Game, table: BeanTable) -> None:
    """Shuffle the discard and the set-aside coins into the deck (beneath what it still holds).
    Public so that a variant can grant one more deck from a ``run_out`` listener or a step."""
    pool = table.discard + table.set_aside
    table.discard.clear()
    table.set_aside.clear()
    game.random().shuffle(pool)
    table.deck[:0] = pool
    game.emit("reshuffle", len(pool))


# ------------------------------------------------------------------------------------------
# Fields, planting, harvesting (RULES A "Harvest and sell", F.19)
# ------------------------------------------------------------------------------------------


def field_bean(f: list[int]) -> int | None:
    return f[-1] if f else None


def plant_target(table: BeanTable, player: int, bean: int) -> int | None:
    """Where ``bean`` may be planted on ``player``'s fields: the field that grows it, else the
    first empty field (empty fields are interchangeable, so one is offered), else None."""
    empty = None
    for i, f in enumerate(table.fields[player]):
        if f:
            if f[-1] == bean:
                return i
        elif empty is None:
            empty = i
    return empty


def may_harvest(table: BeanTable, player: int, index: int) -> bool:
    """Whether ``player`` may harvest field ``index`` now (the rule of :func:`harvestable`)."""
    return index in harvestable(table, player)


def harvestable(table: BeanTable, player: int, labels: Sequence[Any] | None = None) -> list[Any]:
    """The fields ``player`` may harvest now: those with two or more beans; if no field holds more
    than one, the one-bean fields (RULES A "Harvest and sell", F.19; empty fields never). Their
    indexes, or ``labels[index]`` when labels are given (e.g. interned actions)."""
    big: list[Any] = []
    single: list[Any] = []
    for i, f in enumerate(table.fields[player]):
        n = len(f)
        if n >= 2:
            big.append(i if labels is None else labels[i])
        elif n:
            single.append(i if labels is None else labels[i])
    return big or single


def sell(cards: CardSet, field_cards: list[int], coins: list[int], discard: list[int]) -> int:
    """Sell a whole field: the bean-o-meter value of the top (last-planted) bean's type, counted
    over the field's size; that many of the last-planted cards turn into coins, the rest go face
    up onto the discard in planting order. Empties the field; returns the coins earned."""
    n = len(field_cards)
    if n == 0:
        return 0
    value = cards.value(field_cards[-1], n)
    keep = n - value
    discard.extend(field_cards[:keep])
    coins.extend(field_cards[keep:])
    field_cards.clear()
    return value


def harvest(game: Game, table: BeanTable, player: int, index: int) -> int:
    """A player harvests and sells one of their fields."""
    f = table.fields[player][index]
    bean, n = f[-1], len(f)
    rules: BeanRules = game.ruleset.config.params["beans"]
    earned = sell(rules.cards, f, table.coins[player], table.discard)
    game.emit("harvest", player, index, bean, n, earned)
    return earned


def pay_coins(table: BeanTable, player: int, amount: int, to: list[int]) -> None:
    """Move ``amount`` of a player's coins (the earliest earned first) to ``to``."""
    coins = table.coins[player]
    to.extend(coins[:amount])
    del coins[:amount]
