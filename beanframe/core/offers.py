"""Bounded offers: a negotiation protocol any game can build on (no game, no cards).

A *negotiation* is one stretch of play in which players make offers to one another: usually one
group decision (``Frame.group``), for instance a trading phase. This module keeps its book and its
rules; the game says what an *item* is and how items move.

- :class:`Offer`: what a maker gives and asks of an addressee, as items in public terms (``gives``,
  ``asks``: whatever the game puts there, say bean numbers or ``("card", 12)``), plus ``secret``:
  details only the maker knows (hand positions). A game may subclass it to add fields.
- Lifecycle: *draft* (``id == -1``, being built by its maker, counts against the cap when
  started) -> *sent* (gets the negotiation's next id, from 0; open in the book) -> *accepted*,
  *rejected*, *withdrawn* or *voided* (gone from the book), or a draft is *scrapped*.
- :class:`Caps`: offers each player may start per negotiation, items per side per offer. With each
  offer answered at most once and ``pass`` leaving the group until the next *change* (an offer
  sent, accepted, rejected, withdrawn or voided), every negotiation ends: at most ``players *
  caps.offers`` offers, each making at most two changes.
- :class:`OfferBook`: the open offers, the drafts, the offers started, the next id; kept inside
  a game's part (it has ``clone``). Its methods carry out the transitions and emit the events:
  ``("offer", id, maker, to, gives, asks)`` for everyone, and for the maker alone the same with
  ``secret`` appended (``game.emit(..., to=(maker,), public=...)``); ``("reject", id, player)``,
  ``("withdraw", id, player)``, ``("void", id)``, ``("scrap", player)``. Carrying out an accepted
  offer is the game's callback, which emits the game's own event.
- :func:`passed` and :func:`reopen`: "everyone has passed since the last change" for the group
  decision; :meth:`OfferBook.answer_actions` and :func:`addressees`: helpers for a step's legal
  actions.

The game keeps its action classes (their names and codes are its own) and passes the interned
instances in, so the core never builds an action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from attrs import define, evolve, field, frozen
from attrs.validators import ge, instance_of

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame

#: the lifecycle of an offer (its events are named after the transitions)
DRAFT, SENT, ACCEPTED, REJECTED, WITHDRAWN, VOIDED = "draft", "sent", "accepted", "rejected", "withdrawn", "voided"


@frozen
class Offer:
    """An offer (``id == -1``: a draft its maker is building).

    ``gives`` / ``asks``: the items given and asked, in public terms (everyone learns them once the
    offer is sent); ``secret``: details only the maker knows (never in another player's event,
    view or observation). A subclass may add fields; it then overrides ``n_given`` / ``n_asked``
    if those count items too.
    """

    id: int = -1
    maker: int = 0
    to: int = -1
    gives: tuple = field(default=(), converter=tuple)
    asks: tuple = field(default=(), converter=tuple)
    secret: tuple = field(default=(), converter=tuple)

    @property
    def n_given(self) -> int:
        return len(self.gives)

    @property
    def n_asked(self) -> int:
        return len(self.asks)

    @property
    def empty(self) -> bool:
        return not (self.n_given or self.n_asked)

    def sent_as(self, offer_id: int, to: int) -> Offer:
        """This draft sent as offer ``offer_id`` to player ``to``."""
        return evolve(self, id=offer_id, to=to)

    def seen_by(self, player: int | None) -> Offer:
        """The offer as ``player`` knows it: without ``secret`` unless ``player`` is the maker."""
        if player == self.maker or not self.secret:
            return self
        return evolve(self, secret=())


@frozen
class Caps:
    """The bounds of a negotiation: ``offers`` each player may start (a draft counts when started),
    ``items`` per side of one offer (given, and asked)."""

    offers: int = field(validator=[instance_of(int), ge(0)])
    items: int = field(validator=[instance_of(int), ge(1)])


def _stale_none(offer: Offer) -> bool:
    return False


@define(slots=True)
class OfferBook:
    """The state of one negotiation (see the module). Keep it in a part; ``clone`` it with it."""

    offers: list = field(factory=list)  # open (sent) offers, oldest first
    drafts: list = field(factory=list)  # per player: the draft being built, or None
    started: list = field(factory=list)  # per player: offers started in this negotiation
    next_id: int = 0

    @classmethod
    def new(cls, players: int) -> OfferBook:
        return cls([], [None] * players, [0] * players, 0)

    def clone(self) -> OfferBook:
        return OfferBook(self.offers.copy(), self.drafts.copy(), self.started.copy(), self.next_id)  # offers are immutable

    def reset(self) -> None:
        """A new negotiation: no offers, no drafts, every cap refilled, ids from 0 again."""
        n = len(self.started)
        self.offers.clear()
        self.drafts = [None] * n
        self.started = [0] * n
        self.next_id = 0

    def close(self) -> None:
        """The negotiation is over: open offers and drafts lapse (the caps stay used)."""
        self.offers.clear()
        self.drafts = [None] * len(self.drafts)

    # -- questions --------------------------------------------------------------------------
    def offer(self, offer_id: int) -> Offer | None:
        for o in self.offers:
            if o.id == offer_id:
                return o
        return None

    def left(self, player: int, caps: Caps) -> int:
        """How many more offers ``player`` may start in this negotiation."""
        return max(0, caps.offers - self.started[player])

    def room(self, draft: Offer, caps: Caps) -> tuple[bool, bool]:
        """Whether ``draft`` may take one more item given, and one more asked."""
        return draft.n_given < caps.items, draft.n_asked < caps.items

    def room_for(self, player: int, caps: Caps) -> tuple[bool, bool]:
        """Whether ``player`` may add an item given, and one asked, now: to their draft while it
        has room, or as the first item of a new draft while they have an offer left."""
        d = self.drafts[player]
        if d is None:
            ok = self.started[player] < caps.offers
            return ok, ok
        return d.n_given < caps.items, d.n_asked < caps.items

    def answer_actions(
        self,
        player: int,
        accept: Sequence[Any],
        reject: Sequence[Any],
        withdraw: Sequence[Any] | None = None,
        can_accept: Callable[..., bool] | None = None,
        *args: Any,
    ) -> list:
        """The answers ``player`` may give now: ``accept[id]`` (if ``can_accept(offer, *args)``)
        and ``reject[id]`` for each open offer to them, ``withdraw[id]`` for each of their own."""
        out = []
        for o in self.offers:
            if o.to == player:
                if can_accept is None or can_accept(o, *args):
                    out.append(accept[o.id])
                out.append(reject[o.id])
            elif o.maker == player and withdraw is not None:
                out.append(withdraw[o.id])
        return out

    def public(self, player: int | None) -> tuple[Offer, ...]:
        """The open offers as ``player`` (None: a spectator) knows them."""
        return tuple(o.seen_by(player) for o in self.offers)

    def drafting(self) -> tuple[bool, ...]:
        """Who is building an offer (public: the actions say so, not what is in it)."""
        return tuple(d is not None for d in self.drafts)

    # -- transitions ------------------------------------------------------------------------
    def start(self, player: int, draft: Offer) -> Offer:
        """``draft`` (an empty offer of ``player``'s, possibly of a subclass) becomes ``player``'s
        draft; it uses one of their offers. The caller checks :meth:`left` first."""
        self.started[player] += 1
        self.drafts[player] = draft
        return draft

    def send(self, game: Game, player: int, to: int, terms: tuple[tuple, tuple] | None = None) -> Offer:
        """Send ``player``'s draft to ``to`` under the next id; emit ``offer`` (``terms``: the
        public ``(gives, asks)`` the event shows, default the offer's own)."""
        offer = self.drafts[player].sent_as(self.next_id, to)
        self.next_id += 1
        self.drafts[player] = None
        self.offers.append(offer)
        gives, asks = terms if terms is not None else (offer.gives, offer.asks)
        event = ("offer", offer.id, player, to, gives, asks)
        if offer.secret:
            game.emit(*event, offer.secret, to=(player,), public=event)
        else:
            game.emit(*event)
        return offer

    def make(self, game: Game, offer: Offer, to: int, terms: tuple[tuple, tuple] | None = None) -> Offer:
        """Start and send ``offer`` (a complete draft of ``offer.maker``) in one go: for games
        whose offer is one action."""
        self.start(offer.maker, offer)
        return self.send(game, offer.maker, to, terms)

    def scrap(self, game: Game, player: int) -> None:
        """``player`` drops their draft (the offer it used stays used)."""
        self.drafts[player] = None
        game.emit("scrap", player)

    def reject(self, game: Game, offer: Offer, player: int) -> None:
        """The addressee ``player`` rejects ``offer``."""
        self.offers.remove(offer)
        game.emit("reject", offer.id, player)

    def withdraw(self, game: Game, offer: Offer, player: int) -> None:
        """The maker ``player`` withdraws ``offer``."""
        self.offers.remove(offer)
        game.emit("withdraw", offer.id, player)

    def accept(
        self,
        game: Game,
        offer: Offer,
        execute: Callable[[Game, Offer], None],
        stale: Callable[[Offer], bool] | None = None,
    ) -> None:
        """The addressee accepts ``offer``: it leaves the book, ``execute(game, offer)`` moves the
        items (and emits the game's event), then every open offer and draft that ``stale`` says
        no longer means what it meant is voided (see :meth:`void`)."""
        self.offers.remove(offer)
        execute(game, offer)
        if stale is not None:
            self.void(game, stale)

    def void(self, game: Game, stale: Callable[[Offer], bool] = _stale_none) -> None:
        """Void the open offers ``stale`` picks (event ``void``) and scrap the drafts it picks
        (event ``scrap``): their items moved, so they no longer mean what they said."""
        for o in [o for o in self.offers if stale(o)]:
            self.offers.remove(o)
            game.emit("void", o.id)
        for p, d in enumerate(self.drafts):
            if d is not None and stale(d):
                self.drafts[p] = None
                game.emit("scrap", p)


# -- the group decision ---------------------------------------------------------------------
def passed(game: Game, frame: Frame, player: int, close: Callable[[Game], None]) -> None:
    """``player`` passes: they leave the frame's group until the next change; when nobody is
    left, ``close(game)`` ends the negotiation (it pops the frame)."""
    rest = tuple(p for p in frame.deciders if p != player)
    if rest:
        game.replace_top(frame.kind, frame.player, *frame.args, group=rest)
    else:
        close(game)


def reopen(game: Game, frame: Frame, group: Sequence[int]) -> None:
    """A change (an offer sent or answered, withdrawn, voided): ``group`` may act again."""
    game.replace_top(frame.kind, frame.player, *frame.args, group=group)


def addressees(player: int, players: int, hub: int | None = None) -> list[int]:
    """Whom ``player`` may make offers to: anyone else, or with a ``hub`` (Bohnanza's active
    player) the hub offers to anyone and the others only to the hub."""
    if hub is None or player == hub:
        return [p for p in range(players) if p != player]
    return [hub]


def seat_order(players: int, first: int, who: Sequence[int] | None = None) -> tuple[int, ...]:
    """``who`` (default: everyone) in seat order starting with ``first``."""
    if who is None:
        return (*range(first, players), *range(first))
    return tuple(sorted(who, key=lambda p: (p - first) % players))
