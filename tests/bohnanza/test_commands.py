"""The one-line offer (issue 8: "a human types an offer in one line at the CLI (offer p3 give h2 h4
for 2 fire) and sees open offers in a table"): the parser, the line command's all-or-nothing
application, and a human making and answering offers in a CLI session."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from beanframe.core.present import check_line, presentation
from beanframe.errors import IllegalActionError
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession
from beanframe_plugins.bohnanza.commands import bean_of, offer_line, parse_offer
from beanframe_plugins.bohnanza.render import offers_command
from beanframe_plugins.bohnanza.rules import BASE_CARDS

from .helpers import bean, hand, play, received, situation


def b(name: str) -> int:
    return bean(name)


def test_a_typed_offer_becomes_the_small_actions_of_the_protocol():
    fire = [b("blue"), b("fire"), b("soy"), b("fire")]
    assert parse_offer("offer p3 give h2 h4 for 2 fire", BASE_CARDS, 0, 0, fire, 4) == [
        "give h2", "give h4", "ask c2", "ask c2", "send p3",
    ]
    assert parse_offer("give u1 for nothing", BASE_CARDS, 1, 0, fire, 4) == ["give-face u1", "send p1"]
    assert parse_offer("offer give h1 for u2 blue", BASE_CARDS, 2, 0, fire, 4) == ["give h1", "ask c1", "want-face u2", "send p1"]
    # beans given by name: the front-most such hand cards; case and word order do not matter
    assert parse_offer("OFFER P2 Give 2 Chili Beans for a Soja", BASE_CARDS, 0, 0, fire, 4) == [
        "give h2", "give h4", "ask c5", "send p2",
    ]
    assert parse_offer("give soy, blue for nothing to player 4", BASE_CARDS, 0, 0, fire, 4) == [
        "give h3", "give h1", "send p4",
    ]
    assert parse_offer("p2 for two red beans", BASE_CARDS, 0, 0, fire, 4) == ["ask c7", "ask c7", "send p2"]


@pytest.mark.parametrize(
    "word, key",
    [("fire", "fire"), ("Chili Bean", "fire"), ("feuer", "fire"), ("FIRES", "fire"), ("feu", "fire"),
     ("blaue", "blue"), ("blau", "blue"), ("black-eyed", "blackeyed"), ("augen", "blackeyed"),
     ("rot", "red"), ("Garden Beans", "garden"), ("soja", "soy"), ("sau", "broad"), ("brech", "green")],
)
def test_beans_are_named_by_key_name_stem_plural_or_start(word, key):
    assert BASE_CARDS.beans[bean_of(word.lower(), BASE_CARDS)].key == key


@pytest.mark.parametrize(
    "line, problem",
    [
        ("offer give h1", "whom"),
        ("offer p2 for toast", "unknown bean 'toast'"),
        ("offer p2 for bla", "could be"),
        ("offer p2", "gives or asks"),
        ("offer p2 h1", "start with give"),
        ("offer p9 give h1", "no player p9"),
        ("offer p1 give h1", "another player"),
        ("offer p2 give h7", "you hold 4 cards"),
        ("offer p2 give h1 h1", "given twice"),
        ("offer p2 give 3 fire", "you hold 2 Chili Bean, not 3"),
        ("offer p2 give red", "you hold no Red Bean"),
        ("offer p2 for h1", "not for hand cards"),
        ("offer p2 give c1", "give hand cards"),
        ("offer p2 for 2", "2 of which bean"),
        ("offer p2 for 99 fire", "1 to 20"),
        ("offer p2 p3 give h1", "one player"),
        ("offer p2 for 3x c8", "a count goes before"),
    ],
)
def test_a_bad_offer_line_is_named(line, problem):
    hand_ = [b("blue"), b("fire"), b("soy"), b("fire")]
    with pytest.raises(ValueError, match=problem):
        parse_offer(line, BASE_CARDS, 0, 0, hand_, 4)


def test_a_player_who_is_not_active_offers_to_the_active_player_only():
    assert parse_offer("give h1 for fire", BASE_CARDS, 2, 1, [b("soy")], 4) == ["give h1", "ask c2", "send p2"]
    with pytest.raises(ValueError, match="active player p2"):
        parse_offer("p4 give h1", BASE_CARDS, 2, 1, [b("soy")], 4)


def trade_game():
    return situation(at="trade", hands=[["soy", "red", "fire"], ["blue", "fire", "fire"], ["green"], []], deck=["garden", "green"])


def test_the_line_command_is_registered_and_its_actions_apply_in_order():
    game = trade_game()
    fn, help_text = presentation(game.ruleset).line_commands["offer"]
    # issue 20.3: the help names beans as the screen does (the card's name), keys still work
    assert "offer p3 give h2 h4 for 2 Chili Bean" in help_text
    before = game.to_json()
    actions = check_line(game, 0, fn(game, 0, "p2 give soy u1 for 2 fire"))
    assert [a.code for a in actions] == ["give h1", "give-face u1", "ask c2", "ask c2", "send p2"]
    assert game.to_json() == before  # checked on a clone
    for a in actions:
        game.apply(a, 0)
    play(game, "accept o1", "give-copy h2", "give-copy h3", by=1)  # F.27: each asked card is chosen
    assert received(game, 1) == ["soy", "garden"] and received(game, 0) == ["fire", "fire"]


def test_a_line_that_fails_at_any_step_leaves_the_game_exactly_as_it_was():
    game = trade_game()
    before = game.to_json()
    # player 2 (not active) may not give face-up cards: the second step fails, the first is undone
    with pytest.raises(IllegalActionError, match=r"step 2 of 3 \(give-face u1\) is not possible"):
        check_line(game, 1, offer_line(game, 1, "give h1 u1"))
    # more cards than an offer may hold (cards_per_offer 3): the 4th is refused
    with pytest.raises(IllegalActionError, match=r"step 4 of 5 \(ask c1\)"):
        check_line(game, 0, offer_line(game, 0, "p2 for 4 blue"))
    assert game.to_json() == before


def test_the_offer_line_names_the_usual_problems_before_any_step():
    game = trade_game()
    play(game, "give h1", by=0)  # a draft in the making
    with pytest.raises(ValueError, match="building an offer already"):
        offer_line(game, 0, "p2 give h2")
    plant = situation(at="plant", hands=[["soy"], [], [], []])
    with pytest.raises(ValueError, match="no trading now"):
        offer_line(plant, 0, "p2 give h1")


def test_open_offers_are_shown_in_a_table_with_hand_positions_only_to_the_maker():
    game = trade_game()
    play(game, "give h2", "give-face u1", "ask c1", "send p2", by=0)
    play(game, "give h1", "send p3", by=0)  # a gift
    console = Console(width=100, record=True)
    for who in (0, 1, 3):
        for item in offers_command(game, who, ""):
            console.print(item)
        console.print("----")
    mine, theirs, third, _ = console.export_text().split("----")
    # issue 20: the hints name the offers' real codes, never a literal "oK"
    assert "o1 you→p2" in mine and "Red Bean (h2), Garden Bean (u1)" in mine and "withdraw o1 takes one of yours back" in mine
    assert "Blue Bean" in mine
    assert "h2" not in theirs and "Red Bean, Garden Bean (u1)" in theirs  # F.13: positions are private
    assert "o1 p1→you" in theirs and "accept o1 or reject o1 answers it" in theirs
    assert "oK" not in mine + theirs + third
    assert "o2 you→p3" in mine and "Soy Bean (h1)" in mine and "nothing (a gift)" in mine
    assert "o1 p1→p2" in third and "accept" not in third and "withdraw" not in third


# -- at the terminal -------------------------------------------------------------------------


def session(game, lines):
    out = io.StringIO()
    console = Console(file=out, width=120, height=60, highlight=False)
    answers = iter(lines)
    seats = [Seat(), Seat("random"), Seat("random"), Seat("random")]
    return PlaySession(game, seats, console, lambda prompt: next(answers, None), bot_master=1), out


def test_a_human_types_an_offer_in_one_line_and_a_bad_line_changes_nothing():
    game = trade_game()
    s, out = session(game, ["offer p2 give soy for 3 toast", "offer p2 give 2 red", "offer p2 give soy u1 for fire"])
    before = game.to_json()
    assert s.human_decision(0) is None  # two refused lines, then one that happened
    text = out.getvalue()
    assert "offer: unknown bean 'toast'" in text and "(nothing done)" in text
    assert "you hold 1 Red Bean, not 2" in text
    assert "offer: give h1 · give-face u1 · ask c2 · send p2" in text
    assert game.to_json() != before and [a.code for a in game.actions[-4:]] == ["give h1", "give-face u1", "ask c2", "send p2"]
    assert list(game.actors[-4:]) == [0, 0, 0, 0]
    assert hand(game, 0) == ["soy", "red", "fire"]  # nothing moves before an answer


def test_help_lists_the_line_commands_of_the_game():
    game = trade_game()
    s, out = session(game, ["help", "pass"])
    s.human_decision(0)
    text = out.getvalue()
    assert "Commands of this game:" in text and "offer p3 give h2 h4 for 2 Chili Bean" in text and "meter" in text


def test_beanframe_play_takes_an_offer_line_from_a_human_against_three_bots():
    # issue 8: "a human plays a 4-player game against bots, making and answering offers"
    from typer.testing import CliRunner

    from beanframe_cli.app import app

    lines = "1\n1\noffer p2 give h1 for 2 toast\noffer p2 give h1 for 2 fire\nquit\n\n"
    result = CliRunner().invoke(app, ["play", "bohnanza", "--players", "4", "--seed", "5"], input=lines, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "offer: unknown bean 'toast'" in result.output and "(nothing done)" in result.output
    assert "offer: give h1 · ask c2 · ask c2 · send p2" in result.output
    assert "o1: player 1 offers player 2" in result.output
