"""A token bucket: how fast something may happen on average, and how much at once. The table
server limits each connection's messages with one (``beanframe.server.limits``); the table's
client keeps under that limit with another (``beanframe.client``). Imports nothing of beanframe."""

from __future__ import annotations

import time
from collections.abc import Callable


class Bucket:
    """A token bucket: ``allow()`` is True while the average stays under ``rate`` a second with
    at most ``burst`` at once."""

    __slots__ = ("rate", "burst", "tokens", "at", "clock")

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = clock  # seconds; a test injects its own
        self.at = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def allow(self) -> bool:
        """Whether one more may happen now (it is counted if so)."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until :meth:`allow` is True (0: now); nothing is counted."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate
