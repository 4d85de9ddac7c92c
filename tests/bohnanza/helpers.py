"""Scenario helpers for the Bohnanza tests.

``situation(...)`` builds a mid-game position from a freshly started game *by moving cards*: every
card goes into one pool, the cards a test names are taken out of it and put where the test wants
them, the rest becomes the deck (so the 104 cards stay accounted for); then the game is positioned
at the start of a phase of the active player's turn and the real engine runs from there.
Cards are bean keys or names ("fire" or "Feuerbohne"); ``many("fire", 3)`` repeats one. The deck
is given top card first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.state import NOT_ENDING, TURNS
from beanframe_plugins.bohnanza.checks import invariants
from beanframe_plugins.bohnanza.rules import BASE_CARDS as CARDS
from beanframe_plugins.bohnanza.trade.table import PART as TRADE

VARIANT = ["bohnanza"]
CREATED: list = []  # every game a test started: conftest checks their invariants at teardown


def bean(name: str | int) -> int:
    return CARDS.index(name)


def many(name: str, n: int) -> list[str]:
    return [name] * n


def named(cards) -> list[str]:
    return [CARDS.beans[c].key for c in cards]


def new(players: int = 4, deck: Sequence[str] | None = None, seed: int = 0, options=None):
    game = beanframe.new_game(VARIANT, players, seed=seed, deck=deck, options=options)
    CREATED.append(game)
    return game


def table(game):
    return game.part(BEANS)


def trade(game):
    return game.part(TRADE)


def codes(game, player: int | None = None) -> list[str]:
    return [a.code for a in game.legal_actions(player)]


def play(game, *moves: str, by: int | None = None) -> None:
    for code in moves:
        game.apply(code, by)


def hand(game, player: int = 0) -> list[str]:
    return named(table(game).hands[player])


def fields(game, player: int = 0) -> list[list[str]]:
    return [named(f) for f in table(game).fields[player]]


def received(game, player: int) -> list[str]:
    return named(trade(game).received[player])


def coins(game, player: int = 0) -> int:
    return len(table(game).coins[player])


def problems(game) -> list[str]:
    return invariants(game)


def situation(
    players: int = 4,
    *,
    at: str = "plant",
    active: int = 0,
    turn: int = 5,
    hands: Sequence[Sequence[str]] | None = None,
    fields: Sequence[Sequence[Sequence[str]]] | None = None,
    deck: Sequence[str] = (),
    deck_size: int | None = None,
    coins: Sequence[int] | None = None,
    run_outs: int = 0,
    seed: int = 0,
    options=None,
):
    """A game at the start of phase ``at`` ("plant", "trade", "plant_traded", "draw") of
    ``active``'s turn ``turn``, advanced by the real engine to the next decision. ``fields``: per
    player a list of fields (3 fields: the third was bought). ``deck``: top cards, top first;
    ``deck_size``: the deck holds exactly this many cards (the rest goes to the discard)."""
    game = new(players, seed=seed, options=options)
    t = table(game)
    pool = Counter()
    for zone in t.zones().values():
        pool.update(zone)
    assert sum(pool.values()) == CARDS.total

    def take(names) -> list[int]:
        out = []
        for name in names:
            b = bean(name)
            if pool[b] <= 0:
                raise ValueError(f"scenario needs more {CARDS.names[b]} than the game has")
            pool[b] -= 1
            out.append(b)
        return out

    def take_any(n: int) -> list[int]:
        out = []
        for _ in range(n):
            b = max(pool, key=lambda k: (pool[k], -k))
            pool[b] -= 1
            out.append(b)
        return out

    t.hands = [take(h) for h in (hands or [[] for _ in range(players)])]
    t.fields, t.bought_field = [], [False] * players
    for p, pf in enumerate(fields or [[[], []] for _ in range(players)]):
        pf = list(pf) + [[]] * (2 - len(pf))
        t.fields.append([take(f) for f in pf])
        t.bought_field[p] = len(pf) > 2
    top = take(deck)
    t.coins = [take_any(n) for n in (coins or [0] * players)]
    rest = [b for b in sorted(pool) for _ in range(pool[b])]
    random.Random(f"scenario/{seed}").shuffle(rest)
    if deck_size is not None:
        keep = deck_size - len(top)
        t.discard, rest = rest[: len(rest) - keep], rest[len(rest) - keep :]
    else:
        t.discard = []
    t.deck = rest + list(reversed(top))
    t.set_aside = []
    t.run_outs = run_outs
    s = game.state
    s.stage, s.turn, s.active, s.ending = TURNS, turn, active, NOT_ENDING
    s.stack.clear()
    names = [p.name for p in game.ruleset.pipeline.turn]
    s.phase = names.index(at) - 1
    game._legal = None
    game._legal_more = None
    game._advance()
    return game
