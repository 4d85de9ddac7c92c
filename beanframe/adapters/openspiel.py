"""Every beanframe variant set as an OpenSpiel (pyspiel) Python game (extra ``beanframe[rl]``).

>>> from beanframe.adapters import openspiel
>>> game = openspiel.load(["al_cabohne"], players=1)     # registers and loads it
>>> state = game.new_initial_state()
>>> cheap = openspiel.load(["al_cabohne"], 2, options={"al_cabohne": {"third_field_cost": 2}}, seed=5)

:func:`register` registers one game per variant set, player count and options under a short
name: ``beanframe_<variants>_<n>p`` with the default options (``beanframe_al_cabohne_1p``), and
``beanframe_<variants>_<n>p_o<hash>`` with others, the hash being the first 10 hex digits of the
SHA-256 of the effective options as canonical JSON (:func:`short_name`): the same options always
give the same name, other options another game. :func:`register_all` registers every installed
set with its default options; :func:`load` returns a loaded game (``options=`` as in
``beanframe.compose``). Game parameters: ``seed`` (the first game's seed; each
``new_initial_state()`` takes the next one) and ``returns`` (``"win"`` or ``"score"``).

What the game declares to OpenSpiel:

- *sequential*, *imperfect information*, *general sum*, *terminal rewards*;
- chance: *deterministic*, i.e. no chance nodes. A state's whole future, shuffles and draws
  included, is fixed by the seed the state holds (which no player sees); the chance lies in the
  deal, and each ``new_initial_state()`` deals a new game with the next seed of the game's seed
  stream. (OpenSpiel calls that *sampled stochastic* when the game keeps an RNG, but then it
  can serialize a game only through ``GetRNGState``, which a Python game cannot implement; a
  state here needs no game RNG, so it serializes.) A solver that walks the whole tree from one
  initial state (sequence-form LP, tabular CFR) sees a single deal. A state's clone shares its
  future, and ``resample_from_infostate(player, sampler)`` returns a state redealt with the
  core's fair determinization (``game.determinize``), whose future chance is fresh;
- observations: ``observation_tensor`` is ``game.observation(player)`` (the ruleset's documented
  layout); ``information_state_string`` is ``game.information_state(player)`` (perfect recall);
  ``information_state_tensor`` is the observation vector too (a fixed-size tensor cannot hold a
  whole history; it is the Markov summary the layout documents);
- actions are the ruleset's fixed action ids (``ruleset.actions``); the player to move is the
  first decider (a group decision is taken one player after another).

Serialization (``pyspiel.serialize_game_and_state``, ``state.serialize()``, pickling) round-trips:
a state's Python side is its beanframe game as a save file (``game.to_json()``), loaded back with
``load_game`` (which checks it). Like a save, a serialized state holds everything: every hidden
card, the deck order and the seed. It is for checkpoints, worker processes and tests, never for a
player; and OpenSpiel unpickles what it deserializes, so deserialize only what you serialized. A
state from ``resample_from_infostate`` is a guess, not a game: it refuses to serialize
(DeterminizedGameError).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel

import beanframe
from beanframe.core.actions import shorten
from beanframe.errors import ConfigError

__all__ = ["BeanGame", "BeanState", "load", "register", "register_all", "short_name"]

#: a cap OpenSpiel asks for (``max_game_length``): far above any real game's number of decisions
MAX_GAME_LENGTH = 5000


def _canonical_options(ruleset: Any) -> dict[str, Any]:
    """The ruleset's effective options as plain data (every option of every variant)."""
    return {name: attrs.asdict(o) if attrs.has(type(o)) else o for name, o in sorted(ruleset.options.items())}


def _changed_options(ruleset: Any) -> list[str]:
    """``variant.option=value`` for each option that differs from its default."""
    plugins = [ruleset.pm.get_plugin(n) for n in ruleset.order]  # also those not installed
    default = _canonical_options(beanframe.compose(plugins, ruleset.players))
    chosen = _canonical_options(ruleset)
    out = []
    for name, values in chosen.items():
        base = default.get(name, {})
        if isinstance(values, dict) and isinstance(base, dict):
            out += [f"{name}.{k}={v!r}" for k, v in sorted(values.items()) if base.get(k) != v]
        elif values != base:
            out.append(f"{name}={values!r}")
    return out


def _name(ruleset: Any) -> str:
    name = f"beanframe_{'_'.join(ruleset.order)}_{ruleset.players}p"
    if _changed_options(ruleset):
        text = json.dumps(_canonical_options(ruleset), sort_keys=True, separators=(",", ":"), default=str)
        name += "_o" + hashlib.sha256(text.encode()).hexdigest()[:10]
    return name


def short_name(variants: Sequence[str] | str, players: int, options: Mapping[str, Any] | None = None) -> str:
    """The name :func:`register` registers the variant set under (ConfigError if it does not
    compose)."""
    if isinstance(variants, str):
        variants = [variants]
    return _name(beanframe.compose(variants, players, options))


_registered: dict[str, Any] = {}


def register(variants: Sequence[str] | str, players: int, options: Mapping[str, Any] | None = None) -> str:
    """Register the variant set with ``options`` as a pyspiel game (once per name); returns its
    short name. Composition problems are a ConfigError here, not inside OpenSpiel."""
    if isinstance(variants, str):
        variants = [variants]
    ruleset = beanframe.compose(variants, players, options)
    name = _name(ruleset)
    known = _registered.get(name)
    if known is not None:
        if _canonical_options(known._ruleset) != _canonical_options(ruleset):  # a hash collision: never silent
            raise ConfigError(f"the OpenSpiel name {name} is registered already for other options")
        return name
    changed = _changed_options(ruleset)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"beanframe {ruleset.name} ({players} player{'s' if players > 1 else ''}"
        + (f"; {', '.join(changed)})" if changed else ")"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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
    """Register every installed variant set for every player count it supports (default
    options)."""
    from beanframe.adapters import variant_sets

    return [register(variants, players) for variants, players in variant_sets()]


def load(variants: Sequence[str] | str, players: int, options: Mapping[str, Any] | None = None, **params: Any) -> BeanGame:
    """Register the variant set with ``options`` if needed and load it (``params``: ``seed``,
    ``returns``)."""
    return pyspiel.load_game(register(variants, players, options), params)


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
        return BeanState(self, _Holder(self._game_type.short_name, make=lambda: self.ruleset.new_game(seed=seed)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BeanObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return BeanObserver(self.ruleset, perfect_recall)


class _Holder:
    """Holds a state's beanframe Game. OpenSpiel clones a Python state by deep-copying its
    attributes: this one copies with the engine's cheap, exact ``clone()``. It serializes
    (pickles: OpenSpiel's form for a Python state's attributes) as the game's save file and the
    registered name, and loads back through ``load_game``, which checks the file."""

    __slots__ = ("game", "make", "name")

    def __init__(self, name: str, game: Any = None, make: Any = None) -> None:
        self.name = name
        self.game = game
        self.make = make

    def get(self) -> Any:
        if self.game is None:
            self.game = self.make()
            self.make = None
        return self.game

    def __deepcopy__(self, memo: Any) -> _Holder:
        return _Holder(self.name, self.get().clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self.name, self.get().to_json())


def _restore(name: str, text: str) -> _Holder:
    """A holder loaded from a save file (see :class:`_Holder`): the variant plugins of the game
    registered as ``name`` load it, also those that are not installed (a plugin object)."""
    cls = _registered.get(name)
    plugins = [] if cls is None else [cls._ruleset.pm.get_plugin(n) for n in cls._ruleset.order]
    return _Holder(name, beanframe.load_game(text, plugins=plugins))


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
        copy._holder = _Holder(self._holder.name, self.game.determinize(player_id, random.Random(seed)))
        return copy

    def __str__(self) -> str:
        # public only: OpenSpiel prints states in logs and tests, and the seed rebuilds every hand
        # and the deck order (issue 17)
        g = self.game
        return f"{g!r} actions={g.state.n_actions}: {g.prompt()}"


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
