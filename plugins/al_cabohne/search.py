"""Al Cabohne's contribution to search bots: a fast rollout policy and a leaf evaluation that read
a (determinized) game's state directly (architecture.md section 18.3).

A search bot plays thousands of moves a second inside *sampled* games (``game.determinize``: every
card the searcher cannot see is a guess there), so reading their state is fair; the greedy bot
(``bots.GreedyBot``) builds a model from a view and looks through the rest of the turn, which
costs about a millisecond a decision: too slow for rollouts. :class:`RolloutPolicy` scores each
legal action by a one-line change of a small evaluation (coins, each own field's progress along
its bean-o-meter, the mafia's gain per card it receives), a few microseconds each, with the same
plain rule functions as the game (``CardSet.value``, the mafia's ``collector``). Its
``evaluate(game, player)`` is the greedy bot's own evaluation of that player's view (in coins),
which the search uses where it stops before the end; ``win_chances(game, goal)`` gives every
player's chance of winning (or of ending ahead of the other player) by the learned value
(``bots/value.py``), which the search prefers there.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from beanframe.beans.options import BuyField, Harvest

from .bots.model import StateView
from .bots.rules import progress_table
from .actions import DiscardLeftover, Gift, GivePile, Pass, PlantFront, PlantLeftover, PlantPile
from .mafia import collector

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset

BEANS, MAFIA = "beans", "mafia"


class RolloutPolicy:
    """``act(game, legal) -> action`` for the player to act in ``game`` (a sampled copy), and
    ``evaluate(game, player) -> float`` (the greedy bot's evaluation of the player's view)."""

    def __init__(self, ruleset: Ruleset, seed: int | None = None) -> None:
        params = ruleset.config.params
        self.cards = cards = params["beans"].cards
        self.rng = random.Random(seed)
        self.solo = ruleset.players == 1
        factor = params["al_cabohne"].solo_mafia_factor if self.solo else 1
        self.km = float(factor)
        self.value = cards.value
        self.meter = [tuple(b.meter) for b in cards.beans]
        self.curve = [progress_table(tuple(b.meter), b.count + 40) for b in cards.beans]
        self.field_cost = params["beans"].third_field_cost
        self._ruleset = ruleset
        self._greedy: Any = None
        self._value: Any = None

    # -- a move of a rollout ------------------------------------------------------------------
    def act(self, game: Game, legal) -> Any:
        best, best_s = None, -1e9
        score = self._score
        rng = self.rng
        table, mafia = game.part(BEANS), game.part(MAFIA)
        me = game.to_act
        for a in legal:
            s = score(table, mafia, me, a) + rng.random() * 0.01
            if s > best_s:
                best, best_s = a, s
        return best

    def _pot(self, bean: int, n: int) -> float:
        c = self.curve[bean]
        return c[n] if n < len(c) else c[-1]

    def _gain(self, fields, bean: int, k: int, f: int) -> float:
        field = fields[f]
        if field:
            n = len(field)
            return self._pot(bean, n + k) - self._pot(bean, n)
        return self._pot(bean, k) - 0.4

    def _to_boss(self, mafia, bean: int, k: int, b: int) -> float:
        thr = mafia.thresholds[b]
        size = self.meter[bean][thr - 1] or 1
        cost = self.km * k * thr / size
        if not mafia.bosses[b]:
            cost += 0.5 * self.km  # a new boss keeps collecting that bean
        return -cost

    def _score(self, table, mafia, me: int, a) -> float:
        t = type(a)
        fields = table.fields[me]
        if t is PlantFront:
            return self._gain(fields, table.hands[me][0], 1, a.field) + 0.2
        if t is PlantPile:
            pile = table.piles[a.pile]
            return self._gain(fields, pile[0], len(pile), a.field) + 0.5
        if t is GivePile:
            pile = table.piles[a.pile]
            return self._to_boss(mafia, pile[0], len(pile), a.boss)
        if t is Harvest:
            f = fields[a.field]
            bean, n = f[-1], len(f)
            v = self.value(bean, n)
            loss = self._pot(bean, n) - v
            # a field at its top step only waits to be taxed or blocked: sell it
            return (0.3 if n >= self.meter[bean][3] else 0.0) - loss - 0.2
        if t is Gift:
            bean = table.hands[me][a.hand]
            fits = any(f and f[-1] == bean for f in fields)
            s = self._to_boss(mafia, bean, 1, a.boss) - (0.8 if fits else 0.0)
            return s + (0.6 * self.km if self.solo else -0.5)  # solo: a card out of the hand unclogs it
        if t is PlantLeftover:
            return self._gain(fields, table.leftovers[a.pile][0], 1, a.field)
        if t is DiscardLeftover:
            bean = table.leftovers[a.pile][0]
            return -0.3 if collector(mafia, bean) is not None else 0.0
        if t is BuyField:
            return 0.5 if len(table.deck) > 40 else -1.0
        if t is Pass:
            return 0.0
        return 0.0  # PayTax, Done and anything a house rule adds: neutral

    # -- a position the search stops at -------------------------------------------------------
    def evaluate(self, game: Game, player: int) -> float:
        greedy = self._greedy
        if greedy is None:
            from .bots import GreedyBot

            greedy = self._greedy = GreedyBot(self._ruleset, seed=0)
        return greedy.evaluate(game.view(player))

    def search_defaults(self, players: int) -> dict[str, float]:
        """The search's settings for this game (ISMCTS's ``top``, ``gap``, ``confidence``). With 2
        players, where the learned value holds, a wider search: the moves that tell two players
        apart (a pile left to the other, a boss fed the other's bean) are seldom greedy's own near
        best, and the greedy prior is worth less against a player than against the mafia (seeds
        1100-1159 against greedy: ahead 38.5/60 with top 8, gap 3, confidence 1; 35/60 with 6, 1.5,
        1.5; 32.5/60 with the defaults 4, 0.5, 2). Solo keeps the defaults, measured there."""
        if players == 2 and self._learned() is not None:
            return {"top": 8, "gap": 3.0, "confidence": 1.0}
        return {}

    def win_chances(self, game: Game, goal: str) -> list[float] | None:
        """Each player's chance of reaching ``goal`` ("win", "ahead" of the other player, "rank":
        see ``LearnedValue.win_chances``) from this position by the learned value
        (``bots/value.py``, fitted on greedy self-play for 1 and 2 players), which the search
        takes as the reward where it stops; None where no table is fitted for the player count,
        the variant set and the options (Prohibohn, a house rule, fewer run-outs: the search then
        uses ``evaluate``)."""
        value = self._learned()
        if value is None:
            return None
        return value.win_chances([StateView(game, p) for p in range(game.players)], goal)

    def _learned(self) -> Any:
        """The learned value for this ruleset, made once (None: no table holds for its player
        count, variant set and options)."""
        value = self._value
        if value is None:
            from .bots import GreedyBot
            from .bots.value import LearnedValue, table_for

            table = table_for(self._ruleset.players)
            if table is None or table.misfit(self._ruleset):
                value = False  # none fitted for this game: the search evaluates instead
            else:
                value = LearnedValue(GreedyBot(self._ruleset, seed=0))
            self._value = value
        return value or None

    # -- where the search is worth its cost ----------------------------------------------------
    def prior_scores(self, bot: Any, view: Any, legal) -> list[float] | None:
        """The greedy bot's own score (its look through the rest of the turn, in coins) of each
        legal action, from the player's view (None: not a greedy bot, or actions it does not
        model): the search spends its budget only where the best of these are close."""
        from .bots import GreedyBot
        from .bots.rules import KNOWN

        if not isinstance(bot, GreedyBot) or any(type(a) not in KNOWN for a in legal):
            return None
        bot.w = bot._solo_w if view.players == 1 else bot._duo_w
        model = bot._model(view)
        phase = view.phase
        play = bot._play_state(view, legal) if phase == "play" else None
        return [bot._score(model, a, phase, play) for a in legal]

    def chosen(self, bot: Any, view: Any, legal, action) -> None:
        """Tell the greedy bot the action actually played (it remembers its first plant of a
        turn for F.21), when the search overruled its choice."""
        remember = getattr(bot, "_remember", None)
        if remember is not None:
            remember(view, legal, action)


def rollout_policy(ruleset: Ruleset, seed: int | None) -> RolloutPolicy:
    return RolloutPolicy(ruleset, seed)
