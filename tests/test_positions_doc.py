"""docs/positions.md (issue 21.1): every example position (a ```toml block starting with
``# position: NAME``) is a valid position file of its variant set, and there is one for every
variant set (Al Cabohne solo and 2 players, Prohibohn, Bohnanza, Bohnaparte, Ali Baba)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import beanframe
from beanframe.core.position import parse_position

DOC = Path(__file__).resolve().parent.parent / "docs" / "positions.md"
BLOCK = re.compile(r"```toml\n(# position: (\w+)\n.*?)```", re.S)
EXAMPLES = {name: text for text, name in BLOCK.findall(DOC.read_text(encoding="utf-8"))}


def test_there_is_an_example_for_every_variant_set():
    sets = {(tuple(parse_position(t, f"{n}.toml")["variants"]), parse_position(t, f"{n}.toml")["players"]) for n, t in EXAMPLES.items()}
    assert {
        (("al_cabohne",), 1), (("al_cabohne",), 2), (("al_cabohne", "prohibohn"), 2), (("bohnanza",), 4),
        (("bohnanza", "bohnaparte"), 4), (("ali_baba",), 2),
    } <= sets  # fmt: skip


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_an_example_position_starts_a_game_that_plays_on(name):
    data = parse_position(EXAMPLES[name], f"{name}.toml")
    rules = beanframe.compose(data["variants"], data["players"], data.get("options"))
    game = rules.new_game(seed=1, position=data)
    assert game.state.turn == data["turn"] and game.phase.name == data["phase"]
    assert game.deciders  # a decision is pending: the engine ran to it
    assert rules.new_game(position=game.position()).position() == game.position()
