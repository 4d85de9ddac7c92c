"""What the greedy bot reads from the ruleset (:class:`BotRules`), the per-card-set tables and
curves of its evaluation, its tunable weights and the actions its model knows."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import frozen

from beanframe.beans import CardSet, field_targets, harvestable_fields
from beanframe.i18n import LANGUAGES, language

from ..actions import MAX_PILES, BuyField, DiscardLeftover, Done, Gift, GivePile, Harvest, Pass, PayTax
from ..actions import PlantFront, PlantLeftover, PlantPile

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset


# ------------------------------------------------------------------------------------------
# What the bot reads from the ruleset
# ------------------------------------------------------------------------------------------


@frozen
class BotRules:
    """The composed rules as the bot uses them: read once from the (public, immutable) ruleset.
    Every parameter lookup of the bot is here, so moving a parameter means editing one line."""

    players: int
    cards: CardSet
    field_cost: int  # coins the third field costs (A "Third field")
    mafia_factor: int  # how many times a mafia coin counts against the player's (solo: x2)
    draw: int  # cards drawn at the end of a turn
    flips: int  # counted flips per turn
    more_decks: int  # decks still to come after the first one (reshuffles)
    plant_target: Callable[[Any, int, int], int | None]  # the composed field-acceptance rule
    plant_targets: Callable[[Any, int, int], list[int]]  # every field that takes the bean
    harvestable: Callable[..., list[Any]]  # the fields a player may harvest now


def bot_rules(ruleset: Ruleset) -> BotRules:
    params = ruleset.config.params
    beans = params["beans"]
    own = params["al_cabohne"]
    solo = ruleset.players == 1
    return BotRules(
        players=ruleset.players,
        cards=beans.cards,
        # None: no field to buy (a variant that removes it); the bot then never values one
        field_cost=beans.third_field_cost if beans.third_field_cost is not None else 10**6,
        mafia_factor=own.solo_mafia_factor if solo else 1,
        draw=beans.draw,
        flips=MAX_PILES,
        more_decks=max(0, beans.run_out_limit - 1) if beans.reshuffle else 0,
        # the bot's model is a table of fields, not a game: the bean family's basic rules on it
        plant_target=lambda m, p, bean: next(iter(field_targets(m.fields[p], bean)), None),
        plant_targets=lambda m, p, bean: field_targets(m.fields[p], bean),
        harvestable=lambda m, p: harvestable_fields(m.fields[p], beans.one_bean_harvest),
    )


@functools.lru_cache(maxsize=8)
def _tables(cards: CardSet) -> tuple[dict[str, int], tuple[int, ...], tuple[tuple[int, ...], ...], tuple]:
    """Per card set: name (in every language) -> index, counts, bean-o-meters, and the interpolated coin curves."""
    index: dict[str, int] = {}
    for lang in LANGUAGES:  # views name beans in their reader's language: any of them maps back
        with language(lang):
            for i, name in enumerate(cards.names):
                index.setdefault(name, i)
    counts = tuple(b.count for b in cards.beans)
    meters = tuple(tuple(b.meter) for b in cards.beans)
    return index, counts, meters, tuple(progress_table(m, c) for m, c in zip(meters, counts))


def bean_index(cards: CardSet) -> dict[str, int]:
    """A bean's name as a view shows it, in any language, -> its index in ``cards``."""
    return _tables(cards)[0]


def progress_table(meter: tuple[int, ...], count: int) -> tuple[float, ...]:
    """Coins as a piecewise-linear function of the field size (through each meter step), for
    sizes 0..count: a smooth measure of how far a field has come (the bot's evaluation and the
    search's rollout policy share it)."""
    points = [(0, 0.0)] + [(size, float(k)) for k, size in enumerate(meter, 1) if size]
    out = []
    for n in range(count + 1):
        if n >= points[-1][0]:
            out.append(points[-1][1])
            continue
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            if x0 <= n <= x1:
                out.append(y0 + (y1 - y0) * (n - x0) / (x1 - x0))
                break
    return tuple(out)


def _interp(t: tuple[float, ...], x: float) -> float:
    if x <= 0:
        return 0.0
    top = len(t) - 1
    if x >= top:
        return t[top]
    i = int(x)
    return t[i] + (t[i + 1] - t[i]) * (x - i)


# Tunable weights of the evaluation. Re-measured after the F.19/F.21 corrections (solo, 300 seeded
# games each, seeds 1000-1299, the win rate's 95% interval about +-5.5 points): with the look-ahead
# 62%; grow 1.5 63%, hand_card 1.0 63% / 2.0 63% (noise: kept). Before the phase-4 look-ahead (46%):
# empty -0.5 41%, +0.5 15% (kept 0), discard_win 0.3 47% (kept 0: selling a completed field before
# the flips already scores at least as well as keeping it), grow 1.2 45%, clog 1.0 51% (kept).
W = {
    "grow": 1.35,  # weight of a field's expected value (over 1: growing fields are kept)
    "hand_w": 0.85,  # weight of a hand card toward its field, decaying with its position
    "unseen_w": 0.18,  # share of the unseen cards of a field's bean expected to join it
    "empty": 0.0,  # an empty own field
    "clog": 1.6,  # a card near the hand's front that fits no field
    "mafia_hand": 1.2,  # a hand card of a bean the mafia collects
    "tax_turns": 1.0,  # how many taxes a taxed field is expected to pay
    "boss_flow": 0.42,  # share of the unseen cards of a boss's bean that will reach it
    "discard_boss": 0.48,  # share of the discard top run a boss will pull in
    "opp": 0.5,  # 2 players: weight of the opponent's gains
    "mafia_reach": 20,  # how many front hand cards the mafia_hand weight looks at
    "hand_card": 1.5,  # each hand card (a boss emptied later could be refilled with it)
    "deck_after": 45,  # rough size of a deck rebuilt from the discard
    "extra_per_turn": 2,  # cards a turn uses besides the counted flips and the draw (replacements)
    "discard_win": 0.0,  # share of the expected gain from a flip that wins back the discard top (F.2; 0: off)
    "plant_look": 1,  # solo phase 4: look one pile ahead (0: the estimate only)
    "field_turn": 0.2,  # worth of one more own field per turn left (2 players: buy the third one)
}

# 2 players: the opponent refills the bosses too, so emptying the own hand to starve the mafia
# pays far less there; these weights replace the solo ones (measured against the random bot).
W_DUO = {"clog": 0.2, "mafia_hand": 0.0, "hand_card": 0.0}

# The actions the model knows; any other class needs a value registered for bots.
KNOWN = frozenset(
    (PlantFront, Pass, PayTax, PlantPile, GivePile, Gift, PlantLeftover, DiscardLeftover, Done, Harvest, BuyField)
)

