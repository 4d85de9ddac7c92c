"""Event formats for the readable log. Events name no hand or depot position: a laid fight card is
only "a card" until the reveal."""

from __future__ import annotations


def _p(player: int) -> str:
    return f"player {player + 1}"


def register_events(events) -> None:
    def bean(g, c) -> str:
        if c is None:
            return "no card"
        return g.ruleset.config.params["beans"].cards.names[c] if g is not None else str(c)

    def land(g, i) -> str:
        if g is None:
            return f"l{i + 1}"
        from .board import layout_of

        return f"the {layout_of(g).card(i).name} l{i + 1}"

    def owner(o) -> str:
        return "neutral land" if o < 0 else _p(o)

    events.describe("layout", "the landscapes were laid at random: {0}")
    events.describe("camp", lambda g, p, i: f"{_p(p)} chooses the army camp {land(g, i)}")
    events.describe("monastery", lambda g, p, c, coin: f"{_p(p)}'s monastery turns up {bean(g, c)}: " + ("a coin" if coin else "discarded"))
    events.describe("refresh", lambda g, p, n: f"{_p(p)}'s rider troops are fresh again")
    events.describe("buy_depot", lambda g, p: f"{_p(p)} buys a munitions depot")
    events.describe("to_depot", lambda g, p, src: f"{_p(p)} puts a {src} card into the depot")
    events.describe("fortress", lambda g, p, i: f"{_p(p)} empties a quarry and builds a fortress under {land(g, i)}")
    events.describe("buy_merchant", lambda g, p: f"{_p(p)} buys a merchant")
    events.describe("merchant_take", lambda g, p: f"{_p(p)} takes a merchant card")
    events.describe(
        "attack", lambda g, p, i, d, ride: f"{_p(p)} pays a coin and attacks {land(g, i)} of {owner(d)}" + (" with riders" if ride else "")
    )
    events.describe("ride", lambda g, p, i: f"{_p(p)}'s rider troop of {land(g, i).removeprefix('the ')} rides first (strength 17)")
    events.describe("lay", lambda g, p, side: f"{_p(p)} lays a fight card face down ({side})")
    events.describe(
        "fight",
        lambda g, p, i, rnd, a, d, att, dfn, won: (
            f"reveal at {land(g, i)}: " + ("riders 17" if rnd == 1 else f"{bean(g, a)} {att}")
            + f" against {bean(g, d)} (defence {dfn}): " + ("the attacker wins" if won else "the defender holds")
        ),
    )
    events.describe("conquer", lambda g, p, i, old: f"{_p(p)} conquers {land(g, i)} from {owner(old)}")
    events.describe("fifth_deck", "the last deck ran out during an attack: one more deck for this attack only (F.26)")
    events.describe("final_attack_over", "the attack is over: the game ends (F.26)")
    events.describe("territory_end", "the game ends: {0}")
