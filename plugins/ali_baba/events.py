"""Ali Baba's log lines: every event in words, in the reader's language (issue 29). Each line is
made when the log is shown (inside the reader's ``language``), from the event's public arguments."""

from __future__ import annotations

from beanframe.i18n import _, ngettext

from .names import card_name, event_text, gang_name, gangs_text, player
from .rules import board_of


def _card(g, c) -> str:
    return card_name(board_of(g), c) if g is not None else _("bandit {n}").format(n=c + 1)


def _field(g, f) -> str:
    return board_of(g).field_ids[f] if g is not None else str(f + 1)


def _gang(g, k) -> str:
    return gang_name(board_of(g), k) if g is not None else str(k + 1)


def _piasters(n: int) -> str:
    return ngettext("{n} piaster", "{n} piasters", n).format(n=n)


def _items(g, its) -> str:
    """An offer's side: ("bandit", card) and ("piasters", amount) items."""
    words = [_card(g, x) if kind == "bandit" else _piasters(x) for kind, x in its]
    return ", ".join(words) or _("nothing")


def _event(g, e, p) -> str:
    if p < 0:
        return _("event ({event}) for every player").format(event=event_text(e))
    return _("event ({event}) for {player}").format(event=event_text(e), player=player(p))


def _paid(g, p, m, pips) -> str:
    if pips:
        return _("{player} receives {amount} (rolled {pips})").format(player=player(p), amount=m, pips=pips)
    return _("{player} receives {amount}").format(player=player(p), amount=m)


def _place_die(g, p, which, v) -> str:
    if which == 0:
        return _("{player} places the black die on {pips}").format(player=player(p), pips=v)
    return _("{player} places the white die on {pips}").format(player=player(p), pips=v)


def _arrested(g, p, cards, n) -> str:
    text = ngettext("{player}: {count} bandit arrested (number {number})", "{player}: {count} bandits arrested (number {number})",
                    len(cards))  # fmt: skip
    return text.format(player=player(p), count=len(cards), number=n)


def describe_events(events) -> None:
    """Register the words of every Ali Baba event (``beanframe_register_events``)."""
    d = events.describe
    d("turn", lambda g, t, p: _("turn {turn}: {player}").format(turn=t, player=player(p)))
    d("dealt", lambda g, p: _("the movement cards are dealt; {player} starts").format(player=player(p)))
    d("sell", lambda g, p, c, m: _("{player} sells {card} to the bank for {amount}").format(player=player(p), card=_card(g, c), amount=m))
    d("move", lambda g, p, v: _("{player} plays a {value}").format(player=player(p), value=v))
    d("arrive", lambda g, f: _("Ali Baba reaches field {field}").format(field=_field(g, f)))
    d("buy", lambda g, p, c, m: _("{player} takes {card} for {amount}").format(player=player(p), card=_card(g, c), amount=m))
    d("event", _event)
    d("paid", _paid)
    d("place_die", _place_die)
    d("give", lambda g, p, q, c: _("{player} gives {card} to {other}").format(player=player(p), card=_card(g, c), other=player(q)))
    d("gang_die", lambda g, p, pips, k: _("{player} rolls {pips}: gang {gang}, the {name}").format(
        player=player(p), pips=pips, gang=k + 1, name=_gang(g, k)))  # fmt: skip
    d("gang_chosen", lambda g, p, k: _("{player} sends Ali Baba after gang {gang}, the {name}").format(
        player=player(p), gang=k + 1, name=_gang(g, k)))  # fmt: skip
    d("hunt", lambda g, m: _("Ali Baba hunts the {gangs}").format(gangs=gangs_text(board_of(g), m) if g is not None else m))
    d("black", lambda g, p, v: _("{player} rolls the black die: {pips}").format(player=player(p), pips=v))
    d("white", lambda g, p, v: _("{player} rolls the white die: {pips}").format(player=player(p), pips=v))
    d("fate", lambda g, b, w, n: _("black {black} and white {white}: fate strikes number {number}").format(black=b, white=w, number=n))
    d("arrested", _arrested)
    d("bail", lambda g, p, m: _("{player} pays {amount} bail").format(player=player(p), amount=m))
    d("surrender", lambda g, p, c: _("{player} leaves {card} to the caliph").format(player=player(p), card=_card(g, c)))
    d("bankrupt", lambda g, p, paid, debt: _("{player} is bankrupt: pays {paid} of {debt}").format(player=player(p), paid=paid, debt=debt))
    d("shed", lambda g, p, c, m: _("{player} sheds {card} for {amount}").format(player=player(p), card=_card(g, c), amount=m))
    d("offer", lambda g, o, p, q, gives, asks: _("{player} offers {gives} to {other} for {asks}").format(
        player=player(p), gives=_items(g, gives), other=player(q), asks=_items(g, asks)))  # fmt: skip
    d("reject", lambda g, o, p: _("{player} declines the offer").format(player=player(p)))
    d("scrap", lambda g, p: _("{player} scraps the offer being built").format(player=player(p)))
    d("traded", lambda g, o, p, q, gives, asks: _("{other} accepts: {player} gives {gives}, {other} gives {asks}").format(
        player=player(p), gives=_items(g, gives), other=player(q), asks=_items(g, asks)))  # fmt: skip
    d("bazaar", lambda g: _("the great bandit bazaar opens"))
    d("round_payout", lambda g, p, m: _("{player} cashes {amount} at the end of the round").format(player=player(p), amount=m))
    d("round", lambda g, r, p: _("round {round} begins; {player}, the poorest, starts").format(round=r, player=player(p)))
    d("game_over", lambda g: _("the game is over"))
