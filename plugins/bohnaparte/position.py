"""Bohnaparte's part of a position: the board (RULES D "Board", "Munitions depot", "Rider
variant"). Landscapes are named as the command line names them (``l1``, ``l2``, ... in the
layout's order); seats "p1", "p2"...; bean cards by name. The bean table and the trade table are
Bohnanza's::

    [board]
    owners = { l2 = "p1", l17 = "p2" }      # the players' landscapes (the others are neutral);
                                            #   or a list of seats, one per landscape ("": neutral)
    camps = ["l2", "l17", "", ""]           # each player's army camp ("": not chosen yet)
    fortresses = ["l5"]                     # landscapes with a fortress under them
    fortresses_left = 3
    empty_quarries = ["l4"]
    depots = { p1 = ["fire"], p3 = 2 }      # the players with a depot: its cards, face down (or how many)
    merchants = { p2 = [] }                 # the rider variant's merchants, likewise
    tired = ["l7"]                          # horse teams whose rider troop is tired
    attacks = 0                             # attacks so far
    conquests = 0
    kinds = ["camp", "farm", ...]           # only for a random layout: the landscape at each place
    attack = { attacker = "p1", target = "l6", defender = "p2", rider = "l7", round = 1,
               attack_card = ["fire"], defence_card = [], attack_blind = false, defence_blind = false }
                                            # the open attack ("" defender: neutral land; rider: the
                                            #   horse team whose troop rides, "" none or not announced
                                            #   yet: the stack's "troop" decision asks)
    final_attack = false                    # F.26: the last deck ran out in this attack (a fifth deck for it)

The markers each player keeps beside the board follow from the owners (12 a colour).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.beans.position import read_cards, write_cards
from beanframe.core.position import Reading, at, seat, shown
from beanframe.i18n import _

from .board import NEUTRAL, PART, Board, layout_of
from .events import landscape_name
from .landscapes import LANDSCAPES
from .rules import rules_of
from .territory import MARKERS

if TYPE_CHECKING:
    from beanframe.core.game import Game

KEYS = (
    "owners", "camps", "fortresses", "fortresses_left", "empty_quarries", "depots", "merchants", "tired", "attacks",
    "conquests", "kinds", "attack", "final_attack",
)  # fmt: skip
ATTACK_KEYS = (
    "attacker", "target", "defender", "rider", "round", "attack_card", "defence_card", "attack_blind",
    "defence_blind",
)  # fmt: skip


def landscape(i: int) -> str:
    """A landscape's code (``l1`` for the first; "" for none)."""
    return "" if i < 0 else f"l{i + 1}"


def write_board(game: Game) -> dict[str, Any]:
    b: Board = game.state.parts[PART]
    out: dict[str, Any] = {
        "owners": {landscape(i): seat(o) for i, o in enumerate(b.owners) if o != NEUTRAL},
        "camps": [landscape(c) for c in b.camps],
        "fortresses": [landscape(i) for i in b.fortresses],
        "fortresses_left": b.fortresses_left,
        "empty_quarries": [landscape(i) for i in b.empty_quarries],
        "depots": {seat(p): write_cards(game, d) for p, d in enumerate(b.depots) if b.has_depot[p]},
        "merchants": {seat(p): write_cards(game, m) for p, m in enumerate(b.merchants) if b.has_merchant[p]},
        "tired": [landscape(i) for i in b.tired],
        "attacks": b.attacks,
        "conquests": b.conquests,
    }
    if rules_of(game).random_layout:
        out["kinds"] = list(b.kinds)
    if b.final_attack:
        out["final_attack"] = True
    if b.attacking:
        out["attack"] = {
            "attacker": seat(b.attacker),
            "target": landscape(b.target),
            "defender": seat(b.defender),
            "rider": landscape(b.rider),
            "round": b.round,
            "attack_card": write_cards(game, b.attack_card),
            "defence_card": write_cards(game, b.defence_card),
            "attack_blind": b.attack_blind,
            "defence_blind": b.defence_blind,
        }
    return out


def read_board(game: Game, data: dict[str, Any], reading: Reading) -> None:
    reading.table(PART, data, KEYS)
    b: Board = game.state.parts[PART]
    rules = rules_of(game)
    if "kinds" in data:
        _read_kinds(game, data["kinds"], reading)
    layout = layout_of(game)
    size = len(b.kinds)

    def land(place: str, value: Any, nobody: bool = False) -> int | None:
        if nobody and value == "":
            return -1
        if type(value) is str and value.startswith("l") and value[1:].isdigit() and 1 <= int(value[1:]) <= size:
            return int(value[1:]) - 1
        if nobody:
            reading.problem(place, _('no landscape {value} (l1 to l{size}, or "" for none)').format(value=shown(value), size=size))
        else:
            reading.problem(place, _("no landscape {value} (l1 to l{size})").format(value=shown(value), size=size))
        return None

    def lands(key: str) -> list[int] | None:
        values = reading.listing(f"{PART}.{key}", data[key])
        got = [land(at(f"{PART}.{key}", i), v) for i, v in enumerate(values or ())]
        if values is None or None in got:
            return None
        if len(set(got)) != len(got):
            reading.problem(f"{PART}.{key}", _("a landscape twice"))
        return got  # type: ignore[return-value]

    if "owners" in data:
        _read_owners(game, data["owners"], land, reading)
    for p in range(game.players):
        b.markers[p] = MARKERS - sum(1 for o in b.owners if o == p)
        if b.markers[p] < 0:
            reading.problem(f"{PART}.owners", _("{seat} owns {n} landscapes: a colour has {markers} markers").format(seat=seat(p), n=MARKERS - b.markers[p], markers=MARKERS))
    if "camps" in data:
        camps = reading.per_player(f"{PART}.camps", data["camps"], _("camps (one per player)"))
        for p, v in enumerate(camps or ()):
            c = land(at(f"{PART}.camps", p), v, nobody=True)
            if c is not None and c >= 0 and not layout.card(c).camp:
                reading.problem(at(f"{PART}.camps", p), _("{code} is a {landscape}, not an army camp").format(code=v, landscape=landscape_name(layout.card(c))))
            elif c is not None:
                b.camps[p] = c
    for key in ("fortresses", "empty_quarries", "tired"):
        if key in data:
            got = lands(key)
            if got is not None:
                setattr(b, key, got)
    for i in b.tired:
        if not layout.card(i).rider_troop:
            reading.problem(f"{PART}.tired", _("{code} is a {landscape}, not a horse team").format(code=landscape(i), landscape=landscape_name(layout.card(i))))
    if "fortresses_left" in data:
        left = reading.whole(f"{PART}.fortresses_left", data["fortresses_left"], 0, 3)
        if left is not None:
            b.fortresses_left = left
    for key in ("attacks", "conquests"):
        if key in data and reading.whole(f"{PART}.{key}", data[key]) is not None:
            setattr(b, key, data[key])
    for key, has, piles in (("depots", b.has_depot, b.depots), ("merchants", b.has_merchant, b.merchants)):
        table = reading.table(f"{PART}.{key}", data.get(key, {})) or {}
        for name, value in table.items():
            p = reading.seat(f"{PART}.{key}.{name}", name)
            cards = read_cards(game, reading, f"{PART}.{key}.{name}", value, count=True)
            if p is None or cards is None:
                continue
            if key == "depots" and len(cards) > rules.depot_capacity:
                reading.problem(f"{PART}.{key}.{name}", _("{n} cards: a depot holds {most}").format(n=len(cards), most=rules.depot_capacity))
            has[p] = True
            piles[p] = cards
    if "attack" in data:
        _read_attack(game, data["attack"], land, reading)
    if "final_attack" in data and reading.flag(f"{PART}.final_attack", data["final_attack"]) is not None:
        b.final_attack = data["final_attack"]


def _read_kinds(game: Game, value: Any, reading: Reading) -> None:
    """A random layout's deal: the same landscapes as the layout, in another order."""
    b: Board = game.state.parts[PART]
    rules = rules_of(game)
    kinds = reading.listing(f"{PART}.kinds", value, len(b.kinds), "landscapes")
    if kinds is None:
        return
    if not rules.random_layout:
        reading.problem(f"{PART}.kinds", _("the landscapes are dealt only with the random layout (the game's layout is fixed)"))
    elif sorted(map(str, kinds)) != sorted(rules.layout.kinds):
        unknown = [k for k in kinds if k not in LANDSCAPES]
        kinds_text = ", ".join(sorted(set(rules.layout.kinds)))
        if unknown:
            problem = _("unknown landscapes {unknown} (the layout has {kinds})").format(unknown=unknown, kinds=kinds_text)
        else:
            problem = _("not the layout's landscapes (the layout has {kinds})").format(kinds=kinds_text)
        reading.problem(f"{PART}.kinds", problem)
    else:
        b.kinds = list(kinds)


def _read_owners(game: Game, value: Any, land: Any, reading: Reading) -> None:
    b: Board = game.state.parts[PART]
    layout = layout_of(game)
    place = f"{PART}.owners"
    if isinstance(value, list):
        rows = reading.listing(place, value, len(b.owners), _("owners (one per landscape)"))
        pairs = [(at(place, i), i, v) for i, v in enumerate(rows or ())]
    else:
        table = reading.table(place, value) or {}
        pairs = [(f"{place}.{k}", land(f"{place}.{k}", k), v) for k, v in table.items()]
    for where, i, v in pairs:
        p = reading.seat(where, v, nobody=True)
        if i is None or p is None:
            continue
        if p >= 0 and layout.card(i).river:
            reading.problem(where, _("{code} is a river: nobody owns it").format(code=landscape(i)))
            continue
        b.owners[i] = p


def _read_attack(game: Game, value: Any, land: Any, reading: Reading) -> None:
    b: Board = game.state.parts[PART]
    place = f"{PART}.attack"
    entry = reading.table(place, value, ATTACK_KEYS)
    if entry is None:
        return
    attacker = reading.seat(f"{place}.attacker", entry.get("attacker"))
    target = land(f"{place}.target", entry.get("target"))
    defender = reading.seat(f"{place}.defender", entry.get("defender", ""), nobody=True)
    rider = land(f"{place}.rider", entry.get("rider", ""), nobody=True)
    rnd = reading.whole(f"{place}.round", entry.get("round", 1), 1, 2)
    cards = {k: read_cards(game, reading, f"{place}.{k}", entry.get(k, [])) for k in ("attack_card", "defence_card")}
    flags = {k: reading.flag(f"{place}.{k}", entry.get(k, False)) for k in ("attack_blind", "defence_blind")}
    if None in (attacker, target, defender, rider, rnd) or None in cards.values() or None in flags.values():
        return
    for k, c in cards.items():
        if len(c) > 1:  # type: ignore[arg-type]
            reading.problem(f"{place}.{k}", _("one fight card at most"))
    if rider >= 0:  # type: ignore[operator]
        card = layout_of(game).card(rider)  # type: ignore[arg-type]
        if not card.rider_troop:
            reading.problem(f"{place}.rider", _("{code} is a {landscape}, not a horse team").format(code=landscape(rider), landscape=landscape_name(card)))  # type: ignore[arg-type]
        elif b.owners[rider] != attacker:  # type: ignore[index]
            reading.problem(f"{place}.rider", _("the horse team {code} is not {seat}'s").format(code=landscape(rider), seat=seat(attacker)))  # type: ignore[arg-type]
        elif rnd == 1 and rider in b.tired:
            reading.problem(f"{place}.rider", _("the troop of {code} is tired: only a fresh troop rides").format(code=landscape(rider)))  # type: ignore[arg-type]
    if target is not None and b.owners[target] != defender:
        reading.problem(f"{place}.defender", _("{code} is {owner}'s, not {defender}'s").format(code=landscape(target), owner=seat(b.owners[target]) or _("neutral"), defender=seat(defender) or _("neutral")))  # type: ignore[arg-type]
    b.attacker, b.target, b.defender, b.rider, b.round = attacker, target, defender, rider, rnd  # type: ignore[assignment]
    b.attack_card, b.defence_card = cards["attack_card"], cards["defence_card"]  # type: ignore[assignment]
    b.attack_blind, b.defence_blind = flags["attack_blind"], flags["defence_blind"]  # type: ignore[assignment]
