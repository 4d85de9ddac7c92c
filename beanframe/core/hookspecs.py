"""Every hook a beanframe plugin can implement.

Hooks are grouped by lifecycle. *Composition* hooks run once when a ruleset is composed (a variant
set, its options and a player count); they are called **one plugin at a time in dependency order**
(a variant after the variants it requires, ties by name), so a variant can refine what its
requirements set up. They collect plain functions and data; the hot path of a game (``legal_actions``
and ``apply``) then calls those directly and never goes through pluggy. *Game* hooks run a bounded
number of times per game (at its end, or on demand for checks and search), never per card.

Implementations take only the arguments they need, by name, and never declare defaults.
"""

from __future__ import annotations

from pathlib import Path

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import random

    from beanframe.core.compose import (
        ActionRegistry,
        BotRegistry,
        Config,
        EventRegistry,
        OptionRegistry,
        PartRegistry,
        PositionRegistry,
        SeatRegistry,
        StepRegistry,
    )
    from beanframe.core.determinize import Hidden
    from beanframe.core.game import Game
    from beanframe.core.observation import ObservationRegistry
    from beanframe.core.pipeline import PipelineBuilder
    from beanframe.core.present import RendererRegistry
    from beanframe.core.scoring import ScoreSheet
    from beanframe.core.variant import VariantInfo
    from beanframe.core.web import WebRegistry

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


@hookspec
def beanframe_catalogs() -> str | Path | None:
    """Return the folder of this plugin's gettext catalogs (``<folder>/<lang>/LC_MESSAGES/
    <variant name>.mo``), or None: the words it shows in Dutch, French and German (issue 29).
    Read once, when a language is first used, from every installed plugin (a plugin's words are
    needed before any game is composed: ``beanframe variants``). ``python -m beanframe.i18n
    update --domain NAME --source FOLDER`` writes them; docs/plugins.md shows how.

    Result: the folder, or None (no catalogs); the core asks each installed plugin directly,
    not through a ruleset's plugin manager, and registers the folder under its variant name
    (so the catalog files are named after the variant).
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
def beanframe_validate_config(config: Config) -> list[str]:
    """Check the composed parameters for what field validators cannot see: relations between
    parameters, or with another variant's (Al Cabohne: a boss threshold no bean can reach). Runs
    after every ``beanframe_configure`` and after the core re-ran the field validators of every
    attrs record in ``config.params``. Return the problems found, each naming its parameter
    (empty: none); do not change ``config``.

    Result: collected lists, one per plugin, in dependency order; any problem makes ``compose``
    raise one ConfigError naming every problem and its variant.
    """


@hookspec
def beanframe_register_parts(register: PartRegistry) -> None:
    """Register state parts: ``register(name, factory, cls)``. ``factory(config)`` makes the empty
    part at the start of a game; ``cls`` is its attrs class, used to save and load it. Its
    ``view`` is ``view(player)`` or ``view(player, game)`` (a parameter named ``game``: the part
    may read the rest of the game), read from ``cls`` once, here. A later variant puts its own part
    in place of a requirement's with ``register(name, factory, cls, replace=True)``; replacing a
    part that does not exist, or registering a name twice without ``replace``, is a ConfigError.

    Result: none (contributions are collected through ``register``).
    """


@hookspec
def beanframe_register_positions(register: PositionRegistry) -> None:
    """Say how this plugin's state parts read and write a **position** (a game in progress in the
    game's own terms: ``rules.new_game(position=...)``, ``game.position()``, position files):
    ``register(part, write, read, complete=None, replace=False)``.

    - ``write(game) -> data``: the part as plain JSON-able data in the game's terms (bean names,
      seats "p1", "p2", ..., 1-based where the command line counts from 1); ``game.position()``
      holds everything, like a save (hidden cards included): never a text to show a player.
    - ``read(game, data, reading)``: fill the fresh part (made by its factory) from ``data``, the
      part's table of the position (an empty table when the position leaves it out: defaults, or
      what the seed deals); every problem goes to ``reading.problem(place, message)``, one line
      naming the place (``beans.hands[2][4]``). ``reading`` (a
      :class:`~beanframe.core.position.Reading`) has checkers for plain values and ``notes``, scratch
      space the readers and completers of one position share.
    - ``complete(game, reading)``: called once every part was read, in registration order: deal
      from the seed (``game.random()``) what the position does not give, and check what only the
      whole position shows (every card accounted for).

    A part with no registration is written and read in the save files' generic form (its attrs
    fields, unstructured), so a house rule's part works unchanged. Registering a part that does
    not exist, or a part twice without ``replace=True``, is a ConfigError.

    Result: none (collected through ``register``); called once per ruleset at composition, one
    plugin at a time in dependency order, after ``beanframe_register_parts``.
    """


@hookspec
def beanframe_register_seats(register: SeatRegistry, config: Config) -> None:
    """Register score-sheet seats that are not players: ``register(seat, title)`` (Al Cabohne:
    ``register("mafia", "the bean mafia")``). Every player has a seat already ("p1", "p2", ...);
    registered seats follow them, in registration order, on every score sheet and result.

    Result: none.
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
    ``replace=True`` to change how that decision works, or drop one with ``register.remove(kind)``.
    Replacing or removing a kind that does not exist is a ConfigError naming it.

    Result: none.
    """


@hookspec
def beanframe_register_options(register: OptionRegistry) -> None:
    """Register any-time options (:class:`Option`): actions a player may take at every one of
    their decisions where the current step allows options (harvest, buy a field, buy a building).
    ``register(option, replace=True)`` changes an option a requirement registered under the same
    name; ``register.remove(name)`` drops one (e.g. an expansion without the third field).
    Replacing or removing an option that does not exist is a ConfigError naming it.

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
    """Register bots, and teach bots the actions this plugin adds.

    ``register(name, factory, description)``: ``make_bot`` calls ``factory(seed=seed,
    ruleset=ruleset)`` (both keywords, always; a factory that cannot take them is a ConfigError
    at composition) and gets an agent with ``act(view, legal_actions)``. The ruleset is public and
    immutable: a bot reads the composed rules from it and never receives the game.
    ``register.action_value(cls, value, replace=False)``: ``value(ruleset, view, action)`` says
    what an action of class ``cls`` is worth, in coins, to the acting player, compared with not
    taking it (None: no opinion now). Bots that evaluate actions (Al Cabohne's greedy bot) use it
    for classes they do not model and leave an action with no value alone unless it is all that is
    legal. A second value for a class needs ``replace=True``.
    ``register.search_policy(factory, replace=False)``: ``factory(ruleset, seed)`` makes search
    bots' fast rollout policy over *sampled* games (``act(game, legal_actions)``, optionally
    ``evaluate(game, player)``); it ends up in ``ruleset.search_policy`` (None: none).

    Result: none (collected through ``register``; the values end up in ``ruleset.action_values``).
    """


@hookspec
def beanframe_register_renderers(register: RendererRegistry) -> None:
    """Say how front ends show this plugin's game: ``register.part(name, fn, replace=False)``
    draws a state part from its view (``fn(part_view, view, seats)`` returns a list of
    renderables), ``register.command(name, fn, help)`` adds a command a player may type
    (``fn(game, player, arg)``), ``register.line_command(name, fn, help)`` adds a command typed in
    one line that stands for several actions (``fn(game, player, arg)`` returns them or their codes;
    the front end checks them all on a clone, ``present.check_line``, before applying any),
    ``register.explain(fn)`` says why an action is not possible now
    (``fn(game, player, action)`` returns a sentence or None).

    Result: none (collected through ``register``). Presentation: called one plugin at a time in
    dependency order, once per ruleset, only when a front end asks (never during play).
    """


@hookspec
def beanframe_register_web(register: WebRegistry) -> None:
    """Say how the browser table (``beanframe serve``) draws this plugin's game, beside the
    terminal's renderers: ``register.module(package, path)`` adds an ES module and
    ``register.style(package, path)`` a style sheet, both shipped as package data of ``package``
    (``"static/board.js"``; the server serves that folder under ``/web/PACKAGE/``);
    ``register.data(name, fn, replace=False)`` adds public rule data, ``fn(ruleset)`` returning
    plain JSON-able data the modules read (a bean-o-meter, a board's fields). A module's default
    export draws state parts by name (``parts``), adds helpers for later modules (``ui``) and
    names the action verbs its own controls offer (``claims``); a plugin that registers nothing
    still has its actions on the table, with their labels, in the list of moves.

    Result: none (collected through ``register``; a file registered twice is kept once, rule data
    twice needs ``replace=True``). Presentation: called one plugin at a time in dependency order,
    once per ruleset, only when the server asks (never during play).
    """


@hookspec
def beanframe_observation(register: ObservationRegistry, config: Config) -> None:
    """Contribute segments of the observation vector (``game.observation(player)``):
    ``register(name, size, encode, high=1.0, doc="")`` appends a segment of ``size`` numbers;
    ``encode(game, player, out)`` writes what ``player`` (None: a spectator) sees of this plugin's
    parts into ``out``, its zeroed float32 slice, and only that: never a card the player cannot
    see. ``high`` bounds its values (they lie in [0, high]). A later variant may change a
    requirement's segment with ``replace=True`` or drop one with ``register.remove(name)``.

    - ``register``: the :class:`~beanframe.core.observation.ObservationRegistry`.
    - ``config``: the composed configuration (player count, parameters) sizes the segments.

    Result: none (collected through ``register``); called once per ruleset at composition, one
    plugin at a time in dependency order, after the core's own segments. A bad size or a name
    used twice is a ConfigError. Encoders run only when an observation is asked for.
    """


# --------------------------------------------------------------------------------------------
# Game end
# --------------------------------------------------------------------------------------------


@hookspec
def beanframe_score(game: Game, sheet: ScoreSheet) -> None:
    """Add score lines once the game is over: ``sheet.add(seat, label, points)`` for the players'
    seats ("p1", "p2", ...) and the seats registered with ``beanframe_register_seats``.

    Result: none; called one plugin at a time in dependency order, so a later variant may add to,
    or replace, what an earlier one wrote (``sheet.clear(...)``).
    """


@hookspec(firstresult=True)
def beanframe_winners(game: Game, sheet: ScoreSheet) -> list[str] | None:
    """Decide the winners from the score sheet: a list of seat names ("p1", "p2", ..., or a
    registered seat). Several names mean a shared win.

    Result: first non-None wins; plugins are asked in *reverse* dependency order, so a variant
    overrides the rule of the variants it requires. The core's default: the highest total wins.
    """


@hookspec
def beanframe_game_stats(game: Game) -> dict[str, float]:
    """Per-game statistics of a finished game, by name: numbers whose mean over many games means
    something (Al Cabohne: ``{"mafia win rate": 1.0}`` when the mafia won, else 0.0). ``simulate``
    records them per game and reports their means; the core reads no statistic itself.

    Result: collected dicts, merged in dependency order (a later variant's value for a name
    replaces an earlier one's); read through ``beanframe.core.scoring.game_stats(game)``.
    """


# --------------------------------------------------------------------------------------------
# Hidden information: determinization for search (``game.determinize``), on demand
# --------------------------------------------------------------------------------------------


@hookspec
def beanframe_hidden(game: Game, observer: int | None) -> list[Hidden]:
    """Declare what ``observer`` cannot see of this plugin's parts, for ``game.determinize``.

    - ``game``: the game being determinized (already a copy; the zones' lists are redealt in place).
    - ``observer``: the player whose knowledge is kept, or None for a spectator.

    Return :class:`~beanframe.core.determinize.Hidden` zones: ``Hidden(pool, cards, known)``, the
    live list ``cards`` of a part, the ``pool`` its cards mix with ("beans": every hidden bean card
    of every part forms one pool, so the redeal is game-wide), and ``known``, the positions the
    observer knows mapped to their cards (a shown hand, a bean named in an open offer). A plugin
    may name a list another plugin declared, to add what its rules reveal about it.

    Result: collected, one list per plugin, in dependency order; zones naming the same list are
    merged (their known positions united; a contradiction is an error naming the plugin); then
    every pool is redealt as one (see :mod:`beanframe.core.determinize`).
    """


@hookspec
def beanframe_determinize(game: Game, observer: int | None, rng: random.Random) -> None:
    """Redeal, in place, what ``observer`` cannot see that is not a zone of cards (hidden data of
    another shape), or bring derived bookkeeping in line with the redealt cards.

    - ``game``: the determinized copy, after the game-wide redeal of the ``beanframe_hidden`` zones.
    - ``observer``: the player whose knowledge is kept, or None for a spectator.
    - ``rng``: the searcher's generator; draw every guess from it, never from ``game.random()``.

    Result: none; called one plugin at a time in dependency order. What ``observer`` sees
    (``game.view(observer)``) must not change.
    """


# --------------------------------------------------------------------------------------------
# Checks (conformance kit)
# --------------------------------------------------------------------------------------------


@hookspec
def beanframe_invariants(game: Game) -> list[str]:
    """Check the variant's invariants on ``game`` (cards accounted for, one card type per pile,
    ...). Return a list of violations, empty when all hold. Called by ``beanframe.testing``,
    never during play.

    Result: collected lists, one per plugin.
    """


@hookspec
def beanframe_register_checks(register: Any) -> None:
    """Register the variant's own conformance checks (``beanframe.testing.CheckRegistry``):
    ``register.position(name, fn)`` with ``fn(game, views) -> list[str]`` runs on every position
    of the kit's random play (``views``: every observer's view of it, the spectator's under None);
    ``register.transition(name, fn)`` with ``fn(before, after, game) -> list[str]`` runs after
    every action on the views before and after it (e.g. the kit's ``hand_order_check(part)`` for
    fixed-order hands). A failure is reported under ``name``, which ``skip=`` also accepts.
    Called by ``beanframe.testing`` once per ruleset, never during play.

    Result: none (checks are collected through ``register``, in dependency order).
    """


def hook_names() -> list[str]:
    """The names of all hooks, for documentation checks."""
    return sorted(name for name, value in globals().items() if name.startswith("beanframe_") and callable(value))
