"""What an Al Cabohne player sees, as segments of the observation vector (``beanframe_observation``).

The bean table's segments come from the bean family (:mod:`beanframe.beans.observation`: own hand
in order, hand sizes, fields, coins, deck size, discard, piles, leftovers); Al Cabohne adds the
mafia: each boss's field (bean one-hot, cards) and the treasury. All of it is face up (F.13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans.observation import pile_slots, register_bean_table

from . import mafia as m

if TYPE_CHECKING:
    import numpy as np

    from beanframe.core.compose import Config
    from beanframe.core.game import Game


def register(register, config: Config) -> None:
    register_bean_table(register, config)
    cards = config.params["beans"].cards
    b = len(cards)
    total = float(cards.total)
    most = float(max(bean.count for bean in cards.beans))
    bosses = len(config.params[m.PART].bosses)

    def boss_fields(game: Game, player: int | None, out: np.ndarray) -> None:
        pile_slots(game.state.parts[m.PART].bosses, b, out)

    def treasury(game: Game, player: int | None, out: np.ndarray) -> None:
        out[0] = len(game.state.parts[m.PART].treasury)

    register("mafia.bosses", bosses * (b + 1), boss_fields, most, "each boss's field: bean one-hot, cards")
    register("mafia.treasury", 1, treasury, total, "the mafia's treasury (coins)")
