"""A PettingZoo AEC environment for any beanframe variant set (extra ``beanframe[rl]``).

>>> from beanframe.adapters.pettingzoo import env
>>> e = env(["al_cabohne"], players=2, seed=7)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()   # obs: {"observation", "action_mask"}

Agents are the players' seats ("p1", "p2", ...); a registered seat that is not a player (Al
Cabohne's mafia) is not an agent: its play is part of the game's own rules. The agent selected is
the first player who decides now; when a decision belongs to several players at once (a group
decision) they are selected one after another, each acting on the game as it is then. Every
agent's action mask shows what that agent may do now: empty when it does not decide; in a group
decision each decider's mask is filled, and the selected one steps.

Observations are ``{"observation": game.observation(agent), "action_mask": mask}``: the float32
vector of the ruleset's documented layout (``game.ruleset.observation_layout``) and an int8 mask
over the fixed action-id space (``ruleset.actions``). Actions are those ids. Rewards come once, at
the end: ``game.returns(mode)`` (``"win"``: 1, split in a shared win, or -1; ``"score"``: the lead
over the best other seat). An action the mask forbids raises IllegalActionError (the game is left
unchanged).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

import beanframe
from beanframe.core.actions import shorten
from beanframe.core.observation import DTYPE
from beanframe.core.scoring import seat_name

__all__ = ["BeanEnv", "env"]


def env(
    variants: Sequence[str] | str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    returns: str = "win",
    render_mode: str | None = None,
) -> BeanEnv:
    """An AEC environment for ``variants`` with ``players`` players (composed once: a ConfigError
    names any problem). ``seed`` makes every game reproducible: ``reset(seed=s)`` plays the game
    of seed ``s``; ``reset()`` without a seed takes the next seed of a stream started from
    ``seed`` (fresh entropy when None)."""
    return BeanEnv(beanframe.compose(variants, players, options), seed=seed, returns=returns, render_mode=render_mode)


class BeanEnv(AECEnv):
    """The AEC environment of one composed ruleset (see the module)."""

    metadata = {"name": "beanframe", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, ruleset: Any, seed: int | None = None, returns: str = "win", render_mode: str | None = None):
        super().__init__()
        if returns not in ("win", "score"):
            raise ValueError(f"returns must be 'win' or 'score', not {shorten(returns)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {shorten(render_mode)}")
        self.ruleset = ruleset
        self.returns_mode = returns
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"beanframe_{'_'.join(ruleset.order)}_{ruleset.players}p"}
        self.possible_agents = [seat_name(p) for p in range(ruleset.players)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        n_actions = len(ruleset.actions)
        layout = ruleset.observation_layout
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, layout.high, shape=(layout.size,), dtype=DTYPE),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
            }
        )
        # one space object per agent, the same every call (the API test checks identity)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_actions) for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self.game: Any = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # -- the AEC cycle ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = self._seeds.getrandbits(48)
        else:
            self._seeds = random.Random(seed)  # later seedless resets follow from this seed
        self.game = self.ruleset.new_game(seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()
        if self.game.is_over:  # a game that ends in its set-up (a tiny stacked deck)
            self._finish()

    def _select(self) -> None:
        deciders = self.game.deciders
        if deciders:
            self.agent_selection = self.possible_agents[deciders[0]]
        else:
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]

    def _finish(self) -> None:
        values = self.game.returns(self.returns_mode)
        for a in self.agents:
            self.rewards[a] = float(values[self._index[a]])
        self.terminations = dict.fromkeys(self.agents, True)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"agent {agent} must act: None is only for agents whose game is over")
        self.game.apply(int(action), self._index[agent])
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_over:
            self._finish()
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self._index[agent]
        mask = np.asarray(self.game.legal_mask(p), dtype=np.int8)
        return {"observation": self.game.observation(p), "action_mask": mask}

    # -- rendering --------------------------------------------------------------------------
    def render(self) -> str | None:
        """The deciding agent's prompt and the last few events as that agent may know them."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        game = self.game
        p = self._index.get(self.agent_selection)
        log_for = getattr(game, "log_for", None)
        lines = log_for(p)[-5:] if log_for is not None else []
        text = "\n".join([*lines, f"{self.agent_selection}: {game.prompt()}"])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None
