"""The version rule: which old versions a seat may still act on.

Every action names the version its seat chose it at. An action against the current version is
taken (if legal). One against an older version V is taken too when nothing that seat chose from
has gone since V: the seat has not acted since V, it decided at V, and every choice it had at V
is still among its choices (new ones may have come: an offer made to it while it chose). So in a
group decision (Bohnanza's trade) four people act at once without refusing each other, while a
double click (the seat acted: the second one is stale) and a choice made on a situation that has
changed (an offer withdrawn or answered, a card taken, the trade ended) are refused with the "out
of date" error. See ``docs/protocol.md``.

A room keeps this per seat, brought up to date once per change: the legal actions now, the
version since which none of them has gone, and the version the seat's latest action made. It
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
            before = legal[p]
            if now != before:  # canonical instances: compared by identity first, cheaply
                if not before or not _all_kept(before, now):
                    since[p] = version  # a choice went (or the seat did not decide before)
                legal[p] = now

    def still_current(self, player: int, version: int, now: int) -> bool:
        """Whether ``player`` may act on ``version`` with the game at version ``now``."""
        return self.known_from <= version <= now and self.acted[player] <= version and self.since[player] <= version


def _all_kept(before: tuple[Action, ...], now: tuple[Action, ...]) -> bool:
    """Whether every action of ``before`` is in ``now`` (lists are short: a set only when long)."""
    if len(now) < len(before):
        return False
    pool = set(now) if len(now) > 16 else now
    return all(action in pool for action in before)
