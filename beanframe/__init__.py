"""beanframe: a rules engine for Uwe Rosenberg's bean-game family, built from pluggy plugins.

The embedding API::

    import beanframe
    game = beanframe.new_game(["al_cabohne"], players=2, seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    print(game.result)
"""

from beanframe.core.game import Game, Ruleset, compose, new_game
from beanframe.core.hookspecs import hookimpl
from beanframe.core.persist import load_game
from beanframe.core.scoring import Result
from beanframe.core.variant import VariantInfo
from beanframe.core.view import View
from beanframe.errors import (
    BeanframeError,
    ConfigError,
    DeterminizedGameError,
    GameOverError,
    IllegalActionError,
    PositionError,
    SaveFileError,
)

__version__ = "0.1.0"

__all__ = [
    "BeanframeError",
    "ConfigError",
    "DeterminizedGameError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "PositionError",
    "Result",
    "Ruleset",
    "SaveFileError",
    "VariantInfo",
    "View",
    "__version__",
    "compose",
    "hookimpl",
    "load_game",
    "new_game",
]
