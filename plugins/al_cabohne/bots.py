"""Al Cabohne bots.

``GreedyBot`` scores every legal action by a one-ply look: it applies the action to a small model
of the situation built from the player's view only (hand, fields, coins, bosses, treasury, discard
top, piles, leftovers, deck size) and evaluates the model. The evaluation estimates

* own coins, and the potential of each own field (its bean-o-meter value now plus part of the way
  to the next step, counting the beans of that type in the hand and still unseen),
* the mafia's treasury and its expected future income: each boss collects its bean from the flips,
  so a boss growing a bean with many unseen cards will keep earning, one growing a bean that is
  nearly used up will not (this is why the bot may feed a boss on purpose to make it harvest and
  then refill it with an unwanted bean),
* the tax a field pays while a boss collects its bean, the discard top a boss would pull in,
* the hand: whether the front cards fit a field or will force a harvest,
* flipped piles still to place and leftovers still to handle, at their best placement.

Equal scores are broken by the seeded generator (the only use of chance). The bot never sees the game
object, only ``view`` and ``legal_actions``, and always returns one of ``legal_actions``.
"""

from __future__ import annotations

import itertools
import random

from .actions import (
    BuyField,
    DiscardLeftover,
    Done,
    Gift,
    GivePile,
    Harvest,
    Pass,
    PayTax,
    PlantFront,
    PlantLeftover,
    PlantPile,
)
from .plugin import CARDS

_INDEX = {name: i for i, name in enumerate(CARDS.names)}
_NB = len(CARDS.beans)
_COUNT = tuple(b.count for b in CARDS.beans)
_METER = tuple(b.meter for b in CARDS.beans)
_value = CARDS.value  # coins for n cards of a bean (past the 4-coin size: still 4)


def _interp_table(b: int) -> tuple[float, ...]:
    """Coins as a piecewise-linear function of the field size (through each meter step), for
    sizes 0..count: a smooth measure of how far a field has come."""
    meter = _METER[b]
    points = [(0, 0.0)] + [(size, float(k)) for k, size in enumerate(meter, 1) if size]
    out = []
    for n in range(_COUNT[b] + 1):
        if n >= points[-1][0]:
            out.append(points[-1][1])
            continue
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            if x0 <= n <= x1:
                out.append(y0 + (y1 - y0) * (n - x0) / (x1 - x0))
                break
    return tuple(out)


_INTERP = tuple(_interp_table(b) for b in range(_NB))


def _interp(b: int, x: float) -> float:
    t = _INTERP[b]
    if x <= 0:
        return 0.0
    top = len(t) - 1
    if x >= top:
        return t[top]
    i = int(x)
    return t[i] + (t[i + 1] - t[i]) * (x - i)


# Tunable weights of the evaluation.
W = {
    "grow": 1.35,  # weight of a field's expected value (over 1: growing fields are kept)
    "hand_w": 0.85,  # weight of a hand card toward its field, decaying with its position
    "unseen_w": 0.18,  # share of the unseen cards of a field's bean expected to join it
    "empty": 0.0,  # an empty own field
    "clog": 1.6,  # a card near the hand's front that fits no field
    "mafia_hand": 1.2,  # a hand card of a bean the mafia collects
    "tax_turns": 1.0,  # how many taxes a taxed field is expected to pay
    "boss_flow": 0.42,  # share of the unseen cards of a boss's bean that will reach it
    "discard_boss": 0.48,  # share of the discard top run a boss will pull in
    "opp": 0.5,  # 2 players: weight of the opponent's gains
    "mafia_reach": 20,  # how many front hand cards the mafia_hand weight looks at
    "hand_card": 1.5,  # each hand card (a boss emptied later could be refilled with it)
}

# 2 players: the opponent refills the bosses too, so emptying the own hand to starve the mafia
# pays far less there; these weights replace the solo ones (measured against the random bot).
W_DUO = {"clog": 0.2, "mafia_hand": 0.0, "hand_card": 0.0}


class _Model:
    __slots__ = (
        "bb",
        "bn",
        "bought",
        "coins",
        "done",
        "drun",
        "dtop",
        "fb",
        "fn",
        "hand",
        "left",
        "piles",
        "thr",
        "treasury",
    )

    def copy(self) -> _Model:
        m = _Model.__new__(_Model)
        m.hand = self.hand.copy()
        m.fb = self.fb.copy()
        m.fn = self.fn.copy()
        m.coins = self.coins
        m.bb = self.bb.copy()
        m.bn = self.bn.copy()
        m.thr = self.thr
        m.treasury = self.treasury
        m.dtop = self.dtop
        m.drun = self.drun
        m.piles = [p.copy() for p in self.piles]
        m.left = [p.copy() for p in self.left]
        m.done = self.done
        m.bought = self.bought
        return m

    # -- mechanics (mirroring turn.py / mafia.py on the model) ------------------------------
    def collector(self, bean: int) -> int:
        for b, x in enumerate(self.bb):
            if x == bean:
                return b
        return -1

    def to_discard(self, bean: int, n: int) -> None:
        if n <= 0:
            return
        if self.dtop == bean:
            self.drun += n
        else:
            self.dtop, self.drun = bean, n

    def give(self, b: int, bean: int, n: int) -> None:
        self.bb[b] = bean
        total = self.bn[b] + n
        v = _value(bean, total)
        if v >= self.thr[b]:
            self.treasury += v
            self.to_discard(bean, total - v)
            self.bb[b] = -1
            self.bn[b] = 0
        else:
            self.bn[b] = total

    def harvest(self, i: int) -> None:
        bean, n = self.fb[i], self.fn[i]
        v = _value(bean, n)
        self.coins += v
        self.to_discard(bean, n - v)
        self.fb[i] = -1
        self.fn[i] = 0

    def plant(self, i: int, bean: int, n: int) -> None:
        self.fb[i] = bean
        self.fn[i] += n

    def pay_tax(self) -> None:
        for i, bean in enumerate(self.fb):
            if bean >= 0:
                b = self.collector(bean)
                if b >= 0:
                    self.fn[i] -= 1
                    if self.fn[i] == 0:
                        self.fb[i] = -1
                    self.give(b, bean, 1)

    def taxable(self) -> bool:
        return any(bean >= 0 and bean in self.bb for bean in self.fb)


class GreedyBot:
    """Scores each legal action by evaluating the situation it leads to (see the module doc)."""

    uses_view = True

    def __init__(self, seed: int | None = None, weights: dict | None = None) -> None:
        self.rng = random.Random(seed)
        self.weights = weights
        self._solo_w = {**W, **(weights or {})}
        self._duo_w = {**W, **W_DUO, **(weights or {})}
        self.w = self._solo_w

    # -- the agent protocol -------------------------------------------------------------------
    def act(self, view, legal_actions):
        if len(legal_actions) == 1:
            return legal_actions[0]
        self.w = self._solo_w if view.players == 1 else self._duo_w
        model = self._model(view)
        phase = view.phase
        best_score = None
        best: list = []
        for action in legal_actions:
            s = self._score(model, action, phase)
            if best_score is None or s > best_score + 1e-9:
                best_score, best = s, [action]
            elif s > best_score - 1e-9:
                best.append(action)
        if len(best) == 1:
            return best[0]
        return best[self.rng.randrange(len(best))]

    # -- building the model from the view -----------------------------------------------------
    def _model(self, view) -> _Model:
        beans = view["beans"]
        mafia = view["mafia"]
        me = view.player
        idx = _INDEX
        m = _Model.__new__(_Model)
        m.hand = [idx[c] for c in beans.hand]
        own = beans.fields[me]
        m.fb = [idx[f[-1]] if f else -1 for f in own]
        m.fn = [len(f) for f in own]
        m.coins = beans.coins[me]
        m.bb = [idx[f[-1]] if f else -1 for f in mafia.fields]
        m.bn = [len(f) for f in mafia.fields]
        m.thr = mafia.thresholds
        m.treasury = mafia.treasury
        d = beans.discard
        if d:
            top = d[-1]
            run = 1
            for k in range(len(d) - 2, -1, -1):
                if d[k] != top:
                    break
                run += 1
            m.dtop, m.drun = idx[top], run
        else:
            m.dtop, m.drun = -1, 0
        m.piles = [[idx[p[0]], len(p)] for p in beans.piles]
        m.left = [[idx[p[0]], len(p)] for p in beans.leftovers]
        m.done = False
        m.bought = len(own) >= 3
        self._context(view, m)
        return m

    def _context(self, view, m: _Model) -> None:
        """What stays fixed during one decision: unseen cards per bean, the horizon."""
        beans = view["beans"]
        mafia = view["mafia"]
        idx = _INDEX
        seen = [0] * _NB
        for c in beans.hand:
            seen[idx[c]] += 1
        for fs in beans.fields:
            for f in fs:
                if f:
                    seen[idx[f[-1]]] += len(f)
        for f in mafia.fields:
            if f:
                seen[idx[f[-1]]] += len(f)
        for c in beans.discard:
            seen[idx[c]] += 1
        for p in beans.piles:
            seen[idx[p[0]]] += len(p)
        for p in beans.leftovers:
            seen[idx[p[0]]] += len(p)
        for c in beans.own_coins or ():
            seen[idx[c]] += 1
        unseen = [max(0, _COUNT[b] - seen[b]) for b in range(_NB)]
        total_unseen = sum(unseen) or 1
        deck = beans.deck_size
        self.solo = view.players == 1
        if self.solo:
            cards_left = deck
            per_turn = 7.0
        else:
            # rough size of the decks still to come after reshuffles
            more = max(0, 2 - beans.run_outs)
            cards_left = deck + more * 45
            per_turn = 12.0  # both players' turns
        self.turns_left = cards_left / per_turn
        # unseen cards of each bean still to come out of the deck(s)
        self.remaining = [u * cards_left / total_unseen for u in unseen]
        self.k_mafia = 2.0 if self.solo else 1.0
        self.me = view.player
        if not self.solo:
            opp = 1 - view.player
            self.opp_beans = {idx[f[-1]]: len(f) for f in beans.fields[opp] if f}
            self.opp_empty = sum(1 for f in beans.fields[opp] if not f)
        else:
            self.opp_beans = {}
            self.opp_empty = 0
        self.grow = self.w["grow"]
        self.mafia_reach = int(self.w["mafia_reach"])
        self.unseen_w = self.w["unseen_w"] * min(1.0, self.turns_left / 4.0)

    # -- scoring an action ------------------------------------------------------------------------
    def _score(self, model: _Model, action, phase) -> float:
        m = model.copy()
        t = type(action)
        if t is Harvest:
            m.harvest(action.field)
            if phase == "tax":
                m.pay_tax()
        elif t is PayTax:
            m.pay_tax()
        elif t is PlantFront:
            card = m.hand.pop(0)
            m.plant(action.field, card, 1)
        elif t is Pass:
            m.done = True
        elif t is PlantPile:
            bean, n = m.piles.pop(action.pile)
            m.plant(action.field, bean, n)
        elif t is GivePile:
            bean, n = m.piles.pop(action.pile)
            m.give(action.boss, bean, n)
        elif t is Gift:
            card = m.hand.pop(action.hand)
            m.give(action.boss, card, 1)
        elif t is PlantLeftover:
            pile = m.left[action.pile]
            pile[1] -= 1
            if pile[1] == 0:
                del m.left[action.pile]
            m.plant(action.field, pile[0], 1)
        elif t is DiscardLeftover:
            pile = m.left[action.pile]
            pile[1] -= 1
            if pile[1] == 0:
                del m.left[action.pile]
            m.to_discard(pile[0], 1)
        elif t is Done:
            m.done = True
        elif t is BuyField:
            m.coins -= 4
            m.fb.append(-1)
            m.fn.append(0)
            m.bought = True
        return self._eval(m, phase)

    # -- evaluation -------------------------------------------------------------------------------
    def _field_value(self, m: _Model, bean: int, n: int, in_hand: dict) -> float:
        """A field's worth: its value now, or its share of the value it is expected to reach
        (with the beans of its type in the hand and part of the unseen ones), if more."""
        if n <= 0:
            return 0.0
        v = _value(bean, n)
        top = _METER[bean][3]
        if n >= top:
            return v
        target = n + in_hand.get(bean, 0.0) + self.unseen_w * self.remaining[bean]
        target = min(target, top)
        pot = self.grow * _interp(bean, target) * n / target
        return max(v, pot)

    def _boss_future(self, bean: int, n: int, thr: int) -> float:
        """The mafia's expected coins from a boss growing ``bean`` with ``n`` cards."""
        size = _METER[bean][thr - 1]
        expected = n + self.w["boss_flow"] * self.remaining[bean]
        return thr * expected / size

    def _eval(self, m: _Model, phase) -> float:
        w = self.w
        km = self.k_mafia
        score = m.coins - km * m.treasury
        # hand: weights of the cards toward fields
        in_hand: dict[int, float] = {}
        hw = w["hand_w"]
        weight = 1.0
        for c in m.hand:
            in_hand[c] = in_hand.get(c, 0.0) + weight
            weight *= hw
        fb, fn = m.fb, m.fn
        empties = 0
        for i, bean in enumerate(fb):
            if bean < 0:
                empties += 1
                continue
            n = fn[i]
            fv = self._field_value(m, bean, n, in_hand)
            score += fv
            b = m.collector(bean)
            if b >= 0:
                # a tax is due each turn while a boss collects this bean
                lose = fv - self._field_value(m, bean, n - 1, in_hand)
                size = _METER[bean][m.thr[b] - 1]
                score -= w["tax_turns"] * (lose + km * m.thr[b] / size)
        score += w["empty"] * empties
        # bosses: expected future income; an empty boss is refilled from the hand
        empty_bosses = []
        for b, bean in enumerate(m.bb):
            if bean >= 0:
                score -= km * self._boss_future(bean, m.bn[b], m.thr[b])
            else:
                empty_bosses.append(b)
        if empty_bosses and m.hand:
            # refilled at the end of phase 5 with distinct hand beans no boss collects; the
            # player picks: the boss with the highest threshold gets the cheapest bean first
            beans = {c for c in m.hand if c not in m.bb}
            for b in sorted(empty_bosses, key=lambda b: -m.thr[b]):
                if not beans:
                    break
                best, best_c = None, -1
                for c in beans:
                    cost = self._boss_future(c, 1, m.thr[b])
                    if best is None or cost < best:
                        best, best_c = cost, c
                score -= km * best
                beans.discard(best_c)
        # the discard top run flows to a boss that collects it in the next flip phase
        if m.dtop >= 0:
            b = m.collector(m.dtop)
            if b >= 0:
                size = _METER[m.dtop][m.thr[b] - 1]
                score -= km * w["discard_boss"] * m.drun * m.thr[b] / size
        # the hand's front: cards that fit no field will force harvests
        fits = {x for x in fb if x >= 0}
        free = empties
        for pos, c in enumerate(m.hand[:3]):
            if c in fits:
                continue
            if free > 0:
                free -= 1
                fits.add(c)
                continue
            score -= w["clog"] * (1.0 if pos == 0 else 0.7 if pos == 1 else 0.4)
        for c in m.hand[: self.mafia_reach]:
            if c in m.bb:
                score -= w["mafia_hand"]
        if w["hand_card"]:
            score -= w["hand_card"] * len(m.hand)
        # piles still to place, leftovers still to handle
        if m.piles:
            score += self._place(m, m.piles, in_hand, "left" if m.done else "pile")
        if m.left and phase == "leftovers":
            score += self._place(m, m.left, in_hand, "leftover")
        return score

    def _place(self, m: _Model, piles, in_hand, kind: str) -> float:
        """The best placement of waiting piles, one after the other (largest first), sharing the
        empty fields and the fields that could be harvested to make room; as a score change.
        ``kind``: "pile" (phase 5), "left" (done: they go to the opponent), "leftover"."""
        if kind == "left":
            if self.solo:
                return 0.0
            return -self.w["opp"] * sum(self._opp_gain(bean, n) for bean, n in piles)
        km = self.k_mafia
        fb, fn = m.fb, m.fn
        free = fb.count(-1)
        pile_beans = {bean for bean, _ in piles}
        losses = sorted(
            self._field_value(m, x, fn[i], in_hand) - _value(x, fn[i])
            for i, x in enumerate(fb)
            if x >= 0 and x not in pile_beans and fn[i] >= 2
        )
        total = 0.0
        order = sorted(piles, key=lambda p: -p[1]) if len(piles) > 1 else piles
        for bean, n in order:
            best = None
            if bean in fb:
                i = fb.index(bean)
                best = self._field_value(
                    m, bean, fn[i] + n, in_hand
                ) - self._field_value(m, bean, fn[i], in_hand)
                use = 0
            else:
                gain = self._field_value(m, bean, n, in_hand)
                if free:
                    best, use = gain, 1
                elif losses:
                    best, use = gain - losses[0], 2
            b = m.collector(bean)
            if b >= 0:
                cost = -km * n * m.thr[b] / _METER[bean][m.thr[b] - 1]
            elif -1 in m.bb:
                cost = -km * min(
                    self._boss_future(bean, n, m.thr[e])
                    for e, x in enumerate(m.bb)
                    if x < 0
                )
            else:
                cost = None
            if kind == "leftover":
                alt = -0.1 * n
                if b >= 0:
                    alt -= (
                        km
                        * self.w["discard_boss"]
                        * n
                        * m.thr[b]
                        / _METER[bean][m.thr[b] - 1]
                    )
                cost = alt if cost is None or alt > cost else cost
            elif not self.solo:
                alt = -self.w["opp"] * self._opp_gain(bean, n)
                cost = alt if cost is None or alt > cost else cost
            if best is None or (cost is not None and cost > best):
                best, use = (cost if cost is not None else -3.0), 0
            if use == 1:
                free -= 1
            elif use == 2:
                losses.pop(0)
            total += best
        return total

    def _opp_gain(self, bean: int, n: int) -> float:
        have = self.opp_beans.get(bean)
        if have is not None:
            return _interp(bean, have + n) - _interp(bean, have)
        if self.opp_empty:
            return 0.5 * _interp(bean, n)
        return 0.0
