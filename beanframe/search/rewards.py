"""What a search is worth to each player: the rewards of a finished game (a win, a share of it,
or the share of the others a player ends ahead of) and the standing of an unfinished one."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from beanframe.core.compose import call_in_order
from beanframe.core.scoring import ScoreSheet, seat_name

if TYPE_CHECKING:
    from beanframe.core.game import Game



def rewards(game: Game, margin: float = 0.0, scale: float = 10.0, goal: str = "win") -> list[float]:
    """Each player's reward in [0, 1] at the end of ``game``: 1 for a win, 1/k for a win shared by
    k seats (registered seats such as Al Cabohne's mafia count among the k), 0 otherwise; with
    ``margin`` > 0, that share of the reward is the score difference to the best other seat,
    squashed (``0.5 + 0.5 tanh(diff / scale)``): a lost game lost narrowly is worth more than one
    lost badly, which tells rollouts apart when most are lost. With several players, ``goal``
    "ahead" or "rank" (see :class:`ISMCTSBot`) gives instead the share of the other players, or
    of all other seats, that the player ends ahead of (a tie: half), ranked as a tournament ranks
    them: the winners first, then by score."""
    result = game.result
    winners = result.winners
    if goal != "win" and game.players > 1:
        players = {seat_name(p) for p in range(game.players)}
        return [_beaten(result, seat_name(p), players if goal == "ahead" else None) for p in range(game.players)]
    share = 1.0 / len(winners) if winners else 0.0
    out = []
    scores = result.scores
    for p in range(game.players):
        seat = seat_name(p)
        r = share if seat in winners else 0.0
        if margin:
            own = scores.get(seat, 0)
            best = max((v for s, v in scores.items() if s != seat), default=own)
            r = (1.0 - margin) * r + margin * (0.5 + 0.5 * math.tanh((own - best) / scale))
        out.append(r)
    return out


def _beaten(result: Any, seat: str, among: set[str] | None) -> float:
    """The share of the other seats (of ``among``; None: all) that ``seat`` ends ahead of, a tie
    counting half: a winner is ahead of every non-winner, otherwise the score decides."""
    won = seat in result.winners
    own = (won, result.scores[seat])
    others = [(s in result.winners, v) for s, v in result.scores.items() if s != seat and (among is None or s in among)]
    return sum(1.0 if own > o else 0.5 if own == o else 0.0 for o in others) / len(others)


def standing(game: Game, scale: float = 10.0) -> list[float]:
    """Each player's reward in [0, 1] for an unfinished ``game``, from the score sheet as it
    stands (the variants' ``beanframe_score``, as if the game ended now): ``0.5 + 0.5 tanh(diff /
    scale)``, ``diff`` being the player's total minus the best other seat's."""
    rs = game.ruleset
    sheet = ScoreSheet(seats=list(rs.seats))
    call_in_order(rs.pm, rs.plugin_order, "beanframe_score", None, game=game, sheet=sheet)
    totals = sheet.totals()
    out = []
    for p in range(game.players):
        seat = seat_name(p)
        own = totals.get(seat, 0)
        best = max((v for s, v in totals.items() if s != seat), default=own)
        out.append(0.5 + 0.5 * math.tanh((own - best) / scale))
    return out
