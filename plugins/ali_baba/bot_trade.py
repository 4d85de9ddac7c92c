"""How Ali Baba's greedy bot negotiates: it values a deal for both sides with one measure, offers
the deal that is best for itself among those the other side should accept, and builds it action by
action (``trade.py``: ``offer``, ``ask``, ``pay``, ``charge``, ``send``).

The measure (:meth:`Valuer.deal`): the change in what the player's bandits bring (their loot at each
round end still to come, double for a complete group, and the final sale at the start district's
price), plus the piasters received, minus the change in the expected cost of the hunted cards held
(bail, or a bankruptcy's losses for a player who could not pay it). A player accepts a deal worth
more than ``MARGIN`` to them that leaves them ``RESERVE`` piasters if they pay. Every price is a
multiple of 10. Deals the bot offered in a negotiation are not offered again there.
"""

from __future__ import annotations

from attrs import frozen

from .data import PER_GROUP, gang, group
from .offers import amount, cards
from .rules import loot, row_numbers

MARGIN = 10  # what a deal must be worth to a player to accept it
RESERVE = 400  # piasters a player keeps for bail before it pays for loot


@frozen
class Plan:
    """An offer the bot means to make: its cards and piasters, to whom, and its worth to the bot."""

    gives: tuple[int, ...]
    asks: tuple[int, ...]
    pay: int
    charge: int
    to: int
    value: float


def _ceil10(x: float) -> int:
    return int(-(-x // 10) * 10)


class Holding:
    """One player's bandits and piasters summed up once, so a deal's worth costs only its cards."""

    def __init__(self, valuer: Valuer, t, player: int):
        b = valuer.board
        hand = t.bandits[player]
        self.counts: dict[int, int] = {}
        for c in hand:
            self.counts[group(c)] = self.counts.get(group(c), 0) + 1
        self.worth = valuer.worth(t, hand)
        self.chance = sum(valuer.chance(c, t.black) for c in hand if t.hunted >> gang(c) & 1)
        self.sale = sum(b.price(c, t.field) for c in hand)  # a bankruptcy's sale
        self.money = t.piasters[player]


class Valuer:
    """A deal's worth to a player, from the public table (the view's ``ali_baba`` part)."""

    def __init__(self, board):
        self.board = board

    def rounds_left(self, t) -> int:
        return self.board.rounds - t.round + 1

    def worth(self, t, hand) -> float:
        b = self.board
        return loot(b, hand) * self.rounds_left(t) + sum(b.prices[gang(c)][0] for c in hand)

    def chance(self, card: int, black: int) -> float:
        """The chance that a hunted card's number comes up (the black die known or not)."""
        fate = self.board.card_fate[card]
        if black:
            return len(fate & row_numbers(self.board, black)) / 6
        return len(fate) / 36

    def threat(self, chance: float, worth: float, sale: float, money: int) -> float:
        """The expected cost of hunted cards whose chances sum to ``chance``: bail, and for a
        player who could not pay it what a bankruptcy loses (every bandit sold at the district's
        price instead of kept)."""
        if not chance:
            return 0.0
        return chance * (self.board.bail + (worth - sale if money < self.board.bail else 0.0))

    def deal(self, t, player: int, lose, get, money: int, h: Holding | None = None) -> float:
        """What giving the cards ``lose``, receiving ``get`` and ``money`` piasters (negative: paid)
        is worth to ``player`` (``h``: their holding, if summed up already)."""
        b = self.board
        h = h or Holding(self, t, player)
        changed: dict[int, int] = {}
        for c in lose:
            changed[group(c)] = changed.get(group(c), 0) - 1
        for c in get:
            changed[group(c)] = changed.get(group(c), 0) + 1
        loot_change = 0
        for g, d in changed.items():
            k = h.counts.get(g, 0)
            loot_change += b.card_value[g * PER_GROUP] * (_count_loot(k + d) - _count_loot(k))
        worth = h.worth + loot_change * self.rounds_left(t)
        chance, sale = h.chance, h.sale
        for sign, cs in ((-1, lose), (1, get)):
            for c in cs:
                worth += sign * b.prices[gang(c)][0]
                sale += sign * b.price(c, t.field)
                if t.hunted >> gang(c) & 1:
                    chance += sign * self.chance(c, t.black)
        before = self.threat(h.chance, h.worth, h.sale, h.money)
        after = self.threat(chance, worth, sale, h.money + money)
        return worth - h.worth + money - after + before

    def accepts(self, t, player: int, lose, get, money: int, h: Holding | None = None) -> bool:
        """Whether ``player`` would take the deal (worth more than MARGIN; the reserve kept)."""
        cash = t.piasters[player]
        if money < 0 and cash + money < min(RESERVE, cash):
            return False
        return cash + money >= 0 and self.deal(t, player, lose, get, money, h) > MARGIN


def _count_loot(k: int) -> int:
    """A group's loot in card values for ``k`` of its cards held: double for the complete group."""
    return 2 * k if k == PER_GROUP else k


def answer_worth(valuer: Valuer, t, me: int) -> float:
    """What accepting the open offer to ``me`` is worth to the bot (below MARGIN: decline)."""
    o = t.offer
    if not valuer.accepts(t, me, cards(o.asks), cards(o.gives), amount(o.gives) - amount(o.asks)):
        return -1.0
    return valuer.deal(t, me, cards(o.asks), cards(o.gives), amount(o.gives) - amount(o.asks))


def plans(valuer: Valuer, t, me: int, sale_only: bool) -> list[Plan]:
    """The deals the bot could offer now, best first: selling one card (in a shedding: a hunted
    one, for piasters), buying one, or swapping one for one with piasters to balance (the bazaar).
    Each at the price that leaves the other side just over MARGIN."""
    out = []
    n = len(t.piasters)
    mine = [c for c in t.bandits[me] if not sale_only or t.hunted >> gang(c) & 1]
    own = Holding(valuer, t, me)
    for q in range(n):
        if q == me:
            continue
        other = Holding(valuer, t, q)
        theirs = () if sale_only else t.bandits[q]
        deals = [((m,), ()) for m in mine] + [((), (c,)) for c in theirs]
        deals += [((m,), (c,)) for m in mine for c in theirs if group(m) != group(c)]
        for lose, get in deals:
            plan = _priced(valuer, t, me, q, lose, get, sale_only, own, other)
            if plan is not None:
                out.append(plan)
    out.sort(key=lambda p: (-p.value, p.to, p.gives, p.asks))
    return out


def _priced(valuer: Valuer, t, me: int, q: int, lose, get, sale_only: bool, own: Holding, other: Holding) -> Plan | None:
    """The deal ``lose`` for ``get`` with ``q`` at the price q just accepts, if it pays the bot."""
    theirs = valuer.deal(t, q, get, lose, 0, other)
    x = _ceil10(MARGIN + 1 - theirs)  # piasters the bot pays (negative: it charges)
    if sale_only and x > 0:
        return None  # a sale while hunted asks piasters, never pays them
    if -x > t.piasters[q] or x > t.piasters[me] or not valuer.accepts(t, q, get, lose, x, other):
        return None
    if x > 0 and t.piasters[me] - x < min(RESERVE, t.piasters[me]):
        return None
    value = valuer.deal(t, me, lose, get, -x, own)
    if value <= MARGIN:
        return None
    return Plan(tuple(lose), tuple(get), max(x, 0), max(-x, 0), q, value)


def next_step(plan: Plan, draft, steps) -> tuple:
    """What building ``plan`` needs next, given the ``draft`` so far: ("offer", card), ("ask",
    card), ("pay", step), ("charge", step), ("send", player), or ("scrap",) if the draft is not
    part of the plan."""
    given, asked = cards(draft.gives), cards(draft.asks)
    paid, charged = amount(draft.gives), amount(draft.asks)
    if any(c not in plan.gives for c in given) or any(c not in plan.asks for c in asked):
        return ("scrap",)
    if paid > plan.pay or charged > plan.charge:
        return ("scrap",)
    for c in plan.gives:
        if c not in given:
            return ("offer", c)
    for c in plan.asks:
        if c not in asked:
            return ("ask", c)
    for kind, left in (("pay", plan.pay - paid), ("charge", plan.charge - charged)):
        if left:
            return (kind, max(m for m in steps if m <= left))
    return ("send", plan.to)
