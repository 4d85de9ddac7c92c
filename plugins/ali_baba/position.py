"""Ali Baba's part of a position (RULES E): the track, the money, the bandit cards, the piles, the
dice. Bandit cards are named as the command line names them (``k1`` .. ``k64``), fields by the
board's ids (``"1-05"``), gangs by the board's keys::

    [ali_baba]
    field = "1-05"                    # Ali Baba's field
    round = 1
    hands = [[1, 3, 5], [2, 4]]       # per player: movement cards (default: those not played, dealt
                                      #   from the seed one at a time from the active player on)
    played = [2]                      # movement cards played this round, in order
    piasters = [2500, 2500]
    bandits = [["k12", "k40"], []]    # per player
    piles = [["k3", "k1"], ...]       # per gang, the open card first: every card no player holds
    pile_tops = [["k3"], [], [], []]  # or only the piles' tops (open card first): the seed shuffles
                                      #   the rest of each gang beneath (leave both out: all of it)
    known_bottom = [0, 1, 0, 0]       # per gang: cards shed face up under the pile (its bottom ones)
    black = 0                         # the dice on the fate grid (0: not there)
    white = 0
    hunted = ["robbers"]              # the gangs Ali Baba hunts now
    arrested = [["k12"], []]          # per player: arrested, bail not settled yet
    rolls = [4, 2]                    # stacked dice: the next rolls, in order (then the seed rolls)
    offers = [{ id = 0, maker = "p1", to = "p2", gives = ["k12"], asks = [80] }]   # the negotiation:
    started = [1, 0]                  #   open offers (cards "kN" and at most one amount of piasters
    next_id = 1                       #   a side), offers each player started, the next id
    drafts = { p2 = { maker = "p2", gives = ["k40", 30], asks = ["k12"] } }   # an offer being built
                                      #   (its "draft" frame on the stack)

Every bandit card is in exactly one place: a player's hand or its gang's pile.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from beanframe.core.offers import Offer
from beanframe.core.position import Reading, at, seat, shown

from .data import CARDS, GANGS, gang
from .rules import board_of
from .state import PART, AliBaba
from .offers import BANDIT, PIASTERS

if TYPE_CHECKING:
    from beanframe.core.game import Game

KEYS = (
    "field", "round", "hands", "played", "piasters", "bandits", "piles", "pile_tops", "known_bottom", "black", "white", "hunted",
    "arrested", "rolls", "offers", "started", "next_id", "drafts",
)  # fmt: skip


def card(c: int) -> str:
    return f"k{c + 1}"


def _item(item: tuple[str, int]) -> str | int:
    kind, x = item
    return card(x) if kind == BANDIT else x


def _write_offer(o: Offer) -> dict[str, Any]:
    out: dict[str, Any] = {"maker": seat(o.maker)}
    if o.id >= 0:
        out.update(id=o.id, to=seat(o.to))
    out.update(gives=[_item(i) for i in o.gives], asks=[_item(i) for i in o.asks])
    return out


def write_ali_baba(game: Game) -> dict[str, Any]:
    t: AliBaba = game.state.parts[PART]
    board = board_of(game)
    return {
        "field": board.field_ids[t.field],
        "round": t.round,
        "hands": [list(h) for h in t.hands],
        "played": list(t.played),
        "piasters": list(t.piasters),
        "bandits": [[card(c) for c in b] for b in t.bandits],
        "piles": [[card(c) for c in reversed(p)] for p in t.piles],
        "known_bottom": list(t.known_bottom),
        "black": t.black,
        "white": t.white,
        "hunted": [board.gang_keys[g] for g in range(GANGS) if t.hunted >> g & 1],
        "arrested": [[card(c) for c in a] for a in t.arrested],
        "rolls": list(t.rolls),
        "offers": [_write_offer(o) for o in t.book.offers],
        "started": list(t.book.started),
        "next_id": t.book.next_id,
        "drafts": {seat(p): _write_offer(d) for p, d in enumerate(t.book.drafts) if d is not None},
    }


class _Reader:
    """Reading one ``ali_baba`` table (the cards met so far, to report one twice at its place)."""

    def __init__(self, game: Game, data: dict[str, Any], reading: Reading) -> None:
        self.game, self.data, self.reading = game, data, reading
        self.t: AliBaba = game.state.parts[PART]
        self.board = board_of(game)
        self.placed: dict[int, str] = {}

    def card(self, place: str, value: Any, own: bool = True) -> int | None:
        if type(value) is str and value.startswith("k") and value[1:].isdigit() and 1 <= int(value[1:]) <= CARDS:
            c = int(value[1:]) - 1
            if own and c in self.placed:
                self.reading.problem(place, f"{value} is at {self.placed[c]} already")
                return None
            if own:
                self.placed[c] = place
            return c
        self.reading.problem(place, f"no bandit card {shown(value)} (k1 to k{CARDS})")
        return None

    def cards(self, place: str, value: Any, own: bool = True) -> list[int] | None:
        items = self.reading.listing(place, value)
        got = [self.card(at(place, i), v, own) for i, v in enumerate(items or ())]
        return None if items is None or None in got else got  # type: ignore[return-value]

    def per_player(self, key: str, read: Any) -> None:
        if key not in self.data:
            return
        rows = self.reading.per_player(f"{PART}.{key}", self.data[key], f"{key} (one per player)")
        for p, row in enumerate(rows or ()):
            got = read(at(f"{PART}.{key}", p), row)
            if got is not None:
                getattr(self.t, key)[p] = got

    def read(self) -> None:
        reading, data, t, board = self.reading, self.data, self.t, self.board
        reading.table(PART, data, KEYS)
        if "field" in data:
            f = data["field"]
            if f in board.field_ids:
                t.field = board.field_ids.index(f)
            else:
                reading.problem(f"{PART}.field", f"no field {shown(f)} on the board ({board.field_ids[0]} to {board.field_ids[-1]})")
        if "round" in data and reading.whole(f"{PART}.round", data["round"], 1, board.rounds) is not None:
            t.round = data["round"]
        self.per_player("piasters", lambda place, v: reading.whole(place, v))
        self.per_player("bandits", lambda place, v: sorted(c) if (c := self.cards(place, v)) is not None else None)
        self.per_player("arrested", lambda place, v: self.cards(place, v, own=False))
        for p, cards in enumerate(t.arrested):
            if any(c not in t.bandits[p] for c in cards):
                reading.problem(at(f"{PART}.arrested", p), f"{seat(p)} does not hold these bandits")
        self._movement()
        self._piles()
        for key in ("black", "white"):
            if key in data and reading.whole(f"{PART}.{key}", data[key], 0, 6) is not None:
                setattr(t, key, data[key])
        if "hunted" in data:
            keys = reading.listing(f"{PART}.hunted", data["hunted"]) or ()
            for i, k in enumerate(keys):
                if reading.text(at(f"{PART}.hunted", i), k, board.gang_keys) is not None:
                    t.hunted |= 1 << board.gang_keys.index(k)
        if "rolls" in data:
            rolls = reading.listing(f"{PART}.rolls", data["rolls"]) or ()
            if all(reading.whole(at(f"{PART}.rolls", i), r, 1, 6) is not None for i, r in enumerate(rolls)):
                t.rolls = list(rolls)
        self._book()

    def _movement(self) -> None:
        reading, data, t, board = self.reading, self.data, self.t, self.board
        values = lambda place, v: [r for i, x in enumerate(reading.listing(place, v) or ())  # noqa: E731
                                   if (r := reading.whole(at(place, i), x, 1, 5)) is not None]
        if "played" in data:
            t.played = values(f"{PART}.played", data["played"])
        self.per_player("hands", lambda place, v: sorted(values(place, v)))
        left = Counter(board.movement)
        left.subtract(t.played)
        if "hands" in data:
            left.subtract(c for h in t.hands for c in h)
            if any(n != 0 for n in left.values()):
                reading.problem(f"{PART}.hands", f"the hands and the played cards are not the movement cards {sorted(board.movement)}")
            return
        if any(n < 0 for n in left.values()):
            reading.problem(f"{PART}.played", f"more cards played than the movement cards {sorted(board.movement)}")
            return
        cards = sorted(left.elements())
        if cards:
            self.game.random().shuffle(cards)
        n = self.game.players
        t.hands = [[] for _ in range(n)]
        for i, c in enumerate(cards):
            t.hands[(self.game.state.active + i) % n].append(c)
        for hand in t.hands:
            hand.sort()

    def _piles(self) -> None:
        reading, data, t = self.reading, self.data, self.t
        if "piles" in data and "pile_tops" in data:
            reading.problem(f"{PART}.pile_tops", "give the whole piles or their tops, not both")
            return
        key = "piles" if "piles" in data else "pile_tops"
        tops: list[list[int]] = [[] for _ in range(GANGS)]
        rows = reading.listing(f"{PART}.{key}", data.get(key, [[]] * GANGS), GANGS, "piles (one per gang)")
        for g, row in enumerate(rows or ()):
            place = at(f"{PART}.{key}", g)
            cards = self.cards(place, row)
            if cards is None:
                continue
            if any(gang(c) != g for c in cards):
                reading.problem(place, f"only {self.board.gang_keys[g]} lie in this pile")
            tops[g] = list(reversed(cards))  # the open card is the end of the list
        size = CARDS // GANGS
        for g in range(GANGS):
            rest = [c for c in range(g * size, (g + 1) * size) if c not in self.placed]
            if key == "piles" and rows is not None and rest:
                reading.problem(at(f"{PART}.piles", g), f"bandit cards in no place: {', '.join(card(c) for c in rest)}")
            if rest:
                self.game.random().shuffle(rest)
            t.piles[g] = rest + tops[g]
        if "known_bottom" in data:
            rows = reading.listing(f"{PART}.known_bottom", data["known_bottom"], GANGS, "counts (one per gang)")
            for g, n in enumerate(rows or ()):
                if reading.whole(at(f"{PART}.known_bottom", g), n, 0, len(t.piles[g])) is not None:
                    t.known_bottom[g] = n

    def _book(self) -> None:
        reading, data, t = self.reading, self.data, self.t
        book = t.book
        for k, raw in enumerate(reading.listing(f"{PART}.offers", data.get("offers", [])) or ()):
            offer = self._offer(at(f"{PART}.offers", k), raw, sent=True)
            if offer is not None:
                book.offers.append(offer)
        ids = [o.id for o in book.offers]
        if len(set(ids)) != len(ids):
            reading.problem(f"{PART}.offers", "two offers with one id")
        if "started" in data:
            rows = reading.per_player(f"{PART}.started", data["started"], "counts (one per player)")
            for p, n in enumerate(rows or ()):
                if reading.whole(at(f"{PART}.started", p), n) is not None:
                    book.started[p] = n
        next_id = data.get("next_id", max(ids, default=-1) + 1)
        if reading.whole(f"{PART}.next_id", next_id, max(ids, default=-1) + 1) is not None:
            book.next_id = next_id
        for name, raw in (reading.table(f"{PART}.drafts", data.get("drafts", {})) or {}).items():
            maker = reading.seat(f"{PART}.drafts.{name}", name)
            draft = self._offer(f"{PART}.drafts.{name}", raw, sent=False)
            if maker is not None and draft is not None:
                book.drafts[maker] = draft

    def _offer(self, place: str, raw: Any, sent: bool) -> Offer | None:
        reading = self.reading
        entry = reading.table(place, raw, ("id", "maker", "to", "gives", "asks") if sent else ("maker", "gives", "asks"))
        if entry is None:
            return None
        maker = reading.seat(f"{place}.maker", entry.get("maker"))
        to = reading.seat(f"{place}.to", entry.get("to")) if sent else -1
        offer_id = reading.whole(f"{place}.id", entry.get("id")) if sent else -1

        def items(key: str) -> tuple | None:
            values = reading.listing(f"{place}.{key}", entry.get(key, []))
            out = []
            for i, v in enumerate(values or ()):
                if type(v) is int:
                    if reading.whole(at(f"{place}.{key}", i), v, 0) is not None:
                        out.append((PIASTERS, v))
                elif (c := self.card(at(f"{place}.{key}", i), v, own=False)) is not None:
                    out.append((BANDIT, c))
            return tuple(out) if values is not None and len(out) == len(values) else None

        gives, asks = items("gives"), items("asks")
        if None in (maker, to, offer_id, gives, asks):
            return None
        return Offer(offer_id, maker, to, gives, asks)  # type: ignore[arg-type]


def read_ali_baba(game: Game, data: dict[str, Any], reading: Reading) -> None:
    _Reader(game, data, reading).read()
