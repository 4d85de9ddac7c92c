"""How the ISMCTS bot finishes a sampled game: rollouts by the variants' search policy or by bots
per seat, up to a horizon, and the evaluation of where they stop. A base class of
:class:`beanframe.search.ismcts.ISMCTSBot` (which holds the settings these methods read)."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from beanframe.core.actions import shorten
from beanframe.agents import make_bot
from beanframe.errors import ConfigError

if TYPE_CHECKING:
    from beanframe.core.game import Game

from beanframe.search.rewards import standing

POLICY = "policy"  # rollout by the variants' registered search policy (it reads the sampled state)


class Rollouts:
    """Rollouts and evaluation, for :class:`~beanframe.search.ismcts.ISMCTSBot` (see there)."""

    def _evaluate(self, game: Game) -> list[float]:
        """Each player's reward for a position the search stops at: the search policy's
        ``win_chances(game, goal)`` (each player's chance of reaching the goal) if it has them (``chance``);
        else the rollout bot's ``evaluate(view)`` (worth in coins for the viewer) if it has one,
        else :func:`standing`, as the gain over the worth at the root (first sample), with
        ``relative`` less the best gain of another player, squashed into [0, 1] with
        ``0.5 + 0.5 tanh(gain / scale)``."""
        policy = self._policy(game) if self._rollout_name(game.ruleset) != "random" else None
        chances = getattr(policy, "win_chances", None) if self.chance else None
        if chances is not None and self._rollout_name(game.ruleset) == POLICY:
            out = chances(game, self.goal)
            if out is not None:
                return out
        evaluate = getattr(policy, "evaluate", None)
        if evaluate is None:
            return standing(game, self.scale)
        if self._rollout_name(game.ruleset) != POLICY:  # a bot: it evaluates views
            bot_evaluate = evaluate

            def evaluate(g, p):
                return bot_evaluate(g.view(p))

        scale = self.scale
        base = self._base
        if base is None:  # worth is a level (coins): compare it with the root's, or tanh saturates
            base = self._base = [evaluate(self._root_game, p) for p in range(game.players)]
        gain = [evaluate(game, p) - base[p] for p in range(game.players)]
        if self.relative and len(gain) > 1:  # a game is won against the others: gain on them
            first, second = sorted(gain, reverse=True)[:2]
            gain = [g - (second if g == first else first) for g in gain]
        return [0.5 + 0.5 * math.tanh(g / scale) for g in gain]

    def _rollout(self, game: Game, rng: random.Random) -> None:
        """Play on with the rollout policy: to the end, or to the evaluation horizon (when the
        rollout bot evaluates positions), or ``depth`` decisions (with more than one legal
        action) when a depth is set."""
        left = self.depth or -1
        if self._rollout_name(game.ruleset) == "random":
            while not game.is_over and left:
                legal = game.legal_actions()
                if len(legal) > 1:
                    left -= 1
                    game.apply(legal[rng.randrange(len(legal))])
                else:
                    game.apply(legal[0])
            return
        policy = self._policy(game)
        stop, me = self._stop_turn, self._me
        state = game.state
        if self._rollout_name(game.ruleset) == POLICY:  # the variant's policy reads the sample
            act = policy.act
            while not game.is_over and left and (state.turn < stop or state.active != me):
                legal = game.legal_actions()
                if len(legal) == 1:
                    game.apply(legal[0])
                    continue
                left -= 1
                game.apply(act(game, legal))
            return
        # one bot per seat, asked at forced decisions too: a bot may remember its moves (see
        # _prior_sees; Bohnanza's greedy plans an offer over several decisions)
        seats = self._seat_bots(game, policy)
        wants_view = getattr(policy, "uses_view", True)
        while not game.is_over and left and (state.turn < stop or state.active != me):
            legal = game.legal_actions()
            if len(legal) > 1:
                left -= 1
            player = game.to_act
            view = game.view(player) if wants_view else None
            game.apply(seats[player].act(view, legal))

    def _horizon_turn(self, game: Game) -> float:
        """The search stops and evaluates at the first decision of the searcher's own turn that
        begins ``horizon`` turns or more after the current one (so pending choices are its own,
        which is what the evaluation assumes), whenever the rollouts are not random: a rollout
        bot without ``evaluate`` is scored with the score sheet as it stands (:func:`standing`),
        as whole games of a view-reading bot cost seconds (Bohnanza's greedy: ~2 s); random
        rollouts run to the end."""
        if not self.horizon or self._rollout_name(game.ruleset) == "random":
            return math.inf
        return game.state.turn + self.horizon

    def _rollout_name(self, ruleset: Any) -> str:
        if self.rollout == "auto":  # the variants' search policy, else their greedy bot
            if getattr(ruleset, "search_policy", None) is not None:
                return POLICY
            return "greedy" if "greedy" in ruleset.bots else "random"
        return self.rollout

    def _seat_bots(self, game: Game, first: Any) -> list[Any]:
        """The rollout bot of each seat (``first`` for seat 0, the others made alike, once)."""
        key = ("seats", game.ruleset)
        seats = self._policies.get(key)
        if seats is None:
            name = self._rollout_name(game.ruleset)
            seats = [first, *(make_bot(game.ruleset, name, self.rng.getrandbits(48)) for _ in range(1, game.players))]
            self._policies[key] = seats
        return seats

    def _policy(self, game: Game) -> Any:
        rs = game.ruleset
        policy = self._policies.get(rs)
        if policy is None:
            name = self._rollout_name(rs)
            if name == POLICY:
                factory = getattr(rs, "search_policy", None)
                if factory is None:
                    raise ConfigError("ismcts: rollout 'policy': no variant of this ruleset registers a search policy")
                policy = self._policies[rs] = factory(rs, self.rng.getrandbits(48))
                return policy
            factory = getattr(rs.bots.get(name), "factory", None)
            if isinstance(factory, type) and issubclass(factory, Rollouts):  # a search bot: ismcts
                raise ConfigError("ismcts cannot use itself as its rollout policy")
            policy = make_bot(rs, name, self.rng.getrandbits(48))
            if getattr(policy, "uses_information", False):
                raise ConfigError(f"ismcts: rollout bot {shorten(name)} searches too; give a bot that acts on its view")
            self._policies[rs] = policy
        return policy
