"""The game-agnostic core: phase pipeline, decision stack, actions, state, views, persistence.

The core knows no game; game families live in plugins that implement the hooks of
:mod:`beanframe.core.hookspecs`.
"""

from beanframe.core.actions import Action, ActionTable, param
from beanframe.core.compose import (
    ENTRY_POINT_GROUP,
    Config,
    discover,
    get_plugin_manager,
    installed_variants,
)
from beanframe.core.determinize import Hidden
from beanframe.core.game import Game, Ruleset, compose, new_game
from beanframe.core.hookspecs import hookimpl
from beanframe.core.pipeline import Phase, Pipeline, PipelineBuilder
from beanframe.core.position import Reading
from beanframe.core.scoring import Result, ScoreSheet, game_stats, seat_name
from beanframe.core.state import Frame, State
from beanframe.core.steps import Option, Step
from beanframe.core.variant import Flag, NoOptions, VariantInfo
from beanframe.core.view import View

__all__ = [
    "ENTRY_POINT_GROUP",
    "Action",
    "ActionTable",
    "Config",
    "Flag",
    "Frame",
    "Game",
    "Hidden",
    "NoOptions",
    "Option",
    "Phase",
    "Pipeline",
    "PipelineBuilder",
    "Reading",
    "Result",
    "Ruleset",
    "ScoreSheet",
    "State",
    "Step",
    "VariantInfo",
    "View",
    "compose",
    "discover",
    "game_stats",
    "get_plugin_manager",
    "hookimpl",
    "installed_variants",
    "new_game",
    "param",
    "seat_name",
]
