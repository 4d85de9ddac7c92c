"""The ``prohibohn`` part: the open building supply, what each player owns, the razzia, and the
cards taken out of the game. All of it is public (F.13: buildings are public).

RULES.md B "Set-up changes": the supply lies open, sorted by kind and price (card id order).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from attrs import define, field, frozen

from .cards import CARDS, RAZZIA_ID, cards_in_play
from .powers import Powers, merge
from .values import upgraded

if TYPE_CHECKING:
    from beanframe.core.compose import Config
    from beanframe.core.game import Game

PART = "prohibohn"
NAME = "prohibohn"


@frozen
class ProhibohnView:
    supply: tuple[str, ...]  # card names, in supply order
    owned: tuple[tuple[str, ...], ...]  # per player, in purchase order
    removed: tuple[str, ...]
    razzia: bool
    stopped: int  # F.23: how many times play stopped for the last sales (0, 1 or 2)


@define(slots=True)
class Buildings:
    supply: list[int] = field(factory=list)
    owned: list[list[int]] = field(factory=list)
    removed: list[int] = field(factory=list)  # out of the game (the third of a kind, Pub 4's target)
    protected: list[int] = field(factory=list)  # 1-buildings worth 4 when the razzia was bought
    razzia: bool = False
    stopped: int = 0  # F.23: 1 after the stop at the last run-out, 2 after the extra deck's
    #: per player: the first this-many coins of ``beans.coins[p]`` are face-down starting coins
    face_down: list[int] = field(factory=list)

    @classmethod
    def empty(cls, config: Config) -> Buildings:
        pub = config.options[NAME].pub
        n = config.players
        return cls(supply=list(cards_in_play(pub)), owned=[[] for _ in range(n)], face_down=[0] * n)

    def clone(self) -> Buildings:
        return Buildings(self.supply.copy(), [o.copy() for o in self.owned], self.removed.copy(),
                         self.protected.copy(), self.razzia, self.stopped,
                         self.face_down.copy())

    def view(self, player: int | None) -> ProhibohnView:
        def names(ids):
            return tuple(CARDS[i].name for i in ids)

        return ProhibohnView(names(self.supply), tuple(names(o) for o in self.owned), names(self.removed),
                             self.razzia, self.stopped)

    def take(self, player: int, card_id: int) -> None:
        """Move a card from the supply to a player; the razzia freezes the 1-buildings worth 4."""
        self.supply.remove(card_id)
        self.owned[player].append(card_id)
        if card_id == RAZZIA_ID:
            self.razzia = True
            self.protected = sorted(i for owned in self.owned for i in upgraded(owned))


@lru_cache(maxsize=4096)
def powers_of(owned: tuple[int, ...]) -> Powers:
    """The merged powers of a set of cards (pure, so cached across games)."""
    return merge(CARDS[i].powers for i in owned)


def part(game: Game) -> Buildings:
    return game.state.parts[PART]


def powers(game: Game, player: int) -> Powers:
    """What ``player``'s buildings let them do now: the record every Prohibohn step reads."""
    return powers_of(tuple(game.state.parts[PART].owned[player]))
