"""Scenario helpers for the Al Cabohne tests.

``new(...)`` starts a game with a stacked deck (top card first). ``situation(...)`` starts a game
from a position (issue 21, ``new_game(position=...)``): the cards a test names are where it puts
them, the seed deals the rest (the 116 cards stay accounted for: the position is checked on load),
and the real engine runs from the start of a chosen phase of the active player's turn.

Lists of cards are bean names or keys ("Chili Bean" or "fire"); ``many("fire", 3)`` repeats one.
Like the deck, the *discard* is given top card first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import beanframe
from beanframe.beans import PART as BEANS
from beanframe_plugins.al_cabohne import mafia as m
from beanframe_plugins.al_cabohne.plugin import CARDS

VARIANT = ["al_cabohne"]


def bean(name: str | int) -> int:
    return CARDS.index(name)


def many(name: str, n: int) -> list[str]:
    return [name] * n


def named(cards: Iterable[int]) -> list[str]:
    """Card ints as their beans' keys (``"fire"``), for readable assertions."""
    return [CARDS.beans[c].key for c in cards]


CREATED: list = []  # every game a test started: conftest checks their invariants at teardown


def new(players: int = 2, deck: Sequence[str] | None = None, seed: int = 0, options=None):
    game = beanframe.new_game(VARIANT, players, seed=seed, deck=deck, options=options)
    CREATED.append(game)
    return game


def table(game):
    return game.part(BEANS)


def mafia(game):
    return game.part(m.PART)


def codes(game) -> list[str]:
    return [a.code for a in game.legal_actions()]


def problems(game) -> list[str]:
    """The plugin's invariants (every card accounted for, one bean per field, ...)."""
    return [p for lst in game.ruleset.pm.hook.beanframe_invariants(game=game) for p in lst]


def check(game) -> None:
    found = problems(game)
    assert not found, found


def events_since(game, mark: int, kind: str | None = None) -> list[tuple]:
    """Events emitted after ``mark`` (a previous ``len(game.events)``), optionally of one kind."""
    evs = game.events[mark:]
    return [e for e in evs if kind is None or e[0] == kind]


def events_of(game, kind: str) -> list[tuple]:
    return [e for e in game.events if e[0] == kind]


def play(game, *moves: str) -> None:
    """Apply action codes one after the other (each must be legal)."""
    for code in moves:
        game.apply(code)


def fields(game, player: int = 0) -> list[list[str]]:
    return [named(f) for f in table(game).fields[player]]


def bosses(game) -> list[list[str]]:
    return [named(f) for f in mafia(game).bosses]


def hand(game, player: int = 0) -> list[str]:
    return named(table(game).hands[player])


def discard_top_first(game) -> list[str]:
    return named(reversed(table(game).discard))


def treasury(game) -> int:
    return len(mafia(game).treasury)


def coins(game, player: int = 0) -> int:
    return len(table(game).coins[player])


def total_cards(game) -> int:
    t = table(game)
    n = sum(len(z) for z in t.zones().values())
    return n + sum(len(f) for f in mafia(game).bosses) + len(mafia(game).treasury)


def situation(
    players: int = 2,
    *,
    at: str,
    active: int = 0,
    turn: int = 5,
    hands: Sequence[Sequence[str]] | None = None,
    fields: Sequence[Sequence[Sequence[str]]] | None = None,
    bosses: Sequence[Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    deck: Sequence[str] = (),
    deck_size: int | None = None,
    coins: Sequence[int | Sequence[str]] | None = None,
    treasury: int = 0,
    set_aside: int = 0,
    piles: Sequence[Sequence[str]] = (),
    leftovers: Sequence[Sequence[str]] = (),
    run_outs: int = 0,
    surplus: str = "discard",
    seed: int = 0,
    options=None,
    plugins=(),
):
    """A game started from a position (``new_game(position=...)``) at the start of phase ``at``
    ("leftovers", "tax", "play", "flip", "plant", "draw"; or "refill": the end of phase 5; or
    "play2": phase 3's optional 2nd card) of ``active``'s turn number ``turn``; the engine runs
    from there to the next decision.

    ``fields``: per player, a list of fields (a player given 3 fields has bought the third one).
    ``deck``: the top cards, top first; the seed deals the rest beneath. ``deck_size``: make the
    deck exactly this big; the cards left over go to the bottom of the discard (below
    ``discard``), or with ``surplus="treasury"`` into the mafia treasury (to keep the discard
    exactly as given). ``coins``/``treasury``/``set_aside``: counts of cards (dealt from the seed);
    a player's ``coins`` may also list beans.
    ``plugins``: house rules played with Al Cabohne.
    """
    rules = beanframe.compose(VARIANT, players, options, extra_plugins=plugins)
    n_fields = rules.config.params["beans"].fields
    fs = [[list(f) for f in pf] + [[]] * (n_fields - len(pf)) for pf in fields or [[]] * players]
    bs = [list(f) for f in bosses or ()]
    bs += [[]] * (len(rules.config.params["mafia"].bosses) - len(bs))
    beans = {
        "hands": [list(h) for h in hands or [[]] * players],
        "fields": fs,
        "coins": list(coins or [0] * players),
        "discard": list(discard),
        "deck_top": list(deck),
        "set_aside": set_aside,
        "piles": [list(p) for p in piles],
        "leftovers": [list(p) for p in leftovers],
        "run_outs": run_outs,
    }
    mafia = {"bosses": bs, "treasury": treasury}
    if deck_size is not None:
        named = [*beans["hands"], *(f for pf in fs for f in pf), *bs, discard, *piles, *leftovers]
        coined = sum(c if isinstance(c, int) else len(c) for c in beans["coins"])
        extra = CARDS.total - sum(map(len, named)) - coined - treasury - set_aside - deck_size
        if deck_size < len(deck) or extra < 0:
            raise ValueError(f"deck_size {deck_size} does not fit the cards of the scenario")
        if surplus == "treasury":
            mafia["treasury"] = treasury + extra
        else:
            beans["discard"] = [*discard, extra]  # beneath the given discard, dealt from the seed
    position: dict = {"turn": turn, "active": f"p{active + 1}", "phase": at, "beans": beans, "mafia": mafia}
    if at == "refill":
        position.update(phase="plant", stack=[{"kind": "refill", "player": f"p{active + 1}"}])
    elif at == "play2":
        position.update(phase="play", stack=[{"kind": "play", "player": f"p{active + 1}", "args": [1]}])
    game = rules.new_game(seed=seed, position=position)
    CREATED.append(game)
    assert total_cards(game) == CARDS.total
    return game
