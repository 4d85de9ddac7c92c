"""Nightbar 3 / 4 (Puffbohne), RULES B and F.24: which own fields may take a bean.

- Without a Nightbar: Al Cabohne's rule (the field whose top card is the bean, else the first
  empty field).
- Nightbar 3: a field holds at most two bean types, in blocks that alternate; the top card's
  bean-o-meter counts (``beans.sell`` already values a field by its top card).
- Nightbar 4: a field's first card does not count for its type (it may differ; it counts in the
  yield). With both, the type is decided by the third card.

One bean never tops two own fields at once (A: one bean type per field, read on the top cards).
Equal flipped beans are planted together because piles are planted whole (the rulebook's Nightbar
example: two Brechbohnen and a Puffbohne cannot be planted Brech-Puff-Brech).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..powers import Powers


def accepts(f: Sequence[int], bean: int, powers: Powers) -> bool:
    """Whether a non-empty field ``f`` (first planted first) may take ``bean`` on top."""
    if f[-1] == bean:
        return True
    typed = f[1:] if powers.free_first else f
    if not typed:
        return True  # Nightbar 4: only a first card so far, which decides nothing
    types = set(typed)
    if powers.two_beans:
        return len(types | {bean}) <= 2
    return False


def targets(fields: Sequence[Sequence[int]], bean: int, powers: Powers) -> list[int]:
    """The own fields that may take ``bean`` (empty fields are interchangeable: the first one)."""
    empty = None
    out = []
    for i, f in enumerate(fields):
        if not f:
            if empty is None:
                empty = i
        elif f[-1] == bean:
            return [i]  # the field that grows it: one bean never tops two fields
        elif accepts(f, bean, powers):
            out.append(i)
    if empty is not None:
        out.append(empty)
    return out


def field_ok(f: Sequence[int], powers: Powers) -> bool:
    """Whether a field could have been planted so by an owner with these powers (invariants)."""
    for k in range(1, len(f)):
        if not accepts(f[:k], f[k], powers):
            return False
    return True
