"""Where beans may be planted in Bohnanza (F.25): the composed rule ``BeanRules.plant_targets``.

F.25: Bohnanza's rules do not forbid one bean on two own fields, so by default a bean may go on
every own field that grows it and on an empty field; the option ``same_bean_two_fields = false``
gives the bean family's stricter rule (``one_bean_per_field``: the field that grows it, else an
empty one). Every step asks :func:`targets`, i.e. ``beans.plant_targets``, so a variant on top may
set its own rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import plant_targets

if TYPE_CHECKING:
    from beanframe.core.game import Game


def two_fields_targets(fields, bean) -> list[int]:
    """F.25 on plain data: every field growing ``bean``, then the first empty field (empty fields
    are interchangeable, so only one is offered)."""
    out = []
    empty = -1
    for i, f in enumerate(fields):
        if f:
            if f[-1] == bean:
                out.append(i)
        elif empty < 0:
            empty = i
    if empty >= 0:
        out.append(empty)
    return out


def bohnanza_targets(game: Game, player: int, bean: int) -> list[int]:
    """The composed ``BeanRules.plant_targets`` of Bohnanza with F.25's default."""
    return two_fields_targets(game.state.parts[BEANS].fields[player], bean)


def targets(game: Game, player: int, bean: int) -> list[int]:
    """Every field of ``player`` that may take ``bean`` now: the bean family's composed rule."""
    return plant_targets(game, player, bean)
