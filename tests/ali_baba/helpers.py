"""Scenario helpers for Ali Baba: a game with Ali Baba on a named field, stacked piles, chosen
movement cards, and dice that fall as a test needs (through ``game.random()`` only: the helper
moves the game's chance counter to a stream that rolls the wanted pips)."""

from __future__ import annotations

import random

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


def stage(game, *, at: str, hand=(1,), bandits=None, piasters=None, tops=None):
    """Put Ali Baba on field ``at``; give the player to act the movement cards ``hand``; give
    players bandits (``{player: cards}``, taken out of the piles) and piasters; put ``tops`` on
    top of their piles (the last one open)."""
    t = part(game)
    t.field = field(at)
    t.hands[game.state.active] = sorted(hand)
    for p, cards in (bandits or {}).items():
        for c in cards:
            for pile in t.piles:
                if c in pile:
                    pile.remove(c)
            t.bandits[p].append(c)
        t.bandits[p].sort()
    for p, m in (piasters or {}).items():
        t.piasters[p] = m
    for c in tops or ():
        for pile in t.piles:
            if c in pile:
                pile.remove(c)
                pile.append(c)
    game._legal = game._legal_more = None  # the position changed behind the game's back
    return t


def roll_next(game, *pips: int) -> None:
    """Make the next ``len(pips)`` calls of ``game.random().randint(1, 6)`` give ``pips``."""
    s = game.state
    if len(pips) != 1:
        raise ValueError("one roll at a time")
    chance = s.chance
    while random.Random(f"beanframe/{s.seed}/{chance + 1}").randint(1, 6) != pips[0]:
        chance += 1
    s.chance = chance


def codes(game, player=None):
    return [a.code for a in game.legal_actions(player)]


def events(game, kind):
    return [e for e in game.events if e[0] == kind]
