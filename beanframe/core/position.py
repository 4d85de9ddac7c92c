"""Positions: a game in progress, described in the game's own terms (issue 21).

A position is a mapping of plain data (what a JSON or TOML file holds). The core's keys say where
the game stands; each state part has a table of its own, named after the part, which its plugin
reads and writes (``beanframe_register_positions``)::

    format = "beanframe-position"      # optional; a position file says so
    variants = ["al_cabohne"]          # optional: checked against the ruleset
    players = 2                        # optional: checked likewise
    seed = 7                           # optional: else new_game's seed, else a fresh one
    chance = 12                        # optional: random streams drawn so far (default 0)
    stage = "turns"                    # setup, turns, end or over (default turns)
    turn = 5                           # default 1 (0 in set-up)
    active = "p1"                      # whose turn (default p1)
    next = "p2"                        # optional: a player chosen to move next (game.set_next_player)
    phase = "play"                     # optional: a phase of the stage (default: its first)
    ending = "no"                      # or "after_turn" (game.end_game() was asked)
    stack = [{kind = "play", player = "p1", args = [0]}]   # optional: the pending decisions, bottom first

    [beans]                            # one table per part: the plugin's own terms
    hands = [["Feuerbohne"], ["blue", "soy"]]

Without a ``stack`` the game starts by entering ``phase`` (asking its skip rule first, as the
driver always does; at a turn's first phase the ``turn`` event comes first), and the engine runs
from there to the next decision. With a ``stack`` the decisions are pending as written (``phase`` is
then the phase they belong to), so ``game.position()`` of a game in the middle of a decision (a
trade, an attack) starts a game that goes on exactly like it: same seed and chance counter, same
parts, same decisions.

A part whose plugin registers nothing is written and read in the save files' generic form.
Every problem of a position is one line naming its place (``beans.hands[2][4]: unknown bean
'Fierbohne' (beans: ...)``); a position with problems raises one :class:`PositionError` listing
them all. A position holds everything, like a save file (every hand, the deck order, the seed):
it is for the engine, bug reports and analysis, never to be shown to a player mid-game.
"""

from __future__ import annotations

import copy
import json
import math
import tomllib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import cattrs

from beanframe.core.limits import MAX_DEPTH, MAX_INT_BITS, loads_json, loads_toml
from beanframe.core.limits import problem as limits_problem
from beanframe.core.params import close_names
from beanframe.core.saves import CONVERTER as _converter
from beanframe.core.state import END, END_AFTER_TURN, NOT_ENDING, OVER, SETUP, STAGE_NAMES, TURNS, Frame
from beanframe.core.strict import problems as cattrs_problems
from beanframe.errors import PositionError
from beanframe.i18n import _

# the reader's helpers live in reading.py; re-exported here, where the variants import them from
from beanframe.core.reading import NEUTRAL_SEAT as NEUTRAL_SEAT
from beanframe.core.reading import Reading as Reading
from beanframe.core.reading import seat as seat
from beanframe.core.reading import describe as describe
from beanframe.core.reading import shown as shown
from beanframe.core.reading import at as at

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset

FORMAT = "beanframe-position"
#: the values of ``ending``, by ``State.ending`` (an "end now" never rests: the driver ends at once)
ENDINGS = ("no", "after_turn")
#: the core's keys; no part may take one of these names
CORE_KEYS = (
    "format", "variants", "players", "options", "seed", "chance", "stage", "turn", "active", "next", "phase",
    "ending", "stack",
)  # fmt: skip


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def write_position(game: Game) -> dict[str, Any]:
    """The current position of ``game`` (see the module): plain data, JSON-able."""
    rs = game.ruleset
    s = game.state
    out: dict[str, Any] = {
        "format": FORMAT,
        "variants": list(rs.order),
        "players": s.players,
        "options": {name: _converter.unstructure(opts) for name, opts in rs.options.items()},
        "seed": s.seed,
        "chance": s.chance,
        "stage": STAGE_NAMES[s.stage],
        "turn": s.turn,
        "active": seat(s.active),
    }
    phase = game.phase
    if phase is not None:
        out["phase"] = phase.name
    if s.next_active >= 0:
        out["next"] = seat(s.next_active)
    out["ending"] = ENDINGS[s.ending] if s.ending < len(ENDINGS) else ENDINGS[END_AFTER_TURN]
    if s.stack:
        out["stack"] = [_write_frame(f) for f in s.stack]
    for name, part in s.parts.items():
        io = rs.part_positions.get(name)
        out[name] = _converter.unstructure(part) if io is None else io.write(game)
    return out


def _write_frame(frame: Frame) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": frame.kind, "player": seat(frame.player), "args": list(frame.args)}
    if frame.group:
        out["group"] = [seat(p) for p in frame.group]
    return out


def position_text(position: Mapping[str, Any]) -> str:
    """A position as the text of a position file: canonical JSON (sorted keys)."""
    return json.dumps(position, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def parse_position(text: str, source: str = "position") -> dict[str, Any]:
    """The position a file's text holds: JSON when ``source`` ends in ``.json`` (or the text is a
    JSON object), else TOML (read with tomllib; nothing is evaluated). PositionError naming
    ``source`` when it is neither, or not a table."""
    stripped = text.lstrip()
    as_json = source.lower().endswith(".json") or (stripped.startswith("{") and not source.lower().endswith(".toml"))
    try:
        data = loads_json(text) if as_json else loads_toml(text)
    except json.JSONDecodeError as exc:
        raise PositionError(_("{source}: not valid JSON ({problem})").format(source=source, problem=exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise PositionError(_("{source}: not valid TOML ({problem})").format(source=source, problem=exc)) from None
    except ValueError as exc:  # thousands of digits, deep nesting
        raise PositionError(f"{source}: {exc}") from None
    if not isinstance(data, dict):
        raise PositionError(_("{source}: a position is a table (a JSON object), not {value}").format(source=source, value=describe(data)))
    if data.get("format") == "beanframe-save":
        raise PositionError(_("{source} is a save file: continue it with --load (beanframe position {source} writes its position)").format(source=source))
    return data


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def plain_position(position: Any) -> dict[str, Any]:
    """A copy of ``position`` as plain data (tables with text keys, lists, text, numbers, true
    and false); PositionError if it is not such a mapping. The caller's mapping is never kept
    or changed."""
    if not isinstance(position, Mapping):
        raise PositionError(_("position: expected a table (a mapping), not {value}").format(value=describe(position)))
    try:
        return _copy(position, 0)
    except _NotPlain:
        pass
    problems: list[str] = []  # the slow walk, only for a mapping that is not plain: every place
    data = _plain(position, "", problems)
    if not problems:
        deep = limits_problem(data)
        problems.append(_("position: {problem}").format(problem=deep or _("not plain data")))
    raise PositionError(problems)


class _NotPlain(Exception):
    pass


_LEAVES = (str, bool, int, float, type(None))


def _copy(value: Any, depth: int) -> Any:
    """The fast copy of plain data (no places kept): _NotPlain at anything else, too deep a
    nesting or too large a number (the limits of :mod:`beanframe.core.limits`)."""
    if depth > MAX_DEPTH:
        raise _NotPlain
    kind = type(value)
    if kind is dict or isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if type(k) is not str:
                raise _NotPlain
            out[k] = v if type(v) in _LEAVES and _fine(v) else _copy(v, depth + 1)
        return out
    if kind is list or kind is tuple:
        return [v if type(v) in _LEAVES and _fine(v) else _copy(v, depth + 1) for v in value]
    if kind in _LEAVES and _fine(value):
        return value
    raise _NotPlain


def _fine(leaf: Any) -> bool:
    kind = type(leaf)
    if kind is int:
        return leaf.bit_length() <= MAX_INT_BITS
    if kind is float:
        return math.isfinite(leaf)
    return True


def _plain(value: Any, place: str, problems: list[str]) -> Any:
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if type(k) is not str:
                problems.append(_("{place}: a key {key} that is not text").format(place=place or _("position"), key=shown(k)))
                continue
            out[k] = _plain(v, f"{place}.{k}" if place else k, problems)
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(v, f"{place}[{i}]", problems) for i, v in enumerate(value)]
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            problems.append(_("{place}: {value} is not a number a position can hold").format(place=place, value=value))
        return value
    problems.append(_("{place}: {value} is not plain data (tables, lists, text, numbers, true/false)").format(place=place, value=describe(value)))
    return None


def position_seed(data: Mapping[str, Any], seed: int | None) -> int | None:
    """The game's seed: ``seed`` (new_game's), else the position's; both given and different is
    a PositionError."""
    given = data.get("seed")
    if given is None:
        return seed
    if type(given) is not int or given < 0:
        raise PositionError(_("seed: expected a non-negative whole number, not {value}").format(value=describe(given)))
    if seed is not None and seed != given:
        raise PositionError(_("seed: the position says {given}, the game is started with seed {seed}: give one of them").format(given=given, seed=seed))
    return given


def read_position(game: Game, data: dict[str, Any]) -> None:
    """Fill the fresh ``game`` (parts made by their factories) from the position ``data`` and
    start it there; PositionError listing every problem (the game is then not to be used)."""
    rs = game.ruleset
    reading = Reading(game)
    _check_keys(rs, data, reading)
    _check_setup(rs, data, reading)
    s = game.state
    chance = data.get("chance", 0)
    if reading.whole("chance", chance) is not None:
        s.chance = chance
    where = _read_core(game, data, reading)
    for name in s.parts:
        section = data.get(name)
        io = rs.part_positions.get(name)
        if io is None:
            if section is not None:
                _read_generic(game, name, section, reading)
            continue
        if section is None:
            section = {}
        if reading.table(name, section) is None:
            continue
        io.read(game, section, reading)
    for name in s.parts:
        io = rs.part_positions.get(name)
        if io is not None and io.complete is not None:
            io.complete(game, reading)
    if reading.problems:
        raise PositionError(reading.problems)
    _start(game, *where)


def _check_keys(rs: Ruleset, data: Mapping[str, Any], reading: Reading) -> None:
    parts = list(rs.part_factories)
    for key in data:
        if key not in CORE_KEYS and key not in parts:
            reading.problem(key, _("no such key or part") + close_names(key, [*CORE_KEYS, *parts]))
    fmt = data.get("format")
    if fmt is not None and fmt != FORMAT:
        reading.problem("format", _("expected {format}, not {value}").format(format=repr(FORMAT), value=shown(fmt)))


def _check_setup(rs: Ruleset, data: Mapping[str, Any], reading: Reading) -> None:
    """What the position says of the set-up (variants, players, options) must be the ruleset's."""
    variants = data.get("variants")
    if variants is not None:
        if isinstance(variants, str):
            variants = [variants]
        if reading.listing("variants", variants) is not None:
            names = {str(v).strip().lower().replace("-", "_") for v in variants}
            if names != set(rs.order):
                reading.problem("variants", _("the position is of {position}, the game of {game}").format(position=" + ".join(map(str, variants)), game=rs.name))
    players = data.get("players")
    if players is not None and players != rs.players:
        reading.problem("players", _("the position is for {position} players, the game has {game}").format(position=shown(players), game=rs.players))
    options = data.get("options")
    if options is None or reading.table("options", options) is None:
        return
    for variant, values in options.items():
        if variant not in rs.options:
            reading.problem(f"options.{variant}", _("no variant of this game") + close_names(variant, rs.options))
            continue
        if reading.table(f"options.{variant}", values) is None:
            continue
        have = _converter.unstructure(rs.options[variant])
        for key, value in values.items():
            if key not in have:
                reading.problem(f"options.{variant}.{key}", _("no such option") + close_names(key, have))
            elif have[key] != value:
                reading.problem(f"options.{variant}.{key}", _("the position says {position}, the game is composed with {game}").format(position=shown(value), game=shown(have[key])))


def _read_generic(game: Game, name: str, section: Any, reading: Reading) -> None:
    """A part without position functions: its save form (every attrs field, unstructured)."""
    cls = game.ruleset.part_classes[name]
    try:
        game.state.parts[name] = _converter.structure(copy.deepcopy(section), cls)
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError) as exc:
        for place, what in cattrs_problems(exc, name):
            reading.problem(place, what)


def _read_core(game: Game, data: Mapping[str, Any], reading: Reading) -> tuple[int, int | None, list[Frame] | None]:
    """The core's keys into the state: (stage, phase index or None, stack or None)."""
    rs = game.ruleset
    s = game.state
    stage_name = data.get("stage", "turns")
    stage = TURNS
    if reading.text("stage", stage_name, STAGE_NAMES) is not None:
        stage = STAGE_NAMES.index(stage_name)
    s.stage = stage
    turn = data.get("turn", 0 if stage == SETUP else 1)
    if reading.whole("turn", turn, 0 if stage == SETUP else 1) is not None:
        s.turn = turn
    if "active" in data:
        active = reading.seat("active", data["active"])
        if active is not None:
            s.active = active
    if "next" in data:
        if stage != TURNS:
            reading.problem("next", _("a next player is chosen only during the turns"))
        nxt = reading.seat("next", data["next"])
        if nxt is not None:
            s.next_active = nxt
    ending = data.get("ending", ENDINGS[NOT_ENDING])
    if reading.text("ending", ending, ENDINGS) is not None:
        s.ending = ENDINGS.index(ending)
    phase: int | None = None
    phases = rs.pipeline.stage(stage) if stage != OVER else ()
    if "phase" in data:
        name = reading.text("phase", data["phase"])
        names = [p.name for p in phases]
        if stage == OVER:
            reading.problem("phase", _("a game that is over is in no phase"))
        elif name is not None and name not in names:
            reading.problem("phase", _("no {stage} phase {name}").format(stage=STAGE_NAMES[stage], name=repr(name)) + close_names(name, names))
        elif name is not None:
            phase = names.index(name)
    stack: list[Frame] | None = None
    if "stack" in data:
        stack = _read_stack(game, data["stack"], reading)
        if stack and stage == OVER:
            reading.problem("stack", _("a game that is over has no pending decisions"))
        elif stack and phase is None:
            reading.problem("stack", _("name the phase these decisions belong to (phase = ...)"))
    return stage, phase, stack


def _read_stack(game: Game, value: Any, reading: Reading) -> list[Frame] | None:
    frames = reading.listing("stack", value)
    if frames is None:
        return None
    steps = game.ruleset.steps
    out = []
    for i, raw in enumerate(frames):
        place = at("stack", i)
        entry = reading.table(place, raw, ("kind", "player", "args", "group"))
        if entry is None:
            continue
        kind = reading.text(f"{place}.kind", entry.get("kind"))
        if kind is not None and kind not in steps:
            reading.problem(f"{place}.kind", _("no decision step {kind}").format(kind=repr(kind)) + close_names(kind, steps))
            kind = None
        player = reading.seat(f"{place}.player", entry.get("player"))
        args = reading.listing(f"{place}.args", entry.get("args", []))
        if args is not None and any(type(a) is not int for a in args):
            reading.problem(f"{place}.args", _("expected whole numbers, not {value}").format(value=shown(args)))
            args = None
        group: list[int | None] = []
        if "group" in entry and reading.listing(f"{place}.group", entry["group"]) is not None:
            group = [reading.seat(at(f"{place}.group", k), g) for k, g in enumerate(entry["group"])]
            if len(set(group)) != len(group):
                reading.problem(f"{place}.group", _("a seat twice"))
        if kind is None or player is None or args is None or None in group:
            continue
        out.append(Frame(kind, player, tuple(args), tuple(g for g in group if g is not None)))
    return out


def _start(game: Game, stage: int, phase: int | None, stack: list[Frame] | None) -> None:
    """Start the game where the position stands and run the engine to the next decision."""
    s = game.state
    if stage == OVER:
        s.phase = -1
        return
    if stack:
        s.phase = phase if phase is not None else 0
        s.stack[:] = stack
        game._advance()
        return
    if phase is None or phase == 0:
        s.phase = -1
        if stage == TURNS:  # the start of a turn, as the driver starts one
            game.emit("turn", s.turn, s.active)
    else:
        s.phase = phase - 1
    if stage in (SETUP, TURNS, END):
        game._advance()
