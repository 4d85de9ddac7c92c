"""``barter``: a tiny fake game on the core's bounded offers (:mod:`beanframe.core.offers`), with no
bean code at all.

Every player holds a hand of tokens (colours 0..3) in a fixed order; the others see its size, not
its tokens. The game lasts ``ROUNDS`` rounds; each round is one negotiation, a group decision of
every player, in any order: anyone offers to anyone. An offer is built from small actions: ``give
h<k>`` (one's hand token k: the position is private, everyone learns the colour once it is sent),
``ask c<k>`` (a token of colour k from the addressee), then ``send p<k>`` or ``scrap``; the
addressee may ``accept o<k>`` (if they hold what is asked) or ``reject o<k>``, the maker may
``withdraw o<k>``; ``pass`` leaves the group until the next change. Caps (``CAPS``): 2 offers a
player a round, 2 tokens a side. An accepted offer moves the tokens (given ones go to the back of
the addressee's hand, asked ones, the front-most of each colour, to the maker's); offers and
drafts whose maker's hand changed are void. Score: the most tokens of one colour.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from attrs import define, field, frozen

from beanframe.core.actions import Action, param
from beanframe.core.offers import Caps, Offer, OfferBook, addressees, passed, reopen, seat_order
from beanframe.core.scoring import seat_name
from beanframe.core.steps import Step
from beanframe.core.variant import VariantInfo

from .fakes import plugin

NAME = "barter"
PART = "barter"
COLOURS = 4
PER_COLOUR = 6
HAND = 4
ROUNDS = 3
CAPS = Caps(offers=2, items=2)
TOKENS = COLOURS * PER_COLOUR


@frozen
class BarterView:
    round: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    offers: tuple[Offer, ...]  # open offers in public terms (positions only in one's own)
    draft: Offer | None  # one's own draft
    drafting: tuple[bool, ...]
    started: tuple[int, ...]


@define(slots=True)
class Barter:
    hands: list = field(factory=list)
    book: OfferBook = field(factory=OfferBook)
    round: int = 0

    @classmethod
    def empty(cls, config: Any) -> Barter:
        n = config.players
        return cls([[] for _ in range(n)], OfferBook.new(n), 0)

    def clone(self) -> Barter:
        return Barter([h.copy() for h in self.hands], self.book.clone(), self.round)

    def view(self, player: int | None) -> BarterView:
        return BarterView(
            round=self.round,
            hand=None if player is None else tuple(self.hands[player]),
            hand_sizes=tuple(len(h) for h in self.hands),
            offers=self.book.public(player),
            draft=None if player is None else self.book.drafts[player],
            drafting=self.book.drafting(),
            started=tuple(self.book.started),
        )

    def zones(self) -> dict[str, list[int]]:
        return {f"hand{p + 1}": h for p, h in enumerate(self.hands)}


@frozen(cache_hash=True)
class Give(Action):
    name = "give"
    text = "offer hand token {hand}"
    public_text = "offer a hand token"
    hand: int = param("h", private=True)

    @classmethod
    def domain(cls, config: Any):
        return GIVE


@frozen(cache_hash=True)
class Ask(Action):
    name = "ask"
    text = "ask for a token of colour {colour}"
    colour: int = param("c")

    @classmethod
    def domain(cls, config: Any):
        return ASK


@frozen(cache_hash=True)
class Send(Action):
    name = "send"
    to: int = param("p")

    @classmethod
    def domain(cls, config: Any):
        return SEND[: config.players]


@frozen(cache_hash=True)
class Accept(Action):
    name = "accept"
    offer: int = param("o")

    @classmethod
    def domain(cls, config: Any):
        return ACCEPT[: CAPS.offers * config.players]


@frozen(cache_hash=True)
class Reject(Action):
    name = "reject"
    offer: int = param("o")

    @classmethod
    def domain(cls, config: Any):
        return REJECT[: CAPS.offers * config.players]


@frozen(cache_hash=True)
class Withdraw(Action):
    name = "withdraw"
    offer: int = param("o")

    @classmethod
    def domain(cls, config: Any):
        return WITHDRAW[: CAPS.offers * config.players]


@frozen(cache_hash=True)
class Scrap(Action):
    name = "scrap"


@frozen(cache_hash=True)
class Pass(Action):
    name = "pass"


GIVE = tuple(Give(h) for h in range(TOKENS))
ASK = tuple(Ask(c) for c in range(COLOURS))
SEND = tuple(Send(p) for p in range(6))
ACCEPT = tuple(Accept(o) for o in range(CAPS.offers * 6))
REJECT = tuple(Reject(o) for o in range(CAPS.offers * 6))
WITHDRAW = tuple(Withdraw(o) for o in range(CAPS.offers * 6))
SCRAP, PASS = Scrap(), Pass()
ACTIONS = (Give, Ask, Send, Accept, Reject, Withdraw, Scrap, Pass)


def payment(hand: list[int], asks: tuple[int, ...]) -> list[int] | None:
    """The hand positions that pay ``asks`` (front-most token of each colour), or None."""
    used: list[int] = []
    for colour in asks:
        i = next((i for i, t in enumerate(hand) if t == colour and i not in used), None)
        if i is None:
            return None
        used.append(i)
    return used


def _take(hand: list[int], positions: list[int] | tuple[int, ...]) -> list[int]:
    tokens = [hand[i] for i in positions]
    for i in sorted(positions, reverse=True):
        del hand[i]
    return tokens


def barter_of(game: Any) -> Barter:
    return game.state.parts[PART]


def execute(game: Any, offer: Offer) -> None:
    hands = barter_of(game).hands
    given = _take(hands[offer.maker], offer.secret)
    asked = _take(hands[offer.to], payment(hands[offer.to], offer.asks))
    hands[offer.to].extend(given)
    hands[offer.maker].extend(asked)
    game.emit("swap", offer.id, offer.maker, offer.to, tuple(given), tuple(asked))


class BarterStep(Step):
    kind = "barter"

    def legal_for(self, game: Any, frame: Any, player: int):
        part = barter_of(game)
        book = part.book
        hand = part.hands[player]
        out = book.answer_actions(player, ACCEPT, REJECT, WITHDRAW, lambda o: payment(hand, o.asks) is not None)
        d = book.drafts[player]
        if d is None:
            if book.left(player, CAPS):
                out += [*GIVE[: len(hand)], *ASK]
        else:
            give, ask = book.room(d, CAPS)
            if give:
                out += [GIVE[i] for i in range(len(hand)) if i not in d.secret]
            if ask:
                out += ASK
            if not d.empty:
                out += [SEND[p] for p in addressees(player, game.players)]
            out.append(SCRAP)
        out.append(PASS)
        return out

    def apply_for(self, game: Any, frame: Any, player: int, action: Action) -> None:
        part = barter_of(game)
        book = part.book
        cls = action.__class__
        if cls is Pass:
            passed(game, frame, player, self.close)
            return
        if cls is Give or cls is Ask:
            d = book.drafts[player] or book.start(player, Offer(maker=player))
            if cls is Give:
                d = Offer(d.id, d.maker, d.to, (*d.gives, part.hands[player][action.hand]), d.asks, (*d.secret, action.hand))
            else:
                d = Offer(d.id, d.maker, d.to, d.gives, (*d.asks, action.colour), d.secret)
            book.drafts[player] = d
            return  # private work, not a change
        if cls is Scrap:
            book.scrap(game, player)
            return
        if cls is Send:
            book.send(game, player, action.to)
        elif cls is Accept:
            offer = book.offer(action.offer)
            changed = {p for p, items in ((offer.maker, offer.gives), (offer.to, offer.asks)) if items}
            book.accept(game, offer, execute, lambda o: bool(o.secret) and o.maker in changed)
        elif cls is Reject:
            book.reject(game, book.offer(action.offer), player)
        else:
            book.withdraw(game, book.offer(action.offer), player)
        reopen(game, frame, seat_order(game.players, frame.player))

    def close(self, game: Any) -> None:
        part = barter_of(game)
        part.book.close()
        game.pop()
        game.emit("negotiation_over", part.round)
        part.round += 1
        if part.round >= ROUNDS:
            game.end_game()

    def prompt(self, game: Any, frame: Any) -> str:
        return f"barter: {len(barter_of(game).book.offers)} open offers; pass when done"


def barter(**extra: Any):
    """The barter game as a plugin object (2 to 5 players)."""

    def register_parts(register):
        register(PART, Barter.empty, Barter)

    def register_actions(register):
        for cls in ACTIONS:
            register(cls)

    def register_steps(register):
        register(BarterStep())

    def deal(game):
        part = barter_of(game)
        tokens = [c for c in range(COLOURS) for _ in range(PER_COLOUR)]
        game.random().shuffle(tokens)
        for p in range(game.players):
            part.hands[p] = tokens[p * HAND : (p + 1) * HAND]

    def negotiate(game):
        barter_of(game).book.reset()
        game.push(BarterStep.kind, game.state.active, group=seat_order(game.players, game.state.active))

    def register_phases(pipeline):
        pipeline.add("setup", "deal", deal, title="deal the tokens")
        pipeline.add("turn", "negotiate", negotiate, title="one round of offers", number=1)

    def register_events(events):
        def offer(g, o, p, to, gives, asks, hand=()):
            where = f" (h{' h'.join(str(h + 1) for h in hand)})" if hand else ""
            return f"o{o + 1}: p{p + 1} offers p{to + 1} {list(gives)}{where} for {list(asks)}"

        events.describe("offer", offer)
        events.describe("swap", lambda g, o, p, to, given, got: f"o{o + 1} accepted")
        events.describe("reject", lambda g, o, p: f"p{p + 1} rejects o{o + 1}")
        events.describe("withdraw", lambda g, o, p: f"p{p + 1} withdraws o{o + 1}")
        events.describe("void", lambda g, o: f"o{o + 1} is void")
        events.describe("scrap", lambda g, p: f"p{p + 1} scraps a draft")
        events.describe("negotiation_over", lambda g, r: f"round {r + 1} is over")

    def score(game, sheet):
        for p, hand in enumerate(barter_of(game).hands):
            sheet.add(seat_name(p), "set", max(Counter(hand).values(), default=0))

    def check(game):
        part = barter_of(game)
        problems = []
        if sum(len(h) for h in part.hands) not in (0, HAND * game.players):  # dealt tokens only move between hands
            problems.append("tokens went missing")
        if any(s > CAPS.offers for s in part.book.started):
            problems.append(f"a player started more than {CAPS.offers} offers")
        if any(o.n_given > CAPS.items or o.n_asked > CAPS.items for o in part.book.offers):
            problems.append("an offer is over the items cap")
        return problems

    hooks: dict[str, Any] = dict(
        beanframe_variant=lambda: VariantInfo(name=NAME, version="1.0", players=(2, 3, 4, 5), description="a fake barter"),
        beanframe_register_parts=register_parts,
        beanframe_register_actions=register_actions,
        beanframe_register_steps=register_steps,
        beanframe_register_phases=register_phases,
        beanframe_register_events=register_events,
        beanframe_score=score,
        beanframe_invariants=check,
    )
    hooks.update(extra)
    return plugin(NAME, "1.0", **hooks)
