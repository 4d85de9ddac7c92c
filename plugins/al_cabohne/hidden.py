"""What Al Cabohne hides from a player, for fair determinization (``game.determinize``).

The bean family declares the deck and the other hands hidden (:mod:`beanframe.beans.hidden`);
Al Cabohne adds what its rules reveal: a hand shown at the refill (RULES A "Turn" phase 5: no hand
card fits an empty boss) is known to everyone, in order, until its cards leave the hand. Cards
leave a hand face up when the front card is planted (phase 3), a hand card is given to a boss, or
a variant's rule discards one (the bean family's ``hand_discard`` event); the event log names
their beans. The mafia's fields and treasury, the discard, the piles and every
coin are face up or were seen when they were made, so nothing else is hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans.hidden import HAND_DISCARD, bean_zones, shown_hands

if TYPE_CHECKING:
    from beanframe.core.determinize import Hidden
    from beanframe.core.game import Game

SHOW_HAND = "show_hand"  # ("show_hand", player, cards): the hand, front first, shown to everyone


def left_hand(event: tuple) -> tuple[int, int] | None:
    """(player, card) when an event takes a card face up out of a hand, else None."""
    kind = event[0]
    if kind == "gift":  # ("gift", player, boss, card)
        return event[1], event[3]
    if kind == "plant" and event[4] == "hand":  # ("plant", player, field, card, source)
        return event[1], event[3]
    if kind == HAND_DISCARD:  # ("hand_discard", player, card): a variant's rule (the bean family's event)
        return event[1], event[2]
    return None


def hidden(game: Game, observer: int | None) -> list[Hidden]:
    """The deck and the other hands, each hand's shown front known."""
    fronts = shown_hands(game, SHOW_HAND, left_hand)
    return bean_zones(game, observer, {p: front for p, front in enumerate(fronts) if front and p != observer})
