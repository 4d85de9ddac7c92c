"""Every hook a beanframe plugin can implement.

Hooks are grouped by lifecycle. *Composition* hooks run once when a ruleset is composed (a variant
set, its options and a player count); they are called **one plugin at a time in dependency order**
(a variant after the variants it requires, ties by name), so a variant can refine what its
requirements set up. They collect plain functions and data; the hot path of a game (``legal_actions``
and ``apply``) then calls those directly and never goes through pluggy. *Game* hooks run a bounded
number of times per game (at its end, or on demand for checks), never per card.

Implementations take only the arguments they need, by name, and never declare defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from beanframe.core.compose import (
        ActionRegistry,
        BotRegistry,
        Config,
        EventRegistry,
        OptionRegistry,
        PartRegistry,
        StepRegistry,
    )
    from beanframe.core.game import Game
    from beanframe.core.pipeline import PipelineBuilder
    from beanframe.core.scoring import ScoreSheet
    from beanframe.core.variant import VariantInfo

PROJECT = "beanframe"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --------------------------------------------------------------------------------------------
# Discovery
# --------------------------------------------------------------------------------------------


@hookspec
def beanframe_variant() -> VariantInfo:
    """Return this plugin's :class:`VariantInfo` (name, version, requires, conflicts, player
    counts, options class).

    Result: collected list, one per registered plugin. Every variant plugin must implement it.
    """


# --------------------------------------------------------------------------------------------
# Composition: once per ruleset, one plugin at a time in dependency order
# --------------------------------------------------------------------------------------------


@hookspec
def beanframe_configure(config: Config) -> None:
    """Set or refine the ruleset's parameters in ``config.params`` (card sets, hand sizes, field
    counts, draw counts, end conditions...). ``config.options[name]`` holds each variant's options
    instance; ``config.players`` the player count.

    Result: none; each plugin mutates ``config`` in dependency order, so a later variant sees and
    may change what an earlier one set.
    """


@hookspec
def beanframe_register_parts(register: PartRegistry) -> None:
    """Register state parts: ``register(name, factory, cls)``. ``factory(config)`` makes the empty
    part at the start of a game; ``cls`` is its attrs class, used to save and load it.

    Result: none (contributions are collected through ``register``).
    """


@hookspec
def beanframe_register_actions(register: ActionRegistry) -> None:
    """Register action classes: ``register(cls)``. Their domains are numbered in registration
    order (dependency order between plugins), which makes the action ids stable. A parameter
    declared ``param(prefix, private=True)`` (a hand position) is known only to the acting player;
    the others get the public form (``give h? b1``, ``public_text``, ``describe_public(game)``).

    Result: none.
    """


@hookspec
def beanframe_register_steps(register: StepRegistry) -> None:
    """Register decision-step handlers: ``register(step)`` for a :class:`Step` whose ``kind``
    names the frames it handles. A later variant may register a step of an existing kind with
    ``replace=True`` to change how that decision works.

    Result: none.
    """


@hookspec
def beanframe_register_options(register: OptionRegistry) -> None:
    """Register any-time options (:class:`Option`): actions a player may take at every one of
    their decisions where the current step allows options (harvest, buy a field, buy a building).
    ``register(option, replace=True)`` changes an option a requirement registered under the same
    name; ``register.remove(name)`` drops one (e.g. Prohibohn: no third field).

    Result: none.
    """


@hookspec
def beanframe_register_phases(pipeline: PipelineBuilder) -> None:
    """Add, replace, wrap or remove phases of the setup, turn and end stages, at explicit places
    (``pipeline.add("turn", "attack", enter, after="plant_traded")``).

    Result: none.
    """


@hookspec
def beanframe_register_events(events: EventRegistry) -> None:
    """Describe event kinds (``events.describe(kind, fmt)``, for logs) and subscribe listeners
    (``events.on(kind, fn)``; ``fn(game, *args)`` runs as a plain call when the event is emitted,
    always with the whole event). A kind emitted privately (``game.emit(kind, *args, to=players,
    public=public_event)``) needs a format that reads both the whole event and its public form,
    with different lines (``lambda g, p, *card: ...``).

    Result: none.
    """


@hookspec
def beanframe_register_bots(register: BotRegistry) -> None:
    """Register bots by name: ``register(name, factory, description)``; ``factory(seed)`` returns
    an agent with ``act(view, legal_actions)``.

    Result: none.
    """


# --------------------------------------------------------------------------------------------
# Game end
# --------------------------------------------------------------------------------------------


@hookspec
def beanframe_score(game: Game, sheet: ScoreSheet) -> None:
    """Add score lines for players (and the mafia, where there is one) once the game is over.

    Result: none; called one plugin at a time in dependency order, so a later variant may add to,
    or replace, what an earlier one wrote (``sheet.clear(...)``).
    """


@hookspec(firstresult=True)
def beanframe_winners(game: Game, sheet: ScoreSheet) -> list[str] | None:
    """Decide the winners from the score sheet: a list of seat names ("p1", "p2", ..., or
    "mafia"). Several names mean a shared win.

    Result: first non-None wins; plugins are asked in *reverse* dependency order, so a variant
    overrides the rule of the variants it requires. The core's default: the highest total wins.
    """


# --------------------------------------------------------------------------------------------
# Checks (conformance kit)
# --------------------------------------------------------------------------------------------


@hookspec
def beanframe_invariants(game: Game) -> list[str]:
    """Check the variant's invariants on ``game`` (cards accounted for, one bean type per field,
    ...). Return a list of violations, empty when all hold. Called by ``beanframe.testing``,
    never during play.

    Result: collected lists, one per plugin.
    """


def hook_names() -> list[str]:
    """The names of all hooks, for documentation checks."""
    return sorted(name for name, value in globals().items() if name.startswith("beanframe_") and callable(value))
