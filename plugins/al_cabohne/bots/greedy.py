"""The greedy bot: scores every legal action by a one-ply look (see the package doc), values
actions of other plugins by their registered worth, breaks ties with its seeded generator."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..actions import Pass, PlantFront
from .evaluation import Evaluation
from .lookahead import LookAhead
from .model import ViewModel
from .rules import KNOWN, W, W_DUO, _tables, bot_rules

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset


class GreedyBot(ViewModel, LookAhead, Evaluation):
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
