"""Prohibohn's part of a position: the buildings (RULES B). The bean table and the mafia are Al
Cabohne's (``beans.coins`` lists each player's coins by bean: Prohibohn's buildings are paid in
coins of their bean)::

    [prohibohn]
    owned = [["casino3", "police4"], []]   # per player, in purchase order (card keys or names)
    removed = []                           # out of the game (the third of a kind, Pub 4's target)
    supply = ["casino1", ...]              # optional: the open supply in its order (default: every
                                           #   card in play that no player owns and none removed)
    protected = []                         # 1-buildings worth 4 when the razzia was bought (default:
                                           #   those of the razzia's time, if the razzia is owned)
    stopped = 0                            # F.23: 1 after the stop at the last run-out, 2 after the extra deck's
    face_down = [2, 0]                     # per player: the first this-many coins are face-down starting coins

Every card in play is in exactly one place: the supply, a player's buildings, or out of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.beans import PART as BEANS
from beanframe.core.position import Reading, at, shown
from beanframe.i18n import _

from .cards import CARDS, RAZZIA_ID, card_id, cards_in_play, shown_name
from .supply import NAME, PART, Buildings
from .values import upgraded

if TYPE_CHECKING:
    from beanframe.core.game import Game

KEYS = ("owned", "removed", "supply", "protected", "stopped", "face_down")


def _lookup(item: Any) -> int:
    """A card given by key or name (KeyError otherwise: numbers are ids, not the game's terms)."""
    if type(item) is not str:
        raise KeyError(f"expected a card's key or name, not {shown(item)}")
    return card_id(item)


def _keys(ids: list[int]) -> list[str]:
    return [CARDS[i].key for i in ids]


def write_buildings(game: Game) -> dict[str, Any]:
    part: Buildings = game.state.parts[PART]
    return {
        "owned": [_keys(o) for o in part.owned],
        "removed": _keys(part.removed),
        "supply": _keys(part.supply),
        "protected": _keys(part.protected),
        "stopped": part.stopped,
        "face_down": list(part.face_down),
    }


def read_buildings(game: Game, data: dict[str, Any], reading: Reading) -> None:
    reading.table(PART, data, KEYS)
    part: Buildings = game.state.parts[PART]
    in_play = cards_in_play(game.ruleset.config.options[NAME].pub)
    placed: dict[int, str] = {}  # card -> where it is

    def cards(place: str, value: Any) -> list[int] | None:
        items = reading.listing(place, value)
        if items is None:
            return None
        out = []
        for i, item in enumerate(items):
            here = at(place, i)
            try:
                c = _lookup(item)
            except KeyError:
                known = ", ".join(CARDS[c].key for c in in_play)
                reading.problem(here, _("unknown Prohibohn card {card} (cards: {known})").format(card=shown(item), known=known))
                continue
            if c not in in_play:
                reading.problem(here, _("{card} is not in this game (the Pubs need the pub variant)").format(card=shown_name(CARDS[c])))
            elif c in placed:
                reading.problem(here, _("{card} is at {place} already").format(card=shown_name(CARDS[c]), place=placed[c]))
            else:
                placed[c] = here
                out.append(c)
        return out

    if "owned" in data:
        owned = reading.per_player(f"{PART}.owned", data["owned"], "players' buildings")
        for p, value in enumerate(owned or ()):
            got = cards(at(f"{PART}.owned", p), value)
            if got is not None:
                part.owned[p] = got
    if "removed" in data:
        got = cards(f"{PART}.removed", data["removed"])
        if got is not None:
            part.removed = got
    if "supply" in data:
        got = cards(f"{PART}.supply", data["supply"])
        if got is not None:
            part.supply = got
            missing = [CARDS[c].key for c in in_play if c not in placed]
            if missing:
                reading.problem(f"{PART}.supply", _("cards in no place: {cards} (in the supply, owned or removed)").format(cards=", ".join(missing)))
    else:
        part.supply = [c for c in in_play if c not in placed]
    part.razzia = any(RAZZIA_ID in o for o in part.owned)
    if "protected" in data:
        got = reading.listing(f"{PART}.protected", data["protected"])
        ids = []
        for i, item in enumerate(got or ()):
            try:
                ids.append(_lookup(item))
            except KeyError as exc:
                reading.problem(at(f"{PART}.protected", i), exc.args[0])
        part.protected = sorted(ids)
    elif part.razzia:
        part.protected = sorted(i for o in part.owned for i in upgraded(o))
    if "stopped" in data:
        stopped = reading.whole(f"{PART}.stopped", data["stopped"], 0, 2)
        if stopped is not None:
            part.stopped = stopped
    if "face_down" in data:
        counts = reading.per_player(f"{PART}.face_down", data["face_down"], "counts (one per player)")
        coins = game.state.parts[BEANS].coins
        for p, n in enumerate(counts or ()):
            if reading.whole(at(f"{PART}.face_down", p), n, 0, len(coins[p])) is not None:
                part.face_down[p] = n
