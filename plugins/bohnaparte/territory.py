"""Territory rules that are plain arithmetic (RULES.md D "Game end", "Turn"), pure."""

from __future__ import annotations

from collections.abc import Sequence

from .layout import Layout

MARKERS = 12  # per colour; 1 on the camp at set-up, 11 kept
WIN_LANDSCAPES = 12  # "als een speler 12 landschappen bezit"


def owned(owners: Sequence[int | None], players: int) -> list[int]:
    counts = [0] * players
    for owner in owners:
        if owner is not None and owner >= 0:  # None or -1: neutral
            counts[owner] += 1
    return counts


def territory_end(owners: Sequence[int | None], players: int) -> str | None:
    """Why the game ends early, or None: a player owns 12 landscapes, or a player owns none."""
    counts = owned(owners, players)
    for p, n in enumerate(counts):
        if n >= WIN_LANDSCAPES:
            return f"player {p + 1} owns {n} landscapes"  # English in the event; the log words it (events.py)
    for p, n in enumerate(counts):
        if n == 0:
            return f"player {p + 1} owns no landscape"
    return None


def extra_flips(layout: Layout, owners: Sequence[int | None], player: int) -> int:
    """Phase 2: one more face-up card per owned farm."""
    return sum(layout.card(i).extra_flips for i, o in enumerate(owners) if o == player)


def extra_draws(layout: Layout, owners: Sequence[int | None], player: int) -> int:
    """Phase 5: one more card per owned village."""
    return sum(layout.card(i).extra_draws for i, o in enumerate(owners) if o == player)


def owns_power(layout: Layout, owners: Sequence[int | None], player: int, power: str) -> bool:
    """Whether the player owns a landscape with a power (``cannon``, ``crosses_rivers``, ``merchant``...)."""
    return any(getattr(layout.card(i), power) for i, o in enumerate(owners) if o == player)


def monasteries(layout: Layout, owners: Sequence[int | None], player: int) -> int:
    return sum(1 for i, o in enumerate(owners) if o == player and layout.card(i).monastery)


def camp_order(players: int, first: int = 0) -> list[int]:
    """Set-up: camps are chosen counter-clockwise from ``first``; the last chooser starts (then clockwise)."""
    return [(first - k) % players for k in range(players)]
