"""A learned value of a solo position for search bots: the greedy evaluation's terms
(``Evaluation.components``) weighed by a regression on the final margin of greedy self-play, and
turned into a chance of winning.

Greedy's own weights steer its one-ply choice (some terms, such as a clogged hand, are there to
make it act, not because they predict the end); as the value of the position a search stops at,
the fitted weights predict the final margin (own coins minus the mafia's doubled) far better, and
the chance of winning follows from the margin and how much the rest of the game can still change
it (the spread shrinks with the deck). ``value.toml`` holds the numbers; the script
``benchmarks/fit_al_cabohne_value.py`` makes it anew from seeded games (and says how it was made).
"""

from __future__ import annotations

import functools
import math
import tomllib
from importlib import resources
from typing import Any

from attrs import frozen

from .evaluation import COMPONENTS


@frozen
class ValueTable:
    """The fitted numbers: margin = weights . x + deck/100 * (per_card . x) + phase bias, where x
    are the evaluation's components; its spread is ``noise[0] + noise[1] * deck`` coins."""

    weights: tuple[float, ...]
    per_card: tuple[float, ...]
    phase: dict[str, float]
    noise: tuple[float, float]

    @classmethod
    def from_dict(cls, data: dict) -> ValueTable:
        def row(key: str) -> tuple[float, ...]:
            table = data[key]
            missing = [n for n in COMPONENTS if n not in table]
            unknown = [n for n in table if n not in COMPONENTS]
            if missing or unknown:
                raise ValueError(f"value table [{key}]: missing {missing}, unknown {unknown}")
            return tuple(float(table[n]) for n in COMPONENTS)

        a, b = data["noise"]
        return cls(row("weights"), row("per_card"), {k: float(v) for k, v in data["phase"].items()}, (float(a), float(b)))


@functools.cache
def solo_table() -> ValueTable:
    """The table shipped with the plugin (``value.toml``, fitted for the solo game)."""
    text = resources.files(__package__.rpartition(".")[0]).joinpath("value.toml").read_text(encoding="utf-8")
    return ValueTable.from_dict(tomllib.loads(text)["solo"])


class LearnedValue:
    """``margin(view)`` and ``win_chance(view)`` for the viewer of a solo position, with the
    greedy bot's model of the view (``bot``: a :class:`GreedyBot` made with the ruleset)."""

    def __init__(self, bot: Any, table: ValueTable | None = None) -> None:
        self.bot = bot
        self.table = table or solo_table()

    def margin(self, view: Any) -> float:
        bot, t = self.bot, self.table
        bot.w = bot._solo_w
        x = bot.components(bot._model(view), view.phase)
        deck = view["beans"].deck_size
        scale = deck / 100.0
        return (
            sum(w * v for w, v in zip(t.weights, x))
            + scale * sum(w * v for w, v in zip(t.per_card, x))
            + t.phase.get(view.phase, 0.0)
        )

    def win_chance(self, view: Any) -> float:
        """P(final margin >= 1) under a normal spread around the predicted margin (a solo win
        needs strictly more coins than the mafia's doubled treasury, RULES A "Solo game")."""
        a, b = self.table.noise
        spread = a + b * view["beans"].deck_size
        return 0.5 * math.erfc(-(self.margin(view) - 0.5) / (spread * math.sqrt(2.0)))
