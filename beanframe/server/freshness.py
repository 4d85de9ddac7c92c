"""The version rule: which old versions a seat may still act on.

Every action names the version its seat chose it at. An action against the current version is
taken (if legal). One against an older version V is taken too when nothing that seat decided on
has changed since V: the seat has not acted since V, and its legal choices now are the ones it
had at V (the same actions in the same order). So in a group decision (Bohnanza's trade) four
people act at once without refusing each other, while a double click (the seat acted: the second
one is stale) and a choice made on a situation that has changed (an offer withdrawn, a card
turned up) are refused with the "out of date" error. See ``docs/protocol.md``.

A room keeps this per seat, brought up to date once per change: the legal actions now, the
version since which they have been those, and the version the seat's latest action made. It
knows nothing before the version the room had when this process loaded it (older versions are
refused), and nothing hidden: it is never sent anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game


class Freshness:
    """Per seat of one game: its legal actions now, since when, and when it last acted."""

    def __init__(self, game: Game) -> None:
        version = game.state.n_actions
        self.known_from = version  # nothing is known of the versions before it
        self.legal: list[tuple[Action, ...]] = [game.legal_actions(p) for p in range(game.players)]
        self.since = [version] * game.players
        self.acted = [-1] * game.players  # the version each seat's latest action made

    def moved(self, game: Game, actors: Iterable[tuple[int, int]]) -> None:
        """``game`` took new actions, ``(version made, actor)`` each: bring every seat up to date
        (the game caches legal actions, so the room's push reuses them)."""
        for version, actor in actors:
            self.acted[actor] = version
        version = game.state.n_actions
        legal, since = self.legal, self.since
        for p in range(game.players):
            now = game.legal_actions(p)
            if now != legal[p]:  # canonical instances: compared by identity first, cheaply
                legal[p] = now
                since[p] = version

    def still_current(self, player: int, version: int, now: int) -> bool:
        """Whether ``player`` may act on ``version`` with the game at version ``now``."""
        return self.known_from <= version <= now and self.acted[player] <= version and self.since[player] <= version
