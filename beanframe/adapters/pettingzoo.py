"""A PettingZoo AEC environment for any beanframe variant set (extra ``beanframe[rl]``).

>>> from beanframe.adapters.pettingzoo import env
>>> e = env(["al_cabohne"], players=2, seed=7)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()   # obs: float32 vector; info["action_mask"]

Agents are named as PettingZoo names them, ``player_0``, ``player_1``, ...: agent ``player_k``
is the core's player ``k`` (``game.observation(k)``, seat ``p{k+1}``). A registered seat that is
not a player (Al Cabohne's mafia) is not an agent: its play is part of the game's own rules. The
agent selected is the first player who decides now; when a decision belongs to several players
at once (a group decision) they are selected one after another, each acting on the game as it is
then.

Observations are ``game.observation(agent)``: the float32 vector of the ruleset's documented
layout (``game.ruleset.observation_layout``), in a ``Box(0, layout.high)`` of dtype float32.
Action masks are int8 arrays (1: legal) over the fixed action-id space (``ruleset.actions``):
by default in ``infos[agent]["action_mask"]``, where PettingZoo's own ``api_test`` and
``seed_test`` take them without a single warning; with ``action_mask="observation"`` the
observation is ``{"observation": vector, "action_mask": mask}`` in a ``Dict`` space (float32
``Box``, int8 ``Box(0, 1)``), the convention of PettingZoo's classic games, which its
``api_test`` advises against for any other environment (two warnings, by name). Every agent's
mask shows what that agent may do now: all zeros when it does not decide; in a group decision
each decider's mask is filled, and the selected one steps. Actions are the ids. Rewards come
once, at the end: ``game.returns(mode)`` (``"win"``: 1, split in a shared win, or -1;
``"score"``: the lead over the best other seat). An action the mask forbids raises
IllegalActionError (the game is left unchanged).
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

__all__ = ["BeanEnv", "env"]

#: where the action masks go: ``infos[agent]["action_mask"]`` or the observation dict
MASK_PLACES = ("info", "observation")


def env(
    variants: Sequence[str] | str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    returns: str = "win",
    render_mode: str | None = None,
    action_mask: str = "info",
) -> BeanEnv:
    """An AEC environment for ``variants`` with ``players`` players (composed once: a ConfigError
    names any problem). ``seed`` makes every game reproducible: ``reset(seed=s)`` plays the game
    of seed ``s``; ``reset()`` without a seed takes the next seed of a stream started from
    ``seed`` (fresh entropy when None). ``action_mask``: ``"info"`` or ``"observation"`` (see
    the module)."""
    ruleset = beanframe.compose(variants, players, options)
    return BeanEnv(ruleset, seed=seed, returns=returns, render_mode=render_mode, action_mask=action_mask)


class BeanEnv(AECEnv):
    """The AEC environment of one composed ruleset (see the module)."""

    metadata = {"name": "beanframe", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        ruleset: Any,
        seed: int | None = None,
        returns: str = "win",
        render_mode: str | None = None,
        action_mask: str = "info",
    ):
        super().__init__()
        if returns not in ("win", "score"):
            raise ValueError(f"returns must be 'win' or 'score', not {shorten(returns)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {shorten(render_mode)}")
        if action_mask not in MASK_PLACES:
            raise ValueError(f"action_mask must be one of {MASK_PLACES}, not {shorten(action_mask)}")
        self.ruleset = ruleset
        self.returns_mode = returns
        self.render_mode = render_mode
        self.mask_in_info = action_mask == "info"
        self.metadata = {**self.metadata, "name": f"beanframe_{'_'.join(ruleset.order)}_{ruleset.players}p"}
        self.possible_agents = [f"player_{p}" for p in range(ruleset.players)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        n_actions = len(ruleset.actions)
        layout = ruleset.observation_layout
        high = np.asarray(layout.high, dtype=DTYPE)
        vector = gymnasium.spaces.Box(np.zeros(layout.size, DTYPE), high, shape=(layout.size,), dtype=DTYPE)
        if self.mask_in_info:
            space: gymnasium.spaces.Space = vector
        else:
            mask = gymnasium.spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8)
            space = gymnasium.spaces.Dict({"observation": vector, "action_mask": mask})
        # one space object per agent, the same every call (the API test checks identity)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_actions) for a in self.possible_agents}
        # the mask of an agent who does not decide now: shared, so read-only
        self._no_actions = np.zeros(n_actions, np.int8)
        self._no_actions.flags.writeable = False
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
        if self.mask_in_info:
            for a in self.agents:
                p = self._index[a]
                self.infos[a] = {"action_mask": self._mask(p) if p in deciders else self._no_actions}

    def _mask(self, player: int) -> np.ndarray:
        return np.asarray(self.game.legal_mask(player), dtype=np.int8)

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

    def observe(self, agent: str) -> np.ndarray | dict[str, np.ndarray]:
        p = self._index[agent]
        if self.mask_in_info:
            return self.game.observation(p)
        return {"observation": self.game.observation(p), "action_mask": self._mask(p)}

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
