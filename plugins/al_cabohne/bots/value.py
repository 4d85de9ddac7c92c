"""A learned value of a solo position for search bots: the greedy evaluation's terms
(``Evaluation.components``) weighed by a regression on the final margin of greedy self-play, and
turned into a chance of winning.

Greedy's own weights steer its one-ply choice (some terms, such as a clogged hand, are there to
make it act, not because they predict the end); as the value of the position a search stops at,
the fitted weights predict the final margin (own coins minus the mafia's doubled) far better, and
the chance of winning follows from the margin and how much the rest of the game can still change
it (the spread shrinks with the cards left). One table per player count (solo, and 2 players,
where the margin is against the mafia and the chance also needs the other player beaten), and for
2 players a table of the margin on the other player, on both players' components;
``value.toml`` holds the numbers; the script
``benchmarks/fit_al_cabohne_value.py`` makes it anew from seeded games (and says how it was made).
"""

from __future__ import annotations

import functools
import math
import tomllib
from importlib import resources
from typing import Any

import attrs
from attrs import frozen

from ..rules import NAME
from .evaluation import COMPONENTS


@frozen
class ValueTable:
    """The fitted numbers: margin = weights . x + left/100 * (per_card . x) + phase bias, where x
    are the evaluation's components and ``left`` the cards still to come (this deck and the decks
    rebuilt later: the bot's ``cards_left``; solo, the deck); its spread is ``noise[0] +
    noise[1] * left`` coins. A table of the margin on the other player adds their components
    weighed by ``other`` and ``other_per_card``."""

    weights: tuple[float, ...]
    per_card: tuple[float, ...]
    phase: dict[str, float]
    noise: tuple[float, float]
    variants: tuple[str, ...]  # the variant set it was fitted on: it holds for that one only
    options: dict[str, Any]  # ... and al_cabohne's options then (run-outs, the solo mafia's factor)
    #: a table of the margin on the other player (2 players) also weighs that player's components
    other: tuple[float, ...] = ()
    other_per_card: tuple[float, ...] = ()

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
        other = (row("other"), row("other_per_card")) if "other" in data else ((), ())
        variants, options = tuple(data["variants"]), dict(data["options"])
        return cls(row("weights"), row("per_card"), phase, (float(a), float(b)), variants, options, *other)

    def misfit(self, ruleset: Any) -> str | None:
        """Why the table does not hold for ``ruleset`` (None: it does): another variant set or
        other options score or play differently (Prohibohn's buildings, a house rule, fewer
        run-outs), and the fit saw none of it."""
        if self.variants != ruleset.order:
            return f"the learned value was fitted on {' + '.join(self.variants)}, not {ruleset.name}"
        now = attrs.asdict(ruleset.options[NAME])
        if now != self.options:
            changed = ", ".join(f"{k}={v}" for k, v in now.items() if self.options.get(k) != v)
            return f"the learned value was fitted with al_cabohne's options {self.options}, not {changed}"
        return None


#: the table of each player count in ``value.toml``: the margin on the mafia
TABLES = {1: "solo", 2: "duo"}
#: ... and the margin on the other player
AHEAD_TABLES = {2: "duo_ahead"}


@functools.cache
def _tables() -> dict:
    text = resources.files(__package__.rpartition(".")[0]).joinpath("value.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@functools.cache
def table_for(players: int, ahead: bool = False) -> ValueTable | None:
    """The table shipped with the plugin (``value.toml``) for ``players`` (None: none fitted):
    of the margin on the mafia, or with ``ahead`` on the other player."""
    name = (AHEAD_TABLES if ahead else TABLES).get(players)
    data = _tables()
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
    at the end), and ``win_chances(views, goal)`` for every player, with the greedy bot's model of
    each view (``bot``: a :class:`GreedyBot` made with the ruleset). ``ahead``: the table of the
    margin on the other player (2 players; default the shipped one, if it holds)."""

    def __init__(self, bot: Any, table: ValueTable | None = None, ahead: ValueTable | None = None) -> None:
        self.bot = bot
        players = bot.rules.players
        table = table or table_for(players)
        if table is None:
            raise ValueError(f"no learned value for {players} players")
        if ahead is None and players > 1:
            ahead = table_for(players, ahead=True)  # None: the difference of the margins on the mafia
        for t in (table, ahead):
            why = None if t is None else t.misfit(bot.ruleset)
            if why:
                raise ValueError(why)
        self.table = table
        self.ahead = ahead

    def margin(self, view: Any) -> float:
        return self._predict(self.table, self._components(view))[0]

    def _components(self, view: Any) -> list[float]:
        bot = self.bot
        bot.w = bot._solo_w if view.players == 1 else bot._duo_w
        return bot.components(bot._model(view), view.phase)

    def _predict(self, t: ValueTable, x: list[float], other: list[float] | None = None, phase: str = "") -> tuple[float, float]:
        """(the predicted margin, the cards left: this deck and those still to come, the clock)."""
        left = self.bot.cards_left
        scale = left / 100.0
        margin = sum(w * v for w, v in zip(t.weights, x)) + scale * sum(w * v for w, v in zip(t.per_card, x))
        if other is not None:
            margin += sum(w * v for w, v in zip(t.other, other)) + scale * sum(w * v for w, v in zip(t.other_per_card, other))
        return margin + t.phase.get(phase, 0.0), left

    def win_chances(self, views: list[Any], goal: str = "win") -> list[float]:
        """Each viewer's chance of winning: of a final margin of at least 1 (a win needs strictly
        more coins than the mafia, whose coins count double solo: RULES A) and, with 2 players, of
        ending ahead of the other player too (by the table of that margin, or the difference of the
        margins on the mafia; the two taken as independent), under a normal spread around the
        predicted margins that shrinks with the cards left. ``goal`` "ahead": the chance of ending
        ahead of the other player only; "rank": the mean of the chances of ending ahead of the
        mafia and of the other player (the share of the others beaten: a tournament's ranking)."""
        xs = [self._components(v) for v in views]
        phase = views[0].phase
        predicted = [self._predict(self.table, x, phase=phase) for x in xs]
        margins = [m for m, _ in predicted]
        a, b = self.table.noise
        left = predicted[0][1]  # the same clock for every viewer
        spread = a + b * left
        out = []
        for p, m in enumerate(margins):
            mafia = _below((m - 0.5) / spread)
            if len(margins) == 1:  # solo: every goal is beating the mafia
                out.append(mafia)
                continue
            ahead = 1.0
            for q, other in enumerate(margins):
                if q == p:
                    continue
                if self.ahead is not None:
                    d = self._predict(self.ahead, xs[p], xs[q], phase)[0]
                    ahead *= _below(d / (self.ahead.noise[0] + self.ahead.noise[1] * left))
                else:
                    ahead *= _below((m - other) / (spread * math.sqrt(2.0)))
            out.append(ahead if goal == "ahead" else 0.5 * (mafia + ahead) if goal == "rank" else mafia * ahead)
        return out

    def win_chance(self, view: Any) -> float:
        """Solo: the viewer's chance of winning (see :meth:`win_chances`)."""
        return self.win_chances([view])[0]
