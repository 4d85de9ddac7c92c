"""One-line commands (``register.line_command``): a typed line stands for several actions, checked
whole on a clone (``beanframe.core.present.check_line``) and applied all or none; the CLI names no
game (a house rule registers its own line command here)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import beanframe
from beanframe import VariantInfo, hookimpl
from beanframe.core.present import RendererRegistry, check_line
from beanframe.errors import ConfigError, IllegalActionError
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession


class Both:
    """A house rule on Al Cabohne: ``both f1 f2`` plants the two front cards on fields 1 and 2."""

    @hookimpl
    def beanframe_variant(self):
        return VariantInfo(name="both", version="1", requires=("al_cabohne",))

    @hookimpl
    def beanframe_register_renderers(self, register):
        register.line_command("both", lambda game, player, arg: [f"plant {w}" for w in arg.split()], "both F1 F2: plant two cards")


def game_at_play():
    game = beanframe.compose(["al_cabohne", Both()], 2).new_game(seed=4)
    assert game.frame.kind == "play"
    hand = game.part("beans").hands[game.to_act]
    assert hand[0] != hand[1]  # two beans: they need two fields
    return game


def test_check_line_returns_the_actions_and_leaves_the_game_untouched():
    game = game_at_play()
    before = game.to_json()
    actions = check_line(game, game.to_act, ["plant f1", "plant f2"])
    assert [a.code for a in actions] == ["plant f1", "plant f2"] and game.to_json() == before


def test_a_step_that_is_not_legal_is_named_and_nothing_happens():
    game = game_at_play()
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"step 2 of 2 \(plant f1\) is not possible: field 1 holds"):
        check_line(game, game.to_act, ["plant f1", "plant f1"])  # one bean per field: the reason is the plugin's
    with pytest.raises(IllegalActionError, match=r"step 1 of 2: "):
        check_line(game, game.to_act, ["bogus", "plant f1"])
    with pytest.raises(IllegalActionError, match="no action"):
        check_line(game, game.to_act, [])
    assert game.to_json() == before


def test_a_line_stops_where_its_decision_ends_so_it_never_peeks_at_a_flip():
    # hidden information: "done" starts the flips; a refused line must not tell what they turned up
    game = game_at_play()
    game.apply("plant f1")
    while game.frame.kind != "before_flip":
        game.apply(game.legal_actions()[0])
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="step 1 ends the decision"):
        check_line(game, game.to_act, ["done", "done"])
    assert game.to_json() == before


def test_line_and_plain_commands_share_one_namespace():
    register = RendererRegistry()
    register.command("meter", lambda g, p, a: [], "meter")
    with pytest.raises(ConfigError, match="duplicate"):
        register.line_command("meter", lambda g, p, a: [], "meter")
    with pytest.raises(ConfigError, match="bad"):
        register.line_command("two words", lambda g, p, a: [], "x")


def test_the_session_applies_a_plugins_line_command_and_help_lists_it():
    game = game_at_play()
    out = io.StringIO()
    console = Console(file=out, width=120, height=60, highlight=False)
    lines = iter(["help", "both f1 f1", "both f1 f2"])
    session = PlaySession(game, [Seat(), Seat("random")], console, lambda prompt: next(lines, None), bot_master=1)
    assert session.human_decision(game.to_act) is None
    text = out.getvalue()
    assert "both F1 F2" in text and "plant two cards" in text  # help lists the game's commands
    assert "both: step 2 of 2 (plant f1) is not possible" in text and "(nothing done)" in text
    assert [a.code for a in game.actions] == ["plant f1", "plant f2"]


# -- issue 24.2: a line goes on into a follow-up decision of the same player ----------------------


def _auction_with(*extra):
    from tests.core.fakes_group import auction

    return beanframe.compose([auction(thank_donors=True), *extra], 2).new_game(seed=1)


def test_a_line_goes_on_into_the_follow_up_decision_the_game_asks_of_the_same_player():
    game = _auction_with()  # donating pushes a "thank" decision for the donor on top of the bids
    before = game.to_json()
    actions = check_line(game, 0, ["donate", "thank", "bid 1"])
    assert [a.code for a in actions] == ["donate", "thank", "bid 1"] and game.to_json() == before


def _house(name, **hooks):
    from beanframe.core.variant import VariantInfo
    from tests.core.fakes import plugin

    return plugin(name, beanframe_variant=lambda: VariantInfo(name=name, version="1", requires=("auction",)), **hooks)


def test_a_line_stops_after_a_step_that_draws_chance():
    lucky = _house("lucky", beanframe_register_events=lambda events: events.on("donate", lambda game, player: game.random()))
    game = _auction_with(lucky)
    with pytest.raises(IllegalActionError, match=r"step 2 of 2 \(thank\): step 1 draws chance, so a line stops there"):
        check_line(game, 0, ["donate", "thank"])


def test_a_line_stops_after_a_step_that_shows_the_player_a_hidden_card():
    from beanframe.core.determinize import Hidden

    def hidden(game, observer):  # the lots are face down; each coin given to charity turns one up
        lots = game.state.parts["auction"].lots
        shown = game.state.parts["auction"].charity
        return [Hidden("lots", lots, {i: lots[i] for i in range(min(shown, len(lots)))})]

    game = _auction_with(_house("peek", beanframe_hidden=hidden))
    with pytest.raises(IllegalActionError, match=r"step 1 turns up a hidden card, so a line stops there"):
        check_line(game, 0, ["donate", "thank"])
