"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every variant set.

Each iteration samples a game from the bot's :class:`~beanframe.search.infoset.InformationSet`
(the core's fair determinization: hidden cards redealt, future chance unpredictable), walks down
one shared tree choosing actions by UCB among those legal in that sample (a child's exploration
term counts the iterations in which it was *available*, Cowling et al. 2012), adds one node, plays
the sample to its end with the rollout policy, and credits every node on the path with the result
of the player who chose it (1 for a win, 1/k for a win shared by k seats, 0 otherwise). Decisions
with one legal action are played without a node. The move played is the root's most visited child.

The bot names no game. Its rollouts use a policy the variants provide through the bot registry
(architecture.md section 14): ``rollout="random"`` (default: uniform over ``legal_actions``, the
fastest) or the name of any bot registered for the ruleset (e.g. a variant's ``greedy``), which
is then made with a seed from the bot's generator and plays *all* seats of the sampled game from
their views of it (a determinized copy: it knows no more than the searcher).

Budget: ``iterations`` per decision (reproducible: the same seed gives the same choices), and/or
``seconds`` per decision (whichever runs out first; a time budget is not reproducible).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from beanframe.core.scoring import seat_name
from beanframe.errors import ConfigError

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game

    from beanframe.search.infoset import InformationSet


class _Node:
    __slots__ = ("player", "visits", "wins", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.visits = 0
        self.wins = 0.0
        self.avail = 0
        self.children: dict[Any, _Node] = {}


def rewards(game: Game, margin: float = 0.0, scale: float = 10.0) -> list[float]:
    """Each player's reward in [0, 1] at the end of ``game``: 1 for a win, 1/k for a win shared by
    k seats (registered seats such as Al Cabohne's mafia count among the k), 0 otherwise; with
    ``margin`` > 0, that share of the reward is the score difference to the best other seat,
    squashed (``0.5 + 0.5 tanh(diff / scale)``): a lost game lost narrowly is worth more than one
    lost badly, which tells rollouts apart when most are lost."""
    result = game.result
    winners = result.winners
    share = 1.0 / len(winners) if winners else 0.0
    out = []
    scores = result.scores
    for p in range(game.players):
        seat = seat_name(p)
        r = share if seat in winners else 0.0
        if margin:
            own = scores.get(seat, 0)
            best = max((v for s, v in scores.items() if s != seat), default=own)
            r = (1.0 - margin) * r + margin * (0.5 + 0.5 * math.tanh((own - best) / scale))
        out.append(r)
    return out


def standing(game: Game, scale: float = 10.0) -> list[float]:
    """Each player's reward in [0, 1] for an unfinished ``game``, from the score sheet as it
    stands (the variants' ``beanframe_score``, as if the game ended now): ``0.5 + 0.5 tanh(diff /
    scale)``, ``diff`` being the player's total minus the best other seat's."""
    from beanframe.core.compose import call_in_order
    from beanframe.core.scoring import ScoreSheet

    rs = game.ruleset
    sheet = ScoreSheet(seats=list(rs.seats))
    call_in_order(rs.pm, rs.plugin_order, "beanframe_score", None, game=game, sheet=sheet)
    totals = sheet.totals()
    out = []
    for p in range(game.players):
        seat = seat_name(p)
        own = totals.get(seat, 0)
        best = max((v for s, v in totals.items() if s != seat), default=own)
        out.append(0.5 + 0.5 * math.tanh((own - best) / scale))
    return out


class ISMCTSBot:
    """``act(view, legal_actions, info)``: searches the information set ``info`` (never the game).

    Options: ``iterations`` (per decision, default 200; 0 with ``seconds``: no count limit),
    ``seconds`` (per decision, default none), ``rollout`` ("auto": the registered ``greedy`` bot
    if there is one, else "random"; or a registered bot's name), ``depth`` (rollout decisions
    before the leaf is evaluated, default 0: no limit), ``horizon`` (with a rollout bot that can
    evaluate positions: the search plans and rolls out to the first decision ``horizon`` turns
    later, default 1, and evaluates there; 0: no horizon),
    ``c`` (UCB exploration constant, default 0.25), ``margin`` and ``scale`` (the share of the
    reward given by the final score difference, default 0.3, and its scale in points, default 4, see :func:`rewards`).
    """

    uses_view = False
    uses_information = True
    name = "ismcts"
    # the kit checks legality, not strength: one iteration of a short random rollout per decision,
    # so a whole game of a long variant (Bohnaparte: ~2,500 decisions) stays a matter of seconds
    check_options = {"iterations": 1, "rollout": "random", "depth": 5}

    def __init__(
        self,
        seed: int | None = None,
        ruleset: Any = None,
        iterations: int = 200,
        seconds: float | None = None,
        rollout: str = "auto",
        horizon: int = 1,
        depth: int = 0,
        c: float = 0.25,
        margin: float = 0.3,
        scale: float = 4.0,
    ) -> None:
        iterations = int(iterations)
        if iterations < 0 or (iterations == 0 and not seconds):
            raise ConfigError(f"ismcts: iterations must be positive (or 0 with a seconds budget), not {iterations}")
        if seconds is not None and float(seconds) <= 0:
            raise ConfigError(f"ismcts: seconds must be positive, not {seconds}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.rollout = str(rollout)
        self.depth = int(depth)
        self.horizon = int(horizon)
        if self.depth < 0 or self.horizon < 0:
            raise ConfigError(f"ismcts: depth and horizon must be 0 (no limit) or positive, not {depth}, {horizon}")
        self.c = float(c)
        self.margin = float(margin)
        self.scale = float(scale)
        if not 0.0 <= self.margin <= 1.0 or self.scale <= 0:
            raise ConfigError(f"ismcts: margin must be in [0, 1] and scale positive (got {margin}, {scale})")
        self._policies: dict[Any, Any] = {}  # ruleset -> rollout bot
        self._root_game: Any = None  # the first sample of the current search, and its worth
        self._base: list[float] | None = None
        self._stop_turn: float = math.inf
        self._me = 0
        #: statistics of the last decision: iterations run and seconds spent
        self.last_iterations = 0
        self.last_seconds = 0.0

    # -- the agent protocol -------------------------------------------------------------------
    def act(self, view: Any, legal_actions: Sequence[Action], info: InformationSet | None = None) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if info is None:
            raise ConfigError("ismcts needs the player's information set: play it with beanframe.search.play_game or a tournament")
        root = self.search(info)
        legal = set(legal_actions)
        best = max(
            (a for a in root.children if a in legal),
            key=lambda a: (root.children[a].visits, root.children[a].wins),
            default=None,
        )
        return best if best is not None else legal_actions[self.rng.randrange(len(legal_actions))]

    # -- the search ---------------------------------------------------------------------------
    def search(self, info: InformationSet) -> _Node:
        root = _Node(-1)
        rng = self.rng
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        start = time.perf_counter()
        n = 0
        while True:
            if self.iterations and n >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            game = info.sample(rng)
            if n == 0:
                self._root_game, self._base = game.clone(), None
                self._stop_turn, self._me = self._horizon_turn(game), info.player
            self._iterate(root, game, rng)
            n += 1
        self.last_iterations = n
        self.last_seconds = time.perf_counter() - start
        return root

    def _iterate(self, root: _Node, game: Game, rng: random.Random) -> None:
        node = root
        path = []
        c = self.c
        # selection and expansion (within the horizon: a plan for the turns up to it)
        stop, me = self._stop_turn, self._me
        state = game.state
        while not game.is_over and (state.turn < stop or state.active != me):
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply(legal[0])
                continue
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            player = game.to_act
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(player)
                child.avail = 1
                game.apply(action)
                path.append(child)
                break
            best, best_score = None, -1.0
            for a in legal:
                ch = children[a]
                score = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[best]
            game.apply(best)
            path.append(node)
        # simulation, then the result (or, cut off, the evaluation)
        if not game.is_over:
            self._rollout(game, rng)
        if game.is_over:
            reward = rewards(game, self.margin, self.scale)
        else:
            reward = self._evaluate(game)
        for nd in path:
            nd.visits += 1
            nd.wins += reward[nd.player]

    def _evaluate(self, game: Game) -> list[float]:
        """Each player's reward for a position the search stops at: the rollout bot's
        ``evaluate(view)`` (worth in coins for the viewer) if it has one, else :func:`standing`;
        as the gain over the worth at the root (first sample), squashed into [0, 1] with
        ``0.5 + 0.5 tanh(gain / scale)``."""
        policy = self._policy(game) if self._rollout_name(game.ruleset) != "random" else None
        evaluate = getattr(policy, "evaluate", None)
        if evaluate is None:
            return standing(game, self.scale)
        scale = self.scale
        base = self._base
        if base is None:  # worth is a level (coins): compare it with the root's, or tanh saturates
            base = self._base = [evaluate(self._root_game.view(p)) for p in range(game.players)]
        return [0.5 + 0.5 * math.tanh((evaluate(game.view(p)) - base[p]) / scale) for p in range(game.players)]

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
        wants_view = getattr(policy, "uses_view", True)
        stop, me = self._stop_turn, self._me
        state = game.state
        while not game.is_over and left and (state.turn < stop or state.active != me):
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply(legal[0])
                continue
            left -= 1
            view = game.view(game.to_act) if wants_view else None
            game.apply(policy.act(view, legal))

    def _horizon_turn(self, game: Game) -> float:
        """The search stops and evaluates at the first decision of the searcher's own turn that
        begins ``horizon`` turns or more after the current one (so pending choices are its own,
        which is what the evaluation assumes), when the rollout bot can evaluate positions; else
        never."""
        if not self.horizon or self._rollout_name(game.ruleset) == "random":
            return math.inf
        if getattr(self._policy(game), "evaluate", None) is None:
            return math.inf
        return game.state.turn + self.horizon

    def _rollout_name(self, ruleset: Any) -> str:
        if self.rollout == "auto":  # the variants' greedy bot where one is registered
            return "greedy" if "greedy" in ruleset.bots else "random"
        return self.rollout

    def _policy(self, game: Game) -> Any:
        rs = game.ruleset
        policy = self._policies.get(rs)
        if policy is None:
            from beanframe.agents import make_bot

            name = self._rollout_name(rs)
            if getattr(rs.bots.get(name), "factory", None) is ISMCTSBot:
                raise ConfigError("ismcts cannot use itself as its rollout policy")
            policy = make_bot(rs, name, self.rng.getrandbits(48))
            if getattr(policy, "uses_information", False):
                raise ConfigError(f"ismcts: rollout bot {name!r} searches too; give a bot that acts on its view")
            self._policies[rs] = policy
        return policy
