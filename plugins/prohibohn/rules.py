"""Prohibohn's composed planting rule and the small shared readers the steps use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS

from .buildings import nightbar
from .supply import powers

if TYPE_CHECKING:
    from beanframe.core.game import Game


def plant_targets(game: Game, player: int, bean: int) -> list[int]:
    """The fields of ``player`` that may take ``bean`` now (Nightbar-aware)."""
    return nightbar.targets(game.state.parts[BEANS].fields[player], bean, powers(game, player))
