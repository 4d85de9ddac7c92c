"""Event formats for the readable log. Events name no hand or depot position: a laid fight card is
only "a card" until the reveal. Each line is made in the reader's language when the log is shown."""

from __future__ import annotations

import re

from beanframe.i18n import _, pgettext


def _p(player: int) -> str:
    return _("player {n}").format(n=player + 1)


def landscape_name(card) -> str:
    """A landscape card's name in the reader's language (the TOML's English name, its table's
    name as the context: ``[village] name = "village"``)."""
    return pgettext(card.key, card.name)


def register_events(events) -> None:
    def bean(g, c) -> str:
        if c is None:
            return _("no card")
        return g.ruleset.config.params["beans"].cards.names[c] if g is not None else str(c)

    def land(g, i) -> str:
        if g is None:
            return f"l{i + 1}"
        from .board import layout_of

        return _("the {landscape} l{n}").format(landscape=landscape_name(layout_of(g).card(i)), n=i + 1)

    def land_bare(g, i) -> str:
        if g is None:
            return f"l{i + 1}"
        from .board import layout_of

        return _("{landscape} l{n}").format(landscape=landscape_name(layout_of(g).card(i)), n=i + 1)

    def owner(o) -> str:
        return _("neutral land") if o < 0 else _p(o)

    def side(role: str) -> str:
        return pgettext("side", "attacker") if role == "attacker" else pgettext("side", "defender") if role == "defender" else role

    def monastery(g, p, c, coin) -> str:
        if coin:
            return _("{player}'s monastery turns up {bean}: a coin").format(player=_p(p), bean=bean(g, c))
        return _("{player}'s monastery turns up {bean}: discarded").format(player=_p(p), bean=bean(g, c))

    def attack(g, p, i, d, ride) -> str:
        if ride:
            return _("{player} pays a coin and attacks {landscape} of {owner} with riders").format(player=_p(p), landscape=land(g, i), owner=owner(d))
        return _("{player} pays a coin and attacks {landscape} of {owner}").format(player=_p(p), landscape=land(g, i), owner=owner(d))

    def fight(g, p, i, rnd, a, d, att, dfn, won) -> str:
        attacker = _("riders 17") if rnd == 1 else f"{bean(g, a)} {att}"
        if won:
            text = _("reveal at {landscape}: {attacker} against {defender} (defence {defence}): the attacker wins")
        else:
            text = _("reveal at {landscape}: {attacker} against {defender} (defence {defence}): the defender holds")
        return text.format(landscape=land(g, i), attacker=attacker, defender=bean(g, d), defence=dfn)

    def ending(g, reason) -> str:
        return _("the game ends: {reason}").format(reason=end_reason(reason))

    # the layout's rows of landscape letters (the map's legend explains them)
    events.describe("layout", lambda g, text: _("the landscapes were laid at random: {landscapes}").format(landscapes=text))
    events.describe("camp", lambda g, p, i: _("{player} chooses the army camp l{n}").format(player=_p(p), n=i + 1))
    events.describe("monastery", monastery)
    events.describe("refresh", lambda g, p, n: _("{player}'s rider troops are fresh again").format(player=_p(p)))
    events.describe("buy_depot", lambda g, p: _("{player} buys a munitions depot").format(player=_p(p)))
    events.describe("to_depot", lambda g, p, src: _("{player} puts a card into the depot ({source})").format(player=_p(p), source=source_text(src)))
    events.describe("fortress", lambda g, p, i: _("{player} empties a quarry and builds a fortress under {landscape}").format(player=_p(p), landscape=land(g, i)))
    events.describe("buy_merchant", lambda g, p: _("{player} buys a merchant").format(player=_p(p)))
    events.describe("merchant_take", lambda g, p: _("{player} takes a merchant card").format(player=_p(p)))
    events.describe("attack", attack)
    events.describe("ride", lambda g, p, i: _("{player}'s rider troop of {landscape} rides first (strength 17)").format(player=_p(p), landscape=land_bare(g, i)))
    events.describe("lay", lambda g, p, role: _("{player} lays a fight card face down ({side})").format(player=_p(p), side=side(role)))
    events.describe("fight", fight)
    events.describe("conquer", lambda g, p, i, old: _("{player} conquers {landscape} from {owner}").format(player=_p(p), landscape=land(g, i), owner=owner(old)))
    events.describe("fifth_deck", lambda g: _("the last deck ran out during an attack: one more deck for this attack only"))
    events.describe("final_attack_over", lambda g: _("the attack is over: the game ends"))
    events.describe("territory_end", ending)


def source_text(source: str) -> str:
    """Where a card put into the depot came from, as the log says it."""
    if source == "hand":
        return pgettext("source", "hand")
    if source == "traded":
        return pgettext("source", "traded")
    return source


def end_reason(reason: str) -> str:
    """Why the territory war ended (``territory.territory_end``'s English, kept in the event), in
    the reader's language."""
    many = re.fullmatch(r"player (\d+) owns (\d+) landscapes", reason)
    if many:
        return _("player {player} owns {n} landscapes").format(player=many.group(1), n=many.group(2))
    none = re.fullmatch(r"player (\d+) owns no landscape", reason)
    if none:
        return _("player {player} owns no landscape").format(player=none.group(1))
    return reason
