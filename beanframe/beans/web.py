"""The bean family on the browser table (``beanframe_register_web``): one ES module and one style
sheet, shipped as package data of ``beanframe.beans``, draw the ``beans`` part (hands, fields with
their bean, count and what selling would pay now, coins, face-up piles, the discard's top, the deck
and its run-outs) and Bohnanza's ``trade`` part; the bean-o-meters come as public rule data. Every
variant that registers the ``beans`` part calls :func:`register_web` from its hook, as it does
``render_beans`` for the terminal (a file registered twice is kept once)."""

from __future__ import annotations

from typing import Any


def bean_meters(ruleset: Any) -> list[dict[str, Any]]:
    """Every bean's name (in the current language), key, count and bean-o-meter (``meter[k]``: the field size that sells for
    k+1 coins, 0 for none): public rules, the same for every seat."""
    cards = ruleset.config.params["beans"].cards
    names = cards.names  # in the language of the connection asking
    return [{"name": names[i], "key": b.key, "count": b.count, "meter": list(b.meter)} for i, b in enumerate(cards.beans)]


def register_web(register: Any) -> None:
    register.module("beanframe.beans", "static/beans.js")
    register.style("beanframe.beans", "static/beans.css")
    register.data("beans", bean_meters, replace=True)


__all__ = ["bean_meters", "register_web"]
