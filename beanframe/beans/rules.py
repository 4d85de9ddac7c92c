"""The bean family's rules as plain functions over plain data (field contents, field sizes, card
sets): steps, options, bots and tests share them, so a rule is written once.

They know no game and no part: a bot can call them on its own model or on a view (field contents
given as bean names work as well as card ints). The composed rules that a variant may replace
(``BeanRules.plant_targets``) and the game-level helpers are in ``table`` and ``fields``.
"""

from __future__ import annotations

from collections.abc import Sequence, Sized
from typing import Any

from beanframe.beans.cards import CardSet

#: values of ``BeanRules.harvest_when`` / ``buy_field_when``: on the player's own turn only
#: (Al Cabohne: "at any time during one's own turn"), or at any decision of the player (Bohnanza's
#: harvest, F.22)
OWN_TURN, ANY_TIME = "own_turn", "any_time"
WHEN = (OWN_TURN, ANY_TIME)

#: values of ``BeanRules.one_bean_harvest``: Al Cabohne's literal rule (F.19: a one-bean field only
#: when every own field holds exactly one bean, or when it is the only non-empty one), or Bohnanza's
#: bean protection rule (RULES C: not while another own field holds more than one)
LITERAL, PROTECTION = "literal", "protection"
ONE_BEAN_RULES = (LITERAL, PROTECTION)


def field_targets(fields: Sequence[Sequence[Any]], bean: Any) -> list[int]:
    """Where ``bean`` may be planted among ``fields`` (each a sequence of cards, last planted last)
    under the family's basic rule, one bean type per field and never on two fields: the field that
    grows it, else the first empty field (empty fields are interchangeable, so one is offered),
    else none."""
    empty = -1
    i = 0  # counted by hand: enumerate costs more than the loop's body here (the hot path)
    for f in fields:
        if f:
            if f[-1] == bean:
                return [i]
        elif empty < 0:
            empty = i
        i += 1
    return [empty] if empty >= 0 else []


def harvestable_fields(fields: Sequence[Sized], one_bean: str = LITERAL, labels: Sequence[Any] | None = None) -> list[Any]:
    """Which of ``fields`` may be harvested now (only their sizes matter: a field's cards, or
    ``range(n)`` for a field of n beans). Fields of two or more beans always may, empty fields
    never; one-bean fields follow ``one_bean``:

    - ``"literal"`` (Al Cabohne, RULES A "Harvest and sell", F.19): only if every field holds
      exactly one bean, or if it is the only non-empty field. Sizes 1, 1, 0: none of them.
    - ``"protection"`` (Bohnanza, RULES C): only while no field holds more than one.

    Returns their indexes, or ``labels[index]`` when labels are given (e.g. interned actions).
    """
    if labels is None:
        labels = _INDEXES
    big: list[Any] = []
    single: list[Any] = []
    empty = False
    i = 0  # counted by hand: enumerate costs more than the loop's body here (the hot path)
    for f in fields:
        n = len(f)
        if n > 1:
            big.append(labels[i])
        elif n:
            single.append(labels[i])
        else:
            empty = True
        i += 1
    if big or not (empty and len(single) > 1 and one_bean == LITERAL):
        return big or single
    return []


_INDEXES = range(1 << 16)  # labels that are the indexes themselves


def sale(cards: CardSet, bean: int, n: int) -> tuple[int, int]:
    """Selling a field of ``n`` cards of ``bean``: (coins earned, cards that go to the discard)."""
    coins = cards.value(bean, n)
    return coins, n - coins

