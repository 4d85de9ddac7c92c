"""Scenario helpers for the Bohnaparte tests: ``situation(...)`` builds a position from a fresh
game by moving cards (all 104 stay accounted for), sets the board, and lets the real engine run
from the start of a phase of the active player's turn. Cards are bean keys ("fire", "Brechbohne"...);
``deck`` is given top card first."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.state import NOT_ENDING, TURNS
from beanframe_plugins.bohnanza.rules import BASE_CARDS as CARDS
from beanframe_plugins.bohnaparte.board import NEUTRAL, PART

VARIANTS = ["bohnanza", "bohnaparte"]
STRENGTH = {b.key: b.count for b in CARDS.beans}


def bean(name: str) -> int:
    return CARDS.index(name)


def new(players: int = 4, seed: int = 0, options=None):
    return beanframe.new_game(VARIANTS, players, seed=seed, options=options)


def codes(game, player: int | None = None) -> list[str]:
    return [a.code for a in game.legal_actions(player)]


def board(game):
    return game.part(PART)


def table(game):
    return game.part(BEANS)


def kind_index(game, kind: str, nth: int = 0) -> int:
    return [i for i, k in enumerate(board(game).kinds) if k == kind][nth]


def situation(
    players: int = 4,
    *,
    at: str = "attack",
    active: int = 0,
    owners: dict[int, int] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    coins: Sequence[int] | None = None,
    depots: dict[int, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
    deck_size: int | None = None,
    run_outs: int = 0,
    fortresses: Sequence[int] = (),
    seed: int = 0,
    options=None,
    prepare=None,
):
    """A game at the start of phase ``at`` of ``active``'s turn. ``owners``: landscape -> player
    (every other landscape neutral). ``prepare(game)`` edits the position before the engine runs."""
    game = new(players, seed=seed, options=options)
    t = table(game)
    b = board(game)
    pool = Counter()
    for part in game.state.parts.values():
        if hasattr(part, "zones"):
            for zone in part.zones().values():
                pool.update(zone)
                zone.clear()
    assert sum(pool.values()) == CARDS.total

    def take(names) -> list[int]:
        out = []
        for name in names:
            c = bean(name)
            assert pool[c] > 0, f"scenario needs more {CARDS.names[c]}"
            pool[c] -= 1
            out.append(c)
        return out

    def take_any(n: int) -> list[int]:
        out = []
        for _ in range(n):
            c = max(pool, key=lambda k: (pool[k], -k))
            pool[c] -= 1
            out.append(c)
        return out

    hands = hands or [[] for _ in range(players)]
    for p in range(players):
        t.hands[p][:] = take(hands[p])
        t.fields[p] = [[], []]
    for p, cards in (depots or {}).items():
        b.has_depot[p] = True
        b.depots[p][:] = take(cards)
    top = take(deck)
    for p, n in enumerate(coins or [0] * players):
        t.coins[p][:] = take_any(n)
    rest = [c for c in sorted(pool) for _ in range(pool[c])]
    random.Random(f"scenario/{seed}").shuffle(rest)
    if deck_size is not None:
        keep = deck_size - len(top)
        t.discard[:], rest = rest[: len(rest) - keep], rest[len(rest) - keep :]
    t.deck[:] = rest + list(reversed(top))
    t.run_outs = run_outs
    b.owners[:] = [NEUTRAL] * len(b.owners)
    b.markers[:] = [12] * players
    for i, p in (owners or {}).items():
        b.owners[i] = p
        b.markers[p] -= 1
    b.fortresses[:] = list(fortresses)
    s = game.state
    s.stage, s.turn, s.active, s.ending = TURNS, 5, active, NOT_ENDING
    s.stack.clear()
    names = [p.name for p in game.ruleset.pipeline.turn]
    s.phase = names.index(at) - 1
    if prepare is not None:
        prepare(game)
    game._legal = None
    game._legal_more = None
    game._advance()
    return game
