"""The board file: the track, the district prices, the bandit cards and the fate grid.

The shipped ``board.toml`` is a reconstruction (the rulebook showed these only as pictures); any
other file in the same format may replace it (the option ``board``). A file is checked on load:
every problem is a one-line ``ValueError`` naming the file and the entry, which composition turns
into a ``ConfigError``.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from attrs import frozen

from beanframe.core.actions import shorten
from beanframe.i18n import N_, _

GANGS = 4  # swindlers, thieves, deceivers, robbers (their order on the board's price table)
GROUPS = 4  # groups per gang
PER_GROUP = 4  # cards per group
CARDS = GANGS * GROUPS * PER_GROUP  # 64
DISTRICTS = 4
DISTRICT_FIELDS = 13  # fields per district on every route
LAP = DISTRICTS * DISTRICT_FIELDS  # 52 steps per round

# field kinds
START, EMPTY, GANG, QUESTION, DIE, ALL, EVENT = range(7)
KIND_NAMES = ("start", "empty", "gang", "question", "die", "all", "event")
# the event kinds (RULES E; the rulebook's last page)
EVENTS = (
    "die_x50",
    "gain_200",
    "black_die",
    "two_cards",
    "bazaar",
    "card_from_player",
    "white_die",
    "payout_per_card",
    "cards_x_die_x10",
)
#: what each event does, in words for the log and the prompts (the order of EVENTS; shown with _())
EVENT_TEXTS = (
    N_("a die roll x 50 piasters"),
    N_("200 piasters"),
    N_("place the black die"),
    N_("two bandit cards for free"),
    N_("the bandit bazaar"),
    N_("a bandit card from another player"),
    N_("place the white die"),
    N_("every player paid for each bandit card"),
    N_("every player rolls: cards x roll x 10 piasters"),
)
DIE_X50, GAIN_200, BLACK_DIE, TWO_CARDS, BAZAAR, CARD_FROM_PLAYER, WHITE_DIE, PAYOUT, CARDS_X_DIE = range(9)


@frozen
class Board:
    """A loaded, checked board file (immutable; shared by every game of a ruleset)."""

    title: str
    reconstructed: bool
    source: str
    piasters: int
    shed_fee: int
    last_chance_fee: int
    bail: int
    round_bonus: int
    rounds: int
    movement: tuple[int, ...]  # the movement cards
    grid: tuple[tuple[int, ...], ...]  # fate_grid[black - 1][white - 1]
    gang_keys: tuple[str, ...]
    gang_names: tuple[str, ...]
    prices: tuple[tuple[int, ...], ...]  # prices[gang][district]
    group_names: tuple[str, ...]  # by gang * GROUPS + group
    card_value: tuple[int, ...]  # by card (gang * 16 + group * 4 + i)
    card_fate: tuple[frozenset[int], ...]
    field_ids: tuple[str, ...]
    kind: tuple[int, ...]
    gang_of: tuple[int, ...]  # the gang of a gang field, else -1
    event_of: tuple[int, ...]  # the event of an event field, else -1
    district: tuple[int, ...]  # 0-based
    nexts: tuple[tuple[int, ...], ...]
    start: int
    reach: tuple[tuple[tuple[int, ...], ...], ...]  # reach[field][k]: fields k steps on (k = 0..5)

    def price(self, card: int, field: int) -> int:
        """What the bank pays or asks for ``card`` in the district of ``field``."""
        return self.prices[gang(card)][self.district[field]]


def gang(card: int) -> int:
    return card // (GROUPS * PER_GROUP)


def group(card: int) -> int:
    """The card's group, numbered over all gangs (0..15)."""
    return card // PER_GROUP


def default_board() -> Board:
    text = resources.files(__package__).joinpath("board.toml").read_text(encoding="utf-8")
    return parse_board(text, "board.toml (shipped reconstruction)")


def load_board(path: str) -> Board:
    if not path:
        return default_board()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(_("board file {file}: cannot read it ({reason})").format(file=path, reason=exc.strerror or exc)) from None
    return parse_board(text, path)


def _int(raw: dict, key: str, where: str, low: int, high: int) -> int:
    value = raw.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(_("{where}: {key} must be a whole number from {low} to {high}, not {value}").format(where=where, key=key, low=low, high=high, value=shorten(value)))
    return value


def parse_board(text: str, where: str) -> Board:
    """Read and check a board file's text; ``where`` names it in errors."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(_("board file {file}: not valid TOML ({reason})").format(file=where, reason=exc)) from None
    w = _("board file {file}").format(file=where)
    movement = raw.get("movement")
    if not isinstance(movement, list) or not movement or any(type(m) is not int or not 1 <= m <= 5 for m in movement):
        raise ValueError(_("{where}: movement must list the movement cards, each 1 to 5").format(where=w))
    if sum(movement) != LAP:
        raise ValueError(_("{where}: the movement cards sum to {sum}, not {lap} (one round)").format(where=w, sum=sum(movement), lap=LAP))
    grid = raw.get("fate_grid")
    if (
        not isinstance(grid, list)
        or len(grid) != 6
        or any(not isinstance(row, list) or len(row) != 6 or any(type(n) is not int for n in row) for row in grid)
    ):
        raise ValueError(_("{where}: fate_grid must be 6 rows of 6 whole numbers").format(where=w))
    gangs = raw.get("gangs")
    if not isinstance(gangs, list) or len(gangs) != GANGS:
        raise ValueError(_("{where}: there must be {n} [[gangs]]").format(where=w, n=GANGS))
    keys, names, prices, group_names, values, fates = [], [], [], [], [], []
    for g, entry in enumerate(gangs):
        gw = f"{w}: gangs[{g}]"
        if not isinstance(entry.get("key"), str) or not entry["key"]:
            raise ValueError(_("{where}: key must be a text").format(where=gw))
        keys.append(entry["key"])
        names.append(str(entry.get("name", entry["key"])))
        p = entry.get("prices")
        if not isinstance(p, list) or len(p) != DISTRICTS or any(type(x) is not int or x < 0 for x in p):
            raise ValueError(_("{where} ({key}): prices must be {n} whole numbers >= 0, one per district").format(where=gw, key=entry["key"], n=DISTRICTS))
        prices.append(tuple(p))
        groups = entry.get("groups")
        if not isinstance(groups, list) or len(groups) != GROUPS:
            raise ValueError(_("{where} ({key}): there must be {n} groups").format(where=gw, key=entry["key"], n=GROUPS))
        for k, grp in enumerate(groups):
            kw = f"{gw}.groups[{k}]"
            value = _int(grp, "value", kw, 0, 10_000)
            fate = grp.get("fate")
            if (
                not isinstance(fate, list)
                or len(fate) != PER_GROUP
                or any(not isinstance(f, list) or any(type(n) is not int for n in f) for f in fate)
            ):
                raise ValueError(_("{where}: fate must list {n} cards' fate numbers").format(where=kw, n=PER_GROUP))
            group_names.append(str(grp.get("name", f"group {k + 1}")))
            for f in fate:
                values.append(value)
                fates.append(frozenset(f))
    if len(set(keys)) != GANGS:
        raise ValueError(_("{where}: the gang keys must differ").format(where=w))
    fields = raw.get("fields")
    if not isinstance(fields, list) or not fields:
        raise ValueError(_("{where}: fields must list the track's fields").format(where=w))
    ids = [f.get("id") if isinstance(f, dict) else None for f in fields]
    for i, fid in enumerate(ids):
        if not isinstance(fid, str) or not fid:
            raise ValueError(_("{where}: fields[{i}] has no id").format(where=w, i=i))
    if len(set(ids)) != len(ids):
        dup = next(x for x in ids if ids.count(x) > 1)
        raise ValueError(_("{where}: the field id {id} is used twice").format(where=w, id=shorten(dup)))
    index = {fid: i for i, fid in enumerate(ids)}
    kind, gang_of, event_of, district, nexts = [], [], [], [], []
    for i, f in enumerate(fields):
        fw = _("{where}: field {id}").format(where=w, id=shorten(ids[i]))
        k = f.get("kind")
        if k not in KIND_NAMES:
            raise ValueError(_("{where}: kind must be one of {kinds}, not {kind}").format(where=fw, kinds=", ".join(KIND_NAMES), kind=shorten(k)))
        kind.append(KIND_NAMES.index(k))
        g = f.get("gang")
        if k == "gang" and g not in keys:
            raise ValueError(_("{where}: gang must be one of {gangs}, not {gang}").format(where=fw, gangs=", ".join(keys), gang=shorten(g)))
        gang_of.append(keys.index(g) if k == "gang" else -1)
        e = f.get("event")
        if k == "event" and e not in EVENTS:
            raise ValueError(_("{where}: event must be one of {events}, not {event}").format(where=fw, events=", ".join(EVENTS), event=shorten(e)))
        event_of.append(EVENTS.index(e) if k == "event" else -1)
        district.append(_int(f, "district", fw, 1, DISTRICTS) - 1)
        nx = f.get("next")
        if not isinstance(nx, list) or not 1 <= len(nx) <= 2 or any(n not in index for n in nx):
            raise ValueError(_("{where}: next must name one or two fields of the board, not {next}").format(where=fw, next=shorten(nx)))
        nexts.append(tuple(index[n] for n in nx))
    starts = [i for i, k in enumerate(kind) if k == START]
    if len(starts) != 1:
        raise ValueError(_("{where}: there must be exactly one start field, not {n}").format(where=w, n=len(starts)))
    start = starts[0]
    _check_track(w, ids, district, nexts, start)
    reach = tuple(tuple(_reach(nexts, f, k) for k in range(6)) for f in range(len(ids)))
    return Board(
        title=str(raw.get("title", where)),
        reconstructed=bool(raw.get("reconstructed", False)),
        source=where,
        piasters=_int(raw, "piasters", w, 0, 1_000_000),
        shed_fee=_int(raw, "shed_fee", w, 0, 100_000),
        last_chance_fee=_int(raw, "last_chance_fee", w, 0, 100_000),
        bail=_int(raw, "bail", w, 0, 100_000),
        round_bonus=_int(raw, "round_bonus", w, 0, 100_000),
        rounds=_int(raw, "rounds", w, 1, 10),
        movement=tuple(movement),
        grid=tuple(tuple(row) for row in grid),
        gang_keys=tuple(keys),
        gang_names=tuple(names),
        prices=tuple(prices),
        group_names=tuple(group_names),
        card_value=tuple(values),
        card_fate=tuple(fates),
        field_ids=tuple(ids),
        kind=tuple(kind),
        gang_of=tuple(gang_of),
        event_of=tuple(event_of),
        district=tuple(district),
        nexts=tuple(nexts),
        start=start,
        reach=reach,
    )


def _reach(nexts, field: int, k: int) -> tuple[int, ...]:
    here = {field}
    for _step in range(k):
        here = {n for f in here for n in nexts[f]}
    return tuple(sorted(here))


def _check_track(w: str, ids, district, nexts, start: int) -> None:
    """Every route from the start returns to it after exactly LAP steps, never earlier, and
    crosses DISTRICT_FIELDS fields of each district in order; every field lies on a route."""
    depth = {start: 0}
    order = [start]
    for f in order:  # breadth first: a field reached at two depths breaks the equal routes
        for n in nexts[f]:
            if n == start:
                if depth[f] != LAP - 1:
                    raise ValueError(_("{where}: a route returns to the start after {steps} steps, not {lap}").format(where=w, steps=depth[f] + 1, lap=LAP))
                continue
            if n in depth:
                if depth[n] != depth[f] + 1:
                    raise ValueError(_("{where}: field {id} lies {one} and {other} steps from the start").format(where=w, id=shorten(ids[n]), one=depth[n], other=depth[f] + 1))
                continue
            depth[n] = depth[f] + 1
            order.append(n)
    for f in range(len(ids)):
        if f not in depth:
            raise ValueError(_("{where}: field {id} is on no route from the start").format(where=w, id=shorten(ids[f])))
        if district[f] != depth[f] // DISTRICT_FIELDS:
            text = _("{where}: field {id} is {steps} steps from the start, so in district {district}, not {given}")
            raise ValueError(text.format(where=w, id=shorten(ids[f]), steps=depth[f], district=depth[f] // DISTRICT_FIELDS + 1,
                                         given=district[f] + 1))  # fmt: skip
