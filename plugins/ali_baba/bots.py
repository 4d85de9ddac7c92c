"""Ali Baba's greedy bot: buys cheap loot, sheds threatened cards when the expected bail is worse,
bails when it pays, steers Ali Baba away from its own gangs, takes the good events for itself, and
negotiates (``bot_trade.py``): sells threatened loot to a player who can bear it better, and in the
bazaar buys, sells or swaps cards to complete groups, at prices the other side should accept.

It sees only its view and the ruleset (the board: prices, loot values, fate numbers, the grid).
"""

from __future__ import annotations

import random

from beanframe.core.offers import Offer

from . import actions as a
from . import data as d
from .bot_trade import RESERVE, Valuer, answer_worth, next_step, plans
from .data import gang
from .rules import row_numbers


class GreedyBot:
    def __init__(self, seed, ruleset):
        self.rng = random.Random(seed)
        self.board = ruleset.config.params["ali_baba"].board
        self.rules = ruleset.config.params["ali_baba"]
        self.valuer = Valuer(self.board)
        self.offered: set = set()  # (negotiation, plan) offered already: not offered again there
        self._plans: tuple = (None, [])  # the last table's deals (the table, the plans)

    def act(self, view, legal_actions):
        me = view.player
        t = view["ali_baba"]
        if a.SCRAP in legal_actions:  # building an offer: the plan's next piece
            return self.build(view, t, me, legal_actions)
        plan_action, plan_value = self.negotiate(view, t, me, legal_actions)
        best, best_value = None, None
        for action in legal_actions:
            if action.__class__ in NEGOTIATING:
                value = plan_value if action is plan_action else float("-inf")
            else:
                value = self.value(t, me, action)
            value += self.rng.random() * 1e-3  # seeded tie-break
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    # -- negotiations (bot_trade.py) -----------------------------------------------------------
    def _key(self, view, t):
        return (view.turn, t.hunted, t.black)  # one negotiation: a turn's shedding or bazaar

    def _plan(self, view, t, me):
        """The best deal not yet offered in this negotiation, or None."""
        key = self._key(view, t)
        table = (key, t.piasters, t.bandits)
        if self._plans[0] != table:  # the deals stay the same while the bot builds an offer
            self._plans = (table, plans(self.valuer, t, me, sale_only=bool(t.hunted)))
        for plan in self._plans[1]:
            if (key, plan) not in self.offered:
                return plan
        return None

    def negotiate(self, view, t, me, legal):
        """The first action of the best deal to offer now, and its worth (None: none)."""
        if not any(action.__class__ in NEGOTIATING for action in legal):
            return None, 0.0
        plan = self._plan(view, t, me)
        if plan is None:
            return None, 0.0
        first = self._action(next_step(plan, _empty(me), a.STEPS))
        return (first, plan.value) if first in legal else (None, 0.0)

    def build(self, view, t, me, legal):
        plan = self._plan(view, t, me)
        action = a.SCRAP if plan is None else self._action(next_step(plan, t.offer, a.STEPS))
        if action.__class__ is a.Send and action in legal:
            self.offered.add((self._key(view, t), plan))
        return action if action in legal else a.SCRAP

    @staticmethod
    def _action(step):
        kind = step[0]
        if kind == "offer":
            return a.OFFER[step[1]]
        if kind == "ask":
            return a.ASK[step[1]]
        if kind == "pay":
            return a.PAY[a.STEPS.index(step[1])]
        if kind == "charge":
            return a.CHARGE[a.STEPS.index(step[1])]
        if kind == "send":
            return a.SEND[step[1]]
        return a.SCRAP

    # -- worth of each action, in piasters, compared with the alternative ------------------
    def rounds_left(self, t) -> int:
        return self.board.rounds - t.round + 1

    def keep_worth(self, t, card: int) -> float:
        """What a bandit in hand is worth: its loot at each round end still to come, and the final
        sale at the start district's price."""
        return self.board.card_value[card] * self.rounds_left(t) + self.board.prices[gang(card)][0]

    def risk(self, card: int, black: int) -> float:
        """The expected bail for a hunted card: the chance that its number comes up."""
        fate = self.board.card_fate[card]
        if black:
            return self.board.bail * len(fate & row_numbers(self.board, black)) / 6
        return self.board.bail * len(fate) / 36

    def field_worth(self, t, me: int, field: int) -> float:
        b = self.board
        kind = b.kind[field]
        mine = t.bandits[me]
        if kind == d.GANG:
            return -sum(self.risk(c, t.black) for c in mine if gang(c) == b.gang_of[field])
        if kind == d.ALL:
            return -sum(self.risk(c, t.black) for c in mine)
        if kind in (d.DIE, d.QUESTION):
            return -sum(self.risk(c, t.black) for c in mine) / (4 if kind == d.DIE else 8)
        if kind == d.EVENT:
            return 150.0
        if kind == d.EMPTY:
            return 60.0 if t.piasters[me] > RESERVE else 0.0
        return 0.0

    def value(self, t, me: int, action) -> float:
        b = self.board
        here = t.field
        if action is a.DONE:
            return 0.0
        if isinstance(action, a.Sell):
            return b.price(action.card, here) - self.keep_worth(t, action.card)
        if isinstance(action, a.Take):
            price = b.price(action.card, here)
            if t.piasters[me] - price < RESERVE and price:
                return -1.0
            return self.keep_worth(t, action.card) - price - self.risk(action.card, 0) * 2
        if isinstance(action, a.Move):
            ends = b.reach[here][action.value + 1]
            # keep big cards for later when the choice is equal: a small preference for small cards
            return max(self.field_worth(t, me, f) for f in ends) - action.value
        if isinstance(action, a.Go):
            return self.field_worth(t, me, action.field)
        if isinstance(action, a.Target):
            return 1.0 if action.player == me else 0.0
        if isinstance(action, (a.Give,)):
            return -self.keep_worth(t, action.card)
        if isinstance(action, a.From):
            return max((b.card_value[c] for c in t.bandits[action.player]), default=0) / 10
        if isinstance(action, a.ChooseGang):
            mine = sum(1 for c in t.bandits[me] if gang(c) == action.gang)
            theirs = sum(1 for p, cs in enumerate(t.bandits) if p != me for c in cs if gang(c) == action.gang)
            return theirs - 3 * mine
        if isinstance(action, a.PlaceDie):
            pips = action.pips + 1
            mine = t.bandits[me]
            return -sum(len(b.card_fate[c] & row_numbers(b, pips)) for c in mine)
        if isinstance(action, a.Shed):
            fee = b.last_chance_fee if t.black else b.shed_fee
            chance = self.risk(action.card, t.black) / b.bail
            if t.piasters[me] - fee < b.bail:  # an arrest would bankrupt it: every bandit sold off
                loss = sum(self.keep_worth(t, c) - b.price(c, here) for c in t.bandits[me])
            else:
                loss = b.bail
            return chance * loss - fee - self.keep_worth(t, action.card)
        if action is a.ACCEPT:
            return answer_worth(self.valuer, t, me)
        if action is a.DECLINE:
            return 0.0
        if isinstance(action, a.Bail):
            return self.keep_worth(t, action.card) - b.bail
        if isinstance(action, a.Surrender):
            return 0.0
        return 0.0


NEGOTIATING = frozenset((a.Offer, a.Ask, a.Pay, a.Charge))


def _empty(me: int) -> Offer:
    return Offer(maker=me)
