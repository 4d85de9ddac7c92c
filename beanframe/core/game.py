"""The ruleset (immutable game description) and the game (a ruleset plus one mutable state).

``Game.apply`` is the one public step: it checks legality, applies the action, then advances the
pipeline until the next decision. Everything the hot path calls was collected at composition.
"""

from __future__ import annotations

import beanframe.i18n as i18n

import json
import os
import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import pluggy

from beanframe.core.actions import Action, ActionTable, shorten
from beanframe.core.compose import (
    ActionRegistry,
    BotRegistry,
    BotSpec,
    Config,
    EventRegistry,
    OptionRegistry,
    PartRegistry,
    PositionRegistry,
    SeatRegistry,
    StepRegistry,
    call_in_order,
    default_plugins,
    get_plugin_manager,
    validate,
)
from beanframe.core.flow import Flow
from beanframe.core.hotpath import Legal, fused_legal, option_legals
from beanframe.core.knowledge import Knowledge
from beanframe.core.determinize import determinize as _determinize
from beanframe.core.limits import check_player, check_seed
from beanframe.core.observation import build_layout
from beanframe.core.params import params_problems
from beanframe.core.pipeline import Phase, Pipeline, PipelineBuilder
from beanframe.core.position import plain_position, position_seed, read_position, write_position
from beanframe.core.provenance import option_params, record_param_sources
from beanframe.core.saves import dump_game
from beanframe.core.scoring import Result, ScoreSheet, seat_name
from beanframe.core.state import (
    OVER,
    STAGE_NAMES,
    Frame,
    State,
)
from beanframe.core.steps import Option, Step
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError, DeterminizedGameError
from beanframe.i18n import _


class Ruleset:
    """An immutable game description: a composed variant set for a player count.

    Compose it once and start many games from it (``ruleset.new_game(seed=...)``); it is safe to
    share between games because plugins keep no per-game data (that lives in the state's parts).
    """

    def __init__(
        self,
        variants: Sequence[Any],
        players: int,
        options: Mapping[str, Any] | None = None,
        extra_plugins: Sequence[Any] = (),
    ) -> None:
        comp = validate([*variants, *extra_plugins], players, options)
        self.infos: dict[str, VariantInfo] = comp.infos
        self.order: tuple[str, ...] = tuple(comp.infos)  # the variants, in dependency order
        # every plugin, core first: the order composition hooks are called in
        self.plugin_order: tuple[str, ...] = (*(n for n, _ in default_plugins()), *self.order)
        self.players = players
        self.options: dict[str, Any] = comp.options
        self.pm: pluggy.PluginManager = get_plugin_manager(comp.plugins.values())
        config = Config(self.order, players, comp.options)
        self.config = config
        #: the plugins' renderers, commands and labels (``core.present.presentation``), collected on
        #: first use: a plain attribute, read for every legal action the table labels
        self.presentation: Any = None

        def run(hook: str, registry: Any, **kwargs: Any) -> Any:
            try:
                call_in_order(self.pm, self.plugin_order, hook, registry, **kwargs)
            except ConfigError:
                raise
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                # TypeError too: an attrs validator refusing a parameter ("draw" = "3"), or
                # attrs.evolve given a parameter the record does not have; AttributeError: a
                # parameter set on a record that has no such field (nothing would read it)
                raise ConfigError(_("composing {variants} failed in {hook} of {variant}: {problem}").format(
                    variants=" + ".join(self.order), hook=hook, variant=registry.variant, problem=exc)) from exc
            return registry

        # which plugin set each parameter (beanframe rules shows it)
        self.param_sources = record_param_sources(self.pm, config, lambda: run("beanframe_configure", config, config=config))
        config.variant = ""
        self._validate_config(config)
        try:
            option_params(self)  # every option names a parameter that exists
        except ValueError as exc:
            raise ConfigError(_("composing {variants}: {problem}").format(variants=self.name, problem=exc)) from None

        parts = PartRegistry()
        run("beanframe_register_parts", parts, register=parts)
        self.part_factories = parts.factories
        self.part_classes = parts.classes
        # decided once here, never per view: which parts take view(player, game)
        self.part_view_takes_game: dict[str, bool] = parts.view_takes_game
        positions = PositionRegistry(parts.factories)
        run("beanframe_register_positions", positions, register=positions)
        #: how parts read and write positions (a part not here uses the save form)
        self.part_positions = positions.positions
        seats_reg = SeatRegistry()
        run("beanframe_register_seats", seats_reg, register=seats_reg, config=config)
        #: the score sheet's seats: the players' ("p1", ...), then the registered ones
        self.seats: tuple[str, ...] = (*(seat_name(p) for p in range(players)), *seats_reg.seats)
        self.seat_titles: dict[str, str] = dict(seats_reg.seats)
        actions_reg = ActionRegistry()
        run("beanframe_register_actions", actions_reg, register=actions_reg)
        steps_reg = StepRegistry()
        run("beanframe_register_steps", steps_reg, register=steps_reg)
        options_reg = OptionRegistry()
        run("beanframe_register_options", options_reg, register=options_reg)
        builder = PipelineBuilder(config)
        run("beanframe_register_phases", builder, pipeline=builder)
        events_reg = EventRegistry()
        run("beanframe_register_events", events_reg, events=events_reg)
        bots_reg = BotRegistry()
        run("beanframe_register_bots", bots_reg, register=bots_reg)

        self.actions = ActionTable()
        for cls in actions_reg.classes:
            try:
                self.actions.add_class(cls, config)
            except (ValueError, NotImplementedError) as exc:
                raise ConfigError(f"action class {cls.__name__} ({cls.__module__}): {exc}") from exc
        self.steps: dict[str, Step] = steps_reg.steps
        # steps that keep Step.resolve (always "decide now"): after an action that leaves their
        # frame on top, there is nothing to advance
        self.passive_steps = frozenset(k for k, st in self.steps.items() if type(st).resolve is Step.resolve)
        self.any_time: tuple[Option, ...] = tuple(options_reg.options.values())
        self.option_for: dict[type[Action], Option] = {cls: o for o in self.any_time for cls in o.classes}
        # the hot path calls these plain functions: the options' legal lists (bound to the
        # composed parameters where an option offers it), each step's fused legal list, the
        # phases by stage (core/hotpath.py)
        self.any_time_legal: tuple[Any, ...] = option_legals(self.any_time, config)
        self.legal_of: dict[str, Legal] = {k: fused_legal(st, self.any_time_legal) for k, st in self.steps.items()}
        self.pipeline: Pipeline = builder.build()
        self.stages: tuple[tuple[Phase, ...], ...] = (self.pipeline.setup, self.pipeline.turn, self.pipeline.end)
        self.event_formats = events_reg.formats
        self.listeners = events_reg.listeners
        self.bots: dict[str, BotSpec] = bots_reg.bots
        self.action_values = MappingProxyType(bots_reg.action_values)  # what bots know of actions
        self.search_policy = bots_reg.rollout_policy  # search bots' rollouts on sampled games (or None)
        self.observation_layout = build_layout(self)
        if not self.pipeline.turn:
            raise ConfigError(_("{variants} defines no turn phases").format(variants=" + ".join(self.order)))

    def _validate_config(self, config: Config) -> None:
        """Every attrs record in ``config.params`` passes its field validators again (a later
        variant may have changed it), and no ``beanframe_validate_config`` hook objects."""
        problems = params_problems(config.params)
        rank = {name: i for i, name in enumerate(self.plugin_order)}
        impls = sorted(
            self.pm.hook.beanframe_validate_config.get_hookimpls(), key=lambda h: rank.get(h.plugin_name, len(rank))
        )
        for impl in impls:
            try:
                found = impl.function(**{a: config for a in impl.argnames})
            except (ValueError, KeyError, TypeError) as exc:
                found = [_("the check failed: {kind}: {problem}").format(kind=type(exc).__name__, problem=exc)]
            if not isinstance(found, (list, tuple)):
                found = [_("beanframe_validate_config returned {value}, not a list of problems").format(value=shorten(found))]
            problems += [f"{impl.plugin_name}: {p}" for p in found]
        if problems:
            raise ConfigError(_("bad parameters for {variants}: {problems}").format(variants=self.name, problems="; ".join(problems)))

    @property
    def name(self) -> str:
        return " + ".join(self.order)

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of ``game.observation(player)`` (see :mod:`beanframe.core.observation`)."""
        return (self.observation_layout.size,)

    def versions(self) -> dict[str, str]:
        return {name: info.version for name, info in self.infos.items()}

    def new_game(
        self, seed: int | None = None, deck: Sequence[Any] | None = None, position: Mapping[str, Any] | None = None
    ) -> Game:
        """Start a game. ``seed`` drives every random event (a fresh one is drawn and recorded if
        None); ``deck`` stacks the cards (see the bean family's ``stacked deck`` rules).
        ``position`` starts the game from a position instead of the set-up (a mapping, see
        :mod:`beanframe.core.position`): what it does not give is dealt from the seed; its own
        ``seed`` is used when ``seed`` is None (both, and different: PositionError). A position is
        checked first (PositionError listing every problem, one line each, naming the place); the
        mapping is copied, never changed or kept."""
        data = None
        if position is not None:
            if deck is not None:
                raise ConfigError(_("give the deck inside the position (in its parts), not as deck="))
            data = plain_position(position)
            seed = position_seed(data, seed)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        check_seed(seed)  # what a save keeps: 0 to 2**64 - 1
        state = State(players=self.players, seed=seed)
        game = Game(self, state)
        game.setup_args = {"deck": None if deck is None else list(deck)}
        for name, factory in self.part_factories.items():
            state.parts[name] = factory(self.config)
        if data is None:
            game._advance()
            return game
        game.setup_args["position"] = data  # recorded in saves; never changed (clones share it)
        read_position(game, data)
        return game

    def describe_event(self, game: Game | None, event: tuple) -> str:
        kind, *args = event
        fmt = self.event_formats.get(kind)
        if fmt is None:
            return f"{kind} {' '.join(map(str, args))}".strip()
        if isinstance(fmt, str):  # marked N_() by its plugin: said in the reader's language
            return _(fmt).format(*args)
        return fmt(game, *args)


class Game(Flow, Knowledge):
    """One game: a ruleset and a state. The embedding API.

    Reading: ``to_act``, ``deciders``, ``legal_actions(player)``, ``prompt()``, ``view(player)``.
    Acting: ``apply(action, player)``. A pending decision may have several deciders (a group
    decision, ``Frame.group``): any of them may act, in any order; ``to_act`` is the first of
    them, so sequential loops keep working. Game code (phases, steps, options, listeners) uses
    ``push``, ``pop``, ``replace_top``, ``emit``, ``random``, ``end_game``, ``interrupted`` and,
    during set-up, ``set_active``.
    """

    __slots__ = (
        "ruleset",
        "state",
        "_legal",
        "_legal_more",
        "_result",
        "setup_args",
        "_deferred",
        "_listening",
        "_driving",
        "_stop",
        "_interrupt",
        "keep_events",
    )

    def __init__(self, ruleset: Ruleset, state: State) -> None:
        self.ruleset = ruleset
        self.state = state
        # legal actions of the first decider (to_act), cached until the next apply
        self._legal: tuple[Action, ...] | None = None
        # {player: legal actions} of the other deciders of a group decision, likewise
        self._legal_more: dict[int, tuple[Action, ...]] | None = None
        self._result: tuple[str, Result] | None = None
        self.setup_args: dict[str, Any] = {}
        # Listener frames and "end now" take effect when game code returns to the driver, so a
        # running step's pop/replace_top always edit its own frame. These are transient: at rest
        # (between two public calls) the driver has always dealt with them.
        self._deferred: list[Frame] = []  # frames pushed by listeners, waiting
        self._listening = 0  # depth of listener calls in progress
        self._driving = False  # apply or the driver is running game code
        self._stop = False  # end_game(now=True) asked, not yet carried out by the driver
        self._interrupt = False  # _deferred or _stop: the driver has work before any decision
        #: False: events are no longer recorded (listeners still run, the game plays exactly the
        #: same), for rollouts nobody reads; the record (events, log, views' records) stops there
        self.keep_events = True

    # -- reading ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state.players

    @property
    def is_over(self) -> bool:
        return self.state.stage == OVER

    @property
    def to_act(self) -> int | None:
        """The player (0-based) who must decide now: the first decider of the pending decision
        (in a group decision the others may act too, see ``deciders``); None once the game is
        over."""
        stack = self.state.stack
        if not stack:
            return None
        frame = stack[-1]
        return frame.group[0] if frame.group else frame.player

    @property
    def deciders(self) -> tuple[int, ...]:
        """The players who may act now, in any order (one player except in group decisions);
        empty once the game is over."""
        stack = self.state.stack
        return stack[-1].deciders if stack else ()

    @property
    def frame(self) -> Frame | None:
        stack = self.state.stack
        return stack[-1] if stack else None

    @property
    def phase(self) -> Phase | None:
        s = self.state
        if s.stage == OVER or s.phase < 0:
            return None
        phases = self.ruleset.pipeline.stage(s.stage)
        return phases[s.phase] if s.phase < len(phases) else None

    def part(self, name: str) -> Any:
        return self.state.parts[name]

    def legal_mask(self, player: int | None = None) -> list[bool]:
        """A mask over the ruleset's action ids of ``player``'s legal actions (None: ``to_act``),
        for reinforcement learning."""
        mask = [False] * len(self.ruleset.actions)
        for a in self.legal_actions(player):
            mask[self.ruleset.actions.id_of(a)] = True
        return mask

    def prompt(self) -> str:
        frame = self.frame
        if frame is None:
            return _("the game is over")
        return self.ruleset.steps[frame.kind].prompt(self, frame)

    def describe(self, action: Action, player: int | None = None) -> str:
        """``action`` in words for ``player``, the player choosing it (None: ``to_act``), in this
        game's situation: it may name what that player alone sees ("plant hand card 2
        (Feuerbohne)"), so show it to that player only; anyone else gets :meth:`describe_for`.
        In a group decision several players choose at once: there the player is required."""
        if player is None:
            if len(self.deciders) > 1:  # to_act's wording would name another decider's cards
                raise ValueError(f"players {', '.join(map(str, self.deciders))} decide now: say whose choice to describe with describe(action, player)")
            player = self.to_act
        else:
            check_player(player, self.state.players, spectator=False)
        describe = getattr(action, "describe", None)
        return describe(self, player) if describe is not None else str(action)

    # -- results ----------------------------------------------------------------------------
    @property
    def result(self) -> Result | None:
        """Scores and winners once the game is over (None before)."""
        if self.state.stage != OVER:
            return None
        # per language: the scores are the same, the score sheet's words are the reader's
        lang = i18n.current()
        if self._result is None or self._result[0] != lang:
            self._result = (lang, self._score())
        return self._result[1]

    def _score(self) -> Result:
        rs = self.ruleset
        sheet = ScoreSheet(seats=list(rs.seats))
        call_in_order(rs.pm, rs.plugin_order, "beanframe_score", None, game=self, sheet=sheet)
        winners = None
        plugins = {n: rs.pm.get_plugin(n) for n in rs.plugin_order}
        for name in reversed(rs.plugin_order):
            others = [p for n, p in plugins.items() if n != name]
            winners = rs.pm.subset_hook_caller("beanframe_winners", remove_plugins=others)(game=self, sheet=sheet)
            if winners is not None:
                break
        return Result.from_sheet(sheet, winners, self.players)

    def clone(self) -> Game:
        """An independent copy (cheap: no deepcopy; history is shared structurally)."""
        g = Game(self.ruleset, self.state.clone())
        g._legal = self._legal  # an immutable tuple: safe to share (_legal_more is refilled)
        g.keep_events = self.keep_events
        # the result is cached per game and setup_args is a dict: neither may be shared
        g.setup_args = {k: list(v) if isinstance(v, list) else v for k, v in self.setup_args.items()}
        return g

    def determinize(self, observer: int | None, rng: random.Random) -> Game:
        """A new game in which everything ``observer`` (None: a spectator) cannot see is redealt
        with ``rng``, consistently across every part and with what was revealed, and whose future
        chance comes from ``rng`` too: a fair copy for search. This game is not changed. See
        :mod:`beanframe.core.determinize`."""
        return _determinize(self, observer, rng)

    def position(self) -> dict[str, Any]:
        """The current position as plain data (see :mod:`beanframe.core.position`), to start a
        game from with ``ruleset.new_game(position=...)``: it goes on exactly like this one. It
        holds everything, like a save (every hand, the deck order, the seed): for the engine,
        bug reports and analysis, never to be shown to a player mid-game."""
        return write_position(self)

    def to_json(self) -> str:
        """The canonical save text (see :mod:`beanframe.core.persist`). A determinized game has
        none: its hidden cards are a guess that its seed and actions do not rebuild."""
        if self.state.determinized:
            raise DeterminizedGameError(_("a determinized game cannot be saved: its hidden cards are a guess, not what its seed and actions rebuild"))
        return dump_game(self)

    @property
    def stage_name(self) -> str:
        return STAGE_NAMES[self.state.stage]

    def __repr__(self) -> str:
        return f"<Game {self.ruleset.name} players={self.players} turn={self.state.turn} stage={self.stage_name}>"


def compose(
    variants: Sequence[Any] | str,
    players: int,
    options: Mapping[str, Any] | None = None,
    extra_plugins: Sequence[Any] = (),
) -> Ruleset:
    """Compose a ruleset: a variant set (names or plugin objects), a player count and options
    (``{"al_cabohne": {"third_field_cost": 4}}``). Raises ConfigError naming any problem."""
    if isinstance(variants, str):
        variants = [variants]
    return Ruleset(list(variants), players, options, extra_plugins)


def new_game(
    variants: Sequence[Any] | str,
    players: int,
    seed: int | None = None,
    deck: Sequence[Any] | None = None,
    options: Mapping[str, Any] | None = None,
    position: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game on a composed ruleset (from ``position`` if given: ``Ruleset.new_game``).
    Rulesets are immutable, so the last few are cached by variant set, players and options
    (composing costs about as much as playing a game)."""
    return _cached_ruleset(variants, players, options).new_game(seed=seed, deck=deck, position=position)


_RULESETS: dict[Any, Ruleset] = {}


def _cached_ruleset(variants: Sequence[Any] | str, players: int, options: Mapping[str, Any] | None) -> Ruleset:
    if isinstance(variants, str):
        variants = [variants]
    try:  # options as canonical text: equal options give equal keys; odd values are not cached
        key = (tuple(variants), players, json.dumps(options, sort_keys=True, allow_nan=False) if options else None)
        hash(key)
    except (TypeError, ValueError):
        return compose(variants, players, options)
    ruleset = _RULESETS.get(key)
    if ruleset is None:
        ruleset = compose(variants, players, options)
        if len(_RULESETS) >= 32:
            _RULESETS.pop(next(iter(_RULESETS)))
        _RULESETS[key] = ruleset
    return ruleset
