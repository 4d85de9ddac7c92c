"""Ali Baba on the browser table (``beanframe_register_web``): the board's public facts as rule
data (the track's fields, the districts' prices, the bandit cards' names, values and fate numbers,
the fate grid), which ``static/alibaba.js`` draws with the seat's view. The names are in the current
language: rule data must be made per language (the server's cache keyed by the reader's language)."""

from __future__ import annotations

from typing import Any

from . import data as d
from .names import board_title, gang_name, group_name
from .rules import PART


def board_data(ruleset: Any) -> dict[str, Any]:
    board = ruleset.config.params[PART].board
    return {
        "title": board_title(board),
        "fields": [
            {"id": fid, "kind": d.KIND_NAMES[board.kind[f]], "gang": board.gang_of[f], "district": board.district[f]}
            for f, fid in enumerate(board.field_ids)
        ],
        "gangs": [gang_name(board, g) for g in range(d.GANGS)],
        "prices": [list(row) for row in board.prices],
        "cards": [
            {
                "name": group_name(board, c),
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
