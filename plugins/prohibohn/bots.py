"""Prohibohn for bots: what a purchase is worth, and a greedy bot that buys when it pays.

``purchase_value(ruleset, view, action)`` follows the bots' action-value contract (the worth in
coins to the acting player compared with not taking it; see docs/architecture.md "Bots"): a card
of price p is worth p at the end for p coins, so a purchase's worth is what it adds: its power
(more while many turns remain), an upgraded 1-building (+3), a police station's coin from the
treasury (+1 for us, -1 for the mafia) and bonus, the razzia's damage to the opponent's
1-buildings. Weights are rough guesses, measured only against random play and Al Cabohne's greedy
bot (``benchmarks/winrates.py --only prohibohn``).

``ProhibohnGreedy`` answers Prohibohn's own decisions, buys the best purchase worth more than
nothing, and leaves every other decision to Al Cabohne's greedy bot, whose model it teaches the
player's buildings (``plays=True``, the default):

* Nightbar 3/4: the model's list of fields that take a bean is Prohibohn's (``nightbar.targets``
  with the player's powers), so its look-ahead through phase 3 sees the mixed fields (a field is
  already valued by its top card's bean-o-meter over its whole size, as ``beans.sell`` sells it);
* Varieté 3/4 and Casino 3: in phase 3 every plant (from any hand position the rules allow) and
  every discard is scored by the model, looking through the rest of phase 3 (the 2nd card from any
  position with a Varieté 3) to the flips; before, plants from behind the front were never chosen
  and the 3-Casino always threw away the front card (a fixed guess).

``plays=False`` keeps the bot as it was before (``benchmarks/winrates.py`` measures one against
the other as ``prohibohn-v1``). Measured (300 games each, 150 deals played from both seats): against
random, 53.9 points a game and 92.3% wins (the previous bot 50.2 and 88.0%); against the previous
bot, 48.7% wins to 42.3% and +2.3 +- 2.4 points a game. Raising the purchase weights (per-card
powers, police stations) showed no effect beyond the noise of a same-bot control run.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs

from beanframe_plugins.al_cabohne.actions import PlantFront
from beanframe_plugins.al_cabohne.bots import KNOWN, GreedyBot
from beanframe_plugins.al_cabohne.bots.rules import bean_index
from beanframe_plugins.al_cabohne.turn import second_card_targets

from . import actions as A
from .buildings import flip, nightbar, play, pub
from .cards import BUILDING, CARDS, POLICE, RAZZIA_RULES, card_id
from .powers import NONE, Powers
from .supply import powers_of
from .values import police_bonus, upgraded

POWER = 1.0  # a 3- or 4-building's power, in coins, early in the game
RAZZIA_HIT = 0.5  # each opponent 1-building the razzia makes worthless


def _owned(view: Any, p: int) -> list[int]:
    return [card_id(n) for n in view["prohibohn"].owned[p]]


def purchase_value(ruleset: Any, view: Any, action: Any) -> float | None:
    part = view["prohibohn"]
    me = view.player
    mine = _owned(view, me)
    left = max(0.0, 1.0 - view["beans"].run_outs / 3.0)  # the share of the game still to play
    if isinstance(action, A.BuyRazzia):
        theirs = _owned(view, 1 - me)
        hit = sum(1 for i in theirs if CARDS[i].price == 1 and CARDS[i].group == BUILDING and i not in upgraded(theirs))
        own = sum(1 for i in mine if CARDS[i].price == 1 and CARDS[i].group == BUILDING and i not in upgraded(mine))
        cost = 4 if ruleset.config.params["beans"].cards.beans[action.bean].key == RAZZIA_RULES.bean else 5
        return 4 - cost + RAZZIA_HIT * hit - own
    if not isinstance(action, A.Buy):
        return None
    card = CARDS[action.card]
    if card.group == POLICE:
        return 1.0 + police_bonus(card.price, [*mine, action.card])
    value = 0.0
    if card.price == 1:
        value -= 1.0 if part.razzia else 0.0
    else:
        value += POWER * left
    after = [*mine, action.card]
    if not part.razzia:
        value += 3.0 * (len(upgraded(after)) - len(upgraded(mine)))
        if card.price == 1 and any(CARDS[i].kind == card.kind for i in mine):
            value += 0.5  # on the way to a worth-4 1-building
    return value


def starting_coin_choice(hand: list[str], legal: list) -> Any:
    """Lay down the hand cards least likely to be planted soon: the back ones, never the front,
    preferably a bean already laid down (two of a bean pay towards a building)."""
    counts = Counter(hand)
    return max(legal, key=lambda a: (a.hand > 0, -counts[hand[a.hand]], a.hand))


class ProhibohnGreedy:
    """Al Cabohne's greedy bot plus purchases and Prohibohn's own decisions."""

    uses_view = True

    def __init__(self, ruleset: Any, seed: int | None = None, plays: bool = True) -> None:
        self.rng = random.Random(seed)
        self.inner = GreedyBot(ruleset, seed)
        self.ruleset = ruleset
        self.plays = plays
        self._rules = self.inner.rules  # Al Cabohne's planting rule: no Nightbar
        if not plays:  # the previous bot's fixed guess for the 3-Casino's discard
            self.inner.values = {**self.inner.values, play.DiscardHand: _discard_guess}
        self._taught: Powers = NONE

    def act(self, view, legal_actions):
        legal = list(legal_actions)
        kinds = {type(a) for a in legal}
        pw = powers_of(tuple(_owned(view, view.player))) if self.plays else NONE
        if pw != self._taught:
            self._teach(pw)
        if A.StartingCoin in kinds:
            return starting_coin_choice(list(view["beans"].hand), legal)
        if A.RemoveThird in kinds:
            # keep the third only while we own that kind's 1-building (it may yet be worth 4)
            return A.KEEP_THIRD if self._own_one_building_of_third(view) else A.REMOVE_THIRD
        if A.TakeCoin in kinds:
            index = bean_index(self.ruleset.config.params["beans"].cards)  # the view's names, any language
            coins = Counter(index[name] for name in view["beans"].own_coins or ())
            return max(legal, key=lambda a: coins[a.bean])
        if A.Raid in kinds:
            return next(a for a in legal if isinstance(a, A.Raid))
        if flip.FlipOn in kinds:
            return flip.FLIP_ON
        if pub.TaxDone in kinds:
            return pub.TAX_DONE
        buys = [a for a in legal if isinstance(a, (A.Buy, A.BuyRazzia))]
        if buys:
            scored = [(purchase_value(self.ruleset, view, a), a) for a in buys]
            best = max(scored, key=lambda x: x[0])
            if best[0] > 0:
                return best[1]
        # everything else: Al Cabohne's greedy bot (which reads the values registered below)
        rest = [a for a in legal if not isinstance(a, (A.Buy, A.BuyRazzia))]
        if (
            view.phase == "play"
            and (pw.first_any or pw.second_any or pw.discard_hand)
            and kinds & {PlantFront, play.PlantHand, play.DiscardHand}
        ):
            choice = self._play(view, rest, pw)
            if choice is not None:
                return choice
        return self.inner.act(view, rest or legal)

    def _teach(self, pw: Powers) -> None:
        """Give the inner bot's model the planting rule of a player with powers ``pw``."""
        self._taught = pw
        if not (pw.two_beans or pw.free_first):
            self.inner.rules = self._rules
            return

        def targets(m, p, bean):
            return nightbar.targets(m.fields[p], bean, pw)

        # only the list of fields: the single target the model's estimates grow (``_place``,
        # ``_leaf``) stays the field of that bean or an empty one, as the estimates value the
        # field before planting by the planted bean's meter
        self.inner.rules = attrs.evolve(self._rules, plant_targets=targets)

    def _play(self, view, legal: list, pw: Powers):
        """Phase 3 with a Varieté or a 3-Casino: score each plant (any hand position) and discard
        with the inner bot's model, looking through the rest of phase 3 to the flips."""
        inner = self.inner
        inner.w = inner._solo_w if view.players == 1 else inner._duo_w
        model = inner._model(view)
        state = inner._play_state(view, legal)
        first = state[0] == 0
        can_plant = any(type(a) in (PlantFront, play.PlantHand) for a in legal)
        best, best_score = [], None
        for a in legal:
            t = type(a)
            if t is PlantFront or t is play.PlantHand:
                s = self._plant(model, getattr(a, "hand", 0), a.field, first, pw)
            elif t is play.DiscardHand:
                m = model.copy()
                m.discard.append(m.hand.pop(a.hand))
                if first:  # the 1st card must still be planted
                    s = max((self._plant(m, h, f, True, pw) for h, f in self._plants(m, pw.first_any)), default=None)
                    if s is None:
                        s = inner._eval(m, "play") - 10.0
                elif can_plant:
                    s = inner._play(m, state, 0)
                else:
                    s = inner._before_flip(m, 0)
            elif t in KNOWN:
                s = inner._score(model, a, "play", state)
            else:
                continue
            if best_score is None or s > best_score + 1e-9:
                best, best_score = [a], s
            elif s > best_score - 1e-9:
                best.append(a)
        if not best:
            return None
        choice = best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]
        if type(choice) in (PlantFront, play.PlantHand) and first:
            bean = model.hand[getattr(choice, "hand", 0)]
            inner._first = (view.turn, choice.field, bean)  # F.21 for the 2nd card (see GreedyBot)
        return choice

    def _plants(self, m, anywhere: bool):
        """(hand position, field) of every plant from the model's hand (the front, or anywhere)."""
        rules = self.inner.rules
        for h in range(len(m.hand)) if anywhere else range(min(1, len(m.hand))):
            for f in rules.plant_targets(m, m.me, m.hand[h]):
                yield h, f

    def _plant(self, model, h: int, f: int, first: bool, pw: Powers) -> float:
        """The model's worth of planting hand card ``h`` on field ``f``, then (after a 1st card)
        the best optional 2nd card (the front, or any with a Varieté 3; F.21), up to the flips."""
        inner = self.inner
        m = model.copy()
        bean = m.hand.pop(h)
        m.fields[m.me][f].append(bean)
        best = inner._before_flip(m, 0)
        if not first or not m.hand:
            return best
        own = m.fields[m.me]
        for h2 in range(len(m.hand)) if pw.second_any else (0,):
            bean2 = m.hand[h2]
            targets = inner.rules.plant_targets(m, m.me, bean2)
            if bean2 != bean:
                targets = second_card_targets(targets, own, f)
            for t in targets:
                m2 = m.copy()
                m2.fields[m2.me][t].append(m2.hand.pop(h2))
                v = inner._before_flip(m2, 0)
                if v > best:
                    best = v
        return best

    def _own_one_building_of_third(self, view) -> bool:
        mine = _owned(view, view.player)
        kinds = Counter(CARDS[i].kind for i in mine)
        kind = next((k for k, n in kinds.items() if n == 2), None)
        return any(CARDS[i].kind == kind and CARDS[i].price == 1 for i in mine)


def _zero(ruleset: Any, view: Any, action: Any) -> float:
    return 0.0


def _flip_on(ruleset: Any, view: Any, action: Any) -> float:
    return 0.3  # one more card to plant or leave to the opponent: slightly better than none


def _tax_more(ruleset: Any, view: Any, action: Any) -> float:
    return -1.0  # a bean given away (the 3-Pub is for feeding a boss on purpose)


def _discard_hand(ruleset: Any, view: Any, action: Any) -> float:
    # the 3-Casino for bots without ProhibohnGreedy's model (which scores the discard itself):
    # throwing a card away pays only when it fits no own field and would force a harvest
    beans = view["beans"]
    card = beans.hand[action.hand]
    fields = beans.fields[view.player]
    fits = any(f and f[-1] == card for f in fields) or any(not f for f in fields)
    return -0.5 if fits else 0.3 if action.hand == 0 else 0.1


def _discard_guess(ruleset: Any, view: Any, action: Any) -> float:
    return -0.2 if action.hand else 0.1  # the previous bot's guess (plays=False): the front card goes


def _plant_hand(ruleset: Any, view: Any, action: Any) -> None:
    return None  # no opinion: Al Cabohne's greedy bot plants from the front


#: values for Al Cabohne's greedy bot (``register.action_value``), by action class
VALUES = (
    (A.Buy, purchase_value),
    (A.BuyRazzia, purchase_value),
    (A.SalesDone, _zero),
    (A.StartingCoin, _zero),
    (A.RemoveThird, _zero),
    (A.KeepThird, _zero),
    (A.TakeCoin, _zero),
    (A.Raid, lambda ruleset, view, action: 1.0),
    (A.NoRaid, _zero),
    (flip.FlipOn, _flip_on),
    (flip.StopFlipping, _zero),
    (pub.TaxMore, _tax_more),
    (pub.TaxDone, _zero),
    (play.DiscardHand, _discard_hand),
    (play.PlantHand, _plant_hand),
)
