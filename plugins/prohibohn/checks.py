"""Prohibohn's invariants for the conformance kit (never called during play)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS

from .buildings.nightbar import field_ok
from .cards import CARDS, POLICE, cards_in_play
from .supply import NAME, PART, Buildings, powers

if TYPE_CHECKING:
    from beanframe.core.game import Game


def invariants(game: Game) -> list[str]:
    out = []
    part: Buildings = game.part(PART)
    every = Counter(part.supply) + Counter(part.removed) + sum((Counter(o) for o in part.owned), Counter())
    expected = Counter(cards_in_play(game.ruleset.config.params[NAME].pub))
    if every != expected:
        out.append(f"prohibohn: building cards not accounted for: {dict(every - expected)} extra, "
                   f"{dict(expected - every)} missing")
    for p, owned in enumerate(part.owned):
        if sum(CARDS[i].group == POLICE for i in owned) > 1:
            out.append(f"prohibohn: player {p + 1} owns two police stations")
        pw = powers(game, p)
        for i, f in enumerate(game.part(BEANS).fields[p]):
            if f and not field_ok(f, pw):  # mixed fields only as the player's Nightbars allow
                out.append(f"prohibohn: player {p + 1}'s field {i + 1} mixes beans without a Nightbar that allows it")
    coins = game.part(BEANS).coins
    for p, n in enumerate(part.face_down):
        if not 0 <= n <= len(coins[p]):
            out.append(f"prohibohn: player {p + 1} has {n} face-down coins but {len(coins[p])} coins")
    return out
