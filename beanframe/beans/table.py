"""The bean family's shared state and mechanics: deck, discard, fixed-order hands, fields, coins,
harvest and sale, run-outs and reshuffles. Al Cabohne and Bohnanza (and what builds on them) reuse
these; none of it is specific to one game.

Cards are ints (indexes into the :class:`CardSet`). The deck's top and the discard's top are the
*ends* of their lists; a hand's front is index 0; a field's last-planted card is its last element.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from attrs import define, field, frozen
from attrs.validators import deep_iterable, in_, instance_of, is_callable, optional

from beanframe.beans.cards import CardSet, shown_names
from beanframe.beans.rules import LITERAL, ONE_BEAN_RULES, OWN_TURN, WHEN, field_targets
from beanframe.core.params import flag, whole
from beanframe.core.state import END_NOW
from beanframe.errors import ConfigError
from beanframe.i18n import _

if TYPE_CHECKING:
    from beanframe.core.compose import Config
    from beanframe.core.game import Game

PART = "beans"  # the name of the BeanTable part in a game's state


def one_bean_per_field(game: Game, player: int, bean: int) -> list[int]:
    """The family's default field-acceptance rule (``BeanRules.plant_targets``): the field that
    grows ``bean``, else the first empty field, else none (:func:`~beanframe.beans.rules.field_targets`)."""
    return field_targets(game.state.parts[PART].fields[player], bean)


def plant_targets(game: Game, player: int, bean: int) -> list[int]:
    """Every field of ``player`` that may take ``bean`` now, by the composed rule
    ``BeanRules.plant_targets`` (empty fields are interchangeable: where no rule tells them apart
    only the first empty one is offered). Every step that plants asks this."""
    return game.ruleset.config.params["beans"].plant_targets(game, player, bean)


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
    #: where a bean may be planted: (game, player, bean) -> every field of the player that may
    #: take it. A variant that changes what fields accept (Prohibohn's Nightbar) sets its own
    #: function; every planting step of Al Cabohne asks it (through :func:`plant_targets`).
    plant_targets: Callable[[Game, int, int], list[int]] = field(default=one_bean_per_field, validator=is_callable())
    #: when a player may harvest: "own_turn" (Al Cabohne) or "any_time" (at any decision of the
    #: player, also outside the own turn: Bohnanza, F.22); never in set-up or at the end
    harvest_when: str = field(default=OWN_TURN, validator=in_(WHEN))
    #: which one-bean fields may be harvested: "literal" (Al Cabohne, F.19) or "protection"
    #: (Bohnanza's bean protection rule, RULES C); see beans.rules.harvestable_fields
    one_bean_harvest: str = field(default=LITERAL, validator=in_(ONE_BEAN_RULES))
    #: the price of the third field in coins (paid coins are set aside); None: it cannot be bought
    third_field_cost: int | None = field(default=4, validator=optional(whole(0)))
    #: when the third field may be bought: "own_turn" (Al Cabohne) or "any_time" (Bohnanza)
    buy_field_when: str = field(default=OWN_TURN, validator=in_(WHEN))
    #: the state parts that hold bean cards, each listing them by zone (``zones()``): the bean
    #: table, and every part a variant adds that holds some (Bohnanza's trade table, Bohnaparte's
    #: board). A variant appends its own part here; the card-count check sums them all
    #: (:func:`beanframe.beans.conformance.card_count_problems`), so no variant edits another's check.
    card_parts: tuple[str, ...] = field(default=(PART,), converter=tuple, validator=deep_iterable(instance_of(str)))


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
    """The bean family's state part.

    ``set_aside`` holds the cards that lie *under the discard*, coin side up: coins paid for a third
    field (Al Cabohne) or a building (Prohibohn). Phase 4 never matches them (only ``discard`` is
    face up) and they return at the next reshuffle, shuffled into the new deck with the discard.
    Pay into it with ``pay_coins(table, player, amount, table.set_aside)``.
    """

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
            names=tuple(b.name for b in rules.cards.beans),  # English: views show them in the reader's language
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
        names = shown_names(self.names)

        def named(cards: Sequence[int]) -> tuple[str, ...]:
            # itemgetter picks the names in C: a view per seat per action at the table names
            # every visible card (a generator took twice as long)
            n = len(cards)
            if n > 1:
                return itemgetter(*cards)(names)
            return (names[cards[0]],) if n else ()

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
            raise ConfigError(_("stacked deck: {problem}").format(problem=exc.args[0])) from None
        if remaining[b] == 0:
            raise ConfigError(_("stacked deck has more {bean} than the {n} in the game").format(bean=cards.names[b], n=cards.beans[b].count))
        remaining[b] -= 1
        stacked.append(b)
    if top is not None:  # saves record the canonical names, whatever alias was given
        game.setup_args["deck"] = [cards.beans[b].name for b in stacked]
    rest = [b for b, n in enumerate(remaining) for _ in range(n)]
    game.random().shuffle(rest)
    stacked.reverse()
    return rest + stacked  # the end of the list is the top


def deal(game: Game, table: BeanTable, n: int, first: int = 0) -> None:
    """Deal ``n`` cards to each player one at a time, starting with ``first``; each new card goes
    behind the others."""
    players = len(table.hands)
    for _round in range(n):
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
