"""``beanframe play --clock``: the table's clocks at one terminal (issue 25 §1).

The same clock as a table's (:mod:`beanframe.server.clock`), charged from this machine's monotonic
clock while a person's decision is on the screen, and shown on the board. At one terminal the
person whose decision it is sits at the keyboard: when their time has run out, the move they type
is theirs (it takes the seat back, as at a table), and the board says so; the clock shows who is
slow, it does not hand a seat at this terminal to a bot."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from beanframe.core.scoring import seat_name
from beanframe.i18n import _
from beanframe.server.clock import Clocks, ClockProfile

from .clockline import clock_line


class TerminalClock:
    """Each human seat's time in a game at the terminal."""

    def __init__(self, profile: ClockProfile, game: Any, humans: Sequence[int], now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.profile = profile
        self.clocks = Clocks(profile, humans, now())
        self.clocks.look(game, False, self.clocks.since)

    def line(self, viewer: int | None) -> str | None:
        """The clock line of the board (``clocks: p1 (you) 4:05 ▶ · p2 5:00``)."""
        left = self.clocks.seconds_left(self.now())
        running = [seat_name(p) for p in self.clocks.running]
        return clock_line({seat_name(p): v for p, v in sorted(left.items())}, running, (), seat_name(viewer) if viewer is not None else None)

    def acted(self, game: Any, player: int) -> list[str]:
        """Charge the time up to this action by ``player``; the lines to print."""
        clocks = self.clocks
        clocks.charge(self.now())
        lines = [_("{seat} ran out of time").format(seat=seat_name(p)) for p, which in clocks.expire() if which == "own"]
        if clocks.acted(player, by_bot=False):
            lines.append(
                _("{seat} played on after their time ran out: {seconds} s for the next decisions").format(
                    seat=seat_name(player), seconds=f"{self.clocks.left[player]:g}"
                )
            )
        clocks.look(game, False, clocks.since)
        return lines
