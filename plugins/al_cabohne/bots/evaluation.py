"""The greedy bot's evaluation of a situation, in coins for the player: own coins and fields at
their expected worth, the mafia's treasury and expected income, taxes, the hand's front, piles and
leftovers at their best placement (see the package doc)."""

from __future__ import annotations

from typing import Any

from ..mafia import collector
from .model import _Model
from .rules import _interp


#: the evaluation's terms, in coins for the player (negative: the mafia's gain, doubled solo);
#: ``components`` computes them, ``_eval`` weighs them (names of ``W`` where a weight applies)
COMPONENTS = (
    "coins",  # own coins
    "treasury",  # the mafia's treasury
    "field_now",  # what the own fields sell for now
    "field_growth",  # what they are expected to add by growing (W grow applied inside)
    "tax",  # taxed fields: the tax's cost per turn (W tax_turns)
    "empty",  # empty own fields (W empty)
    "field_turns",  # own fields times turns left (W field_turn)
    "boss_cards",  # the mafia's coins to come from the cards its bosses hold
    "boss_flow",  # ... from the unseen cards of their beans (W boss_flow)
    "refill",  # the cheapest refill of the empty bosses from the hand
    "discard",  # the discard top run a boss will pull in (W discard_boss)
    "clog",  # front hand cards that fit no field (W clog)
    "mafia_hand",  # hand cards of beans the mafia collects (W mafia_hand)
    "hand",  # minus the hand's size (W hand_card)
    "placement",  # flipped piles and leftovers at their best placement
)


class Evaluation:
    """The greedy bot's evaluation (mixed into :class:`GreedyBot`)."""

    cards: Any
    rules: Any
    w: dict

    def _in_hand(self, m: _Model) -> dict:
        in_hand: dict[int, float] = {}
        hw = self.w["hand_w"]
        weight = 1.0
        for c in m.hand:
            in_hand[c] = in_hand.get(c, 0.0) + weight
            weight *= hw
        return in_hand

    # -- evaluation -------------------------------------------------------------------------------
    def _field_value(self, bean: int, n: int, in_hand: dict) -> float:
        """A field's worth: its value now, or its share of the value it is expected to reach
        (with the beans of its type in the hand and part of the unseen ones), if more."""
        if n <= 0:
            return 0.0
        v = self.cards.value(bean, n)
        top = self._meter[bean][3]
        if n >= top:
            return v
        target = n + in_hand.get(bean, 0.0) + self.unseen_w * self.remaining[bean]
        target = min(target, top)
        pot = self.grow * _interp(self._curves[bean], target) * n / target
        return max(v, pot)

    def _boss_future(self, bean: int, n: int, thr: int) -> float:
        """The mafia's expected coins from a boss growing ``bean`` with ``n`` cards."""
        size = self._meter[bean][thr - 1]
        expected = n + self.w["boss_flow"] * self.remaining[bean]
        return thr * expected / size

    def _eval(self, m: _Model, phase) -> float:
        x = self.components(m, phase)
        w = self.w
        # the weights of COMPONENTS, in order (1: the component already carries its weight)
        return (
            x[0] + x[1] + x[2] + x[3] + w["tax_turns"] * x[4] + w["empty"] * x[5] + w["field_turn"] * x[6]
            + x[7] + w["boss_flow"] * x[8] + x[9] + w["discard_boss"] * x[10] + w["clog"] * x[11]
            + w["mafia_hand"] * x[12] + w["hand_card"] * x[13] + x[14]
        )  # fmt: skip

    def components(self, m: _Model, phase) -> list[float]:
        """The evaluation's terms (:data:`COMPONENTS`), unweighted where a weight of ``w`` applies:
        ``_eval`` weighs them with the bot's weights, a learned value (``value.py``) with its own."""
        km = self.k_mafia
        meter = self._meter
        x = [0.0] * len(COMPONENTS)
        x[0] = m.coins
        x[1] = -km * m.treasury
        in_hand = self._in_hand(m)
        own = m.fields[m.me]
        empties = 0
        for f in own:
            if not f:
                empties += 1
                continue
            bean, n = f[-1], len(f)
            fv = self._field_value(bean, n, in_hand)
            v = self.cards.value(bean, n)
            x[2] += v
            x[3] += fv - v
            b = collector(m, bean)
            if b is not None:
                # a tax is due each turn while a boss collects this bean
                lose = fv - self._field_value(bean, n - 1, in_hand)
                x[4] -= lose + km * m.thr[b] / meter[bean][m.thr[b] - 1]
        x[5] = empties
        x[6] = self.turns_left * len(own)
        # bosses: expected future income (the cards they hold, the unseen ones still to come)
        boss_beans = set()
        empty_bosses = []
        for b, f in enumerate(m.bosses):
            if f:
                bean = f[-1]
                boss_beans.add(bean)
                per_card = km * m.thr[b] / meter[bean][m.thr[b] - 1]
                x[7] -= per_card * len(f)
                x[8] -= per_card * self.remaining[bean]
            else:
                empty_bosses.append(b)
        if empty_bosses and m.hand:
            # refilled at the end of phase 5 with distinct hand beans no boss collects; the
            # player picks: the boss with the highest threshold gets the cheapest bean first
            beans = {c for c in m.hand if c not in boss_beans}
            for b in sorted(empty_bosses, key=lambda b: -m.thr[b]):
                if not beans:
                    break
                best, best_c = None, -1
                for c in beans:
                    cost = self._boss_future(c, 1, m.thr[b])
                    if best is None or cost < best:
                        best, best_c = cost, c
                x[9] -= km * best
                beans.discard(best_c)
        # the discard top run flows to a boss that collects it in the next flip phase
        d = m.discard
        if d:
            top = d[-1]
            b = collector(m, top)
            if b is not None:
                run = 1
                while run < len(d) and d[-run - 1] == top:
                    run += 1
                x[10] -= km * run * m.thr[b] / meter[top][m.thr[b] - 1]
        # the hand's front: cards that fit no field will force harvests
        fits = {f[-1] for f in own if f}
        free = empties
        for pos, c in enumerate(m.hand[:3]):
            if c in fits:
                continue
            if free > 0:
                free -= 1
                fits.add(c)
                continue
            x[11] -= 1.0 if pos == 0 else 0.7 if pos == 1 else 0.4
        for c in m.hand[: self.mafia_reach]:
            if c in boss_beans:
                x[12] -= 1.0
        x[13] = -len(m.hand)
        # piles still to place, leftovers still to handle
        if m.piles:
            x[14] += self._place(m, m.piles, in_hand, "left" if m.done else "pile")
        if m.left and phase == "leftovers":
            x[14] += self._place(m, m.left, in_hand, "leftover")
        return x

    def _place(self, m: _Model, piles, in_hand, kind: str) -> float:
        """The best placement of waiting piles, one after the other (largest first), sharing the
        empty fields and the fields that could be harvested to make room; as a score change.
        ``kind``: "pile" (phase 5), "left" (done: they go to the opponent), "leftover"."""
        if kind == "left":
            if self.solo:
                return 0.0
            return -self.w["opp"] * sum(self._opp_gain(bean, n) for bean, n in piles)
        km = self.k_mafia
        meter = self._meter
        value = self.cards.value
        fv = self._field_value
        rules = self.rules
        own = m.fields[m.me]
        free = sum(1 for f in own if not f)
        pile_beans = {bean for bean, _ in piles}
        # fields the rules let the player harvest now to make room (not those a pile would grow)
        losses = sorted(
            fv(f[-1], len(f), in_hand) - value(f[-1], len(f))
            for f in (own[i] for i in rules.harvestable(m, m.me))
            if f[-1] not in pile_beans
        )
        total = 0.0
        order = sorted(piles, key=lambda p: -p[1]) if len(piles) > 1 else piles
        empty_bosses = [e for e, f in enumerate(m.bosses) if not f]
        for bean, n in order:
            best = None
            target = rules.plant_target(m, m.me, bean)
            if target is not None and own[target]:
                size = len(own[target])
                best = fv(bean, size + n, in_hand) - fv(bean, size, in_hand)
                use = 0
            else:
                gain = fv(bean, n, in_hand)
                if free:
                    best, use = gain, 1
                elif losses:
                    best, use = gain - losses[0], 2
            b = collector(m, bean)
            if b is not None:
                cost = -km * n * m.thr[b] / meter[bean][m.thr[b] - 1]
            elif empty_bosses:
                cost = -km * min(self._boss_future(bean, n, m.thr[e]) for e in empty_bosses)
            else:
                cost = None
            if kind == "leftover":
                alt = -0.1 * n
                if b is not None:
                    alt -= km * self.w["discard_boss"] * n * m.thr[b] / meter[bean][m.thr[b] - 1]
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
        curve = self._curves[bean]
        if have is not None:
            return _interp(curve, have + n) - _interp(curve, have)
        if self.opp_empty:
            return 0.5 * _interp(curve, n)
        return 0.0
