"""A learned value of a solo position for search bots: the greedy evaluation's terms
(``Evaluation.components``) weighed by a regression on the final margin of greedy self-play, and
turned into a chance of winning.

Greedy's own weights steer its one-ply choice (some terms, such as a clogged hand, are there to
make it act, not because they predict the end); as the value of the position a search stops at,
the fitted weights predict the final margin (own coins minus the mafia's doubled) far better, and
the chance of winning follows from the margin and how much the rest of the game can still change
it (the spread shrinks with the cards left). One table per player count (solo, and 2 players,
where the margin is against the mafia and the chance also needs the other player beaten);
``value.toml`` holds the numbers; the script
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
    """The fitted numbers: margin = weights . x + left/100 * (per_card . x) + phase bias, where x
    are the evaluation's components and ``left`` the cards still to come (this deck and the decks
    rebuilt later: the bot's ``cards_left``; solo, the deck); its spread is ``noise[0] +
    noise[1] * left`` coins."""

    weights: tuple[float, ...]
    per_card: tuple[float, ...]
    phase: dict[str, float]
    noise: tuple[float, float]
    variants: tuple[str, ...]  # the variant set it was fitted on: it holds for that one only

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
        phase = {k: float(v) for k, v in data["phase"].items()}
        return cls(row("weights"), row("per_card"), phase, (float(a), float(b)), tuple(data["variants"]))


#: the table of each player count in ``value.toml``
TABLES = {1: "solo", 2: "duo"}


@functools.cache
def table_for(players: int) -> ValueTable | None:
    """The table shipped with the plugin (``value.toml``) for ``players`` (None: none fitted)."""
    name = TABLES.get(players)
    if name is None:
        return None
    text = resources.files(__package__.rpartition(".")[0]).joinpath("value.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return ValueTable.from_dict(data[name]) if name in data else None


def solo_table() -> ValueTable:
    table = table_for(1)
    assert table is not None, "value.toml has no [solo] table"
    return table


def _below(x: float) -> float:
    """P(N(0, 1) < x)."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


class LearnedValue:
    """``margin(view)`` for the viewer of a position (own coins minus the mafia's, doubled solo,
    at the end), and ``win_chances(views)`` for every player, with the greedy bot's model of each
    view (``bot``: a :class:`GreedyBot` made with the ruleset)."""

    def __init__(self, bot: Any, table: ValueTable | None = None) -> None:
        self.bot = bot
        table = table or table_for(bot.rules.players)
        if table is None:
            raise ValueError(f"no learned value for {bot.rules.players} players")
        if table.variants != bot.ruleset.order:
            # another variant set scores or plays differently (Prohibohn's buildings, a house rule)
            raise ValueError(f"the learned value was fitted on {' + '.join(table.variants)}, not {bot.ruleset.name}")
        self.table = table

    def margin(self, view: Any) -> float:
        return self._predict(view)[0]

    def _predict(self, view: Any) -> tuple[float, float]:
        """(the predicted margin, the cards left: this deck and those still to come, the clock)."""
        bot, t = self.bot, self.table
        bot.w = bot._solo_w if view.players == 1 else bot._duo_w
        x = bot.components(bot._model(view), view.phase)
        left = bot.cards_left
        scale = left / 100.0
        margin = (
            sum(w * v for w, v in zip(t.weights, x))
            + scale * sum(w * v for w, v in zip(t.per_card, x))
            + t.phase.get(view.phase, 0.0)
        )
        return margin, left

    def win_chances(self, views: list[Any]) -> list[float]:
        """Each viewer's chance of winning: of a final margin of at least 1 (a win needs strictly
        more coins than the mafia, whose coins count double solo: RULES A) and, with 2 players, of
        ending ahead of the other player too (their errors taken as independent), under a normal
        spread around the predicted margins that shrinks with the cards left."""
        predicted = [self._predict(v) for v in views]
        margins = [m for m, _ in predicted]
        a, b = self.table.noise
        spread = a + b * predicted[0][1]  # the same clock for every viewer
        out = []
        for p, m in enumerate(margins):
            chance = _below((m - 0.5) / spread)
            for q, other in enumerate(margins):
                if q != p:
                    chance *= _below((m - other) / (spread * math.sqrt(2.0)))
            out.append(chance)
        return out

    def win_chance(self, view: Any) -> float:
        """Solo: the viewer's chance of winning (see :meth:`win_chances`)."""
        return self.win_chances([view])[0]
