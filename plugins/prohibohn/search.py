"""Prohibohn's contribution to search bots: Al Cabohne's rollout policy (``al_cabohne/search.py``),
with the buildings' points in the evaluation of a position the search stops at.

Al Cabohne's evaluation counts coins, fields and the mafia; a Prohibohn game is also won with the
buildings (RULES B "Game end and scoring": each building's points, the police station and its
bonus, the razzia), so a search scored by coins alone could never tell a purchase from keeping
the coins. Al Cabohne's learned chances of winning were fitted on Al Cabohne alone and give none
here (the search then uses this evaluation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe_plugins.al_cabohne.search import RolloutPolicy

from .supply import PART
from .values import score_lines

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset


class ProhibohnPolicy(RolloutPolicy):
    """Al Cabohne's rollout policy; ``evaluate`` adds the player's building points."""

    def evaluate(self, game: Game, player: int) -> float:
        part: Any = game.part(PART)
        points = sum(v for _, v in score_lines(part.owned[player], part.razzia, part.protected))
        return super().evaluate(game, player) + points


def search_policy(ruleset: Ruleset, seed: int | None) -> ProhibohnPolicy:
    return ProhibohnPolicy(ruleset, seed)
