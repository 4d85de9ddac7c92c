"""What one player knows, as something a search bot may sample from: never the real game.

A bot that wants to search (``uses_information = True``) is given an :class:`InformationSet`
besides its view and legal actions. It holds a *determinized copy* of the game made for that
player (``game.determinize(player, ...)``, architecture.md section 10): every card the player cannot
see is already a guess there and the seed is a fresh one, so nothing in it tells the real deck,
the other hands or the future reshuffles. ``sample(rng)`` redeals that copy again with the bot's
own generator: as the core's determinization depends only on what the observer knows and on the
generator, the samples are the same whatever the real hidden cards are.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from beanframe.core.game import Game


class InformationSet:
    """The information set of ``player`` in a game: ``sample(rng)`` gives a playable game
    consistent with what the player knows; ``text`` is the game's information-state string when
    the core offers one (``game.information_state``), else None."""

    __slots__ = ("player", "_guess")

    def __init__(self, game: Game, player: int) -> None:
        self.player = player
        # a fixed generator: the guess depends on what the player knows only (determinize sorts
        # the hidden cards before it shuffles them), so it is the same for every real deal
        self._guess = game.determinize(player, random.Random(0))

    @property
    def text(self) -> str | None:
        # the guess keeps the real history and events, so its information state is the player's
        info = getattr(self._guess, "information_state", None)
        return info(self.player) if callable(info) else None

    def view(self):
        """The player's own view (the guess keeps everything the player sees)."""
        return self._guess.view(self.player)

    def sample(self, rng: random.Random) -> Game:
        """A new game in which everything the player cannot see is redealt with ``rng``."""
        return self._guess.determinize(self.player, rng)

    def __str__(self) -> str:
        text = self.text
        return text if text is not None else f"<information set of p{self.player + 1}>"
