"""The ``board`` part (RULES D "Board", "Munitions depot", "Rider variant"): who owns which
landscape, markers kept, fortresses, quarries, depots, merchants, rider troops and the open attack.

Owners are player numbers, -1 for neutral land. Depot and merchant cards and the fight cards laid
face down are hidden: the view shows their owner everything and the others only counts (F.13).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from attrs import define, evolve, field, frozen

from .rules import NAME
from .territory import MARKERS

if TYPE_CHECKING:
    from beanframe.core.compose import Config
    from beanframe.core.game import Game

    from .layout import Layout

PART = "board"
NEUTRAL = -1


@define(slots=True)
class Board:
    kinds: list[str]  # the landscape at each position (a random layout differs per game)
    owners: list[int]  # per landscape: player or NEUTRAL
    markers: list[int]  # per player: markers kept beside the board
    camps: list[int]  # per player: the camp chosen (-1 before set-up)
    fortresses: list[int] = field(factory=list)  # landscapes with a fortress under them
    fortresses_left: int = 3
    empty_quarries: list[int] = field(factory=list)
    has_depot: list[bool] = field(factory=list)
    depots: list[list[int]] = field(factory=list)  # per player, face down
    has_merchant: list[bool] = field(factory=list)
    merchants: list[list[int]] = field(factory=list)  # per player, face down
    tired: list[int] = field(factory=list)  # horse teams whose rider troop is tired
    # the open attack (attacker -1: none)
    attacker: int = -1
    target: int = -1
    defender: int = NEUTRAL
    rider: int = -1  # the horse team whose troop rides in round 1 (-1: no riders)
    round: int = 0
    attack_card: list[int] = field(factory=list)  # 0 or 1 card, face down
    defence_card: list[int] = field(factory=list)
    attack_blind: bool = False  # the card came from the deck top: nobody has seen it
    defence_blind: bool = False
    final_attack: bool = False  # F.26: a fifth deck only for this attack
    attacks: int = 0
    conquests: int = 0

    @classmethod
    def empty(cls, config: Config) -> Board:
        rules = config.params[NAME]
        n = config.players
        kinds = list(rules.layout.kinds)
        return cls(
            kinds=kinds,
            owners=[NEUTRAL] * len(kinds),
            markers=[MARKERS] * n,
            camps=[-1] * n,
            fortresses_left=0 if rules.riders else 3,  # the fortress cards show their forest side
            has_depot=[False] * n,
            depots=[[] for _ in range(n)],
            has_merchant=[False] * n,
            merchants=[[] for _ in range(n)],
        )

    def clone(self) -> Board:
        return Board(
            self.kinds.copy(), self.owners.copy(), self.markers.copy(), self.camps.copy(), self.fortresses.copy(),
            self.fortresses_left, self.empty_quarries.copy(), self.has_depot.copy(), [d.copy() for d in self.depots],
            self.has_merchant.copy(), [m.copy() for m in self.merchants], self.tired.copy(), self.attacker,
            self.target, self.defender, self.rider, self.round, self.attack_card.copy(), self.defence_card.copy(),
            self.attack_blind, self.defence_blind, self.final_attack, self.attacks, self.conquests,
        )  # fmt: skip

    @property
    def attacking(self) -> bool:
        return self.attacker >= 0

    def view(self, player: int | None, game: Game) -> BoardView:
        names = game.ruleset.config.params["beans"].cards.names
        own = lambda cards, p: tuple(names[c] for c in cards) if player == p else None  # noqa: E731
        laid_a = bool(self.attack_card)
        laid_d = bool(self.defence_card)
        layout = game.ruleset.config.params[NAME].layout
        return BoardView(
            pattern=layout.pattern,
            shift=layout.shift,
            cells=layout.cells,
            kinds=tuple(self.kinds),
            owners=tuple(self.owners),
            markers=tuple(self.markers),
            camps=tuple(self.camps),
            fortresses=tuple(sorted(self.fortresses)),
            fortresses_left=self.fortresses_left,
            empty_quarries=tuple(sorted(self.empty_quarries)),
            depots=tuple(len(d) if has else -1 for d, has in zip(self.depots, self.has_depot)),
            own_depot=own(self.depots[player], player) if player is not None else None,
            merchants=tuple(len(m) if has else -1 for m, has in zip(self.merchants, self.has_merchant)),
            own_merchant=own(self.merchants[player], player) if player is not None else None,
            tired=tuple(sorted(self.tired)),
            attacker=self.attacker,
            target=self.target,
            defender=self.defender,
            rider=self.rider,
            round=self.round,
            attack_laid=laid_a,
            defence_laid=laid_d,
            own_fight_card=(
                own(self.attack_card, self.attacker) if laid_a and not self.attack_blind and player == self.attacker
                else own(self.defence_card, self.defender) if laid_d and not self.defence_blind
                and player == self.defender else None
            ),
        )  # fmt: skip

    def zones(self) -> dict[str, list[int]]:
        """Bean cards this part holds (for the kit's conservation check)."""
        out = {"attack_card": self.attack_card, "defence_card": self.defence_card}
        for p, d in enumerate(self.depots):
            out[f"depot{p + 1}"] = d
        for p, m in enumerate(self.merchants):
            out[f"merchant{p + 1}"] = m
        return out


@frozen
class BoardView:
    pattern: str  # the board's shape (public), for maps
    shift: int
    cells: tuple[tuple[int, int], ...]
    kinds: tuple[str, ...]
    owners: tuple[int, ...]
    markers: tuple[int, ...]
    camps: tuple[int, ...]
    fortresses: tuple[int, ...]
    fortresses_left: int
    empty_quarries: tuple[int, ...]
    depots: tuple[int, ...]  # cards per depot (-1: no depot)
    own_depot: tuple[str, ...] | None
    merchants: tuple[int, ...]
    own_merchant: tuple[str, ...] | None
    tired: tuple[int, ...]
    attacker: int
    target: int
    defender: int
    rider: int  # the horse team whose troop rides in round 1, announced (-1: none, or not yet)
    round: int
    attack_laid: bool
    defence_laid: bool
    own_fight_card: tuple[str, ...] | None


def board_of(game: Game) -> Board:
    return game.state.parts[PART]


def layout_of(game: Game) -> Layout:
    """The layout of this game: the ruleset's, or the random deal stored in the board."""
    template = game.ruleset.config.params[NAME].layout
    kinds = tuple(game.state.parts[PART].kinds)
    return template if kinds == template.kinds else _dealt(template, kinds)


@lru_cache(maxsize=64)
def _dealt(template: Layout, kinds: tuple[str, ...]) -> Layout:
    return evolve(template, kinds=kinds)


def invariants(game: Game) -> list[str]:
    """Markers conserved (12 a colour: kept + on the board), rivers never owned, fortresses on
    distinct landscapes, depots within their capacity, no fight card outside an attack."""
    board = board_of(game)
    layout = layout_of(game)
    problems = []
    for p in range(game.state.players):
        placed = sum(1 for o in board.owners if o == p)
        if placed + board.markers[p] != MARKERS:
            problems.append(f"player {p + 1}: {placed} markers on the board and {board.markers[p]} kept, not {MARKERS}")
    for i, o in enumerate(board.owners):
        if o >= 0 and layout.card(i).river:
            problems.append(f"river l{i + 1} has an owner")
    if len(set(board.fortresses)) != len(board.fortresses):
        problems.append("two fortresses under one landscape")
    cap = game.ruleset.config.params[NAME].depot_capacity
    for p, d in enumerate(board.depots):
        if len(d) > cap or (d and not board.has_depot[p]):
            problems.append(f"player {p + 1}'s depot holds {len(d)} cards")
    if not board.attacking and (board.attack_card or board.defence_card):
        problems.append("a fight card lies on the table outside an attack")
    return problems
