"""Search bots for every variant set: ISMCTS on the core's determinization and clones.

``beanframe.search.play_game(game, agents)`` plays a game like :func:`beanframe.agents.play_game`
but gives each agent that declares ``uses_information = True`` the acting player's
:class:`InformationSet` as a third argument: ``act(view, legal_actions, info)``. An agent never
receives the game itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from beanframe.errors import ConfigError
from beanframe.agents import DeciderTurns
from beanframe.infoset import InformationSet
from beanframe.search.ismcts import ISMCTSBot, rewards

if TYPE_CHECKING:
    from beanframe.core.game import Game

__all__ = ["ISMCTSBot", "InformationSet", "decide", "play_game", "rewards"]


def decide(game: Game, agent: object, player: int | None = None):
    """The action ``agent`` chooses for ``player`` (default: the player to act) in ``game``,
    given only that player's view (if it ``uses_view``), information set (if it
    ``uses_information``) and legal actions."""
    player = game.to_act if player is None else player
    legal = game.legal_actions(player)
    view = game.view(player) if getattr(agent, "uses_view", True) else None
    if getattr(agent, "uses_information", False):
        return agent.act(view, legal, InformationSet(game, player))
    return agent.act(view, legal)


def play_game(game: Game, agents: Sequence[object]) -> Game:
    """Play ``game`` to its end, asking ``agents[player]`` through :func:`decide`; group
    decisions ask their deciders in turn as :func:`beanframe.agents.play_game` does."""
    if len(agents) != game.players:
        raise ConfigError(f"{len(agents)} agents for a {game.players}-player game")
    turns = DeciderTurns(game.players)
    while not game.is_over:
        player = turns.next(game)
        game.apply(decide(game, agents[player], player), player)
    return game
