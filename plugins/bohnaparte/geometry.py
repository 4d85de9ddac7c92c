"""Board geometry (RULES.md D "Board"), pure and computed once per layout.

Cells are ``(row, k)``: the k-th position of a row as a layout file writes it. In the **brick**
pattern odd rows are shifted half a card to the right, so in doubled columns ``x = 2k + row % 2``
a card touches the cards 2 apart in its own row and 1 apart in the rows above and below (six
neighbours at most). In the **checkerboard** pattern a card touches four (no diagonal attacks, rulebook
"Varianten"). Rivers are cells too: they touch their neighbours but are never entered, so the
``links`` graph leaves them out; ``across[i]`` lists what a forest owner reaches through one river.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from attrs import field, frozen

from beanframe.core.actions import shorten

BRICK = "brick"
CHECKERBOARD = "checkerboard"
PATTERNS = (BRICK, CHECKERBOARD)

Cell = tuple[int, int]


def neighbour_cells(pattern: str, cell: Cell, shift: int = 0) -> list[Cell]:
    """Every position that touches ``cell``, whether or not a card lies there. ``shift`` 1 moves the
    even rows half a card right instead of the odd ones (a pyramid of six rows needs it)."""
    row, k = cell
    if pattern == CHECKERBOARD:
        return [(row, k - 1), (row, k + 1), (row - 1, k), (row + 1, k)]
    if pattern != BRICK:
        raise ValueError(f"unknown pattern {shorten(pattern)} (patterns: {', '.join(PATTERNS)})")
    x = 2 * k + (row + shift) % 2
    out = [(row, k - 1), (row, k + 1)]
    for r in (row - 1, row + 1):
        for nx in (x - 1, x + 1):
            out.append((r, (nx - (r + shift) % 2) // 2))
    return out


@frozen
class Geometry:
    """Adjacency of one board. Landscape ``i`` lies at ``cells[i]``; ``rivers[i]`` marks a river."""

    pattern: str
    cells: tuple[Cell, ...] = field(converter=tuple)
    rivers: tuple[bool, ...] = field(converter=tuple)
    shift: int = 0
    touching: tuple[tuple[int, ...], ...] = field(init=False)
    links: tuple[tuple[int, ...], ...] = field(init=False)
    across: tuple[tuple[int, ...], ...] = field(init=False)
    edge: tuple[bool, ...] = field(init=False)

    def __attrs_post_init__(self) -> None:
        index = {c: i for i, c in enumerate(self.cells)}
        touching, edge = [], []
        for cell in self.cells:
            around = neighbour_cells(self.pattern, cell, self.shift)
            touching.append(tuple(sorted(index[c] for c in around if c in index)))
            edge.append(any(c not in index for c in around))
        links = [() if self.rivers[i] else tuple(j for j in t if not self.rivers[j]) for i, t in enumerate(touching)]
        across = []
        for i, t in enumerate(touching):
            if self.rivers[i]:
                across.append(())
                continue
            far = {j for r in t if self.rivers[r] for j in links_of(touching, self.rivers, r)}
            far -= {i, *links[i]}
            across.append(tuple(sorted(far)))
        object.__setattr__(self, "touching", tuple(touching))
        object.__setattr__(self, "links", tuple(links))
        object.__setattr__(self, "across", tuple(across))
        object.__setattr__(self, "edge", tuple(edge))

    def __len__(self) -> int:
        return len(self.cells)

    def distances(self, start: int) -> list[int | None]:
        """Steps from ``start`` to every landscape over ``links`` (None: not reachable)."""
        dist: list[int | None] = [None] * len(self.cells)
        dist[start] = 0
        queue = deque([start])
        while queue:
            i = queue.popleft()
            for j in self.links[i]:
                if dist[j] is None:
                    dist[j] = dist[i] + 1  # type: ignore[operator]
                    queue.append(j)
        return dist

    def connected(self) -> bool:
        """Whether every landscape that is not a river can be reached from every other one."""
        land = [i for i, r in enumerate(self.rivers) if not r]
        if not land:
            return False
        dist = self.distances(land[0])
        return all(dist[i] is not None for i in land)


def links_of(touching: Sequence[Sequence[int]], rivers: Sequence[bool], i: int) -> list[int]:
    return [j for j in touching[i] if not rivers[j]]


def attack_targets(geo: Geometry, owners: Sequence[int | None], player: int, crosses_rivers: bool = False) -> list[int]:
    """Landscapes ``player`` may attack (RULES D "Attack"): touching an own landscape, never a river
    nor through one; a forest owner also reaches across a river (rulebook "Woud")."""
    found: set[int] = set()
    for i, owner in enumerate(owners):
        if owner != player:
            continue
        found.update(geo.links[i])
        if crosses_rivers:
            found.update(geo.across[i])
    return sorted(j for j in found if owners[j] != player and not geo.rivers[j])
