"""The table around the game at the terminal (issue 25): each seat's clock as of the state's
moment, who a bot plays for, and the table's own log lines (``beanframe join``, ``beanframe play
--clock``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from beanframe.i18n import _


def clock_text(seconds: float) -> str:
    """``4:05``, ``2 h 05``, ``1 d 3 h``."""
    s = max(0, int(seconds))
    if s >= 86400:
        return _("{days} d {hours} h").format(days=s // 86400, hours=s % 86400 // 3600)
    if s >= 3600:
        return _("{hours} h {minutes}").format(hours=s // 3600, minutes=f"{s % 3600 // 60:02d}")
    return f"{s // 60}:{s % 60:02d}"


def clock_line(clocks: Mapping[str, float] | None, running: Iterable[str] = (), bot_plays: Iterable[str] = (), me: str | None = None) -> str | None:
    """``clocks: p1 (you) 4:05 ▶ · p2 5:00 · p3 0:00 (a bot plays)``, or None without a clock."""
    if not clocks:
        return None
    running, bots = set(running), set(bot_plays)
    shown = []
    for seat, seconds in clocks.items():
        who = _("{seat} (you)").format(seat=seat) if seat == me else seat
        text = f"{who} {clock_text(seconds)}"
        if seat in running:
            text += " ▶"
        if seat in bots:
            text += " " + _("(a bot plays)")
        shown.append(text)
    return _("clocks: {clocks}").format(clocks=" · ".join(shown))


def state_clock_line(state: Mapping[str, Any]) -> str | None:
    """The clock line of a seat's state (docs/protocol.md, "The table")."""
    return clock_line(state.get("clocks"), state.get("clock_running", ()), state.get("bot_plays", ()), state.get("seat"))


def takeback_note(state: Mapping[str, Any]) -> str | None:
    """What a seat a bot plays for is told (None if no bot plays for it)."""
    seat = state.get("seat")
    if seat and seat in state.get("bot_plays", ()) and seat not in state.get("given_up", ()):
        return _("a bot plays for you now: type any move to take your seat back")
    return None
