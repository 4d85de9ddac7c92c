"""What a Prohibohn player sees, as segments of the observation vector (``beanframe_observation``):
where each building, police and razzia card is (supply, a player, out of the game), whether the
razzia was bought, and one's own coins by bean (coins keep their bean; a spectator sees none).
Everything but one's own coins is public (F.13).

Then what else the table shows: ``prohibohn.coins`` per relative seat the face-down starting coins
(a count: their beans are their owner's) and the coins from sales by bean (face up: everyone saw
them made); ``prohibohn.protected``, the 1-buildings the razzia froze at 4; ``prohibohn.stopped``,
how often play stopped for the last sales (F.23: 0, 1 or 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.core.observation import relative

from .cards import CARDS
from .supply import PART

if TYPE_CHECKING:
    import numpy as np

    from beanframe.core.compose import Config
    from beanframe.core.game import Game


def register(register, config: Config) -> None:
    n = config.players
    where = n + 2  # supply, each player, out of the game
    beans = len(config.params["beans"].cards)
    most = float(max(b.count for b in config.params["beans"].cards.beans))

    def cards(game: Game, player: int | None, out: np.ndarray) -> None:
        part = game.state.parts[PART]
        for i in part.supply:
            out[i * where] = 1.0
        for p, owned in enumerate(part.owned):
            for i in owned:
                out[i * where + 1 + p] = 1.0
        for i in part.removed:
            out[i * where + n + 1] = 1.0

    def razzia(game: Game, player: int | None, out: np.ndarray) -> None:
        out[0] = float(game.state.parts[PART].razzia)

    def own_coins(game: Game, player: int | None, out: np.ndarray) -> None:
        if player is None:
            return
        for c in game.state.parts["beans"].coins[player]:
            out[c] += 1.0

    def coins(game: Game, player: int | None, out: np.ndarray) -> None:
        down = game.state.parts[PART].face_down
        for p, cs in enumerate(game.state.parts["beans"].coins):
            at = relative(player, p, n) * (beans + 1)
            out[at] = down[p]
            for c in cs[down[p] :]:
                out[at + 1 + c] += 1.0

    def protected(game: Game, player: int | None, out: np.ndarray) -> None:
        for i in game.state.parts[PART].protected:
            out[i] = 1.0

    def stopped(game: Game, player: int | None, out: np.ndarray) -> None:
        out[0] = game.state.parts[PART].stopped

    register("prohibohn.cards", len(CARDS) * where, cards, 1.0, "each card: in the supply, owned by p1..pn, out of the game")
    register("prohibohn.razzia", 1, razzia, 1.0, "the razzia was bought")
    register("prohibohn.own_coins", beans, own_coins, most, "one's own coins by bean")
    register("prohibohn.coins", n * (beans + 1), coins, most, "per seat: face-down starting coins, coins from sales by bean")
    register("prohibohn.protected", len(CARDS), protected, 1.0, "1-buildings the razzia froze at 4")
    register("prohibohn.stopped", 1, stopped, 2.0, "F.23: times play stopped for the last sales")
