"""The bean family's hidden information, for fair determinization (``game.determinize``).

The core redeals, game-wide, every zone that plugins declare hidden through the
``beanframe_hidden`` hook (see :mod:`beanframe.core.determinize`). Every bean card of every part
belongs to one pool, :data:`POOL`, so a bean redealt out of the deck may land in another player's
hand, a face-down coin, a depot or a face-down fight card, whichever part holds them: the redeal
is consistent across parts. This module says which cards of the bean table are hidden, and gives
the helpers variants use to say what their rules reveal.

What the bean table hides from an observer (F.13):

- the **deck** (its order and contents; the discard is face up and the reshuffle shuffles it, so
  the observer knows no deck card);
- **the other players' hands**, except the cards the observer knows (a variant passes them as
  ``known_hands``: Al Cabohne's shown hand, Bohnanza's beans named in open offers);
- **coins are known**: every coin came from a sale whose beans everyone saw (the fields are face
  up). A variant with face-down coins (Prohibohn's starting coins) declares them itself with
  :func:`face_down`.

A bean plugin's hook (the plugin that registers the bean table, not every variant on top)::

    @hookimpl
    def beanframe_hidden(game, observer):
        return bean_zones(game, observer, known_hands=...)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any

from beanframe.beans.table import PART, BeanTable
from beanframe.core.determinize import Hidden

if TYPE_CHECKING:
    from beanframe.core.game import Game

#: the pool of every bean card, whatever part holds it
POOL = "beans"

#: ("hand_discard", player, card): a variant's rule discards a hand card face up (Prohibohn's
#: 3-Casino); a bean-family event, so that whoever tracks a shown hand sees the card leave it
HAND_DISCARD = "hand_discard"


def bean_zones(
    game: Game, observer: int | None, known_hands: Mapping[int, Sequence[int]] | None = None
) -> list[Hidden]:
    """The bean table's zones hidden from ``observer`` (None: a spectator, who sees no hand): the
    deck, and every other player's hand. ``known_hands[p]`` lists cards the observer knows at the
    front of player ``p``'s hand, in order (see :func:`still_shown`); they stay where they are."""
    table: BeanTable = game.state.parts[PART]
    zones = [Hidden(POOL, table.deck)]
    known_hands = known_hands or {}
    for p, hand in enumerate(table.hands):
        if p != observer:
            front = known_hands.get(p, ())
            zones.append(Hidden(POOL, hand, {i: card for i, card in enumerate(front)}))
    return zones


def face_down(cards: MutableSequence[Any], positions: Iterable[int]) -> Hidden:
    """A zone whose cards are all known to the observer except those at ``positions`` (face-down
    cards among face-up ones, such as Prohibohn's starting coins among coins from sales)."""
    unknown = set(positions)
    return Hidden(POOL, cards, {i: c for i, c in enumerate(cards) if i not in unknown})


def still_shown(shown: Sequence[int], left: Iterable[int]) -> list[int]:
    """The cards of a hand shown to everyone (``shown``, front first) that the observer still
    knows to be at the hand's front, in order, after the cards ``left`` left that hand face up
    (oldest first, each named by its bean; where in the hand it was may be private).

    Hands keep their order and gain cards only at the back, so the shown cards still held are the
    hand's front. A card that left is taken off the shown ones when one of its bean is among them:
    if it was in fact a later card of the same bean, the observer can no longer be sure which one
    is left. So the result may forget a card the observer could still infer; it never claims a
    card that is not in the hand."""
    remaining = list(shown)
    for card in left:
        if card in remaining:
            remaining.remove(card)  # the first of its bean: equal cards are interchangeable
    return remaining


#: (id of an event-log node, shown kind, left rule) -> (the node, the known fronts then); a few
#: recent logs, so that a search determinizing the same position again, or the next one, reads
#: only the events that are new (the node is kept alive, so its id cannot be reused meanwhile)
_memo: dict[tuple[int, str, Any], tuple[tuple, tuple[tuple[int, ...], ...]]] = {}
_MEMO_SIZE = 256


def shown_hands(
    game: Game, shown_kind: str, left: Callable[[tuple], tuple[int, int] | None]
) -> list[list[int]]:
    """The known front of every player's hand, from the event log: the cards of each player's
    last event ``(shown_kind, player, cards)`` (a hand shown to everyone, front first), minus
    the cards that left that hand face up since (:func:`still_shown`). ``left(event)`` returns
    ``(player, card)`` for an event that takes a card face up out of a hand, else None. A hand
    never shown has no known front. Results are remembered for a few recent logs."""
    players = game.state.players
    newer: list[tuple] = []
    node = game.state.events
    known: tuple[tuple[int, ...], ...] = ((),) * players
    while node is not None:
        hit = _memo.get((id(node), shown_kind, left))
        if hit is not None and hit[0] is node:
            known = hit[1]
            break
        newer.append(node[0])
        node = node[1]
    if newer:
        fronts = [list(k) for k in known]
        for event in reversed(newer):
            if event[0] == shown_kind:
                fronts[event[1]] = list(event[2])
                continue
            gone = left(event)
            if gone is not None and fronts[gone[0]]:
                fronts[gone[0]] = still_shown(fronts[gone[0]], (gone[1],))
        known = tuple(tuple(f) for f in fronts)
        head = game.state.events
        if head is not None:
            if len(_memo) >= _MEMO_SIZE:
                _memo.clear()
            _memo[(id(head), shown_kind, left)] = (head, known)
    return [list(k) for k in known]
