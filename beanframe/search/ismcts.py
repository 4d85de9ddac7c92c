"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every variant set.

Each iteration samples a game from the bot's :class:`~beanframe.infoset.InformationSet`
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
``seconds`` per decision (whichever runs out first; a time budget is not reproducible; it reads
``ISMCTSBot.clock``, ``time.perf_counter`` unless a test gives another).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from beanframe.core.actions import shorten
from beanframe.agents import make_bot
from beanframe.errors import ConfigError
from beanframe.search.rewards import rewards as rewards  # re-exported: users import it from here
from beanframe.search.rewards import standing as standing
from beanframe.search.rollouts import POLICY as POLICY
from beanframe.search.rollouts import Rollouts

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game

    from beanframe.infoset import InformationSet


#: what a search policy's ``win_chances(game, goal)`` gives the chance of (see ISMCTSBot's ``goal``)
GOALS = ("win", "ahead", "rank")
#: the default search settings (see ISMCTSBot), where neither the bot's options nor the variants'
#: search policy (``search_defaults(players)``) set them
TUNING = {"top": 4, "gap": 0.5, "confidence": 2.0}


def _flag(value: Any) -> bool:
    """An on/off option, given as a bool or as text (``-B ismcts.paired=no``)."""
    return bool(value) and value not in ("0", "false", "no")


class _Node:
    __slots__ = ("player", "visits", "wins", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.visits = 0
        self.wins = 0.0
        self.avail = 0
        self.children: dict[Any, _Node] = {}


class ISMCTSBot(Rollouts):
    """``act(view, legal_actions, info)``: searches the information set ``info`` (never the game).

    Options: ``iterations`` (per decision, default 400; 0 with ``seconds``: no count limit; the
    paired search runs whole rounds, one iteration per root action, so it may run up to a round more),
    ``seconds`` (per decision, default none), ``rollout`` ("auto": the registered ``greedy`` bot
    if there is one, else "random"; or a registered bot's name), ``depth`` (rollout decisions
    before the leaf is evaluated, default 0: no limit), ``horizon`` (with a rollout bot that can
    evaluate positions: the search plans and rolls out to the first decision ``horizon`` turns
    later, default 1, and evaluates there; 0: no horizon),
    ``c`` (UCB exploration constant, default 0.25), ``margin`` and ``scale`` (the share of the
    reward given by the final score difference, default 0.3, and its scale in points, default 4, see :func:`rewards`),
    ``paired`` (default True: rounds of common random numbers at the root, one sampled world per
    round tried with every root action), ``prior`` ("auto": the registered ``greedy`` bot; "":
    none) whose choice is played unless the search beats it by ``confidence`` standard errors of
    the paired difference (default 2.0; unpaired: by ``trust`` in mean reward, default 0.02);
    ``top`` and ``gap`` (paired, with a prior whose variant's search policy has
    ``prior_scores``): only the prior's ``top`` best actions (default 4; 0: no limit) scoring within ``gap``
    (default 0.5) of its best are searched, and a decision with one such action is the prior's without a search
    (the defaults of ``top``, ``gap`` and ``confidence`` are :data:`TUNING`, unless the variants'
    search policy tunes them for the game with ``search_defaults(players) -> dict``: Al Cabohne
    with 2 players searches wider, top 8, gap 3, confidence 1);
    ``tree`` (decisions with a choice that the tree covers on a path, default 1: the root only,
    the rollout policy plays the rest, which beats the tree's first tries below the root, made at
    random: solo 78/100 against 68/100 with no limit, 0); ``chance`` (default True: where the search policy gives
    ``win_chances``, the leaf's reward is the player's chance of reaching the ``goal``: "win" the
    game; "ahead": end ahead of the other players, the seats no player holds, such as a mafia, aside;
    "rank", the default: the mean chance of ending ahead of each other seat, a tournament's
    ranking, which weighs winning and the other players alike; a finished game's reward follows
    the goal too, see :func:`rewards`); ``relative`` (default True:
    with several players, an evaluated leaf's gain is counted less the best gain of another
    player, since a game is won against the others).
    """

    uses_view = False
    uses_information = True
    name = "ismcts"
    #: the clock the ``seconds`` budget reads (seconds, any origin): a test gives a fake one
    clock = staticmethod(time.perf_counter)
    # the kit checks legality, not strength: one iteration of a short random rollout per decision,
    # so a whole game of a long variant (Bohnaparte: ~2,500 decisions) stays a matter of seconds
    check_options = {"iterations": 1, "rollout": "random", "depth": 5, "prior": ""}

    def __init__(
        self,
        seed: int | None = None,
        ruleset: Any = None,
        iterations: int = 400,
        seconds: float | None = None,
        rollout: str = "auto",
        horizon: int = 1,
        depth: int = 0,
        c: float = 0.25,
        margin: float = 0.3,
        scale: float = 4.0,
        prior: str = "auto",
        trust: float = 0.02,
        paired: bool = True,
        confidence: float | None = None,
        top: int | None = None,
        gap: float | None = None,
        tree: int = 1,
        chance: bool = True,
        relative: bool = True,
        goal: str = "rank",
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
        self.prior = str(prior)
        self.trust = float(trust)
        self.paired = _flag(paired)
        # given here, or the variants' tuning for the game (search_defaults), else TUNING
        self._given = {"top": top, "gap": gap, "confidence": confidence}
        self._tuned: dict[Any, tuple[int, float, float]] = {}  # ruleset -> its top, gap, confidence
        self._settle({k: v for k, v in self._given.items() if v is not None}, "ismcts")
        self.tree = int(tree)
        if self.tree < 0:
            raise ConfigError(f"ismcts: tree must be 0 (no limit) or positive, not {tree}")
        self.chance = _flag(chance)
        self.relative = _flag(relative)
        self.goal = str(goal)
        if self.goal not in GOALS:
            raise ConfigError(f"ismcts: goal must be one of {', '.join(GOALS)}, not {shorten(goal)}")
        self._candidates: list | None = None  # the root actions worth searching (None: all)
        self._rounds: dict[Any, list[float]] | None = None
        self._priors: dict[Any, Any] = {}  # ruleset -> prior bot
        self.last_overruled = False
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
            if info is not None:
                self._prior_sees(info, legal_actions)
            return legal_actions[0]
        if info is None:
            raise ConfigError("ismcts needs the player's information set: play it with beanframe.search.play_game or a tournament")
        self._tune(info._guess.ruleset)
        prior = self._prior_choice(info, legal_actions)
        if self._candidates is not None and len(self._candidates) < 2 and prior is not None:
            self.last_overruled = False  # the prior is sure enough: no search
            return prior
        root = self.search(info)
        if self.paired:
            best = self._paired_choice(prior)
            if best in legal_actions:
                self.last_overruled = prior is not None and best != prior
                if self.last_overruled:
                    self._tell_prior(info, legal_actions, best)
                return best
        legal = set(legal_actions)
        children = root.children
        best = max(
            (a for a in children if a in legal),
            key=lambda a: (children[a].visits, children[a].wins),
            default=None,
        )
        if prior is not None and best != prior:
            # the search overrules the prior bot only when it finds a clearly better action
            pc = children.get(prior)
            if best is None or (pc is not None and children[best].wins / children[best].visits < pc.wins / pc.visits + self.trust):
                best = prior
        self.last_overruled = prior is not None and best != prior
        return best if best is not None else legal_actions[self.rng.randrange(len(legal_actions))]

    def _settle(self, given: dict[str, Any], source: str) -> None:
        """``top``, ``gap`` and ``confidence``: ``given`` over :data:`TUNING` (checked: a
        plugin's mistake is named, ``source``)."""
        unknown = sorted(set(given) - set(TUNING))
        if unknown:
            raise ConfigError(f"{source}: unknown search setting(s) {', '.join(unknown)} (known: {', '.join(TUNING)})")
        settings = {**TUNING, **given}
        try:
            top, gap, confidence = int(settings["top"]), float(settings["gap"]), float(settings["confidence"])
        except (TypeError, ValueError):
            raise ConfigError(f"{source}: top, gap and confidence must be numbers, not {settings}") from None
        if top < 0 or gap < 0 or confidence < 0:
            raise ConfigError(f"{source}: top, gap and confidence must be 0 or positive, not {top}, {gap}, {confidence}")
        self.top, self.gap, self.confidence = top, gap, confidence

    def _tune(self, rs: Any) -> None:
        """The settings for ruleset ``rs``: the options given to the bot, else the variants'
        search policy's ``search_defaults(players)`` (a variant tunes its own search), else
        :data:`TUNING`."""
        tuned = self._tuned.get(rs)
        if tuned is None:
            policy = self._search_policy(rs)
            hint = getattr(policy, "search_defaults", None)
            settings = dict(hint(rs.players) or {}) if hint is not None else {}
            settings.update((k, v) for k, v in self._given.items() if v is not None)
            self._settle(settings, f"ismcts on {rs.name}")
            tuned = self._tuned[rs] = (self.top, self.gap, self.confidence)
        self.top, self.gap, self.confidence = tuned

    def _prior_bot(self, rs: Any) -> Any:
        """The prior bot for ruleset ``rs`` (None: no prior), made once."""
        name = self.prior
        if name == "auto":
            name = "greedy" if "greedy" in rs.bots else ""
        if not name:
            return None
        bot = self._priors.get(rs)
        if bot is None:
            if getattr(rs.bots.get(name), "factory", None) is ISMCTSBot:
                raise ConfigError("ismcts cannot use itself as its prior")
            bot = self._priors[rs] = make_bot(rs, name, self.rng.getrandbits(48))
        return bot

    def _prior_sees(self, info: InformationSet, legal_actions: Sequence[Action]) -> None:
        """A forced decision: the prior bot is asked anyway, as in a game of its own, since it may
        remember its moves (Al Cabohne's greedy remembers its first plant of a turn, F.21, and
        plays far worse when a forced first plant goes unseen: 55% solo instead of 66%)."""
        bot = self._prior_bot(info._guess.ruleset)
        if bot is not None:
            bot.act(info.view() if getattr(bot, "uses_view", True) else None, legal_actions)

    def _prior_choice(self, info: InformationSet, legal_actions: Sequence[Action]) -> Action | None:
        """The prior bot's choice from the player's view (the search must beat it to overrule)."""
        rs = info._guess.ruleset
        bot = self._prior_bot(rs)
        if bot is None:
            return None
        view = info.view() if getattr(bot, "uses_view", True) else None
        self._candidates = None
        if self.paired and (self.top or self.gap < math.inf):
            scores_of = getattr(self._search_policy(rs), "prior_scores", None)
            scores = None if scores_of is None else scores_of(bot, view, legal_actions)
            if scores is not None:
                ranked = sorted(zip(scores, range(len(scores))), reverse=True)
                best = ranked[0][0]
                keep = [legal_actions[i] for s, i in ranked if s >= best - self.gap - 1e-9]
                self._candidates = keep[: self.top] if self.top else keep
        choice = bot.act(view, legal_actions)
        if choice not in legal_actions:
            return None
        if self._candidates is not None and choice not in self._candidates:
            self._candidates.insert(0, choice)  # a tie broken past the top few: keep the choice
        return choice

    def _search_policy(self, rs: Any) -> Any:
        """The variants' registered search policy for ``rs`` (None: none), made once."""
        key = ("search_policy", rs)
        policy = self._policies.get(key)
        if policy is None:
            factory = getattr(rs, "search_policy", None)
            if factory is None:
                return None
            policy = self._policies[key] = factory(rs, self.rng.getrandbits(48))
        return policy

    def _tell_prior(self, info: InformationSet, legal_actions: Sequence[Action], action: Action) -> None:
        """The prior bot may remember its own moves (Al Cabohne's greedy: its first plant of a
        turn, F.21): tell it the move played instead of its choice."""
        rs = info._guess.ruleset
        bot = self._priors.get(rs)
        policy = self._policies.get(("search_policy", rs))
        if policy is None and self._rollout_name(rs) == POLICY:
            policy = self._policies.get(rs)
        chosen = getattr(policy, "chosen", None)
        if bot is not None and chosen is not None:
            chosen(bot, info.view(), legal_actions, action)

    # -- the search ---------------------------------------------------------------------------
    def search(self, info: InformationSet) -> _Node:
        root = _Node(-1)
        rng = self.rng
        clock = self.clock
        deadline = None if self.seconds is None else clock() + self.seconds
        start = clock()
        n = 0
        self._rounds = None
        if self.paired:
            return self._search_paired(info, root, deadline, start)
        while True:
            if self.iterations and n >= self.iterations:
                break
            if deadline is not None and clock() >= deadline:
                break
            game = info.sample(rng)
            game.keep_events = False  # a rollout: nobody reads its events (issue 28)
            if n == 0:
                self._root_game, self._base = game.clone(), None
                self._stop_turn, self._me = self._horizon_turn(game), info.player
            self._iterate(root, game, rng)
            n += 1
        self.last_iterations = n
        self.last_seconds = clock() - start
        return root

    def _search_paired(self, info: InformationSet, root: _Node, deadline: float | None, start: float) -> _Node:
        """Rounds of common random numbers: each round samples one world and runs one iteration
        for *every* root action in a clone of it (the same deck, the same flips), so the root
        actions are compared on the same luck; below the root the tree is the usual ISMCTS."""
        rng = self.rng
        clock = self.clock
        me = info.player
        legal: list = []
        rounds: dict[Any, list[float]] = {}
        n = 0
        while True:
            if self.iterations and n >= self.iterations and n:
                break
            if deadline is not None and n and clock() >= deadline:
                break
            game = info.sample(rng)
            game.keep_events = False  # rollouts: nobody reads their events (issue 28)
            if n == 0:
                self._root_game, self._base = game.clone(), None
                self._stop_turn, self._me = self._horizon_turn(game), me
                legal = game.legal_actions(me)
                if self._candidates is not None:
                    legal = [a for a in legal if a in self._candidates]
                rounds = {a: [] for a in legal}
            for a in legal:
                reward = self._iterate(root, game.clone(), rng, first=a)
                rounds[a].append(reward[me])
                n += 1
        self._rounds = rounds
        self.last_iterations = n
        self.last_seconds = clock() - start
        return root

    def _paired_choice(self, prior: Action | None) -> Action | None:
        """The root action with the best mean over the rounds; the prior bot's choice unless that
        one is better by more than ``confidence`` standard errors of the paired difference."""
        rounds = self._rounds
        if not rounds:
            return prior
        best = max(rounds, key=lambda a: sum(rounds[a]))
        if prior is None or prior not in rounds or best == prior:
            return best
        diffs = [x - y for x, y in zip(rounds[best], rounds[prior], strict=True)]
        k = len(diffs)
        mean = sum(diffs) / k
        if k < 2:
            return prior
        var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
        return best if mean > 0 and mean > self.confidence * math.sqrt(var / k) else prior

    def _iterate(self, root: _Node, game: Game, rng: random.Random, first: Any = None) -> list[float]:
        node = root
        path = []
        c = self.c
        # selection and expansion (within the horizon: a plan for the turns up to it)
        stop, me = self._stop_turn, self._me
        state = game.state
        depth = self.tree or -1
        while not game.is_over and (state.turn < stop or state.active != me):
            # at the root the searcher moves, also when it is not the first of a group decision's
            # deciders (an offer in a trade); below it the tree follows the game's to_act
            player = me if node is root and me in game.deciders else game.to_act
            legal = game.legal_actions(player)
            if len(legal) == 1:
                game.apply(legal[0], player)
                continue
            if not depth:  # the tree's depth limit: the rollout policy plays on
                break
            depth -= 1
            children = node.children
            if first is not None:  # a paired round: the root action is given
                action, first = first, None
                child = children.get(action)
                if child is None:
                    child = children[action] = _Node(player)
                child.avail += 1
                game.apply(action, player)
                path.append(child)
                node = child
                continue
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(player)
                child.avail = 1
                game.apply(action, player)
                path.append(child)
                break
            best, best_score = None, -1.0
            for a in legal:
                ch = children[a]
                score = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[best]
            game.apply(best, player)
            path.append(node)
        # simulation, then the result (or, cut off, the evaluation)
        if not game.is_over:
            self._rollout(game, rng)
        if game.is_over:
            reward = rewards(game, self.margin, self.scale, self.goal)
        else:
            reward = self._evaluate(game)
        for nd in path:
            nd.visits += 1
            nd.wins += reward[nd.player]
        return reward
