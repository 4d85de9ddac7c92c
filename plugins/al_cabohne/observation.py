"""What an Al Cabohne player sees, as segments of the observation vector (``beanframe_observation``).

The bean table's segments come from the bean family (:mod:`beanframe.beans.observation`: own hand
in order, hand sizes, fields, coins, deck size, discard, piles, leftovers); Al Cabohne adds the
mafia: each boss's field (bean one-hot, cards) and the treasury. All of it is face up (F.13).
With two players, ``al_cabohne.shown`` adds the known front of the other hands: a hand shown at the
refill (RULES A "Turn" phase 5) is known to everyone, in order, until its cards leave it (the
cards ``hidden.py`` keeps in place when it redeals); per relative seat ``P`` positions x ``b``
beans one-hot, the observer's own seat empty (its hand is ``beans.hand``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans.hidden import shown_hands
from beanframe.beans.observation import hand_positions, pile_slots, register_bean_table
from beanframe.core.observation import relative

from . import mafia as m
from .hidden import SHOW_HAND, left_hand

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

    n = config.players
    if n < 2:
        return  # solo: the only hand is the observer's own
    positions = hand_positions(config)

    def shown(game: Game, player: int | None, out: np.ndarray) -> None:
        for p, front in enumerate(shown_hands(game, SHOW_HAND, left_hand)):
            if p == player or not front:
                continue
            at = relative(player, p, n) * positions * b
            for i, card in enumerate(front[:positions]):
                out[at + i * b + card] = 1.0

    register("al_cabohne.shown", n * positions * b, shown, 1.0, "per seat: the known front of a hand shown at the refill (P positions x b beans)")
