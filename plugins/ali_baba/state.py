"""Ali Baba's state part ``ali_baba`` and its view.

Public (F.13 in spirit: the rulebook has bandit cards lie open on the table): Ali Baba's field,
the round, everyone's piasters and bandit cards, the open card of each pile and the piles' sizes,
the dice on the fate grid, how many movement cards each player holds and which were played.
Private: the movement cards in another player's hand, and the order of the face-down pile cards
(cards shed to the bank go face up under their pile, so those bottom cards are known).
"""

from __future__ import annotations

from attrs import Factory, define, frozen

from beanframe.core.offers import Offer, OfferBook

from .data import GANGS, Board

PART = "ali_baba"


@frozen
class AliBabaView:
    field: int
    round: int
    hand: tuple[int, ...] | None  # one's own movement cards (None for a spectator)
    hand_sizes: tuple[int, ...]
    played: tuple[int, ...]  # movement cards played this round, in order
    piasters: tuple[int, ...]
    bandits: tuple[tuple[int, ...], ...]
    open_cards: tuple[int | None, ...]  # the open (top) card of each gang's pile
    pile_sizes: tuple[int, ...]
    black: int  # 0: not on the fate grid
    white: int
    hunted: int  # gangs Ali Baba hunts now (a bit per gang; 0: none)
    arrested: tuple[tuple[int, ...], ...]
    offers: tuple[int, ...]  # offers each player made in the current negotiation
    # the offer on the table: being built (``id == -1``) or awaiting its answer; None: no offer.
    # ``gives`` / ``asks``: ("bandit", card) and ("piasters", amount) items (offers.py)
    offer: Offer | None
    board_file: str  # the board option ("": the shipped reconstruction), so a renderer can draw it


def open_offer(game) -> Offer | None:
    """The offer being built (a ``draft`` frame on top) or answered (an ``answer`` frame on top)."""
    stack = game.state.stack
    if not stack:
        return None
    top = stack[-1]
    book = game.state.parts[PART].book
    if top.kind == "answer":
        return book.offer(top.args[0])
    if top.kind == "draft":
        return book.drafts[top.player]
    return None


@define(slots=True)
class AliBaba:
    field: int
    round: int
    hands: list[list[int]]  # movement cards (values 1..5), sorted
    played: list[int]
    piasters: list[int]
    bandits: list[list[int]]  # card ids, sorted
    piles: list[list[int]]  # per gang; the open card is the last one
    known_bottom: list[int]  # per gang: how many bottom cards were shed face up (known to all)
    black: int = 0
    white: int = 0
    hunted: int = 0
    arrested: list[list[int]] = Factory(list)  # per player: arrested, bail not yet settled
    book: OfferBook = Factory(OfferBook)  # the current negotiation (core offers; see trade.py)
    #: stacked dice: the next rolls, in order, before the seed rolls (a position sets them; hidden
    #: future chance: no view shows them, a determinized copy forgets them)
    rolls: list[int] = Factory(list)

    @property
    def offers(self) -> list[int]:
        """Per player: offers made in the current negotiation (the book's count)."""
        return self.book.started

    @classmethod
    def empty(cls, config) -> AliBaba:
        board: Board = config.params[PART].board
        n = config.players
        return cls(
            field=board.start,
            round=1,
            hands=[[] for _ in range(n)],
            played=[],
            piasters=[board.piasters] * n,
            bandits=[[] for _ in range(n)],
            piles=[[] for _ in range(GANGS)],
            known_bottom=[0] * GANGS,
            arrested=[[] for _ in range(n)],
            book=OfferBook.new(n),
        )

    def clone(self) -> AliBaba:
        return AliBaba(
            self.field,
            self.round,
            [h.copy() for h in self.hands],
            self.played.copy(),
            self.piasters.copy(),
            [b.copy() for b in self.bandits],
            [p.copy() for p in self.piles],
            self.known_bottom.copy(),
            self.black,
            self.white,
            self.hunted,
            [a.copy() for a in self.arrested],
            self.book.clone(),
            self.rolls.copy(),
        )

    def view(self, player: int | None, game) -> AliBabaView:
        return AliBabaView(
            field=self.field,
            round=self.round,
            hand=None if player is None else tuple(self.hands[player]),
            hand_sizes=tuple(len(h) for h in self.hands),
            played=tuple(self.played),
            piasters=tuple(self.piasters),
            bandits=tuple(tuple(b) for b in self.bandits),
            open_cards=tuple(p[-1] if p else None for p in self.piles),
            pile_sizes=tuple(len(p) for p in self.piles),
            black=self.black,
            white=self.white,
            hunted=self.hunted,
            arrested=tuple(tuple(a) for a in self.arrested),
            offers=tuple(self.offers),
            offer=open_offer(game),
            board_file=game.ruleset.config.options[PART].board,
        )

    def zones(self) -> dict[str, list[int]]:
        """Bandit cards by zone (every card is in exactly one)."""
        out = {f"pile {g + 1}": list(p) for g, p in enumerate(self.piles)}
        out.update({f"player {p + 1}": list(b) for p, b in enumerate(self.bandits)})
        return out
