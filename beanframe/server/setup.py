"""A room's set-up from a JSON request: variants, players, options, seats and an optional seed.

Every problem is a :class:`~beanframe.errors.ConfigError` worded as the command line words it.
Options that name a file (a variant's flag with a ``FILE`` argument, such as Bohnaparte's
``--layout``) are refused: a table must not read the server's files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from attrs import frozen

from beanframe.agents import seat_bot
from beanframe.core.actions import shorten
from beanframe.core.compose import discover, supported_players, variant_info
from beanframe.core.game import Ruleset, compose
from beanframe.core.view import plain_data
from beanframe.errors import ConfigError
from beanframe.server.clock import ClockProfile, parse_clock

HUMAN = "human"
OPEN = "open"  # a seat anyone may claim from the lobby (issue 25)
KEYS = ("variants", "players", "options", "seats", "seed", "clock", "absent")
MAX_SEED = 2**63 - 1


@frozen
class RoomSetup:
    ruleset: Ruleset
    seats: tuple[str, ...]  # "human" or "bot:NAME" per player
    seed: int | None  # None: a fresh one
    clock: ClockProfile | None = None  # None: no clock
    absent: float = 60.0  # seconds gone before a person's seat may be handed to a bot

    def table_fields(self) -> dict[str, Any]:
        """What the room's record keeps of the table: the clock, and the creator's seat (the
        first human one, who may fill open seats with bots)."""
        creator = next((p for p, kind in enumerate(self.seats) if kind == HUMAN), None)
        return {"clock": self.clock.to_data() if self.clock else None, "creator": creator, "absent": self.absent}


def parse_setup(data: Any, plugin_of: Callable[[str], Any] | None = None, default_clock: Any = None) -> RoomSetup:
    """The set-up a ``POST /api/rooms`` body asks for (ConfigError naming the first problem).
    ``plugin_of(name)``: the plugin of a variant name, or None (default: the installed ones);
    ``default_clock``: the clock of a room that names none (``beanframe serve --clock``)."""
    plugin_of = plugin_of or discover().get
    if not isinstance(data, dict):
        raise ConfigError('the request must be a JSON object such as {"variants": ["bohnanza"], "players": 4}')
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise ConfigError(f"unknown key {shorten(unknown[0], 30)} (keys: {', '.join(KEYS)})")
    variants = data.get("variants")
    if isinstance(variants, str):
        variants = [variants]
    if not isinstance(variants, list) or not variants or not all(isinstance(v, str) for v in variants):
        installed = ", ".join(discover()) or "none"
        raise ConfigError(f"'variants' must be a list of variant names (installed variants: {installed})")
    if len(variants) > 16:
        raise ConfigError(f"{len(variants)} variants: at most 16 in one game")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or len(seats) > 64:
        raise ConfigError("'seats' must be a list like [\"human\", \"bot:greedy\"], one per player")
    players = data.get("players")
    names = [_name(v) for v in variants]
    for name, given in zip(names, variants):
        if plugin_of(name) is None:
            known = ", ".join(discover()) or "none"
            raise ConfigError(f"unknown variant {shorten(given, 30)} (installed variants: {known})")
    plugins = [plugin_of(name) for name in names]
    if players is None:
        players = len(seats) if seats else _default_players(plugins)
    if type(players) is not int or not 1 <= players <= 64:
        raise ConfigError(f"'players' must be a whole number of at least 1, not {shorten(players, 20)}")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, dict) for v in options.values()):
        raise ConfigError("'options' must hold one object per variant, e.g. {\"bohnanza\": {\"run_outs\": 2}}")
    options = {_name(k): v for k, v in options.items()}
    _refuse_files(plugins, options)
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise ConfigError(f"'seed' must be a non-negative whole number, not {shorten(seed, 30)}")
    ruleset = compose(plugins, players, options)
    clock = parse_clock(data["clock"] if "clock" in data else default_clock, ruleset.bots)
    absent = data.get("absent", 60)
    if type(absent) not in (int, float) or not 5 <= absent <= 7 * 86400:
        raise ConfigError(f"'absent' must be the seconds (5 to a week) a person is gone before their seat may go to a bot, not {shorten(absent, 20)}")
    return RoomSetup(ruleset, tuple(make_seats(seats, ruleset)), seed, clock, float(absent))


def _name(variant: str) -> str:
    return variant.strip().lower().replace("-", "_")


def _default_players(plugins: list[Any]) -> int:
    """As the CLI: the smallest count of at least 2 the set supports, else its smallest."""
    infos = {}
    for plugin in plugins:
        info = variant_info(plugin)
        infos[info.name] = info
    counts = supported_players(infos, list(infos))
    if not counts:
        return 2
    at_least_two = sorted(c for c in counts if c >= 2)
    return at_least_two[0] if at_least_two else min(counts)


def _refuse_files(plugins: list[Any], options: Mapping[str, Any]) -> None:
    for plugin in plugins:
        info = variant_info(plugin)
        values = options.get(info.name, {})
        for flag in info.flags:
            if flag.metavar.upper() == "FILE" and flag.option in values:
                raise ConfigError(f"option {info.name}.{flag.option} names a file on the server: not possible at a table")


def parse_seat(text: str, ruleset: Ruleset) -> str:
    """``human``, ``open`` or ``bot:NAME`` (a bot of the ruleset), normalised."""
    if text.strip().lower() == OPEN:
        return OPEN
    bot = seat_bot(text, ruleset)
    return HUMAN if bot is None else f"bot:{bot}"


def make_seats(specs: list[str], ruleset: Ruleset) -> list[str]:
    """One seat per player: those given, then (as the CLI) seat 1 human if none was given, and
    bots for the rest."""
    if len(specs) > ruleset.players:
        raise ConfigError(f"{len(specs)} seats given for a {ruleset.players}-player game")
    seats = [parse_seat(s, ruleset) for s in specs]
    if not seats:
        seats.append(HUMAN)
    bot = "greedy" if "greedy" in ruleset.bots else "random"
    while len(seats) < ruleset.players:
        seats.append(f"bot:{bot}")
    return seats


def options_data(ruleset: Ruleset) -> dict[str, Any]:
    """The ruleset's options as plain data (every option with its value), as stored and shown."""
    return {name: plain_data(opts) for name, opts in ruleset.options.items()}
