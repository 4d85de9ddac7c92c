"""Small English helpers for the texts games show: "1 coin", "2 coins" (issue 20: "1 coins")."""

from __future__ import annotations


def count(n: int, noun: str, plural: str = "") -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1: ``count(1, "coin")`` is "1 coin",
    ``count(2, "hand card")`` "2 hand cards" (``plural`` for an irregular one)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
