"""Ali Baba's shared rule functions: parameters, money, piles, fate, round scoring. The steps,
the bots and the renderers all use these, so a rule lives in one place."""

from __future__ import annotations

from bisect import insort

from attrs import field, frozen
from attrs.validators import instance_of

from beanframe.core.params import flag, whole

from .data import GANGS, PER_GROUP, Board, gang, group
from .state import PART, AliBaba


@frozen
class AliBabaRules:
    """``config.params["ali_baba"]``: the board and the options, as composed."""

    board: Board = field(validator=instance_of(Board))
    pick_any: bool = field(default=False, validator=flag)  # variant: take any card of a pile
    surrender: bool = field(default=False, validator=flag)  # reading: an arrested bandit may be left
    offers: int = field(default=3, validator=whole(0, 20))  # offers per player per negotiation (the cap)


def rules_of(game) -> AliBabaRules:
    return game.ruleset.config.params[PART]


def board_of(game) -> Board:
    return game.ruleset.config.params[PART].board


def table(game) -> AliBaba:
    return game.state.parts[PART]


def roll(game) -> int:
    """One die roll: the next stacked roll of the position (``AliBaba.rolls``), else from the seed."""
    rolls = game.state.parts[PART].rolls
    return rolls.pop(0) if rolls else game.random().randint(1, 6)


def gain(part: AliBaba, player: int, amount: int) -> None:
    part.piasters[player] += amount


def receive(part: AliBaba, player: int, card: int) -> None:
    insort(part.bandits[player], card)


def to_pile(part: AliBaba, card: int) -> None:
    """A card back to the bank goes face up under its gang's pile (so everyone knows it is there)."""
    g = gang(card)
    part.piles[g].insert(0, card)
    part.known_bottom[g] += 1


def from_pile(part: AliBaba, card: int) -> None:
    pile = part.piles[gang(card)]
    i = pile.index(card)
    pile.pop(i)
    g = gang(card)
    if i < part.known_bottom[g]:
        part.known_bottom[g] -= 1


def takeable(game, part: AliBaba) -> list[int]:
    """The pile cards a player may take: the open ones (variant ``pick_any``: every pile card)."""
    if rules_of(game).pick_any:
        return sorted(c for pile in part.piles for c in pile)
    return [pile[-1] for pile in part.piles if pile]


def hunted_cards(part: AliBaba, player: int, mask: int) -> list[int]:
    return [c for c in part.bandits[player] if mask >> gang(c) & 1]


def row_numbers(board: Board, black: int) -> frozenset[int]:
    """The numbers Ali Baba has found once the black die shows ``black``: its row of the grid."""
    return frozenset(board.grid[black - 1])


def fate_number(board: Board, black: int, white: int) -> int:
    return board.grid[black - 1][white - 1]


def threatened(board: Board, card: int, black: int) -> bool:
    return bool(board.card_fate[card] & row_numbers(board, black))


def loot(board: Board, cards) -> int:
    """The round's payout for a hand of bandits: each card's loot value, double for a complete
    group (all four of its members)."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[group(c)] = counts.get(group(c), 0) + 1
    total = 0
    for c in cards:
        v = board.card_value[c]
        total += 2 * v if counts[group(c)] == PER_GROUP else v
    return total


ALL_GANGS = (1 << GANGS) - 1  # every gang: 0b1111
