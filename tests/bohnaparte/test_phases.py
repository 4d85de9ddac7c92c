"""Bohnaparte's turn as the rulebook numbers it (issue 9; RULES D "Turn (5 phases)", rulebook "De
speelbeurt ... bestaat uit de volgende vijf fases"): 1 play bean cards, 2 bean trade, 3 plant, 4
attack, 5 draw (one extra card per village "in fase 5"). Bohnanza alone keeps its 4 phases."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import beanframe
from beanframe_cli import render
from beanframe_cli.app import app

from .helpers import VARIANTS, situation

RIDERS = {"bohnaparte": {"riders": True}}
FIVE = [(1, "plant"), (2, "trade"), (3, "plant_traded"), (4, "attack"), (5, "draw")]


def numbered(rules):
    return [(p.number, p.name) for p in rules.pipeline.turn if p.number]


@pytest.mark.parametrize("options", [None, RIDERS])
def test_the_turn_has_the_rulebooks_five_numbered_phases(options):
    # RULES D "Turn (5 phases)": the attack is phase 4, the draw phase 5
    rules = beanframe.compose(VARIANTS, 4, options)
    assert numbered(rules) == FIVE
    by_name = {p.name: p for p in rules.pipeline.turn}
    assert "village" in by_name["draw"].label and "farm" in by_name["trade"].label
    assert by_name["draw"].variant == "bohnanza" and "numbered 5 by bohnaparte" in by_name["draw"].changes
    assert ("munitions depot" in by_name["plant"].label) is (options is None)  # riders: merchants, no depots
    assert by_name["monastery"].number == 0 and "before phase 1" in by_name["monastery"].label


def test_bohnanza_alone_keeps_its_four_phases():
    # RULES C "Rules": phase 4 is the draw; only Bohnaparte's hooks renumber it
    rules = beanframe.compose(["bohnanza"], 4)
    assert numbered(rules) == [(1, "plant"), (2, "trade"), (3, "plant_traded"), (4, "draw")]
    assert [p.label for p in rules.pipeline.turn if p.name == "draw"] == ["draw 3 cards"]


def test_the_draw_is_shown_as_phase_5_during_play():
    # the merchant's choice happens in the draw phase (rulebook: "in de laatste fase")
    g = situation(at="draw", options=RIDERS, owners={20: 2, 22: 3, 1: 0, 2: 0}, deck=["fire", "Stink Bean", "Garden Bean"], merchants={0: 2})
    assert g.frame.kind == "merchant_pick" and g.phase.name == "draw"
    assert render.phase_label(g).startswith("phase 5: draw 3 new bean cards, one more per village")
    a = situation(owners={24: 2, 27: 3, 1: 0}, coins=[1, 0, 0, 0])
    assert a.phase.name == "attack" and render.phase_label(a).startswith("phase 4: attack")


def test_rules_command_shows_phase_5_draw():
    out = CliRunner().invoke(app, ["rules", "bohnanza", "bohnaparte"], env={"COLUMNS": "200"}).output
    section = out.split("turn phases", 1)[1].split("end phases", 1)[0]
    rows = [(int(n), name) for n, name in re.findall(r"│\s*(\d+)\s*│\s*(\w+)\s*│", section)]
    assert rows == FIVE
    assert "one more per village" in section and "numbered 5 by bohnaparte" in section
