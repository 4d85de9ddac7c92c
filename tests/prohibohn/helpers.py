"""Scenario helpers for the Prohibohn tests (after tests/al_cabohne/helpers.py).

``situation(...)`` starts a game from a position (issue 21, ``new_game(position=...)``): the
cards and buildings a test names are where it puts them, the seed deals the rest (every card stays
accounted for: the position is checked on load), and the real engine runs from the start of a
phase of the active player's turn. Cards are bean
keys or names; the deck and the discard are given top card first; ``coins`` lists each player's
coins by bean (``[["runner"] * 3, []]``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import beanframe
from beanframe.beans import PART as BEANS
from beanframe_plugins.prohibohn.cards import card_id
from beanframe_plugins.prohibohn.supply import PART

VARIANTS = ["al_cabohne", "prohibohn"]
CREATED: list = []


def new(seed: int = 0, deck=None, pub: bool = False):
    game = beanframe.new_game(VARIANTS, 2, seed=seed, deck=deck, options={"prohibohn": {"pub": pub}})
    CREATED.append(game)
    return game


def cards(game):
    return game.ruleset.config.params["beans"].cards


def bean(game, name) -> int:
    return cards(game).index(name)


def named(game, ids: Iterable[int]) -> list[str]:
    return [cards(game).beans[c].key for c in ids]


def table(game):
    return game.part(BEANS)


def mafia(game):
    return game.part("mafia")


def part(game):
    return game.part(PART)


def codes(game) -> list[str]:
    return [a.code for a in game.legal_actions()]


def play(game, *moves: str) -> None:
    for code in moves:
        game.apply(code)


def problems(game) -> list[str]:
    return [p for lst in game.ruleset.pm.hook.beanframe_invariants(game=game) for p in lst]


def total_cards(game) -> int:
    t = table(game)
    return sum(len(z) for z in t.zones().values()) + sum(len(f) for f in mafia(game).bosses) + len(mafia(game).treasury)


def buy_code(key: str) -> str:
    return f"buy c{card_id(key) + 1}"


def situation(
    *,
    at: str,
    active: int = 0,
    turn: int = 5,
    hands: Sequence[Sequence[str]] = ((), ()),
    fields: Sequence[Sequence[Sequence[str]]] | None = None,
    bosses: Sequence[Sequence[str]] = (),
    discard: Sequence[str] = (),
    deck: Sequence[str] = (),
    coins: Sequence[Sequence[str]] = ((), ()),
    treasury: Sequence[str] = (),
    piles: Sequence[Sequence[str]] = (),
    leftovers: Sequence[Sequence[str]] = (),
    owned: Sequence[Sequence[str]] = ((), ()),
    run_outs: int = 0,
    deck_size: int | None = None,
    seed: int = 0,
    pub: bool = False,
):
    """A game started from a position (``new_game(position=...)``) at the start of phase ``at``
    ("leftovers", "tax", "play", "flip", "plant", "draw"; "play2": phase 3's optional 2nd card) of
    ``active``'s turn; the engine runs from there to the next decision. Cards not named lie in the
    deck beneath ``deck``, dealt from ``seed``; the discard holds exactly ``discard``.
    ``deck_size``: the deck holds exactly this many cards; the others go to the mafia treasury."""
    rules = beanframe.compose(VARIANTS, 2, {"prohibohn": {"pub": pub}})
    n_fields = rules.config.params["beans"].fields
    fs = [[list(f) for f in pf] + [[]] * (n_fields - len(pf)) for pf in fields or [[], []]]
    bs = [list(f) for f in bosses] + [[]] * (len(rules.config.params["mafia"].bosses) - len(bosses))
    beans = {
        "hands": [list(h) for h in hands],
        "fields": fs,
        "coins": [list(c) for c in coins],
        "discard": list(discard),
        "deck_top": list(deck),
        "set_aside": [],
        "piles": [list(p) for p in piles],
        "leftovers": [list(p) for p in leftovers],
        "run_outs": run_outs,
    }
    mafia: dict = {"bosses": bs, "treasury": list(treasury)}
    if deck_size is not None:
        named = [*hands, *(f for pf in fs for f in pf), *bs, discard, *coins, treasury, *piles, *leftovers]
        extra = rules.config.params["beans"].cards.total - sum(map(len, named)) - deck_size
        assert deck_size >= len(deck) and extra >= 0, "deck_size does not fit the scenario's cards"
        mafia["treasury"] = [*treasury, extra]  # dealt from the seed
    position: dict = {"turn": turn, "active": f"p{active + 1}", "phase": at, "beans": beans, "mafia": mafia,
                      "prohibohn": {"owned": [list(o) for o in owned]}}
    if at == "play2":
        position.update(phase="play", stack=[{"kind": "play", "player": f"p{active + 1}", "args": [1]}])
    game = rules.new_game(seed=seed, position=position)
    CREATED.append(game)
    return game
