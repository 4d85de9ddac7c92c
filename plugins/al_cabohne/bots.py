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

**The composed rules, not a copy.** The bot is made with the ruleset (``GreedyBot(ruleset, seed)``,
which is what ``make_bot`` calls) and reads every parameter from it once (:class:`BotRules`): the
card set and bean-o-meters, the third field's cost, the solo mafia factor, the draw count, how many
decks a game has, which one-bean fields may be harvested. Its model applies the shared plain rule
functions (``field_targets``, ``harvestable_fields`` with ``BeanRules.one_bean_harvest``, ``sell``,
``CardSet.value``, Al Cabohne's ``second_card_targets`` (F.21), the mafia's ``collector`` and
``reaches``), so a house rule that changes an option or one of those functions changes the bot's
look too.

**Its own turn up to the flips.** In phase 3 (solo 2) and at F.20's moment before the flips
(``before_flip``) every choice is deterministic, so the bot looks through the rest of them before it
scores an action: plant the front card, maybe a second one (F.21: a card of another bean than the
first goes on another field, even if the first card's field was harvested in between; the bot
remembers its first card, which the view does not show), harvest first where a card fits no field
(which fields may be harvested: ``harvestable_fields`` under the composed ``one_bean_harvest``,
F.19), and harvest once more before the flips (F.20; the solo rulebook's tip 5). Each line ends
when the flips start and is evaluated there. Solo phase 4 (every pile must be planted) looks one
pile ahead the same way: the largest waiting pile on an own field, on a boss, or after a harvest.

**Actions it does not know.** The model knows Al Cabohne's actions. An action of another class
(a house rule's) is scored by the value its plugin registered for bots
(``register.action_value(cls, value)`` in ``beanframe_register_bots``: the action's worth in coins
compared with not taking it, i.e. added to the score of the best action the bot models); an action
with no value is never chosen unless nothing else is legal.

Equal scores are broken by the seeded generator (the only use of chance). The bot never sees the game
object, only the ruleset, ``view`` and ``legal_actions``, and always returns one of ``legal_actions``.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from attrs import frozen

from beanframe.beans import CardSet, field_targets, harvestable_fields, sell

from .actions import (
    MAX_PILES,
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
from .mafia import collector, reaches
from .turn import second_card_targets

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset


# ------------------------------------------------------------------------------------------
# What the bot reads from the ruleset
# ------------------------------------------------------------------------------------------


@frozen
class BotRules:
    """The composed rules as the bot uses them: read once from the (public, immutable) ruleset.
    Every parameter lookup of the bot is here, so moving a parameter means editing one line."""

    players: int
    cards: CardSet
    field_cost: int  # coins the third field costs (A "Third field")
    mafia_factor: int  # how many times a mafia coin counts against the player's (solo: x2)
    draw: int  # cards drawn at the end of a turn
    flips: int  # counted flips per turn
    more_decks: int  # decks still to come after the first one (reshuffles)
    plant_target: Callable[[Any, int, int], int | None]  # the composed field-acceptance rule
    plant_targets: Callable[[Any, int, int], list[int]]  # every field that takes the bean
    harvestable: Callable[..., list[Any]]  # the fields a player may harvest now


def bot_rules(ruleset: Ruleset) -> BotRules:
    params = ruleset.config.params
    beans = params["beans"]
    own = params["al_cabohne"]
    solo = ruleset.players == 1
    return BotRules(
        players=ruleset.players,
        cards=beans.cards,
        # None: no field to buy (a variant that removes it); the bot then never values one
        field_cost=beans.third_field_cost if beans.third_field_cost is not None else 10**6,
        mafia_factor=own.solo_mafia_factor if solo else 1,
        draw=beans.draw,
        flips=MAX_PILES,
        more_decks=max(0, beans.run_out_limit - 1) if beans.reshuffle else 0,
        # the bot's model is a table of fields, not a game: the bean family's basic rules on it
        plant_target=lambda m, p, bean: next(iter(field_targets(m.fields[p], bean)), None),
        plant_targets=lambda m, p, bean: field_targets(m.fields[p], bean),
        harvestable=lambda m, p: harvestable_fields(m.fields[p], beans.one_bean_harvest),
    )


@functools.lru_cache(maxsize=8)
def _tables(cards: CardSet) -> tuple[dict[str, int], tuple[int, ...], tuple[tuple[int, ...], ...], tuple]:
    """Per card set: name -> index, counts, bean-o-meters, and the interpolated coin curves."""
    index = {name: i for i, name in enumerate(cards.names)}
    counts = tuple(b.count for b in cards.beans)
    meters = tuple(tuple(b.meter) for b in cards.beans)
    return index, counts, meters, tuple(_interp_table(m, c) for m, c in zip(meters, counts))


def _interp_table(meter: tuple[int, ...], count: int) -> tuple[float, ...]:
    """Coins as a piecewise-linear function of the field size (through each meter step), for
    sizes 0..count: a smooth measure of how far a field has come."""
    points = [(0, 0.0)] + [(size, float(k)) for k, size in enumerate(meter, 1) if size]
    out = []
    for n in range(count + 1):
        if n >= points[-1][0]:
            out.append(points[-1][1])
            continue
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            if x0 <= n <= x1:
                out.append(y0 + (y1 - y0) * (n - x0) / (x1 - x0))
                break
    return tuple(out)


def _interp(t: tuple[float, ...], x: float) -> float:
    if x <= 0:
        return 0.0
    top = len(t) - 1
    if x >= top:
        return t[top]
    i = int(x)
    return t[i] + (t[i + 1] - t[i]) * (x - i)


# Tunable weights of the evaluation. Re-measured after the F.19/F.21 corrections (solo, 300 seeded
# games each, seeds 1000-1299, the win rate's 95% interval about +-5.5 points): with the look-ahead
# 62%; grow 1.5 63%, hand_card 1.0 63% / 2.0 63% (noise: kept). Before the phase-4 look-ahead (46%):
# empty -0.5 41%, +0.5 15% (kept 0), discard_win 0.3 47% (kept 0: selling a completed field before
# the flips already scores at least as well as keeping it), grow 1.2 45%, clog 1.0 51% (kept).
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
    "deck_after": 45,  # rough size of a deck rebuilt from the discard
    "extra_per_turn": 2,  # cards a turn uses besides the counted flips and the draw (replacements)
    "discard_win": 0.0,  # share of the expected gain from a flip that wins back the discard top (F.2; 0: off)
    "plant_look": 1,  # solo phase 4: look one pile ahead (0: the estimate only)
    "field_turn": 0.2,  # worth of one more own field per turn left (2 players: buy the third one)
}

# 2 players: the opponent refills the bosses too, so emptying the own hand to starve the mafia
# pays far less there; these weights replace the solo ones (measured against the random bot).
W_DUO = {"clog": 0.2, "mafia_hand": 0.0, "hand_card": 0.0}

# The actions the model knows; any other class needs a value registered for bots.
KNOWN = frozenset(
    (PlantFront, Pass, PayTax, PlantPile, GivePile, Gift, PlantLeftover, DiscardLeftover, Done, Harvest, BuyField)
)


def _slots(piles) -> list[int]:
    """Per pile slot, its index among the non-empty piles (-1: an empty slot)."""
    out, k = [], 0
    for p in piles:
        out.append(k if p else -1)
        k += 1 if p else 0
    return out


class _Model:
    """The situation as the bot imagines it. It has the attributes the shared rule functions
    read (``fields[player]`` of a bean table, ``bosses`` of the mafia), so they apply to it."""

    __slots__ = ("bosses", "cards", "coins", "discard", "done", "fields", "hand", "left", "me", "piles", "thr", "treasury")

    def copy(self) -> _Model:
        m = _Model.__new__(_Model)
        m.cards = self.cards
        m.me = me = self.me
        m.hand = self.hand.copy()
        fields = self.fields.copy()  # other players' fields are never changed: shared
        fields[me] = [f.copy() for f in fields[me]]
        m.fields = fields
        m.coins = self.coins
        m.bosses = [b.copy() for b in self.bosses]
        m.thr = self.thr
        m.treasury = self.treasury
        m.discard = self.discard.copy()
        m.piles = [p.copy() for p in self.piles]
        m.left = [p.copy() for p in self.left]
        m.done = self.done
        return m

    # -- mechanics: the shared rule functions applied to the model ------------------------
    def give(self, b: int, cards: list[int]) -> None:
        """Cards to boss ``b``; it harvests at once at its threshold (mafia.give)."""
        f = self.bosses[b]
        f.extend(cards)
        if reaches(self.cards, f, self.thr[b]):
            self.treasury += sell(self.cards, f, [], self.discard)

    def harvest(self, i: int) -> None:
        self.coins += sell(self.cards, self.fields[self.me][i], [], self.discard)

    def pay_tax(self) -> None:
        """One bean of each own field whose bean a boss collects goes to that boss."""
        for f in self.fields[self.me]:
            if f:
                b = collector(self, f[-1])
                if b is not None:
                    self.give(b, [f.pop()])


class GreedyBot:
    """Scores each legal action by evaluating the situation it leads to (see the module doc)."""

    uses_view = True

    def __init__(self, ruleset: Ruleset, seed: int | None = None, weights: dict | None = None) -> None:
        self.rng = random.Random(seed)
        self.ruleset = ruleset
        self.rules = rules = bot_rules(ruleset)
        self.values: Mapping[type, Callable[..., float | None]] = ruleset.action_values
        self.cards = rules.cards
        self._index, self._count, self._meter, self._curves = _tables(rules.cards)
        self.weights = weights
        self._solo_w = {**W, **(weights or {})}
        self._duo_w = {**W, **W_DUO, **(weights or {})}
        self.w = self._solo_w
        self._first: tuple | None = None  # (turn, field, bean) of this turn's first phase-3 card

    # -- the agent protocol -------------------------------------------------------------------
    def act(self, view, legal_actions):
        if len(legal_actions) == 1:
            return self._remember(view, legal_actions, legal_actions[0])
        values = self.values
        usable = legal_actions
        for action in legal_actions:
            if type(action) not in KNOWN:
                # a class the model does not know: only with a value its plugin registered
                usable = [a for a in legal_actions if type(a) in KNOWN or type(a) in values]
                break
        if not usable:  # nothing but unknown actions: forced to pick one
            return legal_actions[self.rng.randrange(len(legal_actions))]
        self.w = self._solo_w if view.players == 1 else self._duo_w
        model = self._model(view)
        phase = view.phase
        play = self._play_state(view, legal_actions) if phase == "play" else None
        best_score = None
        best: list = []
        valued = []
        for action in usable:
            value = values.get(type(action)) if values else None
            if value is not None:
                valued.append((action, value))
                continue
            s = self._score(model, action, phase, play)
            if best_score is None or s > best_score + 1e-9:
                best_score, best = s, [action]
            elif s > best_score - 1e-9:
                best.append(action)
        if valued:
            # "compared with not taking it": not taking it means taking the best modelled action
            # (or, with none, leaving the situation as it is)
            base = best_score if best_score is not None else self._eval(model, phase)
            for action, value in valued:
                worth = value(self.ruleset, view, action)
                if worth is None:  # the plugin has no opinion here: as if unknown
                    continue
                s = base + worth
                if best_score is None or s > best_score + 1e-9:
                    best_score, best = s, [action]
                elif s > best_score - 1e-9:
                    best.append(action)
        if not best:
            return self._remember(view, legal_actions, legal_actions[self.rng.randrange(len(legal_actions))])
        choice = best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]
        return self._remember(view, legal_actions, choice)

    def _remember(self, view, legal_actions, action):
        """F.21 needs the first card of phase 3 (its field and bean) when the second is decided;
        the view does not show it, so the bot remembers its own first plant of the turn."""
        if view.phase == "play" and type(action) is PlantFront and Pass() not in legal_actions:
            self._first = (view.turn, action.field, self._index[view["beans"].hand[0]])
        return action

    def _play_state(self, view, legal_actions) -> tuple:
        """(cards planted in phase 3 so far, the first card's field, its bean); the first card's
        field and bean are None when unknown (then F.21 is left to the engine's legal list)."""
        if Pass() not in legal_actions:
            return (0, None, None)
        first = self._first
        if first is not None and first[0] == view.turn:
            return (1, first[1], first[2])
        return (1, None, None)

    def evaluate(self, view) -> float:
        """The worth of the situation ``view`` shows, for its viewer, in coins (higher is better):
        the evaluation ``act`` maximises. Search bots score the positions they stop at with it."""
        self.w = self._solo_w if view.players == 1 else self._duo_w
        return self._eval(self._model(view), view.phase)

    # -- building the model from the view -----------------------------------------------------
    def _model(self, view) -> _Model:
        beans = view["beans"]
        mafia = view["mafia"]
        me = view.player
        idx = self._index
        m = _Model.__new__(_Model)
        m.cards = self.cards
        m.me = me
        m.hand = [idx[c] for c in beans.hand]
        fields: list = [None] * len(beans.fields)
        fields[me] = [[idx[c] for c in f] for f in beans.fields[me]]
        m.fields = fields
        m.coins = beans.coins[me]
        m.bosses = [[idx[c] for c in f] for f in mafia.fields]
        m.thr = mafia.thresholds
        m.treasury = mafia.treasury
        d = beans.discard
        if d:  # only the top run matters to the model (what a boss or pile may pull in)
            top = d[-1]
            run = 1
            for k in range(len(d) - 2, -1, -1):
                if d[k] != top:
                    break
                run += 1
            m.discard = [idx[top]] * run
        else:
            m.discard = []
        # the model's piles close the empty slots a planted pile leaves (issue 6: stable codes);
        # slot -> model index, for the actions' pile numbers
        m.piles = [[idx[p[0]], len(p)] for p in beans.piles if p]
        m.left = [[idx[p[0]], len(p)] for p in beans.leftovers if p]
        self._pile_at = _slots(beans.piles)
        self._left_at = _slots(beans.leftovers)
        m.done = False
        self._context(view, m)
        return m

    def _context(self, view, m: _Model) -> None:
        """What stays fixed during one decision: unseen cards per bean, the horizon."""
        beans = view["beans"]
        mafia = view["mafia"]
        idx = self._index
        nb = len(self._count)
        seen = [0] * nb
        for c in beans.hand:
            seen[idx[c]] += 1
        for fs in beans.fields:
            for f in fs:
                for c in f:
                    seen[idx[c]] += 1
        for f in mafia.fields:
            for c in f:
                seen[idx[c]] += 1
        for c in beans.discard:
            seen[idx[c]] += 1
        for p in beans.piles:
            if p:
                seen[idx[p[0]]] += len(p)
        for p in beans.leftovers:
            if p:
                seen[idx[p[0]]] += len(p)
        for c in beans.own_coins or ():
            seen[idx[c]] += 1
        unseen = [max(0, self._count[b] - seen[b]) for b in range(nb)]
        total_unseen = sum(unseen) or 1
        rules = self.rules
        w = self.w
        self.solo = view.players == 1
        # cards still to come: this deck and those rebuilt from the discard later
        more = max(0, rules.more_decks - beans.run_outs)
        cards_left = beans.deck_size + more * w["deck_after"]
        per_turn = view.players * (rules.flips + rules.draw) + w["extra_per_turn"]
        self.turns_left = cards_left / per_turn
        self.cards_left = cards_left
        # unseen cards of each bean still to come out of the deck(s)
        self.remaining = [u * cards_left / total_unseen for u in unseen]
        self.k_mafia = float(rules.mafia_factor)
        self.me = view.player
        if not self.solo:
            opp = 1 - view.player
            self.opp_beans = {idx[f[-1]]: len(f) for f in beans.fields[opp] if f}
            self.opp_empty = sum(1 for f in beans.fields[opp] if not f)
        else:
            self.opp_beans = {}
            self.opp_empty = 0
        self.grow = w["grow"]
        self.mafia_reach = int(w["mafia_reach"])
        self.unseen_w = w["unseen_w"] * min(1.0, self.turns_left / 4.0)

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
        w = self.w
        km = self.k_mafia
        meter = self._meter
        score = m.coins - km * m.treasury
        # hand: weights of the cards toward fields
        in_hand: dict[int, float] = {}
        hw = w["hand_w"]
        weight = 1.0
        for c in m.hand:
            in_hand[c] = in_hand.get(c, 0.0) + weight
            weight *= hw
        own = m.fields[m.me]
        empties = 0
        for f in own:
            if not f:
                empties += 1
                continue
            bean, n = f[-1], len(f)
            fv = self._field_value(bean, n, in_hand)
            score += fv
            b = collector(m, bean)
            if b is not None:
                # a tax is due each turn while a boss collects this bean
                lose = fv - self._field_value(bean, n - 1, in_hand)
                size = meter[bean][m.thr[b] - 1]
                score -= w["tax_turns"] * (lose + km * m.thr[b] / size)
        score += w["empty"] * empties + w["field_turn"] * self.turns_left * len(own)
        # bosses: expected future income; an empty boss is refilled from the hand
        boss_beans = set()
        empty_bosses = []
        for b, f in enumerate(m.bosses):
            if f:
                boss_beans.add(f[-1])
                score -= km * self._boss_future(f[-1], len(f), m.thr[b])
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
                score -= km * best
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
                size = meter[top][m.thr[b] - 1]
                score -= km * w["discard_boss"] * run * m.thr[b] / size
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
            score -= w["clog"] * (1.0 if pos == 0 else 0.7 if pos == 1 else 0.4)
        for c in m.hand[: self.mafia_reach]:
            if c in boss_beans:
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
