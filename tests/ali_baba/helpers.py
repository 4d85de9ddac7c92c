"""Scenario helpers for Ali Baba: a game started from a position (issue 21) with Ali Baba on a
named field, stacked piles, chosen movement cards, and dice that fall as a test needs (the
position's stacked ``rolls``)."""

from __future__ import annotations

import beanframe
from beanframe_plugins.ali_baba.data import default_board
from beanframe_plugins.ali_baba.state import PART

BOARD = default_board()
SMUGGLERS = tuple(range(36, 40))  # deceivers' second group, loot 80 each
DECEIVERS = tuple(range(32, 48))
ROBBERS = tuple(range(48, 64))


def field(fid: str) -> int:
    return BOARD.field_ids.index(fid)


def before(fid: str, steps: int = 1) -> int:
    """A field ``steps`` before ``fid`` (one without a fork in between, if there is one)."""
    here = field(fid)
    near = [f for f in range(len(BOARD.field_ids)) if here in BOARD.reach[f][steps]]
    for f in sorted(near, key=lambda f: len(BOARD.reach[f][steps])):
        return f
    raise AssertionError(f"no field {steps} before {fid}")


def new(players: int = 2, seed: int = 1, options=None):
    return beanframe.compose(["ali_baba"], players, options).new_game(seed=seed)


def part(game):
    return game.part(PART)


def card(c: int) -> str:
    return f"k{c + 1}"


def situation(
    players: int = 2,
    *,
    at: str,
    hand=(1,),
    hands=None,
    bandits=None,
    piasters=None,
    tops=(),
    rolls=(),
    phase: str = "move",
    stack=None,
    seed: int = 1,
    options=None,
    active: str = "p1",
    **more,
):
    """A game started from a position (issue 21, ``new_game(position=...)``) in turn 1 of
    ``active`` (p1 unless named), at the start of ``phase``: Ali Baba on field ``at``; p1 holds the movement cards ``hand`` (the
    others the rest, a deal's share each; what is left was played), or ``hands`` gives every hand
    (the other cards were played); ``bandits``: ``{player: cards}``; ``piasters``: ``{player:
    money}``; ``tops``: cards put on top of their piles one after the other (the last one of a
    gang open); ``rolls``: the next die rolls; ``stack``: pending decisions (then ``phase`` is
    theirs). ``more``: other keys of the ``ali_baba`` table (``black``, ``white``, ``round``,
    ``arrested``...). The seed shuffles what is not given."""
    rules = beanframe.compose(["ali_baba"], players, options)
    movement = sorted(rules.config.params["ali_baba"].board.movement)
    if hands is None:
        rest = list(movement)
        for v in hand:
            rest.remove(v)
        share = len(movement) // players
        hands = [sorted(hand)] + [rest[k * share:(k + 1) * share] for k in range(players - 1)]
    played = list(movement)
    for v in (v for h in hands for v in h):
        played.remove(v)
    money = [rules.config.params["ali_baba"].board.piasters] * players
    for p, m in (piasters or {}).items():
        money[p] = m
    pile_tops: list[list[str]] = [[] for _ in range(4)]
    for c in tops:
        pile_tops[c // 16].insert(0, card(c))  # the later one lies on top
    table = {
        "field": at,
        "hands": [list(h) for h in hands],
        "played": played,
        "piasters": money,
        "bandits": [[card(c) for c in (bandits or {}).get(p, ())] for p in range(players)],
        "pile_tops": pile_tops,
        "rolls": list(rolls),
        **more,
    }
    if "piles" in more:  # whole piles given: no tops
        del table["pile_tops"]
    position = {"turn": 1, "active": active, "phase": phase, "ali_baba": table}
    if stack is not None:
        position["stack"] = stack
    return rules.new_game(seed=seed, position=position)


def codes(game, player=None):
    return [a.code for a in game.legal_actions(player)]


def events(game, kind):
    return [e for e in game.events if e[0] == kind]
