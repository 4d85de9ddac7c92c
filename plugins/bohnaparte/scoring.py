"""Victory points (RULES.md D "Landscapes"; F.10): coins are worth nothing at the end, each owned
landscape its flags, each fortress under an owned landscape one more. Pure."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from beanframe.i18n import _

from .events import landscape_name
from .layout import Layout

FORTRESS_VP = 1  # "De vesting levert aan het einde van het spel één extra zegepunt op"


def landscape_vp(layout: Layout, i: int, camp_vp: int) -> int:
    card = layout.card(i)
    return camp_vp if card.camp else card.vp


def victory_points(
    layout: Layout, owners: Sequence[int | None], fortresses: Collection[int], players: int, camp_vp: int = 1
) -> list[int]:
    """Points per player: a landscape's VP (the camp's is ``camp_vp``, F.10) plus 1 per fortress under it."""
    points = [0] * players
    for i, owner in enumerate(owners):
        if owner is None or owner < 0:  # neutral
            continue
        points[owner] += landscape_vp(layout, i, camp_vp) + (FORTRESS_VP if i in fortresses else 0)
    return points


def vp_lines(
    layout: Layout, owners: Sequence[int | None], fortresses: Collection[int], player: int, camp_vp: int = 1
) -> list[tuple[str, int]]:
    """One score-sheet line per kind the player owns (name with the count, points), then fortresses."""
    per_kind: dict[str, list[int]] = {}
    for i, owner in enumerate(owners):
        if owner == player:
            card = layout.card(i)
            entry = per_kind.setdefault(landscape_name(card), [0, 0])  # the reader's words
            entry[0] += 1
            entry[1] += landscape_vp(layout, i, camp_vp)
    lines = [(_("{name} x{n}").format(name=name, n=n), vp) for name, (n, vp) in per_kind.items()]
    forts = sum(1 for i in fortresses if owners[i] == player)
    if forts:
        lines.append((_("fortress x{n}").format(n=forts), forts * FORTRESS_VP))
    return lines
