"""Bohnanza's bots. They read only their ``view`` and the legal actions (never the game).

``GreedyBot`` plants where a bean grows best, harvests only when it must (or a field can grow no
further), buys the third field when it can, and answers offers by what they do to its fields: a
card that joins a field it grows is worth +1, one that fills an empty field +0.5, one that would
force a harvest -1.5; giving away a card it would plant well costs 1, a card that fits nothing is
worth 0.5 to be rid of. It accepts an offer worth more than nothing. Asked for a bean it holds
several copies of (F.27), it gives the back-most copy of a bean its fields grow (the front one
is planted soon) and the front-most of any other.

Registered as:

* ``greedy``: a trader. On its own turn it offers the face-up cards (and its front hand cards)
  that fit none of its fields to the players who grow them, asking for a bean it grows (then, if
  refused, as a gift); on others' turns it asks the active player for face-up cards that fit its
  fields, giving a hand card that fits nothing. It answers offers greedily.
* ``greedy-passive``: never makes an offer, answers offers greedily (the trader's partners in the
  benchmark "one trader against three").
* ``greedy-notrade``: never trades: rejects every offer and ends trading on its own turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from beanframe.i18n import N_

from .rules import BASE_CARDS


def fit(name: str, fields: Sequence[Sequence[str]]) -> float:
    """How well one card of ``name`` fits ``fields`` (see the module)."""
    if any(f and f[-1] == name for f in fields):
        return 1.0
    if any(not f for f in fields):
        return 0.5
    return -1.5


def plant_all(names: Sequence[str], fields: Sequence[Sequence[str]]) -> float:
    """The value of receiving ``names``, planted one after the other on a model of ``fields``."""
    model = [list(f) for f in fields]
    total = 0.0
    for name in names:
        total += fit(name, model)
        for f in model:
            if f and f[-1] == name:
                f.append(name)
                break
        else:
            for f in model:
                if not f:
                    f.append(name)
                    break
    return total


def loss(name: str, fields: Sequence[Sequence[str]]) -> float:
    """What giving away a card of ``name`` costs (negative: a gain)."""
    return 1.0 if any(f and f[-1] == name for f in fields) else -0.5


class GreedyBot:
    uses_view = True

    def __init__(self, seed: int | None = None, ruleset=None, offers: bool = True, answers: bool = True) -> None:
        self.rng = random.Random(seed)
        # the composed card set (bots play the composed rules: a larger deck, a house rule's meters)
        self.cards = BASE_CARDS if ruleset is None else ruleset.config.params["beans"].cards
        self.meter = {b.name: b for b in self.cards.beans}
        self.offers = offers  # makes offers
        self.answers = answers  # accepts offers that improve its fields (else rejects all)
        self.plan: list[str] = []
        self.tried: set[tuple] = set()

    # -- the choice -------------------------------------------------------------------------
    def act(self, view, legal):
        copies = [a for a in legal if a.name == "give-copy"]
        if copies:
            return self.give_copy(view, copies)
        by_code = {a.code: a for a in legal}
        me = view.player
        beans = view["beans"]
        fields = beans.fields[me]
        if "buy-field" in by_code and len(fields) < 3:
            return by_code["buy-field"]
        if view.phase == "trade" and (me in view.deciders):
            return self.trade(view, legal, by_code)
        harvests = [a for a in legal if a.name == "harvest"]
        for a in harvests:  # a field that earns no more by growing is sold
            f = fields[a.field]
            if self.coins_for(f[-1], len(f)) >= self.coins_for(f[-1], 99):
                return a
        plants = [a for a in legal if a.name in ("plant", "plant-traded")]
        if plants:
            return self.best_plant(view, plants, by_code)
        if harvests:
            return self.best_harvest(fields, harvests)
        return legal[0]

    def best_plant(self, view, plants, by_code):
        fields = view["beans"].fields[view.player]

        def score(a):
            f = fields[a.field]
            return 2 + len(f) if f else 1  # a field that grows the bean, the biggest first

        return max(plants, key=score)

    def coins_for(self, name: str, n: int) -> int:
        return self.meter[name].coins_for(n)

    def evaluate(self, view) -> float:
        """The viewer's worth in coins: its coins, and each of its fields at what it sells for now
        plus half the way to the next step of its bean-o-meter (search bots score the positions
        they stop at with it; coins alone would tell a grown field from a new one only once sold)."""
        beans = view["beans"]
        me = view.player
        worth = float(beans.coins[me])
        for f in beans.fields[me]:
            if f:
                worth += self.field_worth(f[-1], len(f))
        return worth

    def field_worth(self, name: str, n: int) -> float:
        now = self.coins_for(name, n)
        for more in range(n + 1, n + 13):
            step = self.coins_for(name, more)
            if step > now:  # the next step: part of its extra coin, by how far the field has come
                return now + 0.5 * (step - now) * n / more
        return float(now)

    def best_harvest(self, fields, harvests):
        def score(a):
            f = fields[a.field]
            return (self.coins_for(f[-1], len(f)), -len(f))

        return max(harvests, key=score)

    # -- trading ------------------------------------------------------------------------------
    def trade(self, view, legal, by_code):
        me = view.player
        active = view.active
        t = view["trade"]
        fields = view["beans"].fields[me]
        hand = view["beans"].hand
        for o in t.offers:
            if o.to != me:
                continue
            accept = by_code.get(f"accept o{o.id + 1}")
            if self.answers and accept is not None:
                worth = plant_all(o.gives, fields)
                asked = list(o.asks)
                worth -= sum(self._cost_face(n, fields) if me == active else loss(n, fields) for n in asked)
                if worth > 0:
                    return accept
            return by_code[f"reject o{o.id + 1}"]
        if self.plan:
            code = self.plan.pop(0)
            if code in by_code:
                return by_code[code]
            self.plan = []
            if "scrap" in by_code:
                return by_code["scrap"]
        if self.offers and t.draft is None:
            plan = self.make_plan(view, fields, hand, t, me, active)
            if plan:
                self.plan = plan[1:]
                if plan[0] in by_code:
                    return by_code[plan[0]]
                self.plan = []
        if me == active and not self.answers:
            return by_code["end-trading"]
        return by_code["pass"]

    def give_copy(self, view, copies):
        """F.27: which copy of an asked bean leaves the hand. A bean that joins a field it grows is
        worth planting soon: keep the front-most copy, give the back-most; any other bean is
        best gone from the front of the hand (it would have to be planted there): give the
        front-most."""
        name = view["beans"].hand[copies[0].hand]
        grows = any(f and f[-1] == name for f in view["beans"].fields[view.player])
        return max(copies, key=lambda a: a.hand) if grows else min(copies, key=lambda a: a.hand)

    def _cost_face(self, name, fields):
        # the active player gives a face-up card it would otherwise plant itself
        return 1.0 if any(f and f[-1] == name for f in fields) else (-0.2 if any(not f for f in fields) else -1.5)

    def make_plan(self, view, fields, hand, t, me, active) -> list[str]:
        others = view["beans"].fields
        turn = view.turn
        grown = [f[-1] for f in sorted((f for f in fields if f), key=len, reverse=True)]
        if me == active:
            bad = [(f"give-face u{k + 1}", n) for k, n in enumerate(t.face_up) if n is not None and fit(n, fields) < 0]
            bad += [(f"give h{i + 1}", n) for i, n in enumerate(hand[:2]) if fit(n, fields) < 0]
            for code, name in bad:
                takers = [p for p in range(view.players) if p != me and any(f and f[-1] == name for f in others[p])]
                takers += [p for p in range(view.players) if p != me and p not in takers and any(not f for f in others[p])]
                for p in takers:
                    for ask in ([f"ask c{self._bean_index(view, grown[0])}"] if grown else []) + [None]:
                        key = (turn, code, p, ask)
                        if key in self.tried:
                            continue
                        self.tried.add(key)
                        return [code] + ([ask] if ask else []) + [f"send p{p + 1}"]
            return []
        good = [(k, n) for k, n in enumerate(t.face_up) if n is not None and fit(n, fields) > 0]
        good.sort(key=lambda kn: -fit(kn[1], fields))
        spare = [i for i, n in enumerate(hand) if fit(n, fields) < 0]
        for k, _name in good:
            give = [f"give h{spare[0] + 1}"] if spare else []
            key = (turn, k, tuple(give))
            if key in self.tried:
                continue
            self.tried.add(key)
            return [f"want-face u{k + 1}", *give, f"send p{active + 1}"]
        return []

    def _bean_index(self, view, name: str) -> int:
        return self.cards.index(name) + 1

def register_bots(register) -> None:
    # make_bot calls factory(seed=..., ruleset=...); these bots read everything from their view
    register("greedy", lambda seed, ruleset: GreedyBot(seed, ruleset), N_("plants and trades greedily: offers what fits none of its fields"))
    register(
        "greedy-passive",
        lambda seed, ruleset: GreedyBot(seed, ruleset, offers=False),
        N_("never offers; accepts offers that improve its fields"),
    )
    register(
        "greedy-notrade",
        lambda seed, ruleset: GreedyBot(seed, ruleset, offers=False, answers=False),
        N_("never trades: rejects every offer, ends trading on its own turn"),
    )
