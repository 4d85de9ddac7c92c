"""Prohibohn on the browser table (``beanframe_register_web``): every card's public facts as rule
data (name, kind, the bean whose coins pay for it, price and power), which ``static/prohibohn.js``
draws with the seat's view: the supply, each player's buildings, police station and razzia. The
beans and the bosses are Al Cabohne's drawings, unchanged."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, cards_in_play
from .supply import NAME


def card_data(ruleset: Any) -> dict[str, Any]:
    """The cards of this ruleset (the Pubs only with the pub variant), by name."""
    names = {b.key: b.name for b in ruleset.config.params["beans"].cards.beans}
    cards = {}
    for i in cards_in_play(ruleset.config.options[NAME].pub):
        c = CARDS[i]
        bean = names.get(c.bean, c.bean)
        cards[c.name] = {
            "code": f"c{i + 1}",
            "group": c.group,
            "kind": c.kind,
            "bean": bean,
            "price": c.price,
            "text": c.text,
        }
    return {"cards": cards}


def register_web(register: Any) -> None:
    register.module("beanframe_plugins.prohibohn", "static/prohibohn.js")
    register.style("beanframe_plugins.prohibohn", "static/prohibohn.css")
    register.data("prohibohn", card_data)


__all__ = ["card_data", "register_web"]
