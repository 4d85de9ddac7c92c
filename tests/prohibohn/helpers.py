"""Scenario helpers for the Prohibohn tests (after tests/al_cabohne/helpers.py).

``situation(...)`` builds a mid-game position by *moving cards* of a fresh game (so every card
stays accounted for), gives the players buildings from the supply, and positions the game at the
start of a phase of the active player's turn; the real engine runs from there. Cards are bean
keys or names; the deck and the discard are given top card first; ``coins`` lists each player's
coins by bean (``[["runner"] * 3, []]``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.state import NOT_ENDING, TURNS, Frame
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


def give_cards(game, player: int, keys: Sequence[str]) -> None:
    """Move supply cards to a player (no payment: a scenario's starting position)."""
    p = part(game)
    for key in keys:
        p.take(player, card_id(key))


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
    """A game at the start of phase ``at`` ("leftovers", "tax", "play", "flip", "plant", "draw")
    of ``active``'s turn, advanced to the next decision. Cards not named lie in the deck beneath
    ``deck`` in an order fixed by ``seed``; the discard holds exactly ``discard``. ``deck_size``:
    the deck holds exactly this many cards; the others go to the mafia treasury."""
    game = new(seed=seed, pub=pub)
    t, maf = table(game), mafia(game)
    pool: Counter = Counter()
    for zone in t.zones().values():
        pool.update(zone)
    for f in maf.bosses:
        pool.update(f)
    pool.update(maf.treasury)
    total = sum(pool.values())

    def take(names):
        out = []
        for name in names:
            b = bean(game, name)
            assert pool[b] > 0, f"scenario needs more {name} than the game has"
            pool[b] -= 1
            out.append(b)
        return out

    n_fields = game.ruleset.config.params["beans"].fields
    t.hands = [take(h) for h in hands]
    fs = fields or [[[] for _ in range(n_fields)] for _ in range(2)]
    t.fields = [[take(f) for f in list(pf) + [[]] * (n_fields - len(pf))] for pf in fs]
    bs = list(bosses) + [[]] * (len(maf.bosses) - len(bosses))
    maf.bosses = [take(f) for f in bs]
    t.piles = [take(p) for p in piles]
    t.leftovers = [take(p) for p in leftovers]
    t.discard = list(reversed(take(discard)))
    top = take(deck)
    t.coins = [take(c) for c in coins]
    maf.treasury = take(treasury)
    t.set_aside = []
    rest = [b for b in sorted(pool) for _ in range(pool[b])]
    random.Random(f"scenario/{seed}").shuffle(rest)
    if deck_size is not None:
        keep = deck_size - len(top)
        maf.treasury.extend(rest[keep:])
        rest = rest[:keep]
    t.deck = rest + list(reversed(top))
    t.run_outs = run_outs
    for p, keys in enumerate(owned):
        give_cards(game, p, keys)

    s = game.state
    s.stage, s.turn, s.active, s.ending = TURNS, turn, active, NOT_ENDING
    s.stack.clear()
    names = [p.name for p in game.ruleset.pipeline.turn]
    if at == "play2":
        s.phase = names.index("play")
        s.stack.append(Frame("play", active, (1,)))
    else:
        s.phase = names.index(at) - 1
    game._legal = None
    game._result = None
    assert total_cards(game) == total
    game._advance()
    return game
