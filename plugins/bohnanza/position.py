"""Bohnanza's part of a position: the trade table (RULES C "Trade"). The bean table is the bean
family's (``beanframe.beans.position``)::

    [trade]
    face_up = ["Chili Bean", ""]          # the face-up trade cards of the turn, by slot (u1, u2...); "": traded away
    received = [["blue"], [], [], []]     # per player: cards received in trades, set aside until phase 3
    trades = 3                            # trades so far this game
    started = [1, 0, 0, 0]                # offers each player started this turn (the cap counts them)
    next_id = 1                           # the id of the next offer sent this turn
    offers = [{ id = 0, maker = "p1", to = "p2", gives = ["fire"], hand = [2], face_up = [1], asks = ["blue"] }]
    drafts = { p3 = { gives = ["soy"], hand = [1] } }   # offers being built, by maker
    giving = { id = 0, hand = [4] }       # F.27: offer o1 was accepted and its addressee is choosing
                                          #   which copies of the asked beans to give: the hand
                                          #   positions chosen so far (the stack's give_copy decision)

An offer gives hand cards (``hand``: their positions in the maker's hand, 1 = front, as the
``give h<k>`` codes; ``gives``: their beans, which must be the cards there) and face-up cards
(``face_up``: slots, 1-based); it asks beans (``asks``) and face-up cards (``wants``: slots). An
open offer is answered with ``accept o<k>`` (``k`` = id + 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.beans import PART as BEANS
from beanframe.beans.position import read_bean, read_cards, read_card, write_cards
from beanframe.core.position import Reading, at, seat
from beanframe.i18n import _

from .rules import rules_of
from .trade.offers import GONE, Offer, payment
from .trade.table import PART, TradeTable

if TYPE_CHECKING:
    from beanframe.core.game import Game

KEYS = ("face_up", "received", "trades", "started", "next_id", "offers", "drafts", "giving")
OFFER_KEYS = ("id", "maker", "to", "gives", "hand", "face_up", "asks", "wants")
_OFFERS = "trade.offers"  # reading.notes: (place, offer) to check once the hands are dealt


def write_trade(game: Game) -> dict[str, Any]:
    t: TradeTable = game.state.parts[PART]
    names = t.names
    out = {
        "face_up": ["" if c == GONE else names[c] for c in t.face_up],
        "received": [write_cards(game, r) for r in t.received],
        "trades": t.trades,
        "started": list(t.started),
        "next_id": t.next_id,
        "offers": [_write_offer(game, o) for o in t.offers],
        "drafts": {seat(p): _write_offer(game, d) for p, d in enumerate(t.drafts) if d is not None},
    }
    if t.giving >= 0:
        out["giving"] = {"id": t.giving, "hand": [i + 1 for i in t.chosen]}
    return out


def _write_offer(game: Game, o: Offer) -> dict[str, Any]:
    out: dict[str, Any] = {"maker": seat(o.maker)}
    if o.id >= 0:
        out.update(id=o.id, to=seat(o.to))
    out.update(
        gives=write_cards(game, o.gives),
        hand=[i + 1 for i in o.hand],
        face_up=[s + 1 for s in o.face_up],
        asks=write_cards(game, o.asks),
        wants=[s + 1 for s in o.wants],
    )
    return out


def read_trade(game: Game, data: dict[str, Any], reading: Reading) -> None:
    reading.table(PART, data, KEYS)
    t: TradeTable = game.state.parts[PART]
    rules = rules_of(game)
    if "face_up" in data:
        slots = reading.listing(f"{PART}.face_up", data["face_up"])
        if slots is not None and len(slots) > rules.face_up_room:
            reading.problem(f"{PART}.face_up", _("{n} face-up cards: at most {most} in this game").format(n=len(slots), most=rules.face_up_room))
        got = [GONE if v == "" else read_card(game, reading, at(f"{PART}.face_up", k), v) for k, v in enumerate(slots or ())]
        if None not in got:
            t.face_up = got  # type: ignore[assignment]
    if "received" in data:
        rows = reading.per_player(f"{PART}.received", data["received"], _("players' received cards"))
        for p, row in enumerate(rows or ()):
            got = read_cards(game, reading, at(f"{PART}.received", p), row)
            if got is not None:
                t.received[p] = got
    if "trades" in data and reading.whole(f"{PART}.trades", data["trades"]) is not None:
        t.trades = data["trades"]
    if "started" in data:
        rows = reading.per_player(f"{PART}.started", data["started"], _("counts (one per player)"))
        for p, n in enumerate(rows or ()):
            if reading.whole(at(f"{PART}.started", p), n, 0, rules.offers_per_turn) is not None:
                t.started[p] = n
    offers = reading.listing(f"{PART}.offers", data.get("offers", []))
    for k, raw in enumerate(offers or ()):
        offer = _read_offer(game, reading, at(f"{PART}.offers", k), raw, sent=True)
        if offer is not None:
            t.offers.append(offer)
    ids = [o.id for o in t.offers]
    if len(set(ids)) != len(ids):
        reading.problem(f"{PART}.offers", _("two offers with one id"))
    next_id = data.get("next_id", max(ids, default=-1) + 1)
    if reading.whole(f"{PART}.next_id", next_id, max(ids, default=-1) + 1) is not None:
        t.next_id = next_id
    drafts = reading.table(f"{PART}.drafts", data.get("drafts", {}))
    for name, raw in (drafts or {}).items():
        maker = reading.seat(f"{PART}.drafts.{name}", name)
        draft = _read_offer(game, reading, f"{PART}.drafts.{name}", raw, sent=False, maker=maker)
        if maker is not None and draft is not None:
            t.drafts[maker] = draft
    if "giving" in data:
        _read_giving(game, reading, data["giving"])


def _read_giving(game: Game, reading: Reading, raw: Any) -> None:
    """F.27: an accepted offer whose addressee is choosing copies (checked once hands are dealt)."""
    t: TradeTable = game.state.parts[PART]
    place = f"{PART}.giving"
    entry = reading.table(place, raw, ("id", "hand"))
    if entry is None:
        return
    offer_id = reading.whole(f"{place}.id", entry.get("id"))
    positions = reading.listing(f"{place}.hand", entry.get("hand", []))
    chosen = [reading.whole(at(f"{place}.hand", i), v, 1, rules_of(game).hand_room) for i, v in enumerate(positions or ())]
    if offer_id is None or positions is None or None in chosen:
        return
    if t.offer(offer_id) is None:
        reading.problem(f"{place}.id", _("no open offer with id {id} (o{code})").format(id=offer_id, code=offer_id + 1))
        return
    if len(set(chosen)) != len(chosen):
        reading.problem(f"{place}.hand", _("a hand position twice"))
        return
    t.giving, t.chosen = offer_id, [c - 1 for c in chosen]  # type: ignore[operator]


def _read_offer(game: Game, reading: Reading, place: str, raw: Any, sent: bool, maker: int | None = None) -> Offer | None:
    entry = reading.table(place, raw, OFFER_KEYS if sent else OFFER_KEYS[1:] + ("maker",))
    if entry is None:
        return None
    rules = rules_of(game)
    ok = True
    if sent:
        maker = reading.seat(f"{place}.maker", entry.get("maker"))
        to = reading.seat(f"{place}.to", entry.get("to"))
        offer_id = reading.whole(f"{place}.id", entry.get("id"))
        ok = None not in (maker, to, offer_id)
        if ok and to == maker:
            reading.problem(f"{place}.to", _("an offer goes to another player"))
            ok = False
    else:
        to, offer_id = -1, -1

    def beans(key: str) -> tuple[int, ...] | None:
        values = reading.listing(f"{place}.{key}", entry.get(key, []))
        got = [read_bean(game, reading, at(f"{place}.{key}", i), v) for i, v in enumerate(values or ())]
        return None if values is None or None in got else tuple(got)  # type: ignore[arg-type]

    def numbers(key: str, high: int) -> tuple[int, ...] | None:
        values = reading.listing(f"{place}.{key}", entry.get(key, []))
        got = [reading.whole(at(f"{place}.{key}", i), v, 1, high) for i, v in enumerate(values or ())]
        return None if values is None or None in got else tuple(g - 1 for g in got)  # type: ignore[operator]

    gives, asks = beans("gives"), beans("asks")
    hand = numbers("hand", rules.hand_room)
    face_up, wants = numbers("face_up", rules.face_up_room), numbers("wants", rules.face_up_room)
    if None in (gives, asks, hand, face_up, wants) or not ok or maker is None:
        return None
    if len(hand) != len(gives):  # type: ignore[arg-type]
        reading.problem(f"{place}.hand", _("{n} hand positions for {given} beans given").format(n=len(hand), given=len(gives)))  # type: ignore[arg-type]
        return None
    for key, items in (("given", len(hand) + len(face_up)), ("asked", len(asks) + len(wants))):  # type: ignore[arg-type]
        if items > rules.cards_per_offer:
            reading.problem(place, _("{n} cards {side}: at most {most} a side").format(n=items, side=key, most=rules.cards_per_offer))
    offer = Offer(offer_id, maker, to, gives, asks, hand, face_up, wants)  # type: ignore[arg-type]
    reading.notes.setdefault(_OFFERS, []).append((place, offer))
    return offer


def check_offers(game: Game, reading: Reading) -> None:
    """Once the hands are dealt: each offer's hand positions hold the beans it gives, its
    face-up slots hold cards."""
    hands = game.state.parts[BEANS].hands
    face_up = game.state.parts[PART].face_up
    for place, offer in reading.notes.get(_OFFERS, []):
        hand = hands[offer.maker]
        for pos, bean in zip(offer.hand, offer.gives, strict=True):
            if pos >= len(hand) or hand[pos] != bean:
                reading.problem(f"{place}.hand", _("{seat}'s hand card {k} is not the {bean} given").format(k=pos + 1, seat=seat(offer.maker), bean=game.ruleset.config.params["beans"].cards.names[bean]))
        for key, slots in (("face_up", offer.face_up), ("wants", offer.wants)):
            for s in slots:
                if s >= len(face_up) or face_up[s] == GONE:
                    reading.problem(f"{place}.{key}", _("no face-up card in slot {slot}").format(slot=s + 1))
    _check_giving(game, reading)


def _check_giving(game: Game, reading: Reading) -> None:
    """The addressee of the offer being given for holds its asked beans, and each position chosen
    holds one of them (no more copies of a bean than asked)."""
    t: TradeTable = game.state.parts[PART]
    offer = t.offer(t.giving) if t.giving >= 0 else None
    if offer is None:
        return
    hand = game.state.parts[BEANS].hands[offer.to]
    names = game.ruleset.config.params["beans"].cards.names
    place = f"{PART}.giving"
    if payment(hand, offer.asks) is None:
        reading.problem(place, _("{seat} cannot give what o{offer} asks ({beans})").format(seat=seat(offer.to), offer=offer.id + 1, beans=", ".join(names[b] for b in offer.asks)))
        return
    for k, i in enumerate(t.chosen):
        if i >= len(hand) or hand[i] not in offer.asks:
            reading.problem(at(f"{place}.hand", k), _("{seat}'s hand card {k} is none of the beans o{offer} asks").format(k=i + 1, seat=seat(offer.to), offer=offer.id + 1))
            return
    for bean in set(offer.asks):
        if sum(1 for i in t.chosen if hand[i] == bean) > offer.asks.count(bean):
            reading.problem(f"{place}.hand", _("more {bean} chosen than o{offer} asks").format(bean=names[bean], offer=offer.id + 1))
