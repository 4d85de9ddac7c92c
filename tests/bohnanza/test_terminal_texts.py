"""Issue 20.3: texts at the terminal that confused: ``why accept o1`` names what is missing (from
the asker's own hand and the public offer only), ``why attack`` says how the action is written,
the header names the player at the screen, "1 coin" in the singular."""

from __future__ import annotations

import io

from rich.console import Console

from beanframe.core.present import check_line, presentation
from beanframe.core.words import count
from beanframe_cli import render
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession

from .helpers import situation


def trade_game():
    game = situation(at="trade", hands=[["soy", "red", "fire"], ["blue", "fire", "fire"], ["green"], []], deck=["garden", "green"])
    fn, _ = presentation(game.ruleset).line_commands["offer"]
    for a in check_line(game, 0, fn(game, 0, "p2 give soy for red")):
        game.apply(a, 0)
    return game


def why(game, player, code):
    out = io.StringIO()
    s = PlaySession(game, [Seat()] * game.players, Console(file=out, width=200, highlight=False), lambda p: None)
    s.why(player, code)
    return " ".join(out.getvalue().split())


def test_why_accept_names_the_missing_bean_and_nothing_of_another_hand():
    # issue 20.3: `why accept o1` did not say the missing card
    game = trade_game()
    text = why(game, 1, "accept o1")
    assert "o1 asks for Red Bean from your hand; you lack 1 Red Bean" in text
    assert "Soy Bean" not in text.split("lack")[1] and "Chili Bean" not in text  # player 1's other cards: hidden


def test_why_accept_of_an_offer_to_someone_else_or_gone_says_so():
    game = trade_game()
    assert "o1 is offered to player 2, not to you" in why(game, 2, "accept o1")
    assert "there is no open offer o2 now" in why(game, 1, "accept o2")


def test_why_with_a_code_missing_its_parameter_says_how_it_is_written():
    # issue 20.3: `why accept` said "'accept' is not a valid 'accept' action"
    game = trade_game()
    text = why(game, 1, "accept")
    assert "it is written accept o<k>, e.g. accept o1" in text and "possible now" not in text


def test_the_header_names_the_player_at_the_screen_in_a_group_decision():
    # issue 20.3: the header said "player 1 (human) to act" above the prompt "player 2>"
    game = trade_game()
    assert game.to_act == 0 and 1 in game.deciders
    out = io.StringIO()
    console = Console(file=out, width=80, highlight=False, color_system=None)
    render.render_all(console, render.game_renderables(game, 1, [Seat()] * 4)[:1])
    header = out.getvalue()
    assert "player 2 (you) to act" in header and "player 1" not in header


def test_one_coin_is_singular():
    # issue 20.3: "1 coins"
    assert count(1, "coin") == "1 coin" and count(2, "coin") == "2 coins" and count(0, "coin") == "0 coins"


def test_compact_choices_name_the_bean_an_ask_code_stands_for():
    # issue 20.3: `ask c3` meant nothing without help; a compact list now says which bean
    from beanframe.beans import rules_of
    from beanframe_cli import screen

    game = trade_game()
    legal = game.legal_actions(1)
    cells = screen.choice_cells(game, 1, legal, False)
    names = rules_of(game).cards.names
    asks = [a for a in legal if a.code.startswith("ask c")]
    assert asks and all(any(c.endswith(f"{a.code} {names[a.bean]}") for c in cells) for a in asks)


def test_a_third_field_for_one_coin_is_said_in_the_singular():
    # issue 20.3: "1 coins"
    import beanframe
    from beanframe.beans import options as bean_options

    game = beanframe.new_game(["al_cabohne"], 2, seed=1, options={"al_cabohne": {"third_field_cost": 1}})
    assert bean_options.BuyField().describe(game, 0) == "buy a third field for 1 coin"
