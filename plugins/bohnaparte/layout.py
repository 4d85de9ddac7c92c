"""Layout files (RULES.md D "Board"): plain TOML a user can edit or add (``--layout FILE``).

    name = "standard, 4 players"
    players = 4
    pattern = "brick"          # or "checkerboard"
    variant = "base"           # or "riders"
    rows = [
      "A F V .",               # one letter per card (landscapes.toml `code`), "." leaves a gap;
      "M C R S",               # in the brick pattern odd rows sit half a card to the right
    ]

Loading validates the board; each problem is one line naming the file and the card.
"""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from attrs import field, frozen

from beanframe.core.actions import shorten

from .geometry import PATTERNS, Geometry
from .landscapes import BY_CODE, LANDSCAPES, VARIANTS, Landscape, material

GAP = "."


class LayoutError(ValueError):
    """A layout that cannot be played; the message is one line naming the problem."""


@frozen
class Layout:
    name: str
    players: int
    pattern: str
    variant: str
    cells: tuple[tuple[int, int], ...] = field(converter=tuple, repr=False)
    kinds: tuple[str, ...] = field(converter=tuple, repr=False)  # landscape keys, parallel to cells
    shift: int = field(default=0, repr=False)
    geometry: Geometry = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        rivers = [LANDSCAPES[k].river for k in self.kinds]
        object.__setattr__(self, "geometry", Geometry(self.pattern, self.cells, rivers, self.shift))

    def card(self, i: int) -> Landscape:
        return LANDSCAPES[self.kinds[i]]

    @property
    def camps(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if LANDSCAPES[k].camp]

    def rows(self) -> list[str]:
        """The layout as a file writes it (round trip of ``parse_layout``)."""
        by_cell = dict(zip(self.cells, self.kinds))
        height = max(r for r, _ in self.cells) + 1
        out = []
        for r in range(height):
            width = max((k for rr, k in self.cells if rr == r), default=-1) + 1
            out.append(" ".join(LANDSCAPES[by_cell[(r, k)]].code if (r, k) in by_cell else GAP for k in range(width)))
        return out

    def to_toml(self) -> str:
        rows = "\n".join(f'  "{row}",' for row in self.rows())
        return (
            f'name = "{self.name}"\nplayers = {self.players}\npattern = "{self.pattern}"\n'
            f'variant = "{self.variant}"\n' + (f"shift = {self.shift}\n" if self.shift else "") + f'rows = [\n{rows}\n]\n'
        )


def parse_layout(text: str, source: str = "layout") -> Layout:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LayoutError(f"{source}: not valid TOML ({exc})") from None
    unknown = set(data) - {"name", "players", "pattern", "variant", "shift", "rows"}
    if unknown:
        raise LayoutError(f"{source}: unknown key(s) {', '.join(sorted(unknown))}")
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 6:
        raise LayoutError(f"{source}: players must be a whole number from 3 to 6 (got {shorten(players)})")
    pattern = data.get("pattern", "brick")
    if pattern not in PATTERNS:
        raise LayoutError(f"{source}: unknown pattern {shorten(pattern)} (patterns: {', '.join(PATTERNS)})")
    variant = data.get("variant", "base")
    if variant not in VARIANTS:
        raise LayoutError(f"{source}: unknown variant {shorten(variant)} (variants: {', '.join(VARIANTS)})")
    shift = data.get("shift", 0)
    if shift not in (0, 1) or isinstance(shift, bool):
        raise LayoutError(f"{source}: shift must be 0 (odd rows sit half a card right) or 1 (even rows do)")
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise LayoutError(f"{source}: rows must be a list of strings, one per row of cards")
    cells, kinds = [], []
    for r, row in enumerate(rows):
        for k, code in enumerate(row.split()):
            if code == GAP:
                continue
            card = BY_CODE.get(code.upper())
            if card is None:
                known = ", ".join(f"{c.code}={c.key}" for c in LANDSCAPES.values())
                raise LayoutError(f"{source}: row {r + 1} card {k + 1}: unknown landscape {shorten(code)} (known: {known})")
            cells.append((r, k))
            kinds.append(card.key)
    layout = Layout(str(data.get("name", source)), players, pattern, variant, cells, kinds, shift)
    problems = validate(layout)
    if problems:
        raise LayoutError(f"{source}: {problems[0]}")
    return layout


def validate(layout: Layout) -> list[str]:
    """Every reason the layout cannot be played (empty: fine)."""
    problems: list[str] = []
    box = material(layout.variant)
    counts = Counter(layout.kinds)
    for kind, n in sorted(counts.items()):
        if kind not in box:
            problems.append(f"{LANDSCAPES[kind].name} is not used in the {layout.variant} variant")
        elif n > box[kind]:
            problems.append(f"{n} {LANDSCAPES[kind].name} cards, but the box holds {box[kind]}")
    camps = layout.camps
    if len(camps) != layout.players:
        problems.append(f"{len(camps)} army camps for {layout.players} players (one camp per player)")
    geo = layout.geometry
    for i in camps:
        if not geo.edge[i]:
            r, k = layout.cells[i]
            problems.append(f"the army camp at row {r + 1} card {k + 1} is not on the edge of the board")
    if not geo.connected():
        problems.append("the board is not connected (some land cannot be reached without crossing a river)")
    return problems


def fairness(layout: Layout, kinds: Sequence[str] = ("village", "farm", "city")) -> list[tuple[int | None, ...]]:
    """For each camp, the distance to the nearest landscape of each of ``kinds`` (shipped layouts have
    the same tuple for every camp: "resources spread fairly")."""
    out = []
    for camp in layout.camps:
        dist = layout.geometry.distances(camp)
        row = []
        for kind in kinds:
            found = [dist[i] for i, k in enumerate(layout.kinds) if k == kind and dist[i] is not None]
            row.append(min(found) if found else None)
        out.append(tuple(row))
    return out


def is_fair(layout: Layout) -> bool:
    return len(set(fairness(layout))) == 1


def shuffled(template: Layout, rng: random.Random, fair: bool = False, tries: int = 5000) -> Layout:
    """The random-layout option: the template's cards dealt at random over its shape, camps on edge
    cells; dealt again until the board is valid (and fair, when asked)."""
    geo = template.geometry
    edge = [i for i in range(len(template.cells)) if geo.edge[i]]
    others = [k for k in template.kinds if not LANDSCAPES[k].camp]
    camp = next(k for k in template.kinds if LANDSCAPES[k].camp)
    if len(edge) < template.players:
        raise LayoutError(f"{template.name}: fewer edge cells than army camps")
    for _ in range(tries):
        camp_cells = set(rng.sample(edge, template.players))
        rng.shuffle(others)
        it = iter(others)
        kinds = [camp if i in camp_cells else next(it) for i in range(len(template.cells))]
        layout = Layout(
            template.name, template.players, template.pattern, template.variant, template.cells, kinds, template.shift
        )
        if validate(layout) or _camps_too_close(layout):
            continue
        if fair and not is_fair(layout):
            continue
        return layout
    raise LayoutError(f"{template.name}: no valid random layout found in {tries} deals")


def _camps_too_close(layout: Layout) -> bool:
    # Neighbouring camps would let a player take another's camp in the first attack: not a fair start.
    camps = layout.camps
    return any(j in camps for i in camps for j in layout.geometry.touching[i])


def load_layout(path: str | Path) -> Layout:
    """A user's layout file (``--layout FILE``)."""
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except OSError as exc:
        raise LayoutError(f"{p}: cannot read the layout file ({exc.strerror})") from None
    return parse_layout(text, str(p))


def shipped(name: str) -> Layout:
    """A layout shipped with the plugin, by file stem (``standard_4``, ``pyramid_5``...)."""
    base = resources.files("beanframe_plugins.bohnaparte").joinpath("layouts")
    f = base.joinpath(f"{name}.toml")
    if not f.is_file():
        names = sorted(x.name.removesuffix(".toml") for x in base.iterdir() if x.name.endswith(".toml"))
        raise LayoutError(f"no shipped layout {shorten(name)} (layouts: {', '.join(names)})")
    return parse_layout(f.read_text("utf-8"), f"layouts/{name}.toml")


def shipped_names() -> list[str]:
    base = resources.files("beanframe_plugins.bohnaparte").joinpath("layouts")
    return sorted(x.name.removesuffix(".toml") for x in base.iterdir() if x.name.endswith(".toml"))
