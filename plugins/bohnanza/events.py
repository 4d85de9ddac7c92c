"""Bohnanza's event formats for the readable log (hand positions appear only in an offer maker's own
record of the ``offer`` event: the core sends them to the maker alone)."""

from __future__ import annotations

from beanframe.core.words import count


def _p(player: int) -> str:
    return f"player {player + 1}"


def register_events(events) -> None:
    def names(g, cards) -> str:
        if g is None:
            return ", ".join(map(str, cards)) or "nothing"
        n = g.ruleset.config.params["beans"].cards.names
        return ", ".join(n[c] for c in cards) or "nothing"

    def one(g, c) -> str:
        return names(g, (c,))

    events.describe("turn", lambda g, t, p: f"turn {t}: {_p(p)}")
    events.describe("dealt", "dealt {0} cards to each player")
    events.describe("run_out", "the deck ran out ({0})")
    events.describe("reshuffle", "the discard was shuffled into a new deck of {0} cards")
    events.describe("plant", lambda g, p, f, c, src: f"{_p(p)} plants {one(g, c)} ({src}) on field {f + 1}")
    events.describe("harvest", lambda g, p, f, c, n, coins: f"{_p(p)} harvests {n} {one(g, c)} from field {f + 1} for {count(coins, 'coin')}")
    events.describe("buy_field", lambda g, p, cost: f"{_p(p)} buys a third field for {count(cost, 'coin')}")
    events.describe("turn_up", lambda g, c: f"turned up {one(g, c)} for trading")
    def offer(g, o, p, to, gives, asks, hand=()) -> str:
        # the maker's own record (core offers: ``secret`` sent to the maker alone) names the positions
        where = f" ({' '.join(f'h{h + 1}' for h in hand)})" if hand else ""
        return f"o{o + 1}: {_p(p)} offers {_p(to)} {names(g, gives)}{where} for {names(g, asks)}"

    events.describe("offer", offer)
    events.describe(
        "trade", lambda g, o, p, to, given, got: f"o{o + 1} accepted: {_p(to)} receives {names(g, given)}, {_p(p)} receives {names(g, got)}"
    )
    events.describe("reject", lambda g, o, p: f"{_p(p)} rejects o{o + 1}")
    events.describe("withdraw", lambda g, o, p: f"{_p(p)} withdraws o{o + 1}")
    events.describe("void", lambda g, o: f"o{o + 1} lapses: its cards moved")
    events.describe("scrap", lambda g, p: f"{_p(p)} scraps an offer in the making")
    events.describe("trading_over", "trading is over")
    events.describe("draw", lambda g, p: f"{_p(p)} draws a card")
    events.describe("game_over", "the game is over")
