"""Ali Baba on the browser table (``beanframe_register_web``): the board's public facts as rule
data (the track's fields, the districts' prices, the bandit cards' names, values and fate numbers,
the fate grid), which ``static/alibaba.js`` draws with the seat's view."""

from __future__ import annotations

from typing import Any

from . import data as d
from .rules import PART


def board_data(ruleset: Any) -> dict[str, Any]:
    board = ruleset.config.params[PART].board
    return {
        "title": board.title,
        "fields": [
            {"id": fid, "kind": d.KIND_NAMES[board.kind[f]], "gang": board.gang_of[f], "district": board.district[f]}
            for f, fid in enumerate(board.field_ids)
        ],
        "gangs": list(board.gang_names),
        "prices": [list(row) for row in board.prices],
        "cards": [
            {
                "name": board.group_names[c // d.PER_GROUP],
                "gang": d.gang(c),
                "value": board.card_value[c],
                "fate": sorted(board.card_fate[c]),
            }
            for c in range(d.CARDS)
        ],  # fmt: skip
        "grid": [list(row) for row in board.grid],
    }


def register_web(register: Any) -> None:
    register.module("beanframe_plugins.ali_baba", "static/alibaba.js")
    register.style("beanframe_plugins.ali_baba", "static/alibaba.css")
    register.data("ali_baba", board_data)
