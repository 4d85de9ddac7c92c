"""Scenario helpers for the Bohnanza tests.

``situation(...)`` starts a game from a position (issue 21, ``new_game(position=...)``): the cards
a test names are where it puts them, the seed deals the rest (the 104 cards stay accounted for:
the position is checked on load), and the real engine runs from the start of a phase of the active
player's turn.
Cards are bean keys or names ("fire" or "Chili Bean"); ``many("fire", 3)`` repeats one. The deck
is given top card first.
"""

from __future__ import annotations

from collections.abc import Sequence

import beanframe
from beanframe.beans import PART as BEANS
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
    """A game started from a position (``new_game(position=...)``) at the start of phase ``at``
    ("plant", "trade", "plant_traded", "draw") of ``active``'s turn ``turn``; the engine runs from
    there to the next decision. ``fields``: per player a list of fields (3 fields: the third was
    bought). ``deck``: top cards, top first; the seed deals the rest beneath. ``deck_size``: the
    deck holds exactly this many cards (the rest goes to the discard, dealt from the seed)."""
    rules = beanframe.compose(VARIANT, players, options)
    fs = [[list(f) for f in pf] + [[]] * (2 - len(pf)) for pf in fields or [[]] * players]
    hands = [list(h) for h in hands or [[]] * players]
    coins = list(coins or [0] * players)
    beans = {"hands": hands, "fields": fs, "coins": coins, "deck_top": list(deck), "run_outs": run_outs}
    if deck_size is not None:
        named = sum(map(len, hands)) + sum(len(f) for pf in fs for f in pf) + sum(coins)
        extra = rules.config.params["beans"].cards.total - named - deck_size
        assert deck_size >= len(deck) and extra >= 0, "deck_size does not fit the scenario's cards"
        beans["discard"] = extra
    game = rules.new_game(seed=seed, position={"turn": turn, "active": f"p{active + 1}", "phase": at, "beans": beans})
    CREATED.append(game)
    return game
