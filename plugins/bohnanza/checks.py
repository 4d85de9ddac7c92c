"""Bohnanza's invariants, checked by the conformance kit after every action of random play: every
card accounted for (bean table and trade part), one bean per field (two fields of one bean only
with F.25's default), offers that still mean what they say, caps kept."""

from __future__ import annotations

from beanframe.beans import PART as BEANS
from beanframe.beans.conformance import card_count_problems

from .fields import bohnanza_targets
from .rules import NAME
from .trade.offers import GONE
from .trade.table import PART as TRADE


def invariants(game) -> list[str]:
    table = game.part(BEANS)
    trade = game.part(TRADE)
    rules = game.ruleset.config.params[NAME]
    problems: list[str] = card_count_problems(game)  # the parts of BeanRules.card_parts
    two = game.ruleset.config.params["beans"].plant_targets is bohnanza_targets
    for p, fields in enumerate(table.fields):
        for i, f in enumerate(fields):
            if len(set(f)) > 1:
                problems.append(f"player {p + 1} field {i + 1} holds several beans")
        beans = [f[-1] for f in fields if f]
        if not two and len(beans) != len(set(beans)):
            problems.append(f"player {p + 1} grows one bean on two fields")
    for o in trade.offers:
        if any(trade.face_up[s] == GONE for s in (*o.face_up, *o.wants)):
            problems.append(f"offer o{o.id + 1} names a face-up card that is gone")
        if o.n_given > rules.cards_per_offer or o.n_asked > rules.cards_per_offer:
            problems.append(f"offer o{o.id + 1} is over the cap of {rules.cards_per_offer} cards a side")
    for p, n in enumerate(trade.started):
        if n > rules.offers_per_turn:
            problems.append(f"player {p + 1} started {n} offers, over the cap of {rules.offers_per_turn}")
    return problems + offer_problems(game)


def offer_problems(game) -> list[str]:
    """Open offers and drafts point at their maker's hand cards (also in a determinized copy:
    the redeal keeps offered beans in place, see hidden.py)."""
    table = game.part(BEANS)
    trade = game.part(TRADE)
    problems = []
    for o in (*trade.offers, *(d for d in trade.drafts if d is not None)):
        hand = table.hands[o.maker]
        if any(h >= len(hand) or hand[h] != b for h, b in zip(o.hand, o.gives)):
            what = "a draft" if o.id < 0 else f"offer o{o.id + 1}"
            problems.append(f"{what} of player {o.maker + 1}: its hand cards are not where it says")
    return problems
