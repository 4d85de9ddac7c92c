"""The bean family's checks for the conformance kit: a bean plugin registers them from its
``beanframe_register_checks`` hook (``register_checks(register, PART)``).

- "views": a player's view of the bean table shows the own hand, front first, and the other hands
  and the deck only as sizes (F.13);
- "hand order": hands are fixed-order (a hand only loses cards and gains cards at its back).

A bean plugin's ``beanframe_invariants`` may add :func:`card_count_problems`: every bean card is
in exactly one zone of the parts ``BeanRules.card_parts`` names (a variant that adds a part
holding bean cards appends its name there, so the check counts it without being edited).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from beanframe.beans.cards import shown_names
from beanframe.beans.table import PART

if TYPE_CHECKING:
    from beanframe.core.game import Game


def table_view_problems(game: Game, views: Mapping[int | None, Any], part: str = PART) -> list[str]:
    """The bean table's view shows one's own hand in order, others' hands and the deck only as
    sizes (``views``: every observer's view of the position)."""
    table = game.state.parts.get(part)
    if table is None:
        return []
    problems = []
    names = shown_names(table.names)  # as the views show them
    sizes = tuple(len(h) for h in table.hands)
    for p, view in views.items():
        v = view[part]
        own = None if p is None else tuple(names[c] for c in table.hands[p])
        if (None if v.hand is None else tuple(v.hand)) != own:
            problems.append(f"view({p}) shows hand {v.hand}, the player holds {own}")
        if tuple(v.hand_sizes) != sizes or not all(type(n) is int for n in v.hand_sizes):
            problems.append(f"view({p}) shows hand sizes {v.hand_sizes}, the hands hold {sizes}")
        if type(v.deck_size) is not int or v.deck_size != len(table.deck):
            problems.append(f"view({p}) shows the deck as {v.deck_size!r}, not as its count {len(table.deck)}")
    return problems


def card_zones(game: Game) -> dict[str, list[int]]:
    """Every bean card by zone (``part.zone``), over the parts ``BeanRules.card_parts`` names."""
    out: dict[str, list[int]] = {}
    for name in game.ruleset.config.params["beans"].card_parts:
        for zone, cards in game.state.parts[name].zones().items():
            out[f"{name}.{zone}"] = cards
    return out


def card_count_problems(game: Game) -> list[str]:
    """Each bean's cards in the zones of ``BeanRules.card_parts`` add up to its count, no more,
    no fewer (a part named there but not registered is a problem too)."""
    missing = [name for name in game.ruleset.config.params["beans"].card_parts if name not in game.state.parts]
    if missing:
        return [f"BeanRules.card_parts names part(s) no variant registered: {', '.join(missing)}"]
    seen: Counter[int] = Counter()
    for cards in card_zones(game).values():
        seen.update(cards)
    problems = []
    for b, bean in enumerate(game.ruleset.config.params["beans"].cards.beans):
        if seen[b] != bean.count:
            problems.append(f"{bean.name}: {seen[b]} cards accounted for, the game has {bean.count}")
    return problems


def register_checks(register: Any, part: str = PART) -> None:
    """Register the bean family's checks for the bean table part ``part``."""
    from beanframe.testing.privacy import hand_order_check

    register.position("views", lambda game, views: table_view_problems(game, views, part))
    register.transition("hand order", hand_order_check(part))
