"""A hand-written Al Cabohne (2 players and solo) with no framework: plain lists and ints, the same
rules as the plugin (RULES A with readings F.1-F.19), every decision a random choice among the legal
actions including the any-time harvest and third-field purchase. ``benchmarks/bench.py`` times it as
the floor the framework is compared with; it is not used by beanframe itself.
"""

from __future__ import annotations

import random

# (count, bean-o-meter) per bean, as in plugins/al_cabohne/cards.toml
BEANS = [(20, (4, 6, 8, 10)), (19, (5, 6, 7, 8)), (18, (3, 6, 8, 9)), (16, (4, 5, 6, 7)),
         (16, (3, 5, 7, 8)), (14, (3, 5, 6, 7)), (13, (3, 4, 5, 6))]
VALUES = [[sum(1 for size in meter if size and n >= size) for n in range(count + 1)] for count, meter in BEANS]
THRESHOLDS = (3, 2, 1)  # Al Cabohne, Don Corlebohne, Joe Bohnano
FIELD_COST, MAX_FIELDS = 4, 3
# action kinds: (kind, a, b)
PLANT, PASS, TAX, LPLANT, LDISCARD, PPLANT, PGIVE, GIFT, DONE, HARVEST, BUY = range(11)


def value(bean: int, n: int) -> int:
    row = VALUES[bean]
    return row[n] if n < len(row) else row[-1]


class Game:
    def __init__(self, players: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.solo = players == 1
        self.players = players
        self.deck = [b for b, (count, _) in enumerate(BEANS) for _ in range(count)]
        self.rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.set_aside: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.fields = [[[] for _ in range(3 if self.solo else 2)] for _ in range(players)]
        self.coins: list[list[int]] = [[] for _ in range(players)]
        self.bought = [False] * players
        self.bosses: list[list[int]] = [[] for _ in range(3 if self.solo else 2)]
        self.treasury: list[int] = []
        self.piles: list[list[int]] = []
        self.leftovers: list[list[int]] = []
        self.run_outs, self.limit, self.ending = 0, 1 if self.solo else 3, False
        self.decisions = 0
        hand = 7 if self.solo else 5
        for _ in range(hand):
            for p in range(players):
                card = self.draw()
                if card is not None:
                    self.hands[p].append(card)
        runs: list[int] = []
        for b in range(len(self.bosses)):
            while True:
                card = self.draw()
                if card is None:
                    break
                if card in runs:
                    self.give(runs.index(card), [card])
                    continue
                self.give(b, [card])
                runs.append(card)
                break

    # -- mechanics ---------------------------------------------------------------------------
    def draw(self) -> int | None:
        deck = self.deck
        if not deck:
            if self.run_outs >= self.limit or self.solo:
                return None
            self.run_out()
            if not deck:
                return None
        card = deck.pop()
        if not deck:
            self.run_out()
        return card

    def run_out(self) -> None:
        self.run_outs += 1
        if self.run_outs >= self.limit or self.solo:
            self.ending = True
            return
        pool = self.discard + self.set_aside
        self.discard, self.set_aside = [], []
        self.rng.shuffle(pool)
        self.deck[:0] = pool

    def sell(self, field: list[int], coins: list[int]) -> None:
        n = len(field)
        keep = n - value(field[-1], n)
        self.discard.extend(field[:keep])
        coins.extend(field[keep:])
        field.clear()

    def collector(self, bean: int) -> int | None:
        for b, f in enumerate(self.bosses):
            if f and f[-1] == bean:
                return b
        return None

    def give(self, b: int, cards: list[int]) -> None:
        f = self.bosses[b]
        f.extend(cards)
        if value(f[-1], len(f)) >= THRESHOLDS[b]:
            self.sell(f, self.treasury)

    def target(self, p: int, bean: int) -> int | None:
        empty = None
        for i, f in enumerate(self.fields[p]):
            if f:
                if f[-1] == bean:
                    return i
            elif empty is None:
                empty = i
        return empty

    def options(self, p: int, out: list) -> list:
        big = [i for i, f in enumerate(self.fields[p]) if len(f) >= 2]
        for i in big or [i for i, f in enumerate(self.fields[p]) if f]:
            out.append((HARVEST, i, 0))
        if not self.bought[p] and len(self.coins[p]) >= FIELD_COST and len(self.fields[p]) < MAX_FIELDS:
            out.append((BUY, 0, 0))
        return out

    def choose(self, p: int, own: list) -> tuple[int, int, int]:
        """One decision: the step's actions plus the options; options are applied here."""
        legal = self.options(p, own)
        action = self.rng.choice(legal)
        self.decisions += 1
        if action[0] == HARVEST:
            self.sell(self.fields[p][action[1]], self.coins[p])
        elif action[0] == BUY:
            self.set_aside.extend(self.coins[p][:FIELD_COST])
            del self.coins[p][:FIELD_COST]
            self.fields[p].append([])
            self.bought[p] = True
        return action

    def gifts(self, p: int, only_empty: bool, out: list) -> list:
        collects = {f[-1]: b for b, f in enumerate(self.bosses) if f}
        empty = [b for b, f in enumerate(self.bosses) if not f]
        for h, card in enumerate(self.hands[p]):
            b = collects.get(card)
            if b is not None:
                if not only_empty:
                    out.append((GIFT, h, b))
            else:
                out.extend((GIFT, h, e) for e in empty)
        return out

    def gift(self, p: int, h: int, b: int) -> None:
        self.give(b, [self.hands[p].pop(h)])

    # -- a turn ------------------------------------------------------------------------------
    def turn(self, p: int, first: bool) -> None:
        fields = self.fields[p]
        if not self.solo and not first:
            used: dict[int, int] = {}  # F.1: a bean planted in this phase goes to that field
            while self.leftovers:
                own = []
                for k, pile in enumerate(self.leftovers):
                    bean = pile[0]
                    t = used.get(bean)
                    if t is not None:
                        t = t if not fields[t] or fields[t][-1] == bean else None
                    else:
                        t = self.target(p, bean)
                    if t is not None:
                        own.append((LPLANT, k, t))
                    own.append((LDISCARD, k, 0))
                a = self.choose(p, own)
                if a[0] in (LPLANT, LDISCARD):
                    pile = self.leftovers[a[1]]
                    card = pile.pop()
                    if not pile:
                        del self.leftovers[a[1]]
                    if a[0] == LPLANT:
                        fields[a[2]].append(card)
                        used.setdefault(card, a[2])
                    else:
                        self.discard.append(card)
        if self.solo or not first:
            while any(f and self.collector(f[-1]) is not None for f in fields):
                if self.choose(p, [(TAX, 0, 0)])[0] == TAX:
                    for f in fields:
                        if f:
                            b = self.collector(f[-1])
                            if b is not None:
                                self.give(b, [f.pop()])
                    break
        planted = 0
        hand = self.hands[p]
        while hand and planted < 2:
            t = self.target(p, hand[0])
            own = [] if t is None else [(PLANT, t, 0)]
            if planted:
                own.append((PASS, 0, 0))
            a = self.choose(p, own)
            if a[0] == PASS:
                break
            if a[0] == PLANT:
                fields[a[1]].append(hand.pop(0))
                planted += 1
        self.flip()
        while True:
            own = []
            collects = {f[-1]: b for b, f in enumerate(self.bosses) if f}
            empty = [b for b, f in enumerate(self.bosses) if not f]
            for k, pile in enumerate(self.piles):
                t = self.target(p, pile[0])
                if t is not None:
                    own.append((PPLANT, k, t))
                b = collects.get(pile[0])
                if b is not None:
                    own.append((PGIVE, k, b))
                else:
                    own.extend((PGIVE, k, e) for e in empty)
            self.gifts(p, False, own)
            if not (self.piles and self.solo):
                own.append((DONE, 0, 0))
            a = self.choose(p, own)
            if a[0] == DONE:
                break
            if a[0] == GIFT:
                self.gift(p, a[1], a[2])
            elif a[0] in (PPLANT, PGIVE):
                pile = self.piles.pop(a[1])
                if a[0] == PPLANT:
                    fields[a[2]].extend(pile)
                else:
                    self.give(a[2], pile)
        while not all(self.bosses):
            own = self.gifts(p, True, [])
            if not own:
                break
            a = self.choose(p, own)
            if a[0] == GIFT:
                self.gift(p, a[1], a[2])
        if self.piles:
            self.leftovers.extend(self.piles)
            self.piles = []
        for _ in range(2):
            card = self.draw()
            if card is None:
                break
            hand.append(card)

    def flip(self) -> None:
        piles, discard = self.piles, self.discard
        counted = 0
        while counted < 3:
            card = self.draw()
            if card is None:
                break
            b = self.collector(card)
            if b is not None:
                self.give(b, [card])
            else:
                counted += 1
                for pile in piles:
                    if pile[0] == card:
                        pile.append(card)
                        break
                else:
                    piles.append([card])
            while discard:
                top = discard[-1]
                for pile in piles:
                    if pile[0] == top:
                        pile.append(discard.pop())
                        break
                else:
                    b = self.collector(top)
                    if b is None:
                        break
                    discard.pop()
                    self.give(b, [top])

    def play(self) -> tuple[list[int], int]:
        """Play to the end; the players' coins and the mafia's (doubled solo)."""
        turn, p = 1, 0
        while True:
            self.turn(p, turn == 1)
            if self.ending:
                break
            turn += 1
            p = (p + 1) % self.players
        for q in range(self.players):
            for f in self.fields[q]:
                if f:
                    self.sell(f, self.coins[q])
        for f in self.bosses:
            if f:
                self.sell(f, self.treasury)
        return [len(c) for c in self.coins], len(self.treasury) * (2 if self.solo else 1)


def play(players: int, seed: int) -> tuple[int, int]:
    """One random game: (decisions taken, mafia score)."""
    game = Game(players, seed)
    _, mafia = game.play()
    return game.decisions, mafia
