"""Reading a position: :class:`Reading` collects the problems found (each naming its place) and
holds what the readers of the core and of the variants share; ``at``, ``seat``, ``describe`` and
``shown`` write places and values in those messages. Re-exported by :mod:`beanframe.core.position`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any


from beanframe.core.params import close_names
from beanframe.core.scoring import seat_name
from beanframe.i18n import N_, _

if TYPE_CHECKING:
    from beanframe.core.game import Game

NEUTRAL_SEAT = ""  # a seat value for "nobody" where a plugin allows it (neutral land)


class Reading:
    """One position being read: the problems found so far and what readers share.

    ``problem(place, message)`` notes a problem (one line: ``place: message``); the checkers below
    return the value when it is right, else note the problem and return None. ``notes`` is
    scratch space for the readers and completers of this position (e.g. the bean family's card
    ledger); it is dropped once the game starts.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.problems: list[str] = []
        self.notes: dict[str, Any] = {}

    def problem(self, place: str, message: str) -> None:
        self.problems.append(f"{place}: {message}")

    # -- plain values -------------------------------------------------------------------------
    def table(self, place: str, value: Any, keys: Iterable[str] | None = None) -> dict[str, Any] | None:
        """A table (a mapping with text keys); with ``keys`` every key must be one of them."""
        if not isinstance(value, dict):
            self.problem(place, _("expected a table, not {value}").format(value=describe(value)))
            return None
        if keys is not None:
            known = list(keys)
            for key in value:
                if key not in known:
                    self.problem(f"{place}.{key}" if place else key, _("unknown key") + close_names(key, known))
        return value

    def listing(self, place: str, value: Any, length: int | None = None, what: str = N_("entries")) -> list[Any] | None:
        """A list (of exactly ``length`` entries when given; ``what`` names them in the message:
        mark it ``N_("...")``, it is said in the reader's language)."""
        if not isinstance(value, list):
            self.problem(place, _("expected a list, not {value}").format(value=describe(value)))
            return None
        if length is not None and len(value) != length:
            self.problem(place, _("expected {n} {what}, not {found}").format(n=length, what=_(what), found=len(value)))
            return None
        return value

    def whole(self, place: str, value: Any, low: int | None = 0, high: int | None = None) -> int | None:
        """A whole number within ``low..high`` (None: no bound)."""
        if type(value) is not int:
            self.problem(place, _("expected a whole number, not {value}").format(value=describe(value)))
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                said = _("{value} is out of range (expected from {low} to {high})")
            elif low is not None:
                said = _("{value} is out of range (expected at least {low})")
            else:
                said = _("{value} is out of range (expected at most {high})")
            self.problem(place, said.format(value=value, low=low, high=high))
            return None
        return value

    def flag(self, place: str, value: Any) -> bool | None:
        if type(value) is not bool:
            self.problem(place, _("expected true or false, not {value}").format(value=describe(value)))
            return None
        return value

    def text(self, place: str, value: Any, choices: Sequence[str] | None = None) -> str | None:
        """A text (one of ``choices`` when given)."""
        if type(value) is not str:
            self.problem(place, _("expected text, not {value}").format(value=describe(value)))
            return None
        if choices is not None and value not in choices:
            self.problem(place, _("unknown value {value}").format(value=repr(value)) + close_names(value, choices))
            return None
        return value

    def seat(self, place: str, value: Any, nobody: bool = False) -> int | None:
        """A player's seat ("p1", "p2", ...) as a 0-based player; with ``nobody``, ``""`` is -1."""
        n = self.game.players
        if nobody and value == NEUTRAL_SEAT:
            return -1
        if type(value) is str and value.startswith("p") and value[1:].isdigit():
            p = int(value[1:]) - 1
            if 0 <= p < n:
                return p
        seats = ", ".join(seat_name(p) for p in range(n))
        if nobody:
            self.problem(place, _('no seat {value} (seats: {seats}, or "" for nobody)').format(value=shown(value), seats=seats))
        else:
            self.problem(place, _("no seat {value} (seats: {seats})").format(value=shown(value), seats=seats))
        return None

    def per_player(self, place: str, value: Any, what: str) -> list[Any] | None:
        """A list with one entry per player."""
        return self.listing(place, value, self.game.players, what)


def seat(player: int) -> str:
    """A 0-based player as its seat ("p1"); -1 (nobody) as ""."""
    return NEUTRAL_SEAT if player < 0 else seat_name(player)


def describe(value: Any) -> str:
    """A value as a problem names it: a short prefix and its kind."""
    return f"{shown(value)} ({_kind(value)})"


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: Any) -> str:
    kinds = {dict: _("a table"), list: _("a list"), str: _("text"), bool: _("true/false"), int: _("a whole number")}
    return kinds.get(type(value), type(value).__name__)


def at(place: str, *index: int | str) -> str:
    """``place`` followed by list indexes and keys: ``at("beans.hands", 2, 4)`` is
    ``beans.hands[2][4]``; a text key is added with a dot."""
    for i in index:
        place = f"{place}[{i}]" if isinstance(i, int) else f"{place}.{i}"
    return place
