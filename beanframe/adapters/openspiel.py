"""Every beanframe variant set as an OpenSpiel (pyspiel) Python game (extra ``beanframe[rl]``).

>>> from beanframe.adapters import openspiel
>>> game = openspiel.load(["al_cabohne"], players=1)     # registers and loads it
>>> state = game.new_initial_state()

:func:`register` registers one game per variant set and player count under the short name
``beanframe_<variants>_<n>p`` (``beanframe_al_cabohne_1p``); :func:`register_all` registers every
installed set; :func:`load` returns a loaded game. Game parameters: ``seed`` (the first game's
seed; each ``new_initial_state()`` takes the next one) and ``returns`` (``"win"`` or ``"score"``).

What the game declares to OpenSpiel:

- *sequential*, *imperfect information*, *general sum*, *terminal rewards*;
- *sampled stochastic* chance: the engine draws its own chance (shuffles, flips) from the game's
  seed, so there are no chance nodes; a state's clone shares that future, and
  ``resample_from_infostate(player, sampler)`` returns a state redealt with the core's fair
  determinization (``game.determinize``), whose future chance is fresh;
- observations: ``observation_tensor`` is ``game.observation(player)`` (the ruleset's documented
  layout); ``information_state_string`` is ``game.information_state(player)`` (perfect recall);
  ``information_state_tensor`` is the observation vector too (a fixed-size tensor cannot hold a
  whole history; it is the Markov summary the layout documents);
- actions are the ruleset's fixed action ids (``ruleset.actions``); the player to move is the
  first decider (a group decision is taken one player after another).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel

import beanframe
from beanframe.core.actions import shorten

__all__ = ["BeanGame", "BeanState", "load", "register", "register_all", "short_name"]

#: a cap OpenSpiel asks for (``max_game_length``): far above any real game's number of decisions
MAX_GAME_LENGTH = 5000


def short_name(variants: Sequence[str] | str, players: int) -> str:
    if isinstance(variants, str):
        variants = [variants]
    return f"beanframe_{'_'.join(variants)}_{players}p"


_registered: dict[str, Any] = {}


def register(variants: Sequence[str] | str, players: int, options: Mapping[str, Any] | None = None) -> str:
    """Register the variant set as a pyspiel game (once per name); returns its short name.
    Composition problems are a ConfigError here, not inside OpenSpiel."""
    if isinstance(variants, str):
        variants = [variants]
    ruleset = beanframe.compose(variants, players, options)
    name = short_name(ruleset.order, players)
    if name in _registered:
        return name
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"beanframe {ruleset.name} ({players} player{'s' if players > 1 else ''})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "returns": "win"},
    )
    # pyspiel keeps the registered creator until the process exits and releases it after Python
    # has finalized: a class (which refers to itself through its __mro__) is never freed then, a
    # plain function would be, and would abort the process
    cls = type(f"BeanGame_{name}", (BeanGame,), {"_game_type": game_type, "_ruleset": ruleset})
    pyspiel.register_game(game_type, cls)
    _registered[name] = cls
    return name


def register_all() -> list[str]:
    """Register every installed variant set for every player count it supports."""
    from beanframe.adapters import variant_sets

    return [register(variants, players) for variants, players in variant_sets()]


def load(variants: Sequence[str] | str, players: int, **params: Any) -> BeanGame:
    """Register the variant set if needed and load it (``params``: ``seed``, ``returns``)."""
    return pyspiel.load_game(register(variants, players), params)


class BeanGame(pyspiel.Game):
    """A composed ruleset as a pyspiel game (:func:`register` makes one subclass per ruleset)."""

    _game_type: Any = None
    _ruleset: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type, ruleset = self._game_type, self._ruleset
        returns = params.get("returns", "win")
        if returns not in ("win", "score"):
            raise ValueError(f"returns must be 'win' or 'score', not {shorten(returns)}")
        self.ruleset = ruleset
        self.returns_mode = returns
        if returns == "win":
            low, high = -1.0, 1.0
        else:  # the score lead: bounded by every card of the game (coins are cards)
            total = float(ruleset.config.params["beans"].cards.total) if "beans" in ruleset.config.params else 1e6
            low, high = -total, total
        info = pyspiel.GameInfo(
            num_distinct_actions=len(ruleset.actions),
            max_chance_outcomes=0,
            num_players=ruleset.players,
            min_utility=low,
            max_utility=high,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, params)
        self._seeds = random.Random(int(params.get("seed", 0)))

    def new_initial_state(self) -> BeanState:
        # Every call takes the next seed of the game's stream, also the calls OpenSpiel makes
        # itself (a clone starts from a new initial state whose attributes it then overwrites;
        # a tensor-shape query observes one): the engine's game is started only when first
        # read, so a clone never pays for a set-up it throws away.
        seed = self._seeds.getrandbits(48)
        return BeanState(self, _Holder(make=lambda: self.ruleset.new_game(seed=seed)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BeanObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return BeanObserver(self.ruleset, perfect_recall)


class _Holder:
    """Holds a state's beanframe Game. OpenSpiel clones a Python state by deep-copying its
    attributes: this one copies with the engine's cheap, exact ``clone()``."""

    __slots__ = ("game", "make")

    def __init__(self, game: Any = None, make: Any = None) -> None:
        self.game = game
        self.make = make

    def get(self) -> Any:
        if self.game is None:
            self.game = self.make()
            self.make = None
        return self.game

    def __deepcopy__(self, memo: Any) -> _Holder:
        return _Holder(self.get().clone())


class BeanState(pyspiel.State):
    """A game in progress: one beanframe Game (``state.game``)."""

    def __init__(self, game: BeanGame, holder: _Holder) -> None:
        super().__init__(game)
        self._holder = holder
        self._mode = game.returns_mode

    @property
    def game(self) -> Any:
        """The beanframe Game of this state."""
        return self._holder.get()

    def current_player(self) -> int:
        deciders = self.game.deciders
        return int(deciders[0]) if deciders else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        id_of = self.game.ruleset.actions.id_of
        return sorted(id_of(a) for a in self.game.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        self.game.apply(int(action), self.current_player())

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.ruleset.actions.from_id(int(action)).code

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> list[float]:
        return self.game.returns(self._mode)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BeanState:
        """A state ``player_id`` cannot tell from this one, its hidden cards and future chance
        redealt (``game.determinize``); drawn from a generator seeded by the sampler (OpenSpiel's
        ``UniformProbabilitySampler``) when one is given, else from fresh entropy."""
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**53)
        else:
            seed = random.getrandbits(53)
        copy = self.clone()  # keeps OpenSpiel's own record (history, move number)
        copy._holder = _Holder(self.game.determinize(player_id, random.Random(seed)))
        return copy

    def __str__(self) -> str:
        g = self.game
        return f"{g!r} actions={len(g.actions)} seed={g.state.seed}: {g.prompt()}"


class BeanObserver:
    """OpenSpiel's observer interface: ``tensor`` (the observation vector) with ``dict`` (its
    segments by name), ``set_from(state, player)``, ``string_from(state, player)``."""

    def __init__(self, ruleset: Any, perfect_recall: bool) -> None:
        layout = ruleset.observation_layout
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {s.name: self.tensor[s.slice] for s in layout.segments}

    def set_from(self, state: BeanState, player: int) -> None:
        self.tensor[:] = state.game.observation(player)

    def string_from(self, state: BeanState, player: int) -> str:
        if self.perfect_recall:
            return state.game.information_state(player)
        obs = state.game.observation(player)
        return " ".join(f"{i}:{v:g}" for i, v in enumerate(obs.tolist()) if v)
