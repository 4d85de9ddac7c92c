"""A tournament's results: per-bot rows, head-to-head pairings, the running standings (win rates
with Wilson intervals, TrueSkill ratings) and :class:`TournamentResult`. Running the games is
:mod:`beanframe.tournament`, which re-exports these."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import define, field, frozen

from beanframe.core.scoring import seat_name
from beanframe.simulate import wilson_interval


# --------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------


@frozen
class BotRow:
    """One bot's (or registered seat's) line: games, wins with a 95% Wilson interval, mean score,
    openskill rating (``mu``, ``sigma``, ``ordinal`` = mu - 3 sigma)."""

    bot: str
    games: int
    wins: int
    ci_low: float
    ci_high: float
    mean_score: float
    mu: float
    sigma: float
    ordinal: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@frozen
class Pairing:
    """How often ``bot`` ended ahead of ``other`` in the games they met (both bots or registered
    seats): ranked as the ratings rank (the winners first, then by score), a tie counting half."""

    bot: str
    other: str
    games: int
    ahead: float  # games ahead, ties half
    ci_low: float
    ci_high: float

    @property
    def rate(self) -> float:
        return self.ahead / self.games if self.games else 0.0


class Standings:
    """Running sums over tournament records in game order: per bot (and registered seat) games,
    wins and score total, per ordered pair that met the games and how often the first ended
    ahead, and the openskill ratings updated game by game. Everything a
    :class:`TournamentResult` reports, in memory that does not grow with the games."""

    def __init__(self, players: int) -> None:
        from openskill.models import PlackettLuce

        self.players = players
        self.n = 0
        self.seats: dict[str, list[float]] = {}  # who -> [games, wins, score total], first seen first
        self.met: dict[tuple[str, str], list[float]] = {}  # (a, b) -> [games, a ahead of b, ties half]
        self._model = PlackettLuce()
        self._ratings: dict[str, Any] = {}

    def add(self, rec: Mapping[str, Any]) -> None:
        """One more game's record (the next in game order)."""
        self.n += 1
        players = {seat_name(p) for p in range(self.players)}
        seats = [(label, seat_name(p)) for p, label in enumerate(rec["bots"])]
        seats += [(s, s) for s in rec["scores"] if s not in players]
        winners = set(rec["winners"])
        for who, seat in seats:
            st = self.seats.setdefault(who, [0, 0, 0.0])
            st[0] += 1
            st[1] += seat in winners
            st[2] += rec["scores"].get(seat, 0)
        names = _seats_by_name(rec, self.players)
        if names is None:  # one bot held several seats: neither compared nor rated
            return
        key = {nm: (seat in winners, rec["scores"].get(seat, 0)) for nm, seat in names.items()}
        for a, b in itertools.permutations(names, 2):
            tally = self.met.setdefault((a, b), [0, 0.0])
            tally[0] += 1
            tally[1] += 1.0 if key[a] > key[b] else 0.5 if key[a] == key[b] else 0.0
        if len(names) < 2:
            return
        order, where = list(names), list(names.values())
        ranks = [0 if s in winners else 1 + _rank_by_score(rec["scores"], s, winners) for s in where]
        teams = [[self._ratings.get(nm) or self._model.rating(name=nm)] for nm in order]
        for nm, team in zip(order, self._model.rate(teams, ranks=ranks)):
            self._ratings[nm] = team[0]

    def ratings(self) -> dict[str, tuple[float, float]]:
        return {nm: (r.mu, r.sigma) for nm, r in self._ratings.items()}


@define
class TournamentResult:
    """A tournament's results: running :class:`Standings` over its games and, unless
    ``tournament(..., keep_records=False)``, the games' records themselves (in game order)."""

    variants: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    seed: int
    bot_seed: int
    backend: str
    jobs: int
    records: list[dict[str, Any]] = field(factory=list)  # in game order (empty when not kept)
    ratings: dict[str, tuple[float, float]] = field(factory=dict)
    elapsed: float = 0.0
    interrupted: bool = False
    standings: Standings | None = None

    def __attrs_post_init__(self) -> None:
        if self.standings is None:
            self.standings = Standings(self.players)
            for rec in self.records:
                self.standings.add(rec)

    def add(self, rec: dict[str, Any], keep: bool = True) -> None:
        """One more finished game (the next in game order): tallied, and kept if ``keep``."""
        assert self.standings is not None
        self.standings.add(rec)
        if keep:
            self.records.append(rec)

    @property
    def n(self) -> int:
        assert self.standings is not None
        return self.standings.n

    @property
    def games_per_second(self) -> float:
        return self.n / self.elapsed if self.elapsed > 0 else 0.0

    def table(self) -> list[BotRow]:
        """One row per bot, then per registered seat, best rating first."""
        assert self.standings is not None
        rows = []
        for who, (games, wins, total) in self.standings.seats.items():
            low, high = wilson_interval(int(wins), int(games))
            mu, sigma = self.ratings.get(who, (math.nan, math.nan))
            rows.append(BotRow(who, int(games), int(wins), low, high, total / games, mu, sigma, mu - 3 * sigma))
        rows.sort(key=lambda r: (-(r.ordinal if not math.isnan(r.ordinal) else -math.inf), r.bot))
        return rows

    def head_to_head(self) -> list[Pairing]:
        """For every ordered pair of bots (and registered seats) that met: how often the first
        ended ahead of the second, with a 95% Wilson interval; the seat rotation balances seats.
        With 2 players of Al Cabohne the mafia wins most games: this is "ismcts against greedy".
        Games in which one bot holds several seats are left out, as in the ratings."""
        assert self.standings is not None
        rows = []
        for (a, b), (games, ahead) in sorted(self.standings.met.items()):
            low, high = wilson_interval(ahead, int(games))
            rows.append(Pairing(a, b, int(games), ahead, low, high))
        return rows


def rate(records: Sequence[Mapping[str, Any]], players: int) -> dict[str, tuple[float, float]]:
    """openskill (Plackett-Luce) ratings from the records, in order: winners rank first, the
    other seats by score. Games where a bot holds several seats are left out."""
    standings = Standings(players)
    for rec in records:
        standings.add(rec)
    return standings.ratings()


def _seats_by_name(rec: Mapping[str, Any], players: int) -> dict[str, str] | None:
    """A record's seats by the name of who held them: the bots, then the registered seats (the
    mafia); None when one bot held several seats (such games are neither rated nor compared)."""
    who = list(rec["bots"])
    if len(set(who)) < len(who):
        return None
    seats = [seat_name(p) for p in range(players)]
    extra = [s for s in rec["scores"] if s not in seats]
    return dict(zip(who + extra, seats + extra))


def _rank_by_score(scores: Mapping[str, int], seat: str, winners: set[str]) -> int:
    own = scores.get(seat, 0)
    return sum(1 for s, v in scores.items() if s not in winners and v > own)
