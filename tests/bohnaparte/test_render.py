"""The CLI map (issue 9 "CLI"): readable at 100 columns, owners, rivers, fortresses, hidden depots."""

import io

import pytest
from rich.console import Console

from beanframe.core.present import presentation
from beanframe_plugins.bohnaparte.landscapes import LANDSCAPES
from beanframe_plugins.bohnaparte.render import render_board

from .helpers import new, situation


def draw(game, player):
    view = game.view(player)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    for r in render_board(view["board"], view, None):
        console.print(r)
    return out.getvalue()


@pytest.mark.parametrize("players, opts", [(3, {"layout": "pyramid6"}), (6, {"riders": True, "realm": True}), (5, {"layout": "checkerboard"})])
def test_map_fits_in_100_columns(players, opts):
    g = new(players, options={"bohnaparte": opts})
    while g.stage_name == "setup":
        g.apply(g.legal_actions()[0])
    text = draw(g, 0)
    assert all(len(line) <= 100 for line in text.splitlines())
    assert "p1" in text and "~~~~" in text


def test_map_shows_fortresses_and_own_depot_only():
    g = situation(owners={1: 0, 6: 1, 24: 2, 27: 3}, depots={1: ["blue"]}, fortresses=[6], coins=[1, 0, 0, 0])
    mine, theirs = draw(g, 1), draw(g, 0)
    assert " 7 F+p2" in mine
    assert "Your depot: d1 Blue Bean" in mine and "Blaue" not in theirs and "depot 1" in theirs


def test_the_legend_draws_the_river_as_the_map_does():
    # issue 20.3: the legend said "R river" while the map draws ~~~~
    g = new(4, options={"bohnaparte": {}})
    while g.stage_name == "setup":
        g.apply(g.legal_actions()[0])
    text = draw(g, 0)
    assert "~~~~" in text and "~~ river" in text and "R river" not in text


def test_codes_in_compact_choices_are_labelled_with_the_landscape_they_name():
    # issue 20.3: codes explained where they are offered (a compact list shows "camp l5 Farm")
    g = new(3, options={"bohnaparte": {}})
    while not any(a.code.startswith("camp") for a in g.legal_actions(g.deciders[0])):
        g.apply(g.legal_actions()[0])
    player = g.deciders[0]
    camp = next(a for a in g.legal_actions(player) if a.code.startswith("camp"))
    label = presentation(g.ruleset).labels[type(camp)](g, player, camp)
    assert label.split(" of ")[0] in {card.name for card in LANDSCAPES.values()}
