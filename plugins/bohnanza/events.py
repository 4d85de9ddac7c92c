"""Bohnanza's event formats for the readable log (hand positions appear only in an offer maker's own
record of the ``offer`` event: the core sends them to the maker alone). Each line is made in the
reader's language when the log is shown."""

from __future__ import annotations

from beanframe.i18n import _, ngettext, pgettext


def _p(player: int) -> str:
    return _("player {n}").format(n=player + 1)


def source_text(source: str) -> str:
    """Where a planted card came from (the ``plant`` event's source), as the log says it."""
    if source == "hand":
        return pgettext("source", "hand")
    if source == "traded":
        return pgettext("source", "traded")
    if source == "leftover":
        return pgettext("source", "leftover")
    if source == "depot":
        return pgettext("source", "depot")
    if source == "merchant":
        return pgettext("source", "merchant")
    return source


def register_events(events) -> None:
    def names(g, cards) -> str:
        if g is None:
            return ", ".join(map(str, cards)) or _("nothing")
        n = g.ruleset.config.params["beans"].cards.names
        return ", ".join(n[c] for c in cards) or _("nothing")

    def one(g, c) -> str:
        return names(g, (c,))

    def coins(n: int) -> str:
        return ngettext("{n} coin", "{n} coins", n).format(n=n)

    events.describe("turn", lambda g, t, p: _("turn {turn}: {player}").format(turn=t, player=_p(p)))
    events.describe("dealt", lambda g, n: ngettext("dealt {n} card to each player", "dealt {n} cards to each player", n).format(n=n))
    events.describe("run_out", lambda g, n: _("the deck ran out ({n})").format(n=n))
    events.describe(
        "reshuffle",
        lambda g, n: ngettext("the discard was shuffled into a new deck of {n} card", "the discard was shuffled into a new deck of {n} cards", n).format(n=n),
    )
    events.describe(
        "plant",
        lambda g, p, f, c, src: _("{player} plants {bean} ({source}) on field {field}").format(player=_p(p), bean=one(g, c), source=source_text(src), field=f + 1),
    )
    events.describe(
        "harvest",
        lambda g, p, f, c, n, earned: _("{player} harvests {n} {bean} from field {field} for {coins}").format(
            player=_p(p), n=n, bean=one(g, c), field=f + 1, coins=coins(earned)
        ),
    )
    events.describe("buy_field", lambda g, p, cost: _("{player} buys a third field for {coins}").format(player=_p(p), coins=coins(cost)))
    events.describe("turn_up", lambda g, c: _("turned up {bean} for trading").format(bean=one(g, c)))

    def offer(g, o, p, to, gives, asks, hand=()) -> str:
        # the maker's own record (core offers: ``secret`` sent to the maker alone) names the positions
        where = f" ({' '.join(f'h{h + 1}' for h in hand)})" if hand else ""
        return _("o{offer}: {player} offers {to} {gives}{where} for {asks}").format(
            offer=o + 1, player=_p(p), to=_p(to), gives=names(g, gives), where=where, asks=names(g, asks)
        )

    events.describe("offer", offer)
    events.describe(
        "trade",
        lambda g, o, p, to, given, got: _("o{offer} accepted: {to} receives {given}, {player} receives {got}").format(
            offer=o + 1, to=_p(to), given=names(g, given), player=_p(p), got=names(g, got)
        ),
    )
    events.describe("reject", lambda g, o, p: _("{player} rejects o{offer}").format(player=_p(p), offer=o + 1))
    events.describe("withdraw", lambda g, o, p: _("{player} withdraws o{offer}").format(player=_p(p), offer=o + 1))
    events.describe("void", lambda g, o: _("o{offer} lapses: its cards moved").format(offer=o + 1))
    events.describe("scrap", lambda g, p: _("{player} scraps an offer in the making").format(player=_p(p)))
    events.describe("trading_over", lambda g: _("trading is over"))
    events.describe("draw", lambda g, p, *card: _("{player} draws a card").format(player=_p(p)))
    events.describe("game_over", lambda g: _("the game is over"))
