"""Scenario helpers for the Al Cabohne tests.

``new(...)`` starts a game with a stacked deck (top card first). ``situation(...)`` builds a
mid-game position from a freshly started game *by moving cards*: every zone is emptied into one
pool, the cards a test names are taken out of that pool and put where the test wants them, and
the rest becomes the deck, so the 116 cards stay accounted for. Then the game is positioned at the
start of a chosen phase of the active player's turn and the real engine runs from there.

Lists of cards are bean names or keys ("Feuerbohne" or "fire"); ``many("fire", 3)`` repeats one.
Like the deck, the *discard* is given top card first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.state import NOT_ENDING, TURNS, Frame
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


class _Pool:
    def __init__(self, counts: Counter) -> None:
        self.counts = counts

    def take(self, names: Iterable[str | int]) -> list[int]:
        out = []
        for name in names:
            b = bean(name)
            if self.counts[b] <= 0:
                raise ValueError(f"scenario needs more {CARDS.names[b]} than the game has")
            self.counts[b] -= 1
            out.append(b)
        return out

    def take_any(self, n: int) -> list[int]:
        """``n`` cards of the most plentiful beans left (for coins, whose beans do not matter)."""
        out = []
        for _ in range(n):
            b = max(self.counts, key=lambda k: (self.counts[k], -k))
            if self.counts[b] <= 0:
                raise ValueError("scenario needs more cards than the game has")
            self.counts[b] -= 1
            out.append(b)
        return out

    def rest(self) -> list[int]:
        return [b for b in sorted(self.counts) for _ in range(self.counts[b])]


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
    coins: Sequence[int] | None = None,
    treasury: int = 0,
    set_aside: int = 0,
    piles: Sequence[Sequence[str]] = (),
    leftovers: Sequence[Sequence[str]] = (),
    run_outs: int = 0,
    surplus: str = "discard",
    seed: int = 0,
    options=None,
):
    """A game positioned at the start of phase ``at`` ("leftovers", "tax", "play", "flip",
    "plant", "draw"; or "refill": the end of phase 5; or "play2": phase 3's optional 2nd card) of
    ``active``'s turn number ``turn``, then advanced by the real engine to the next decision.

    ``fields``: per player, a list of fields (a player given 3 fields has bought the third one).
    ``deck``: the top cards, top first; the remaining cards lie beneath in an order fixed by
    ``seed``. ``deck_size``: make the deck exactly this big; the cards left over go to the bottom
    of the discard (below ``discard``), or with ``surplus="treasury"`` into the mafia treasury (to
    keep the discard exactly as given). ``coins``/``treasury``/``set_aside``: counts of cards.
    """
    game = new(players, seed=seed, options=options)
    t, maf = table(game), mafia(game)
    pool = Counter()
    for zone in t.zones().values():
        pool.update(zone)
    for f in maf.bosses:
        pool.update(f)
    pool.update(maf.treasury)
    assert sum(pool.values()) == CARDS.total
    take = _Pool(pool)

    n_fields = game.ruleset.config.params["beans"].fields
    t.hands = [take.take(h) for h in (hands or [[] for _ in range(players)])]
    fs = fields or [[[] for _ in range(n_fields)] for _ in range(players)]
    t.fields = []
    t.bought_field = [False] * players
    for p, pf in enumerate(fs):
        pf = list(pf) + [[]] * (n_fields - len(pf))
        t.fields.append([take.take(f) for f in pf])
        if len(pf) > n_fields:
            t.bought_field[p] = True
    n_bosses = len(maf.bosses)
    bs = list(bosses or [])
    bs += [[]] * (n_bosses - len(bs))
    maf.bosses = [take.take(f) for f in bs]
    t.piles = [take.take(p) for p in piles]
    t.leftovers = [take.take(p) for p in leftovers]
    discard_cards = list(reversed(take.take(discard)))  # bottom first
    deck_top = take.take(deck)
    t.coins = [take.take_any(n) for n in (coins or [0] * players)]
    maf.treasury = take.take_any(treasury)
    t.set_aside = take.take_any(set_aside)
    rest = take.rest()
    random.Random(f"scenario/{seed}").shuffle(rest)
    extra: list[int] = []
    if deck_size is not None:
        fill = deck_size - len(deck_top)
        if fill < 0:
            raise ValueError("deck_size is smaller than the stacked deck")
        extra, rest = rest[: len(rest) - fill], rest[len(rest) - fill :]
    if surplus == "treasury":
        maf.treasury.extend(extra)
        extra = []
    t.discard = extra + discard_cards
    t.deck = rest + list(reversed(deck_top))  # the end of the list is the top
    t.run_outs = run_outs

    s = game.state
    s.stage, s.turn, s.active, s.ending = TURNS, turn, active, NOT_ENDING
    s.stack.clear()
    names = [p.name for p in game.ruleset.pipeline.turn]
    if at == "refill":
        s.phase = names.index("plant")
        s.stack.append(Frame("refill", active, ()))
    elif at == "play2":
        s.phase = names.index("play")
        s.stack.append(Frame("play", active, (1,)))
    else:
        s.phase = names.index(at) - 1
    game._legal = None
    game._result = None
    assert total_cards(game) == CARDS.total
    game._advance()
    return game
