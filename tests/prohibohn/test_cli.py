"""The CLI shows Prohibohn through the renderers hook, and a human can buy (issue 7 "CLI")."""

from __future__ import annotations

import random

from typer.testing import CliRunner

import beanframe
from beanframe_cli.app import app

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def _codes_until_a_purchase(seed: int) -> tuple[list[str], str]:
    """Input lines of a hot-seat game (random codes, an empty line at each hand-over) up to a
    decision of player 1 where they may buy; and that purchase."""
    game = beanframe.new_game(["al_cabohne", "prohibohn"], 2, seed=seed)
    rng = random.Random(seed)
    lines: list[str] = []
    viewer = None
    while not game.is_over:
        if game.to_act != viewer:
            lines.append("")  # the hand-over screen: Enter
            viewer = game.to_act
        legal = game.legal_actions()
        buys = [a.code for a in legal if a.code.startswith("buy ")]
        if buys and game.to_act == 0 and game.state.turn > 1:
            return lines, buys[0]
        action = rng.choice([a for a in legal if not a.code.startswith(("buy", "razzia"))] or legal)
        lines.append(action.code)
        game.apply(action)
    raise AssertionError("no purchase came up")


def test_play_shows_the_supply_buildings_and_coins_by_bean_and_a_human_buys():
    codes, buy = _codes_until_a_purchase(3)
    lines = "\n".join([*codes, buy, "buildings casino"]) + "\n"
    result = runner.invoke(app, ["play", "al_cabohne", "prohibohn", "--seed", "3", "--seat", "human", "--seat", "human"],
                           input=lines, env=WIDE)
    out = result.output
    assert result.exit_code == 0, (out, result.exception)
    assert "Buildings for sale:" in out and "c1 1-Casino" in out
    assert "Your coins by bean:" in out
    assert "player 1 buys the" in out
    assert "Buildings owned: p1 (you)" in out
    assert "in phase 3, before or after planting" in out or "phase 3: before or after planting" in out


def test_simulate_runs_both_variant_sets():
    for extra in ([], ["-o", "prohibohn.pub=true"]):
        result = runner.invoke(app, ["simulate", "al_cabohne", "prohibohn", "-p", "2", "-n", "2", *extra], env=WIDE)
        assert result.exit_code == 0, (result.output, result.exception)
        assert "mafia" in result.output


def test_why_a_purchase_is_not_possible():
    from beanframe_plugins.prohibohn.actions import BUY
    from beanframe_plugins.prohibohn.cards import card_id
    from beanframe_plugins.prohibohn.render import explain

    from .helpers import situation

    game = situation(at="play", hands=[["fire"], ["puff"]], bosses=[["blue"], ["runner"]], coins=[["runner"], []])
    assert explain(game, 0, BUY[card_id("casino3")]) == "the 3-Casino costs 3 Runner Bean coins; you have 1"
    assert explain(game, 1, BUY[card_id("casino1")]).startswith("buildings, police stations and the razzia are bought only")
    assert explain(game, 0, BUY[card_id("casino1")]) is None


def test_the_screen_names_beans_as_the_cards_do_not_by_their_keys():
    # issue 20.3: one language a screen: bean names as printed (Blue Bean), never the keys (blue)
    import io

    from rich.console import Console

    from beanframe_plugins.prohibohn.render import buildings_command, render_prohibohn

    game = beanframe.new_game(["al_cabohne", "prohibohn"], 2, seed=3)
    view = game.view(0)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for item in render_prohibohn(view["prohibohn"], view, None) + buildings_command(game, 0, ""):
        console.print(item)
    text = out.getvalue()
    assert "Blue Bean" in text
    assert "(blue)" not in text and " blue\n" not in text and " 3 blue" not in text
