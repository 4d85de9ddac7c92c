"""Bohnaparte's bot ``general``: Bohnanza's greedy trader for the beans, plus the war.

It reads only its view and the legal actions (never the game) and decides every fight with the
rule functions of strength.py, applied to what the view shows: the unseen cards (the deck's
composition as far as the view can tell: all cards minus its hand, depot, fields, coins and the
face-up discard) give the strength of a deck-top card and of an opponent's unknown hand.

* **Attack** when the expected value pays: P(win) x (the target's VP, plus the VP the owner loses)
  must beat the price of a coin and a card (``COIN_VP`` + ``CARD_VP``, measured against random
  attackers: lower made the bot spend its coins on hopeless fights); the fight card is the
  strongest it holds, or the deck top when that is stronger on average.
* **Defend** with the cheapest card that holds against the likely attack (``LIKELY_ATTACK``, a
  Feuerbohne: attackers lead with strong cards); depot cards before hand cards; nothing holds: the
  deck top.
* Buys a depot with 4 coins and puts Blaue and Feuerbohnen into it; builds a fortress under its
  most valuable landscape; buys a merchant; rides when 17 beats the landscape's minimum, with the
  fresh troop whose horse team has the most enemy neighbours.
"""

from __future__ import annotations

import random
from collections import Counter

from beanframe_plugins.bohnanza.bots import GreedyBot
from beanframe.i18n import N_

from .attack.strength import Target, attacker_wins, cannon_applies, defence_strength
from .landscapes import LANDSCAPES

COIN_VP = 0.35
CARD_VP = 0.1
LIKELY_ATTACK = 18
SAMPLES = 24


class GeneralBot(GreedyBot):
    def __init__(self, seed=None, ruleset=None) -> None:
        super().__init__(seed, ruleset)
        self.strength = {b.name: b.count for b in self.cards.beans}
        self.layout = ruleset.config.params["bohnaparte"].layout if ruleset is not None else None
        self.camp_vp = ruleset.config.params["bohnaparte"].camp_vp if ruleset is not None else 1

    def act(self, view, legal):
        names = {a.name for a in legal}
        if "camp" in names:
            return self.rng.choice([a for a in legal if a.name == "camp"])
        if "stop-attacking" in names:
            return self.attack(view, legal)
        if "fight-deck" in names:
            return self.fight_card(view, legal)
        if "troop" in names:
            return self.troop(view, legal)
        if "take" in names:
            return max((a for a in legal if a.name == "take"), key=lambda a: self._value(view, view["board"].own_merchant[a.position]))
        for name in ("buy-merchant", "fortress", "buy-depot", "depot"):
            pick = self.extra(view, legal, name)
            if pick is not None:
                return pick
        useful = [a for a in legal if a.name not in ("buy-depot", "fortress", "buy-merchant", "depot", "depot-traded")]
        return super().act(view, useful or legal)

    # -- the board as the view shows it ----------------------------------------------------------
    def unseen(self, view) -> Counter:
        beans = view["beans"]
        seen = Counter(beans.hand or ())
        for fs in beans.fields:
            for f in fs:
                seen.update(f)
        seen.update(beans.discard)
        seen.update(beans.own_coins or ())
        seen.update(view["board"].own_depot or ())
        pool = Counter({b.name: b.count for b in self.cards.beans})
        pool.subtract(seen)
        return +pool

    def target(self, view, i) -> Target:
        b = view["board"]
        return Target(LANDSCAPES[b.kinds[i]], i in b.fortresses, b.owners[i] < 0)

    def win_chance(self, view, i, attack: int, cannon: bool, rng: random.Random) -> float:
        b = view["board"]
        pool = list(self.unseen(view).elements())
        if not pool:
            return 0.0
        target = self.target(view, i)
        owner = b.owners[i]
        n = 0 if owner < 0 else view["beans"].hand_sizes[owner] + max(0, b.depots[owner])
        wins = 0
        for _ in range(SAMPLES):
            cards = rng.sample(pool, min(len(pool), n + 1))
            best = max(self.strength[c] for c in cards)  # an owner lays its best; neutral land the deck top
            d = defence_strength(best if n else self.strength[cards[0]], target)
            wins += attacker_wins(attack, d, cannon_applies(cannon, target))
        return wins / SAMPLES

    def best_card(self, view, legal) -> tuple[object, int]:
        """The strongest legal fight card (or the deck top when that is stronger on average)."""
        hand = view["beans"].hand or ()
        depot = view["board"].own_depot or ()
        pool = self.unseen(view)
        deck_mean = sum(self.strength[c] * k for c, k in pool.items()) / max(1, sum(pool.values()))
        best, value = None, deck_mean
        for a in legal:
            if a.name == "fight-hand":
                s = self.strength[hand[a.position]]
            elif a.name == "fight-depot":
                s = self.strength[depot[a.position]]
            else:
                continue
            if s > value:
                best, value = a, s
        if best is None:
            best = next(a for a in legal if a.name == "fight-deck")
        return best, int(value)

    # -- decisions ----------------------------------------------------------------------------------
    def attack(self, view, legal):
        stop = next(a for a in legal if a.name == "stop-attacking")
        attacks = [a for a in legal if a.name in ("attack", "ride")]
        if not attacks or self.layout is None:
            return stop
        hand = view["beans"].hand or ()
        depot = view["board"].own_depot or ()
        strongest = max([self.strength[c] for c in (*hand, *depot)] or [0])
        b = view["board"]
        me = view.player
        cannon = any(b.owners[i] == me and LANDSCAPES[k].cannon for i, k in enumerate(b.kinds))
        rng = random.Random(hash((view.turn, len(view["beans"].discard))))
        best, best_ev = stop, 0.0
        for a in attacks:
            i = a.landscape
            card = LANDSCAPES[b.kinds[i]]
            gain = (self.camp_vp if card.camp else card.vp) + (1 if i in b.fortresses else 0)
            if b.owners[i] >= 0:
                gain *= 2  # the owner loses what I win
            attack = 17 if a.name == "ride" else max(strongest, 15)
            p = self.win_chance(view, i, attack, cannon and a.name == "attack", rng)
            ev = p * gain - COIN_VP - (0 if a.name == "ride" else CARD_VP)
            if ev > best_ev:
                best, best_ev = a, ev
        return best

    def troop(self, view, legal):
        """Which fresh troop rides: the one whose horse team has the most enemy neighbours (a
        troop tires when it loses, and a conquered horse team keeps its troop's state: a tired
        troop is worth least to whoever takes it), the lowest-numbered on a tie."""
        troops = [a for a in legal if a.name == "troop"]
        if self.layout is None:
            return troops[0]
        b = view["board"]
        touching = self.layout.geometry.touching

        def exposed(a) -> int:
            return sum(1 for j in touching[a.landscape] if b.owners[j] not in (-1, view.player))

        return max(troops, key=lambda a: (exposed(a), -a.landscape))

    def fight_card(self, view, legal):
        b = view["board"]
        if view.player == b.attacker:
            return self.best_card(view, legal)[0]
        target = self.target(view, b.target)
        hand = view["beans"].hand or ()
        depot = view["board"].own_depot or ()
        holding = []
        for a in legal:
            if a.name == "fight-hand":
                s, rank = self.strength[hand[a.position]], 1
            elif a.name == "fight-depot":
                s, rank = self.strength[depot[a.position]], 0
            else:
                continue
            if defence_strength(s, target) >= LIKELY_ATTACK:
                holding.append((s, rank, a))
        if holding:
            return min(holding, key=lambda t: (t[0], t[1]))[2]  # the cheapest card that holds
        return next(a for a in legal if a.name == "fight-deck")

    def extra(self, view, legal, name):
        options = [a for a in legal if a.name == name]
        if not options:
            return None
        coins = view["beans"].coins[view.player]
        if name == "buy-depot":
            return options[0] if coins >= 4 else None
        if name == "depot":
            hand = view["beans"].hand or ()
            return options[0] if hand and self.strength[hand[0]] >= 18 else None
        if name == "fortress":
            b = view["board"]
            return max(options, key=lambda a: (LANDSCAPES[b.kinds[a.landscape]].vp, LANDSCAPES[b.kinds[a.landscape]].min_defence))
        return options[0]  # the merchant

    def _value(self, view, name: str) -> float:
        from beanframe_plugins.bohnanza.bots import fit

        return fit(name, view["beans"].fields[view.player]) + self.strength[name] / 40


def register_bots(register) -> None:
    from . import actions as A

    register("general", lambda seed, ruleset: GeneralBot(seed, ruleset), N_("greedy trader that attacks when the expected value pays"))
    # the default bot name: under Bohnaparte "greedy" must also know the war (Bohnanza's would lay
    # its first legal card and attack whatever comes first)
    register("greedy", lambda seed, ruleset: GeneralBot(seed, ruleset), N_("Bohnaparte: the general (see general)"))
    # other bots (Al Cabohne's greedy reads these): worth in coins against not taking the action;
    # a fortress is +1 VP and +2 defence for 2 coins, a depot and a merchant cost 3 and pay later
    register.action_value(A.BuildFortress, lambda ruleset, view, action: 1.0)
    register.action_value(A.BuyDepot, lambda ruleset, view, action: -0.5)
    register.action_value(A.BuyMerchant, lambda ruleset, view, action: 0.5)
    register.action_value(A.StopAttacking, lambda ruleset, view, action: 0.0)
