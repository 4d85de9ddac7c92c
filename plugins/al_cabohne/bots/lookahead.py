"""Scoring one action: apply it to the model, then look through the rest of the own decisions up to
the flips (RULES A phase 3, F.19, F.20, F.21) and, in solo phase 4, one pile ahead."""

from __future__ import annotations

from typing import Any

from ..actions import BuyField, DiscardLeftover, Done, Gift, GivePile, Harvest, Pass, PayTax, PlantFront, PlantLeftover, PlantPile
from ..mafia import collector
from ..turn import second_card_targets
from .model import _Model


class LookAhead:
    """The greedy bot's look-ahead (mixed into :class:`GreedyBot`; the evaluation is ``_eval``)."""

    rules: Any
    w: dict
    solo: bool
    _pile_at: list[int]
    _left_at: list[int]

    # -- scoring an action ------------------------------------------------------------------------
    def _score(self, model: _Model, action, phase, play: tuple | None = None) -> float:
        m = model.copy()
        own = m.fields[m.me]
        t = type(action)
        if t is Harvest:
            m.harvest(action.field)
            if phase == "tax":
                m.pay_tax()
        elif t is PayTax:
            m.pay_tax()
        elif t is PlantFront:
            own[action.field].append(m.hand.pop(0))
        elif t is Pass or t is Done:
            m.done = True
        elif t is PlantPile:
            bean, n = m.piles.pop(self._pile_at[action.pile])
            own[action.field].extend([bean] * n)
        elif t is GivePile:
            bean, n = m.piles.pop(self._pile_at[action.pile])
            m.give(action.boss, [bean] * n)
        elif t is Gift:
            m.give(action.boss, [m.hand.pop(action.hand)])
        elif t is PlantLeftover or t is DiscardLeftover:
            k = self._left_at[action.pile]
            pile = m.left[k]
            pile[1] -= 1
            if pile[1] == 0:
                del m.left[k]
            if t is PlantLeftover:
                own[action.field].append(pile[0])
            else:
                m.discard.append(pile[0])
        elif t is BuyField:
            m.coins -= self.rules.field_cost
            own.append([])
        # the rest of the own decisions up to the flips are deterministic: look through them
        if phase == "play" and play is not None:
            if t is PlantFront:
                bean = own[action.field][-1]
                if play[0] == 0 and m.hand:
                    return self._play(m, (1, action.field, bean), 0)
                return self._before_flip(m, 0)
            if t is Pass:
                return self._before_flip(m, 0)
            return self._play(m, play, 1)
        if phase == "before_flip":
            return self._leaf(m) if t is Done else self._before_flip(m, 1)
        if phase == "plant" and self.solo and m.piles and self.w["plant_look"]:
            return self._plant_next(m, 1 if t is Harvest else 0)
        return self._eval(m, phase)

    def _plant_next(self, m: _Model, harvests: int) -> float:
        """Solo phase 4: every pile must be planted. The best place for the largest pile still
        waiting (own field, a boss that takes it, or a field the rules let the player harvest
        first, F.19), the others estimated."""
        rules = self.rules
        me = m.me
        k = max(range(len(m.piles)), key=lambda i: m.piles[i][1])
        bean, n = m.piles[k]
        best = None
        for t in rules.plant_targets(m, me, bean):
            m2 = m.copy()
            m2.piles.pop(k)
            m2.fields[me][t].extend([bean] * n)
            v = self._eval(m2, "plant")
            if best is None or v > best:
                best = v
        b = collector(m, bean)
        for e in (b,) if b is not None else [e for e, f in enumerate(m.bosses) if not f]:
            m2 = m.copy()
            m2.piles.pop(k)
            m2.give(e, [bean] * n)
            v = self._eval(m2, "plant")
            if best is None or v > best:
                best = v
        if harvests < 1:
            for h in rules.harvestable(m, me):
                m2 = m.copy()
                m2.harvest(h)
                v = self._plant_next(m2, harvests + 1)
                if best is None or v > best:
                    best = v
        return self._eval(m, "plant") if best is None else best

    # -- the rest of the own turn up to the flips (RULES A phase 3, F.19, F.20, F.21) -------------
    def _play(self, m: _Model, play: tuple, harvests: int) -> float:
        """The best the player can make of phase 3 from here, then of F.20's moment: plant the
        front card (it must be), maybe the next one (F.21: a card of another bean than the first
        goes on another field), harvesting first where a card fits no field (F.19)."""
        if not m.hand:
            return self._before_flip(m, 0)
        rules = self.rules
        me = m.me
        own = m.fields[me]
        planted, first, first_bean = play
        front = m.hand[0]
        targets = rules.plant_targets(m, me, front)
        if planted and first is not None and front != first_bean:
            targets = second_card_targets(targets, own, first)
        best = None
        if planted:
            best = self._before_flip(m, 0)
        for t in targets:
            m2 = m.copy()
            m2.fields[me][t].append(m2.hand.pop(0))
            v = self._play(m2, (1, t, front), harvests) if planted == 0 and m2.hand else self._before_flip(m2, 0)
            if best is None or v > best:
                best = v
        if not targets and harvests < 2:  # room first: a harvest the rules allow now
            for h in rules.harvestable(m, me):
                m2 = m.copy()
                m2.harvest(h)
                v = self._play(m2, play, harvests + 1)
                if best is None or v > best:
                    best = v
        return self._eval(m, "play") - 10.0 if best is None else best

    def _before_flip(self, m: _Model, harvests: int) -> float:
        """F.20: before the first flip the player may still harvest (the solo rulebook's tip 5:
        sell a field so that its discarded beans can be won back by a flip)."""
        best = self._leaf(m)
        if harvests < 1:
            for h in self.rules.harvestable(m, m.me):
                m2 = m.copy()
                m2.harvest(h)
                v = self._leaf(m2)
                if v > best:
                    best = v
        return best

    def _leaf(self, m: _Model) -> float:
        """The situation when the flips start: the evaluation, plus the chance that a flip brings
        the discard top's bean, which pulls the top run into that pile (F.2) for the player."""
        score = self._eval(m, "flip")
        d = m.discard
        if not d or not self.w["discard_win"]:
            return score
        top = d[-1]
        if collector(m, top) is not None:
            return score
        run = 1
        while run < len(d) and d[-run - 1] == top:
            run += 1
        q = min(1.0, self.remaining[top] / self.cards_left) if self.cards_left > 0 else 0.0
        chance = 1.0 - (1.0 - q) ** self.rules.flips
        fv = self._field_value
        target = self.rules.plant_target(m, m.me, top)
        if target is None:
            return score
        own = m.fields[m.me][target]
        in_hand = self._in_hand(m)
        size = len(own)
        gain = fv(top, size + run + 1, in_hand) - fv(top, size + 1, in_hand)
        return score + self.w["discard_win"] * chance * gain
