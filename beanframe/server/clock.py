"""A room's clock (issue 25): how much time each seat has, measured by the server.

A clock is chosen when the room is created (:func:`parse_clock`): none, **real time** (a bank per
seat, an increment after each of the seat's own decisions, capped) or **turn-based** (so many
seconds per decision). A **group decision** (several seats decide at once, Bohnanza's trade) runs
the decision's owner (the frame's player: the active player) on its own clock, the others on a
short **group clock** of their own for that decision, so one slow seat cannot hold the others; the
group clock never ends the decision itself (ending the trade stays the active player's choice).

:class:`Clocks` is plain bookkeeping with the time passed in (``now``, from the server's
monotonic clock, injected in tests): it knows nothing of rooms or bots. A seat whose time has run
out is **out**: a bot decides for it until the person acts again (for a group clock: only in that
group decision; the seat's own time is untouched). Nothing is charged while no clock runs (while
seats are still open, or across a restart: the room's clocks start again from what was stored).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from attrs import frozen

from beanframe.core.actions import shorten
from beanframe.errors import ConfigError

if TYPE_CHECKING:
    from beanframe.core.game import Game

REAL_TIME = "real time"
TURN_BASED = "turn-based"
MAX_SECONDS = 30 * 86400  # a month per decision at most

#: named profiles for ``beanframe serve --clock`` and the create form (see docs/protocol.md)
PROFILES: dict[str, dict[str, float]] = {
    "blitz": {"bank": 120, "increment": 8, "group": 20},
    "fast": {"bank": 300, "increment": 15, "group": 30},
    "normal": {"bank": 600, "increment": 25, "group": 45},
    "day": {"per_decision": 86400},
    "2days": {"per_decision": 2 * 86400},
    "week": {"per_decision": 7 * 86400},
}


@frozen
class ClockProfile:
    """What a room's clock gives: ``kind`` is :data:`REAL_TIME` (``bank`` seconds, ``increment``
    after each own decision, never above ``cap``) or :data:`TURN_BASED` (``bank`` is the time per
    decision); ``group``: a non-owner's time in a group decision; ``bot``: who decides for a seat
    that ran out of time."""

    kind: str
    bank: float
    increment: float
    cap: float
    group: float
    bot: str

    def to_data(self) -> dict[str, Any]:
        """As ``POST /api/rooms`` takes it (and as it is stored and shown)."""
        if self.kind == TURN_BASED:
            return {"per_decision": self.bank, "group": self.group, "bot": self.bot}
        return {"bank": self.bank, "increment": self.increment, "cap": self.cap, "group": self.group, "bot": self.bot}

    def comeback(self) -> float:
        """The time a person who ran out has after acting again (real time: at least the group
        clock's, so that even a room without increment gives them a decision's time)."""
        return max(self.increment, self.group)


def _seconds(data: dict[str, Any], key: str, default: float | None = None, zero: bool = False) -> float:
    value = data.get(key, default)
    small = type(value) in (int, float) and (value < 0 if zero else value <= 0)
    if type(value) not in (int, float) or small or value > MAX_SECONDS:
        least = "0" if zero else "more than 0"
        raise ConfigError(f"clock: {key!r} must be a number of seconds, {least} and at most {MAX_SECONDS}, not {shorten(value, 20)}")
    return float(value)


def parse_clock(data: Any, bots: Iterable[str] = ("greedy", "random")) -> ClockProfile | None:
    """The clock a request asks for: None, ``"none"``, a profile's name (:data:`PROFILES`), or
    ``{"bank": S, "increment": S}`` / ``{"per_decision": S}`` with optional ``cap``, ``group``,
    ``bot``. ConfigError naming the problem."""
    if data is None or data == "none":
        return None
    if isinstance(data, str):
        if data not in PROFILES:
            raise ConfigError(f"unknown clock {shorten(data, 20)} (clocks: none, {', '.join(PROFILES)}, or {{\"bank\": S, \"increment\": S}})")
        data = PROFILES[data]
    if not isinstance(data, dict):
        raise ConfigError('the clock must be {"bank": SECONDS, "increment": SECONDS}, {"per_decision": SECONDS}, a profile name or none')
    keys = {"bank", "increment", "cap", "group", "bot", "per_decision"}
    unknown = [k for k in data if k not in keys]
    if unknown:
        raise ConfigError(f"clock: unknown key {shorten(unknown[0], 20)} (keys: bank, increment, cap, group, bot; or per_decision)")
    bots = list(bots)
    bot = data.get("bot", "greedy" if "greedy" in bots else bots[0] if bots else "random")
    if bot not in bots:
        raise ConfigError(f"clock: no bot {shorten(bot, 20)} for this game (bots: {', '.join(bots)})")
    if "per_decision" in data:
        if "bank" in data or "increment" in data:
            raise ConfigError("clock: give either per_decision (turn-based) or bank and increment (real time)")
        per = _seconds(data, "per_decision")
        group = min(_seconds(data, "group", per), per)
        return ClockProfile(TURN_BASED, per, 0.0, per, group, bot)
    if "bank" not in data:
        raise ConfigError('clock: give "bank" (seconds per seat) or "per_decision" (seconds per decision)')
    bank = _seconds(data, "bank")
    increment = _seconds(data, "increment", 0, zero=True)
    cap = max(_seconds(data, "cap", bank), bank)
    group = _seconds(data, "group", min(30.0, bank))
    return ClockProfile(REAL_TIME, bank, increment, cap, group, bot)


class Clocks:
    """Each seat's time, as of the last moment it was charged (see the module). ``seats``: the
    seats that have a clock (people's seats, not the room's own bots)."""

    def __init__(self, profile: ClockProfile, seats: Iterable[int], now: float) -> None:
        self.profile = profile
        self.left: dict[int, float] = {p: profile.bank for p in seats}  # own time (bank or this decision's)
        self.group_left: dict[int, float] = {}  # non-owners' time in the group decision now
        self.group_key: list[Any] | None = None  # which group decision group_left belongs to
        self.out: set[int] = set()  # ran out: a bot decides for them until they act
        self.group_out: set[int] = set()  # ran out of the group decision now (only it)
        self.deciding: set[int] = set()  # the seats that decided at the last moment
        self.running: dict[int, str] = {}  # seat -> "own" or "group": the clocks running now
        self.since = now

    # -- what runs -------------------------------------------------------------------------
    def look(self, game: Game, paused: bool, now: float) -> None:
        """Set which clocks run from now, for the game as it is (call after :meth:`charge`)."""
        self.since = now
        deciders = set(game.deciders) if not game.is_over else set()
        frame = game.frame
        owner = getattr(frame, "player", None)
        group = len(deciders) > 1 and owner in deciders
        key = [game.state.turn, getattr(frame, "kind", None), owner] if group else None
        if key != self.group_key:
            self.group_key = key
            self.group_out = set()
            self.group_left = {p: self.profile.group for p in deciders if p != owner and p in self.left} if group else {}
        if self.profile.kind == TURN_BASED:
            for p in deciders - self.deciding:  # a new decision: its own time
                if p in self.left and p not in self.out:
                    self.left[p] = self.profile.bank
        self.deciding = deciders
        self.running = {}
        if paused:
            return
        for p in deciders:
            if p not in self.left or p in self.out:
                continue
            if p in self.group_left:
                if p not in self.group_out:
                    self.running[p] = "group"
            else:
                self.running[p] = "own"

    def charge(self, now: float) -> None:
        """Take the time since the last moment from the clocks that ran."""
        spent = max(0.0, now - self.since)
        self.since = now
        for p, which in self.running.items():
            store = self.group_left if which == "group" else self.left
            store[p] = max(0.0, store[p] - spent)

    def acted(self, player: int, by_bot: bool) -> bool:
        """The seat acted (call after :meth:`charge`, before :meth:`look`); True if a person who
        had run out took their seat back."""
        if player not in self.left or by_bot:
            return False
        back = player in self.out
        self.out.discard(player)
        self.group_out.discard(player)
        if self.profile.kind == TURN_BASED:
            self.left[player] = self.profile.bank
        elif back:
            self.left[player] = min(self.profile.cap, self.left[player] + self.profile.comeback())
        elif self.running.get(player) == "own":
            self.left[player] = min(self.profile.cap, self.left[player] + self.profile.increment)
        return back

    def expire(self) -> list[tuple[int, str]]:
        """The running clocks that reached zero (call after :meth:`charge`): their seats are out
        ("own": until the person acts; "group": of this group decision). Returns (seat, which)."""
        gone = []
        for p, which in list(self.running.items()):
            if (self.group_left if which == "group" else self.left)[p] <= 0:
                (self.group_out if which == "group" else self.out).add(p)
                del self.running[p]
                gone.append((p, which))
        return gone

    def substituted(self) -> set[int]:
        """The seats a bot decides for now (out, or out of the group decision now)."""
        return (self.out & self.deciding) | self.group_out

    def next_expiry(self) -> float | None:
        """Seconds from the last moment until a running clock reaches zero, or None."""
        times = [(self.group_left if w == "group" else self.left)[p] for p, w in self.running.items()]
        return min(times) if times else None

    # -- what seats are told ----------------------------------------------------------------
    def seconds_left(self, now: float) -> dict[int, float]:
        """Each seat's time as of ``now``: the group clock for a seat deciding in a group decision."""
        spent = max(0.0, now - self.since)
        shown = {}
        for p, own in self.left.items():
            which = self.running.get(p)
            value = self.group_left[p] if p in self.group_left and p in self.deciding else own
            if which is not None:
                value -= spent
            shown[p] = round(max(0.0, value), 1)
        return shown

    # -- stored ------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {"left": {str(p): v for p, v in self.left.items()}, "group_left": {str(p): v for p, v in self.group_left.items()},
                "group_key": self.group_key, "out": sorted(self.out), "group_out": sorted(self.group_out),
                "deciding": sorted(self.deciding), "running": {str(p): w for p, w in self.running.items()}}  # fmt: skip

    @classmethod
    def from_data(cls, profile: ClockProfile, data: dict[str, Any], now: float) -> Clocks:
        clocks = cls(profile, (), now)
        clocks.left = {int(p): float(v) for p, v in data["left"].items()}
        clocks.group_left = {int(p): float(v) for p, v in data["group_left"].items()}
        clocks.group_key = data["group_key"]
        clocks.out, clocks.group_out = set(data["out"]), set(data["group_out"])
        clocks.deciding = set(data["deciding"])
        clocks.running = {int(p): w for p, w in data["running"].items()}
        return clocks
