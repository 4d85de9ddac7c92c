"""Score sheets, results and per-game statistics.

The sheet has a seat per player ("p1", "p2", ...) and the seats the variants register with
``beanframe_register_seats`` (a side that is not a player, such as Al Cabohne's mafia). The core
knows no seat by name beyond the players'.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from attrs import define, field, frozen

from beanframe.core.actions import shorten

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset

_PLAYER_SEAT = re.compile(r"p[1-9][0-9]*")


def seat_name(player: int) -> str:
    """The seat name of a 0-based player index: "p1", "p2", ..."""
    return f"p{player + 1}"


def is_player_seat(seat: str) -> bool:
    """Whether ``seat`` names a player ("p1", "p2", ...), not a registered seat."""
    return _PLAYER_SEAT.fullmatch(seat) is not None


@define
class ScoreSheet:
    """Score lines per seat: the players' seats, then the registered ones, in that order. Adding
    to a seat the game does not have is a plugin's mistake (ValueError naming the seats)."""

    seats: list[str]
    lines: dict[str, list[tuple[str, int]]] = field(factory=dict)

    def add(self, seat: str, label: str, points: int) -> None:
        if seat not in self.seats:
            raise ValueError(f"no seat {shorten(seat)} on the score sheet (seats: {', '.join(self.seats)})")
        self.lines.setdefault(seat, []).append((label, points))

    def clear(self, seat: str) -> None:
        self.lines.pop(seat, None)

    def total(self, seat: str) -> int:
        return sum(points for _, points in self.lines.get(seat, ()))

    def totals(self) -> dict[str, int]:
        return {seat: self.total(seat) for seat in self.seats}


@frozen
class Result:
    """The outcome of a finished game.

    ``scores`` maps every seat (the players', then the registered seats) to its total;
    ``winners`` lists the winning seats (several: a shared win); ``lines`` itemises the totals;
    ``players`` is the player count (the first ``players`` seats are "p1", "p2", ...).
    """

    scores: dict[str, int]
    winners: tuple[str, ...]
    lines: dict[str, tuple[tuple[str, int], ...]]
    players: int = 0

    def won(self, seat: str) -> bool:
        """Whether ``seat`` ("p1", or a registered seat) is among the winners."""
        return seat in self.winners

    def player_scores(self) -> list[int]:
        """The players' totals, in seat order (registered seats left out)."""
        return [self.scores[seat_name(p)] for p in range(self.players)]

    @classmethod
    def from_sheet(cls, sheet: ScoreSheet, winners: list[str], players: int = 0) -> Result:
        return cls(
            scores=sheet.totals(),
            winners=tuple(winners),
            lines={seat: tuple(sheet.lines.get(seat, ())) for seat in sheet.seats},
            players=players,
        )


def highest_total(sheet: ScoreSheet) -> list[str]:
    """The seats with the highest total (the core's default winner rule)."""
    totals = sheet.totals()
    if not totals:
        return []
    best = max(totals.values())
    return [seat for seat, total in totals.items() if total == best]


# --------------------------------------------------------------------------------------------
# Per-game statistics (beanframe_game_stats)
# --------------------------------------------------------------------------------------------

_stats_impls: WeakKeyDictionary = WeakKeyDictionary()


def _ordered_impls(ruleset: Ruleset, hook: str) -> list[tuple[str, Any, tuple[str, ...]]]:
    """(plugin, function, argument names) of a hook's implementations in dependency order."""
    rank = {name: i for i, name in enumerate(ruleset.plugin_order)}
    impls = getattr(ruleset.pm.hook, hook).get_hookimpls()
    ordered = sorted(impls, key=lambda h: rank.get(h.plugin_name, len(rank)))
    return [(h.plugin_name, h.function, tuple(h.argnames)) for h in ordered]


def game_stats(game: Game) -> dict[str, float]:
    """The statistics the variants report for a finished game (``beanframe_game_stats``): one
    dict, merged in dependency order (a later variant's value for a name replaces an earlier
    one's). The implementations are collected once per ruleset, so no pluggy call per game."""
    rs = game.ruleset
    impls = _stats_impls.get(rs)
    if impls is None:
        impls = _stats_impls[rs] = _ordered_impls(rs, "beanframe_game_stats")
    stats: dict[str, float] = {}
    for name, function, argnames in impls:
        found = function(**{a: game for a in argnames})  # the hook's only argument is ``game``
        if not isinstance(found, dict):
            raise ValueError(f"{name}: beanframe_game_stats returned {shorten(found)}, not a dict of numbers")
        for key, value in found.items():
            if type(key) is not str or type(value) not in (int, float, bool):
                raise ValueError(f"{name}: beanframe_game_stats gave {shorten(key)}: {shorten(value)}, not a name and a number")
            stats[key] = float(value)
    return stats
