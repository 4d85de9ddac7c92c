"""Scenario helpers for the Bohnaparte tests: ``situation(...)`` starts a game from a position
(issue 21, ``new_game(position=...)``: the cards and the board a test names, the rest dealt from
the seed, all 104 cards accounted for) and lets the real engine run from the start of a phase of
the active player's turn. Cards are bean keys ("fire", "Green Bean"...);
``deck`` is given top card first."""

from __future__ import annotations

from collections.abc import Sequence

import beanframe
from beanframe.beans import PART as BEANS
from beanframe_plugins.bohnanza.rules import BASE_CARDS as CARDS
from beanframe_plugins.bohnaparte.board import PART

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
    depots: dict[int, Sequence[str] | int] | None = None,
    merchants: dict[int, Sequence[str] | int] | None = None,
    deck: Sequence[str] = (),
    deck_size: int | None = None,
    run_outs: int = 0,
    fortresses: Sequence[int] = (),
    camps: Sequence[int] | None = None,
    empty_quarries: Sequence[int] = (),
    tired: Sequence[int] = (),
    ending: str = "no",
    seed: int = 0,
    options=None,
):
    """A game started from a position (``new_game(position=...)``) at the start of phase ``at`` of
    ``active``'s turn 5; the engine runs from there. ``owners``: landscape (0-based) -> player
    (every other landscape neutral); ``depots``/``merchants``: player -> cards (or how many, dealt
    from the seed); ``camps``: per player a landscape (-1: none); ``tired``: horse teams whose
    troop is tired. ``deck``: top cards, top first; ``deck_size``: the deck holds exactly this
    many cards (the rest goes to the discard). Cards not named are dealt from ``seed``."""
    rules = beanframe.compose(VARIANTS, players, options)

    def land(i: int) -> str:
        return "" if i < 0 else f"l{i + 1}"

    hands = [list(h) for h in hands or [[]] * players]
    coins = list(coins or [0] * players)
    piles = {key: {f"p{p + 1}": cards for p, cards in (given or {}).items()} for key, given in (("depots", depots), ("merchants", merchants))}
    board = {
        "owners": {land(i): f"p{p + 1}" for i, p in (owners or {}).items()},
        "fortresses": [land(i) for i in fortresses],
        "empty_quarries": [land(i) for i in empty_quarries],
        "tired": [land(i) for i in tired],
        **piles,
    }
    if camps is not None:
        board["camps"] = [land(i) for i in camps]
    beans = {"hands": hands, "coins": coins, "deck_top": list(deck), "run_outs": run_outs}
    if deck_size is not None:
        named = sum(map(len, hands)) + sum(coins) + sum(c if isinstance(c, int) else len(c) for p in piles.values() for c in p.values())
        extra = rules.config.params["beans"].cards.total - named - deck_size
        assert deck_size >= len(deck) and extra >= 0, "deck_size does not fit the scenario's cards"
        beans["discard"] = extra
    position = {"turn": 5, "active": f"p{active + 1}", "phase": at, "ending": ending, "beans": beans, "board": board}
    return rules.new_game(seed=seed, position=position)
