"""The ruleset (immutable game description) and the game (a ruleset plus one mutable state).

``Game.apply`` is the one public step: it checks legality, applies the action, then advances the
pipeline until the next decision. Everything the hot path calls was collected at composition.
"""

from __future__ import annotations

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
from beanframe.core.determinize import determinize as _determinize
from beanframe.core.limits import check_player, check_seed
from beanframe.core.observation import build_layout
from beanframe.core.observation import information_state as _information_state
from beanframe.core.observation import observation as _observation
from beanframe.core.observation import returns as _returns
from beanframe.core.params import params_problems
from beanframe.core.pipeline import Phase, Pipeline, PipelineBuilder
from beanframe.core.position import plain_position, position_seed, read_position, write_position
from beanframe.core.provenance import option_params, record_param_sources
from beanframe.core.saves import dump_game
from beanframe.core.records import Record, full_event, iter_history, known_lists, private_event
from beanframe.core.records import events_for as _events_for
from beanframe.core.records import history_for as _history_for
from beanframe.core.scoring import Result, ScoreSheet, seat_name
from beanframe.core.state import (
    END,
    END_AFTER_TURN,
    END_NOW,
    NOT_ENDING,
    OVER,
    SETUP,
    STAGE_NAMES,
    TURNS,
    Frame,
    State,
    iter_linked,
    linked_items,
)
from beanframe.core.steps import Option, Step
from beanframe.core.variant import VariantInfo
from beanframe.core.view import make_view
from beanframe.errors import ConfigError, DeterminizedGameError, GameOverError, IllegalActionError


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

        def run(hook: str, registry: Any, **kwargs: Any) -> Any:
            try:
                call_in_order(self.pm, self.plugin_order, hook, registry, **kwargs)
            except ConfigError:
                raise
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                # TypeError too: an attrs validator refusing a parameter ("draw" = "3"), or
                # attrs.evolve given a parameter the record does not have; AttributeError: a
                # parameter set on a record that has no such field (nothing would read it)
                raise ConfigError(f"composing {' + '.join(self.order)} failed in {hook} of {registry.variant}: {exc}") from exc
            return registry

        # which plugin set each parameter (beanframe rules shows it)
        self.param_sources = record_param_sources(self.pm, config, lambda: run("beanframe_configure", config, config=config))
        config.variant = ""
        self._validate_config(config)
        try:
            option_params(self)  # every option names a parameter that exists
        except ValueError as exc:
            raise ConfigError(f"composing {self.name}: {exc}") from None

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
        # the hot path calls these plain functions: the options' legal lists, the phases by stage
        self.any_time_legal: tuple[Any, ...] = tuple(o.legal for o in self.any_time)
        self.pipeline: Pipeline = builder.build()
        self.stages: tuple[tuple[Phase, ...], ...] = (self.pipeline.setup, self.pipeline.turn, self.pipeline.end)
        self.event_formats = events_reg.formats
        self.listeners = events_reg.listeners
        self.bots: dict[str, BotSpec] = bots_reg.bots
        self.action_values = MappingProxyType(bots_reg.action_values)  # what bots know of actions
        self.search_policy = bots_reg.rollout_policy  # search bots' rollouts on sampled games (or None)
        self.observation_layout = build_layout(self)
        if not self.pipeline.turn:
            raise ConfigError(f"{' + '.join(self.order)} defines no turn phases")

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
                found = [f"the check failed: {type(exc).__name__}: {exc}"]
            if not isinstance(found, (list, tuple)):
                found = [f"beanframe_validate_config returned {shorten(found)}, not a list of problems"]
            problems += [f"{impl.plugin_name}: {p}" for p in found]
        if problems:
            raise ConfigError(f"bad parameters for {self.name}: {'; '.join(problems)}")

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
                raise ConfigError("give the deck inside the position (in its parts), not as deck=")
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
        if isinstance(fmt, str):
            return fmt.format(*args)
        return fmt(game, *args)


class Game:
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
    )

    def __init__(self, ruleset: Ruleset, state: State) -> None:
        self.ruleset = ruleset
        self.state = state
        # legal actions of the first decider (to_act), cached until the next apply
        self._legal: tuple[Action, ...] | None = None
        # {player: legal actions} of the other deciders of a group decision, likewise
        self._legal_more: dict[int, tuple[Action, ...]] | None = None
        self._result: Result | None = None
        self.setup_args: dict[str, Any] = {}
        # Listener frames and "end now" take effect when game code returns to the driver, so a
        # running step's pop/replace_top always edit its own frame. These are transient: at rest
        # (between two public calls) the driver has always dealt with them.
        self._deferred: list[Frame] = []  # frames pushed by listeners, waiting
        self._listening = 0  # depth of listener calls in progress
        self._driving = False  # apply or the driver is running game code
        self._stop = False  # end_game(now=True) asked, not yet carried out by the driver
        self._interrupt = False  # _deferred or _stop: the driver has work before any decision

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

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The legal actions of ``player`` at the pending decision (None: ``to_act``), in a stable
        order: the step's own actions first, then the any-time options. Empty once the game is
        over and for a player who is not one of the ``deciders``."""
        if player is None:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._compute_legal(None)
            return legal
        return self._legal_of(player)

    def _legal_of(self, player: int) -> tuple[Action, ...]:
        s = self.state
        check_player(player, s.players, spectator=False)
        stack = s.stack
        if not stack:
            return ()
        frame = stack[-1]
        group = frame.group
        if player == (group[0] if group else frame.player):
            return self.legal_actions()
        if player not in group:
            return ()
        more = self._legal_more
        if more is None:
            more = self._legal_more = {}
        legal = more.get(player)
        if legal is None:
            legal = more[player] = self._compute_legal(player)
        return legal

    def _compute_legal(self, player: int | None) -> tuple[Action, ...]:
        stack = self.state.stack
        if not stack:
            return ()
        frame = stack[-1]
        rs = self.ruleset
        step = rs.steps[frame.kind]
        if frame.group:  # a group decision: the asking player (None: the first decider)
            if player is None:
                player = frame.group[0]
        else:
            player = frame.player
        legal = step.legal_for(self, frame, player) if step.per_player else step.legal(self, frame)
        if not step.options:
            return tuple(legal)
        extra = None  # the options' actions, joined only when there are some (often none)
        for option_legal in rs.any_time_legal:
            more = option_legal(self, player)
            if more:
                extra = more if extra is None else (*extra, *more)
        return tuple(legal) if extra is None else (*legal, *extra)

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
            return "the game is over"
        return self.ruleset.steps[frame.kind].prompt(self, frame)

    def describe(self, action: Action, player: int | None = None) -> str:
        """``action`` in words for ``player``, the player choosing it (None: ``to_act``), in this
        game's situation: it may name what that player alone sees ("plant hand card 2
        (Feuerbohne)"), so show it to that player only; anyone else gets :meth:`describe_for`.
        The player is explicit because in a group decision several players choose at once."""
        if player is None:
            player = self.to_act
        else:
            check_player(player, self.state.players, spectator=False)
        describe = getattr(action, "describe", None)
        return describe(self, player) if describe is not None else str(action)

    # -- acting -----------------------------------------------------------------------------
    def apply(self, action: Action | str | int, player: int | None = None) -> None:
        """Apply a legal action (an Action, its code, or its id) taken by ``player`` (None:
        ``to_act``). Raises IllegalActionError and leaves the game unchanged if the action is not
        legal now for that player, or the player is not one of the ``deciders``."""
        legal = self._legal if player is None else self._legal_of_decider(player)
        if legal is None:
            legal = self._legal = self._compute_legal(None)
        for candidate in legal:  # identity first: legal lists hand out canonical instances
            if candidate is action:
                break
        else:
            action = self._check(action, legal, player)
        s = self.state
        stack = s.stack
        frame = stack[-1]
        if player is None:
            player = frame.player if not frame.group else frame.group[0]
        s.history = (action, s.history, player)  # (action, rest, actor): see core/records.py
        s.n_actions += 1
        self._legal = None
        self._legal_more = None
        rs = self.ruleset
        self._driving = True
        try:
            option = rs.option_for.get(action.__class__)
            if option is not None:
                option.apply(self, action, player)
            else:
                step = rs.steps[frame.kind]
                if step.per_player:
                    step.apply_for(self, frame, player, action)
                else:
                    step.apply(self, frame, action)
            # fast path: the same frame is still on top, its step has no automatic work to do,
            # and no listener frame or "end now" waits
            if stack and stack[-1] is frame and frame.kind in rs.passive_steps and not self._interrupt:
                return
            self._advance()
        finally:
            self._driving = False

    def _legal_of_decider(self, player: int) -> tuple[Action, ...]:
        """``player``'s legal actions, or the error to raise if they may not act now."""
        s = self.state
        if s.stage == OVER:
            raise GameOverError("the game is over: no more actions")
        if type(player) is not int or not 0 <= player < s.players:
            raise IllegalActionError(f"there is no player {shorten(player, 30)} in this {s.players}-player game")
        deciders = self.deciders
        if player not in deciders:
            who = ", ".join(seat_name(p) for p in deciders)
            raise IllegalActionError(f"{seat_name(player)} may not act now: {who} to decide ({self.prompt()})")
        return self.legal_actions(player)

    def _check(self, action: Action | str | int, legal: tuple[Action, ...], player: int | None = None) -> Action:
        """The canonical instance of a legal action given in any form, or the error to raise."""
        if self.state.stage == OVER:
            raise GameOverError("the game is over: no more actions")
        table = self.ruleset.actions
        action = table.coerce(action)
        if action not in legal:
            raise IllegalActionError(self._illegal_message(action, player))
        return action

    def _illegal_message(self, action: Action, player: int | None = None) -> str:
        legal = self.legal_actions(player)
        shown = ", ".join(a.code for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        who = "" if player is None or len(self.deciders) < 2 else f" for {seat_name(player)}"
        return f"{shorten(action.code)} is not legal now{who} ({self.prompt()}; legal: {shown})"

    # -- used by phases and steps -----------------------------------------------------------
    def push(self, kind: str, player: int, *args: int, group: Sequence[int] = ()) -> None:
        """Push a decision frame of step ``kind`` for ``player`` (``group``: several deciders,
        see :class:`Frame`). Frames pushed by an event listener wait until the code that emitted
        the event returns to the driver, then go on top (in push order)."""
        frame = Frame(kind, player, args, self._group(kind, group)) if group else Frame(kind, player, args)
        if self._listening:
            self._deferred.append(frame)
            self._interrupt = True
        else:
            self.state.stack.append(frame)

    def pop(self) -> Frame:
        """Remove the top frame: the running step's own (listener frames are not stacked yet)."""
        return self.state.stack.pop()

    def replace_top(self, kind: str, player: int, *args: int, group: Sequence[int] = ()) -> None:
        """Replace the top frame (the running step's own), e.g. to count progress or to drop a
        decider from a group."""
        self.state.stack[-1] = Frame(kind, player, args, self._group(kind, group)) if group else Frame(kind, player, args)

    def _group(self, kind: str, group: Sequence[int]) -> tuple[int, ...]:
        group = tuple(group)
        n = self.state.players
        if any(type(p) is not int or not 0 <= p < n for p in group) or len(set(group)) != len(group):
            raise ValueError(f"frame {shorten(kind)}: group {list(group)} must list distinct players 0..{n - 1}")
        return group

    def emit(self, *event: Any, **private: Any) -> None:
        """``game.emit(kind, *args, to=None, public=None)``: record an event ``(kind, *args)`` and
        run the listeners of its kind (listeners always get the whole event).

        An event is public unless ``to`` is given: then only the players in ``to`` know it whole,
        and the others (and spectators) know ``public`` instead, an event tuple of its own such as
        ``("draw", p)`` for ``("draw", p, card)``; ``public=None``: they learn nothing of it.
        ``game.emit("draw", p, card, to=(p,), public=("draw", p))``.

        ``to`` and ``public`` are taken as ``**private`` rather than as keyword parameters with
        defaults: filling in unused keyword defaults cost a public event (nearly every event)
        about a tenth of its time."""
        s = self.state
        if private:
            to = private.pop("to", None)
            public = private.pop("public", None)
            if private:
                raise TypeError(f"emit() got unexpected keyword arguments: {', '.join(private)} (only 'to' and 'public')")
            if to is not None or public is not None:
                s.events = (private_event(s.players, event, to, public), s.events)
            else:
                s.events = (event, s.events)
        else:  # the hot path: a public event is stored as it is
            s.events = (event, s.events)
        s.n_events += 1
        listeners = self.ruleset.listeners  # often none at all: no lookup per event then
        if listeners:
            listeners = listeners.get(event[0])
            if listeners:
                self._notify(listeners, event[1:])

    def _notify(self, listeners: Sequence[Any], args: tuple) -> None:
        """Run listeners; frames they push wait for the driver (see ``push``)."""
        self._listening += 1
        try:
            for listener in listeners:
                listener(self, *args)
        finally:
            self._listening -= 1
        if self._interrupt and not self._driving and not self._listening:
            self._advance()  # emitted from outside game code: nothing runs, settle at once

    def interrupted(self) -> bool:
        """True while frames pushed by listeners wait or the game ends now. Automatic work that
        can pause (a phase or step that flips or draws card after card) checks it after each unit
        of work and returns, keeping its progress in the state: the driver then stacks the
        waiting frames (or ends the game) and calls it again once its frame is on top."""
        return self._interrupt

    def random(self) -> random.Random:
        """A fresh random stream derived from the seed and how many streams were drawn before:
        the only source of chance, so a game is fully given by its seed and its actions. A
        determinized game (:meth:`determinize`) has a fresh seed drawn from the searcher's
        generator, so its future chance is not the real game's."""
        s = self.state
        s.chance += 1
        return random.Random(f"beanframe/{s.seed}/{s.chance}")

    def end_game(self, now: bool = False) -> None:
        """Ask the game to end: at the end of this turn, or ``now``. Ending now takes effect when
        the running game code returns to the driver, which then clears the decision stack (and
        any waiting listener frames) and starts the end stage; until then the running step may
        still ``pop()`` or ``replace_top()`` its own frame, and ``interrupted()`` is True.
        Called from outside game code (a test, a tool), it takes effect at once."""
        s = self.state
        if s.stage == OVER:
            return
        if now:
            s.ending = END_NOW
            self._stop = self._interrupt = True
            if not self._driving and not self._listening:
                self._advance()
        elif s.ending == NOT_ENDING:
            s.ending = END_AFTER_TURN

    def cancel_end(self) -> None:
        """Withdraw an end asked for with ``end_game()`` (e.g. a variant that grants one more deck
        after the last sales: Prohibohn under ten buildings)."""
        self.state.ending = NOT_ENDING

    @property
    def ending(self) -> bool:
        return self.state.ending != NOT_ENDING

    def next_player(self) -> int:
        return (self.state.active + 1) % self.state.players

    def set_active(self, player: int) -> None:
        """Make ``player`` (0-based) the active player: for a starting player chosen during
        set-up (by a setup phase, step, option or listener). The first turn is theirs and play
        goes on from them in the usual order. Allowed only during set-up (ValueError otherwise:
        later the driver owns the turn order), with a player of this game (ValueError)."""
        s = self.state
        if s.stage != SETUP:
            raise ValueError(f"set_active({shorten(player)}) is only allowed during set-up, not in stage {self.stage_name}")
        if type(player) is not int or not 0 <= player < s.players:
            raise ValueError(f"set_active: no player {shorten(player, 30)} in a {s.players}-player game")
        s.active = player

    def set_next_player(self, player: int) -> None:
        """Make ``player`` (0-based) the one whose turn comes after the current turn, instead of
        the next player in order (a round's last mover hands the start to the poorest player);
        play goes on from them in the usual order. Only during the turns (ValueError otherwise:
        during set-up use ``set_active``) and with a player of this game (ValueError)."""
        s = self.state
        if s.stage != TURNS:
            raise ValueError(f"set_next_player({shorten(player)}) is only allowed during the turns, not in stage {self.stage_name}")
        if type(player) is not int or not 0 <= player < s.players:
            raise ValueError(f"set_next_player: no player {shorten(player, 30)} in a {s.players}-player game")
        s.next_active = player

    def _settle(self) -> None:
        """Carry out what waits for the driver: "end now" (clear the stack and the waiting
        frames; from set-up or the turns, go to the end stage), else stack the listener frames."""
        self._interrupt = False
        s = self.state
        if self._stop:
            self._stop = False
            self._deferred.clear()
            s.stack.clear()
            if s.stage <= TURNS:
                s.stage, s.phase = END, -1
        else:
            s.stack.extend(self._deferred)
            self._deferred.clear()

    def _advance(self) -> None:
        """Run automatic work until a decision is pending or the game is over."""
        s = self.state
        steps = self.ruleset.steps
        passive = self.ruleset.passive_steps
        stages = self.ruleset.stages
        # never nested: apply is driving already, and end_game / _notify call this only when not
        self._driving = True
        try:
            while True:
                if self._interrupt:
                    self._settle()
                stack = s.stack
                if stack:
                    frame = stack[-1]
                    kind = frame.kind
                    if kind in passive:  # Step.resolve: a decision is due, nothing to call
                        return
                    # a decision is due unless the step's work was interrupted (it is asked again)
                    if steps[kind].resolve(self, frame) and not self._interrupt:
                        return
                    continue
                if s.stage == OVER:
                    return
                phases = stages[s.stage]
                s.phase += 1
                if s.phase >= len(phases):
                    if s.stage == SETUP:
                        s.stage, s.phase, s.turn = TURNS, -1, 1
                        self.emit("turn", s.turn, s.active)
                    elif s.stage == TURNS:
                        if s.ending != NOT_ENDING:
                            s.stage, s.phase = END, -1
                        else:
                            s.turn += 1
                            s.phase = -1
                            if s.next_active < 0:
                                s.active = self.next_player()
                            else:  # chosen by game code (set_next_player): used once
                                s.active, s.next_active = s.next_active, -1
                            self.emit("turn", s.turn, s.active)
                    else:
                        s.stage, s.phase = OVER, -1
                        self.emit("game_over")
                        # nothing is decided after the end: frames or "end now" asked for by a
                        # game_over listener have nothing left to act on
                        self._deferred.clear()
                        self._stop = self._interrupt = False
                        return
                    continue
                phase = phases[s.phase]
                if phase.skip is not None and phase.skip(self):
                    continue
                phase.enter(self)
        finally:
            self._driving = False

    # -- results ----------------------------------------------------------------------------
    @property
    def result(self) -> Result | None:
        """Scores and winners once the game is over (None before)."""
        if self.state.stage != OVER:
            return None
        if self._result is None:
            self._result = self._score()
        return self._result

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

    # -- history, log, views, copies ----------------------------------------------------------
    # ``actions``, ``history``, ``events`` and ``log`` are the full record, for the engine, saves,
    # replays and tests: they hold private parameters and private events and are not for players.
    # What a player may know: ``history_for``, ``events_for``, ``log_for``, ``view(p).record``.
    @property
    def actions(self) -> list[Action]:
        """Every action applied so far, oldest first (the full record: not for players)."""
        return linked_items(self.state.history)

    @property
    def actors(self) -> list[int]:
        """Who took each action of ``actions`` (same order): replaying a group decision needs it
        (``game.apply(action, player)``)."""
        out = []
        linked = self.state.history
        while linked is not None:
            out.append(linked[2])
            linked = linked[1]
        out.reverse()
        return out

    @property
    def history(self) -> list[tuple[int, Action]]:
        """``(actor, action)`` for every action applied so far, oldest first (the full record:
        not for players; see :meth:`history_for`)."""
        out = list(iter_history(self.state.history))
        out.reverse()
        return out

    def _observer(self, player: int | None) -> int | None:
        return check_player(player, self.state.players)

    def history_for(self, player: int | None) -> list[tuple[int, str]]:
        """The history as ``player`` may know it (None: a spectator): ``(actor, code)`` per action,
        oldest first, where another player's private parameters read ``prefix?`` (``give h? b1``).
        An information-state record, as OpenSpiel keeps one."""
        return _history_for(self.state.history, self._observer(player))

    def events_for(self, player: int | None, since: int = 0) -> list[tuple]:
        """The events ``player`` may know (None: a spectator), oldest first: public events, the
        private events sent to ``player`` whole, the public forms of the others. ``since``: only
        of the events emitted after the game had ``since`` events (a past ``n_events``)."""
        count = max(0, self.state.n_events - since) if since else None
        return _events_for(self.state.events, self._observer(player), count)

    def log_for(self, player: int | None, since: int = 0) -> list[str]:
        """The readable log as ``player`` may know it (None: a spectator); see :meth:`events_for`."""
        describe = self.ruleset.describe_event
        return [describe(self, e) for e in self.events_for(player, since)]

    def record_for(self, player: int | None) -> Record:
        """What ``player`` may know of the history, as views carry it: it holds the player's
        redacted lists only (cheap: brought up to date since the player's last record)."""
        known = known_lists(self.state, self._observer(player))
        return Record(player, known.history, known.events)

    def describe_for(self, action: Action, observer: int | None, actor: int | None = None) -> str:
        """``action`` in words as ``observer`` knows it when ``actor`` (default: ``to_act``) takes
        it: the actor's own description (:meth:`describe`) for the actor, else its public form
        (``action.describe_public``), which never reads what only the actor sees."""
        self._observer(observer)
        if actor is None:
            actor = self.to_act
        else:
            check_player(actor, self.state.players, spectator=False)
        if observer is not None and observer == actor:
            return self.describe(action, actor)
        return action.describe_public(self)

    @property
    def n_events(self) -> int:
        """How many events were emitted so far (``game.events[n:]`` are the newer ones)."""
        return self.state.n_events

    @property
    def events(self) -> list[tuple]:
        """Every event, whole, oldest first (the full record: not for players; see
        :meth:`events_for`)."""
        return [full_event(e) for e in linked_items(self.state.events)]

    @property
    def log(self) -> list[str]:
        """The event log as readable lines, oldest first (the full record, private events whole:
        not for players; see :meth:`log_for`)."""
        describe = self.ruleset.describe_event
        return [describe(self, full_event(e)) for e in linked_items(self.state.events)]

    def recent_events(self, n: int) -> list[tuple]:
        """The newest ``n`` events, whole (the full record: not for players)."""
        out = []
        for e in iter_linked(self.state.events):
            if len(out) == n:
                break
            out.append(full_event(e))
        out.reverse()
        return out

    def view(self, player: int | None) -> Any:
        """What ``player`` may see (None: a spectator). See :class:`beanframe.core.view.View`."""
        return make_view(self, player)

    def observation(self, player: int | None) -> Any:
        """What ``player`` sees, as a float32 numpy vector of ``ruleset.observation_shape``
        (segments: ``ruleset.observation_layout``; see :mod:`beanframe.core.observation`)."""
        return _observation(self, player)

    def information_state(self, player: int) -> str:
        """Everything ``player`` knows, as a string (equal strings: states they cannot tell apart)."""
        return _information_state(self, player)

    def returns(self, mode: str = "win") -> list[float]:
        """Per player: ``"win"`` 1 (split 1/k in a k-seat shared win) or -1; ``"score"`` the score
        lead over the best other seat. Zeros until the game is over."""
        return _returns(self, mode)

    def clone(self) -> Game:
        """An independent copy (cheap: no deepcopy; history is shared structurally)."""
        g = Game(self.ruleset, self.state.clone())
        g._legal = self._legal  # an immutable tuple: safe to share (_legal_more is refilled)
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
            raise DeterminizedGameError("a determinized game cannot be saved: its hidden cards are a guess, not what its seed and actions rebuild")
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
