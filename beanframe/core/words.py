"""Counting things in the reader's language: "1 coin", "2 coins" (issue 20: "1 coins"); in Dutch
"1 daalder", "2 daalders"; in French "0 pièce" (issue 29).

New code counts with ``ngettext`` itself, the whole phrase marked where it is written::

    ngettext("{n} coin", "{n} coins", n).format(n=n)

:func:`count` keeps the older calls working: ``count(2, "coin")`` asks the catalogs for the
phrase ``"{n} coin"`` / ``"{n} coins"`` (the nouns below are in the core's catalog; a plugin
marks its own with ``ngettext``), and says it in English when no catalog has it (then
:func:`beanframe.i18n.missing` records it)."""

from __future__ import annotations

from collections.abc import Callable

from beanframe.i18n import current, ngettext

#: the generic nouns the core's catalog counts (marked here so the catalogs have them)
NOUNS: dict[str, Callable[[int], str]] = {
    "coin": lambda n: ngettext("{n} coin", "{n} coins", n),
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "hand card": lambda n: ngettext("{n} hand card", "{n} hand cards", n),
    "player": lambda n: ngettext("{n} player", "{n} players", n),
    "action": lambda n: ngettext("{n} action", "{n} actions", n),
    "turn": lambda n: ngettext("{n} turn", "{n} turns", n),
}


def counted(n: int, singular: str, plural: str) -> str:
    """``ngettext(singular, plural, n)`` with ``{n}`` filled in: for phrases marked elsewhere
    (``counted(n, *PAIR)`` where ``PAIR`` was marked with ``ngettext`` in a catalog)."""
    return ngettext(singular, plural, n).format(n=n)


def count(n: int, noun: str, plural: str = "") -> str:
    """``n`` and ``noun`` in the current language, plural unless ``n`` is 1 (in English):
    ``count(1, "coin")`` is "1 coin", ``count(2, "hand card")`` "2 hand cards" (``plural`` for
    an irregular one). Other languages: the catalogs' ``"{n} coin"``/``"{n} coins"``."""
    many = plural or noun + "s"
    if current() == "en":
        return f"{n} {noun if n == 1 else many}"
    said = NOUNS.get(noun) if not plural else None
    if said is not None:
        return said(n).format(n=n)
    return counted(n, f"{{n}} {noun}", f"{{n}} {many}")
