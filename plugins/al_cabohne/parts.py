"""Al Cabohne's parts of a game, read the same way by every phase and step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import BeanRules, BeanTable

from . import mafia as m

if TYPE_CHECKING:
    from beanframe.core.game import Game


def beans_of(game: Game) -> tuple[BeanTable, BeanRules]:
    return game.state.parts[BEANS], game.ruleset.config.params["beans"]


def mafia_of(game: Game) -> m.Mafia:
    return game.state.parts[m.PART]


def is_solo(game: Game) -> bool:
    return game.state.players == 1
