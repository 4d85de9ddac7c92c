"""Positions of the bean family (``beanframe_register_positions``): the bean table in bean names,
and the card reading every bean plugin's own parts share.

The ``beans`` table of a position (every key may be left out)::

    [beans]
    hands = [["Chili Bean", "blue"], 5]     # per player, front first; a number: that many cards dealt from the seed
                                            # (alone, or among the names: ["fire", 4])
    fields = [[["fire", "fire"], []], [[], []]]   # per player, per field, first planted first (one more field: bought)
    coins = [3, ["soy", "soy"]]             # per player: the coins' beans, or how many (dealt from the seed)
    discard = ["blue", "fire"]              # top card first (or a number)
    deck = ["soy", ...]                     # top card first: the whole deck (every card of the game accounted for)
    deck_top = ["soy"]                      # or only its top: the seed deals the rest beneath (leave both out: all of it)
    set_aside = 0                           # coins under the discard (cards or a number)
    piles = [["fire", "fire"]]              # face-up piles of the turn (Al Cabohne); [] keeps an emptied slot
    leftovers = [["soy"]]                   # the opponent's leftover piles (Al Cabohne)
    bought_field = [false, true]            # default: a player with more fields than the start bought one
    run_outs = 1                            # times the deck ran out
    run_out_limit = 3                       # default: the rules'

Cards are bean names in any language or keys ("Chili Bean", "Feuerbohne" or "fire"). Every bean card of the game is in exactly
one place: the cards a position names (here and in every part ``BeanRules.card_parts`` lists: the
mafia, Bohnanza's trade table, Bohnaparte's board) are taken out of the game's cards, the places
given as numbers are dealt from the rest (shuffled with the game's seed), and what remains is the
deck (beneath ``deck_top``); with a whole ``deck`` nothing may remain. A bean plugin's own reader
reads its cards with :func:`read_cards`, so a card named twice is reported at its place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from beanframe.beans.cards import CardSet
from beanframe.beans.conformance import card_zones
from beanframe.beans.table import PART, BeanTable, rules_of
from beanframe.core.position import Reading, at, shown
from beanframe.i18n import _

if TYPE_CHECKING:
    from beanframe.core.game import Game

#: a card the position does not name, dealt from the seed once every part is read
UNDEALT = -2
_LEDGER = "beans.placed"  # reading.notes: (place, card) of every card named, in reading order
_DECK = "beans.deck"  # reading.notes: "deck" (the whole deck was given) or "deck_top"

TABLE_KEYS = (
    "hands", "fields", "coins", "discard", "deck", "deck_top", "set_aside", "piles", "leftovers", "bought_field",
    "run_outs", "run_out_limit",
)  # fmt: skip


def cards_of(game: Game) -> CardSet:
    return rules_of(game).cards


def write_cards(game: Game, cards: Sequence[int]) -> list[str]:
    """Cards as their beans' names (the English ones: a position file reads the same in every
    language; names in any language are read)."""
    beans = cards_of(game).beans
    return [beans[c].name for c in cards]


def read_bean(game: Game, reading: Reading, place: str, value: Any) -> int | None:
    """A bean by name or key, not a card of its own (the bean an offer names, say)."""
    if type(value) is not str:
        reading.problem(place, _("expected a bean's name, not {value}").format(value=shown(value)))
        return None
    try:
        return cards_of(game).index(value)
    except KeyError as exc:
        reading.problem(place, exc.args[0])
        return None


def read_card(game: Game, reading: Reading, place: str, value: Any) -> int | None:
    """One bean card by name or key; noted in the ledger (a card too many is reported here)."""
    card = read_bean(game, reading, place, value)
    if card is not None:
        reading.notes.setdefault(_LEDGER, []).append((place, None, card))
    return card


def read_cards(game: Game, reading: Reading, place: str, value: Any, count: bool = False) -> list[int] | None:
    """A list of bean cards by name. With ``count`` a whole number stands for that many cards
    dealt from the seed, alone (``5``) or among the names (``["fire", 4]``: a Chili Bean, then
    four cards from the seed); they are :data:`UNDEALT` until the bean table's ``complete`` deals
    them."""
    if count and _number(value):
        value = [value]
    if not isinstance(value, list):
        if count:
            reading.problem(place, _("expected a list of beans or a number of cards, not {value}").format(value=shown(value)))
        else:
            reading.problem(place, _("expected a list of beans, not {value}").format(value=shown(value)))
        return None
    index = cards_of(game).index
    ledger = reading.notes.setdefault(_LEDGER, [])
    out: list[int] = []
    ok = True
    for i, v in enumerate(value):
        if type(v) is str:
            try:
                card = index(v)
            except KeyError as exc:
                reading.problem(at(place, i), exc.args[0])
                ok = False
                continue
            ledger.append((place, i, card))  # the place is written out only for a problem
            out.append(card)
        elif count and _number(v):
            if v < 0:
                reading.problem(at(place, i), _("{n} cards: expected a number of at least 0").format(n=v))
                ok = False
            out += [UNDEALT] * v
        else:
            reading.problem(at(place, i), _("expected a bean's name, not {value}").format(value=shown(v)))
            ok = False
    return out if ok else None


def _number(value: Any) -> bool:
    return type(value) is int


def read_field(game: Game, reading: Reading, place: str, value: Any, mixed: bool = False) -> list[int] | None:
    """A field (or any pile of one bean): its cards, first planted first, of one bean unless
    ``mixed``."""
    cards = read_cards(game, reading, place, value)
    if cards is not None and not mixed and len(set(cards)) > 1:
        names = sorted({cards_of(game).names[c] for c in cards})
        reading.problem(place, _("one bean per field, not {beans}").format(beans=", ".join(names)))
    return cards


# --------------------------------------------------------------------------------------------
# The bean table
# --------------------------------------------------------------------------------------------


def write_table(game: Game) -> dict[str, Any]:
    """The bean table in bean names (see the module)."""
    t: BeanTable = game.state.parts[PART]

    def named(cards: Sequence[int]) -> list[str]:
        return write_cards(game, cards)

    return {
        "hands": [named(h) for h in t.hands],
        "fields": [[named(f) for f in fs] for fs in t.fields],
        "coins": [named(c) for c in t.coins],
        "discard": named(reversed(t.discard)),
        "deck": named(reversed(t.deck)),
        "set_aside": named(t.set_aside),
        "piles": [named(p) for p in t.piles],
        "leftovers": [named(p) for p in t.leftovers],
        "bought_field": list(t.bought_field),
        "run_outs": t.run_outs,
        "run_out_limit": t.run_out_limit,
    }


def read_table(game: Game, data: dict[str, Any], reading: Reading) -> None:
    """Fill the fresh bean table from ``data`` (see the module); the deck waits for
    :func:`deal_rest`, once every part is read."""
    reading.table(PART, data, TABLE_KEYS)
    t: BeanTable = game.state.parts[PART]
    rules = rules_of(game)

    def per_player(key: str, read: Any, what: str) -> None:
        if key not in data:
            return
        values = reading.per_player(f"{PART}.{key}", data[key], what)
        if values is None:
            return
        target = getattr(t, key)
        for p, value in enumerate(values):
            got = read(at(f"{PART}.{key}", p), value)
            if got is not None:
                target[p] = got

    per_player("hands", lambda place, v: read_cards(game, reading, place, v, count=True), "hands (one per player)")
    per_player("coins", lambda place, v: read_cards(game, reading, place, v, count=True), "coin piles (one per player)")

    def fields(place: str, value: Any) -> list[list[int]] | None:
        fs = reading.listing(place, value)
        if fs is None:
            return None
        if not rules.fields <= len(fs) <= rules.max_fields:
            if rules.fields == rules.max_fields:
                problem = _("{n} fields: a player has {most}").format(n=len(fs), most=rules.fields)
            else:
                problem = _("{n} fields: a player has {least} to {most}").format(n=len(fs), least=rules.fields, most=rules.max_fields)
            reading.problem(place, problem)
            return None
        out = [read_field(game, reading, at(place, i), f, rules.mixed_fields) for i, f in enumerate(fs)]
        return None if None in out else out  # type: ignore[return-value]

    per_player("fields", fields, "players' fields")
    t.bought_field = [len(fs) > rules.fields for fs in t.fields]
    if "bought_field" in data:
        flags = reading.per_player(f"{PART}.bought_field", data["bought_field"], "flags (one per player)")
        for p, value in enumerate(flags or ()):
            if reading.flag(at(f"{PART}.bought_field", p), value) is not None:
                t.bought_field[p] = value
    for key in ("discard", "set_aside"):
        if key in data:
            got = read_cards(game, reading, f"{PART}.{key}", data[key], count=True)
            if got is not None:
                setattr(t, key, list(reversed(got)) if key == "discard" else got)
    if "deck" in data and "deck_top" in data:
        reading.problem(f"{PART}.deck_top", _("give the whole deck or its top, not both"))
    for key in ("deck", "deck_top"):
        if key in data:
            got = read_cards(game, reading, f"{PART}.{key}", data[key])
            if got is not None:
                t.deck = list(reversed(got))
                reading.notes[_DECK] = key
    for key in ("piles", "leftovers"):
        if key not in data:
            continue
        piles = reading.listing(f"{PART}.{key}", data[key])
        got = [read_field(game, reading, at(f"{PART}.{key}", i), p) for i, p in enumerate(piles or ())]
        if piles is not None and None not in got:
            setattr(t, key, got)
    if "run_out_limit" in data:
        limit = reading.whole(f"{PART}.run_out_limit", data["run_out_limit"], 1)
        if limit is not None:
            t.run_out_limit = limit
    if "run_outs" in data:
        runs = reading.whole(f"{PART}.run_outs", data["run_outs"], 0, t.run_out_limit)
        if runs is not None:
            t.run_outs = runs


def deal_rest(game: Game, reading: Reading) -> None:
    """Once every part is read: each card named at most as often as the game has it, the places
    given as numbers dealt from the seed, the rest of the cards the deck (beneath its given top;
    with a whole deck given, nothing may be left)."""
    cards = cards_of(game)
    zones = card_zones(game)
    placed = Counter(c for cs in zones.values() for c in cs if c >= 0)
    if _too_many(cards, placed, reading):
        return
    rest = [b for b, bean in enumerate(cards.beans) for _ in range(bean.count - placed[b])]
    holes = [(cs, i) for cs in zones.values() for i, c in enumerate(cs) if c == UNDEALT]
    if len(holes) > len(rest):
        reading.problem(PART, _("{n} cards are to be dealt from the seed, only {left} are not placed").format(n=len(holes), left=len(rest)))
        return
    t: BeanTable = game.state.parts[PART]
    given = reading.notes.get(_DECK)
    if rest and (holes or given != "deck"):
        game.random().shuffle(rest)  # chance is drawn only when something is dealt
    for cs, i in holes:
        cs[i] = rest.pop()
    if given == "deck":
        if rest:
            missing = Counter(rest)
            listed = ", ".join(f"{missing[b]} {cards.names[b]}" for b in sorted(missing))
            problem = _("{n} cards of the game are in no place ({cards}): place them, or give the deck's top (deck_top) instead")
            reading.problem(f"{PART}.deck", problem.format(n=len(rest), cards=listed))
        return
    t.deck[:0] = rest


def _too_many(cards: CardSet, placed: Counter, reading: Reading) -> bool:
    """Report each bean named more often than the game has it, at the place of the first card
    too many (where a reader noted it)."""
    found = False
    ledger = reading.notes.get(_LEDGER, [])
    for b, bean in enumerate(cards.beans):
        if placed[b] <= bean.count:
            continue
        found = True
        places = [(place, i) for place, i, card in ledger if card == b]
        if len(places) > bean.count:
            place, i = places[bean.count]
            problem = _("one {bean} too many (the game has {count})").format(bean=cards.names[b], count=bean.count)
            reading.problem(place if i is None else at(place, i), problem)
        else:
            problem = _("{n} {bean} placed, the game has {count}").format(n=placed[b], bean=cards.names[b], count=bean.count)
            reading.problem(PART, problem)
    return found


def register_table(register: Any) -> None:
    """Register the bean table's position functions (for a plugin that registers the table)."""
    register(PART, write_table, read_table, complete=deal_rest)
