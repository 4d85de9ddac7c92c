"""The CLI's building blocks: settings and config files, seats, generic rendering, the session."""

from __future__ import annotations

import io

import attrs
import pytest
from rich.console import Console

import beanframe
from beanframe.errors import ConfigError
from beanframe_cli import render
from beanframe_cli.config import (
    Seat,
    Settings,
    default_players,
    gather,
    make_seats,
    parse_options,
    parse_seat,
    parse_value,
    settings_from_mapping,
)
from beanframe_cli.replaying import replay
from beanframe_cli.session import PlaySession


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=160, highlight=False), out


def scripted(lines):
    it = iter(lines)
    return lambda prompt: next(it, None)


# -- settings -----------------------------------------------------------------------------------


def test_default_players():
    assert default_players(["al_cabohne"]) == 2  # the smallest supported count from 2


def test_option_assignments():
    assert parse_value("3") == 3 and parse_value("true") is True and parse_value("abc") == "abc"
    assert parse_options(["al_cabohne.run_outs=2", "third_field_cost=5"], ["al_cabohne"]) == {
        "al_cabohne": {"run_outs": 2, "third_field_cost": 5}
    }
    with pytest.raises(ConfigError, match="VARIANT.NAME=VALUE"):
        parse_options(["run_outs"], ["al_cabohne"])
    with pytest.raises(ConfigError, match="which variant"):
        parse_options(["cost=1"], ["al_cabohne", "cheap_field"])


def test_command_line_overrides_the_config(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('variants = ["al_cabohne"]\nplayers = 1\nseed = 4\n[options.al_cabohne]\nrun_outs = 2\nthird_field_cost = 3\n')
    s = gather(None, 2, None, ["human"], ["al_cabohne.run_outs=1"], config)
    assert s == Settings(("al_cabohne",), 2, 4, ("human",), {"al_cabohne": {"run_outs": 1, "third_field_cost": 3}})


def test_config_mapping_checks_types():
    with pytest.raises(ConfigError, match="'seats' must be a list"):
        settings_from_mapping({"seats": "human"})
    with pytest.raises(ConfigError, match="'seed' must be"):
        settings_from_mapping({"seed": -3})
    with pytest.raises(ConfigError, match="one table per variant"):
        settings_from_mapping({"options": {"al_cabohne": 3}})


def test_seats():
    rs = beanframe.compose(["al_cabohne"], 2)
    assert parse_seat("human", rs) == Seat() and parse_seat("bot:Random", rs) == Seat("random")
    # the default: seat 1 human, the others the greedy bot (Al Cabohne has one)
    assert make_seats([], rs) == [Seat(), Seat("greedy")]
    assert make_seats(["bot:random"], rs) == [Seat("random"), Seat("greedy")]
    with pytest.raises(ConfigError, match="bad seat"):
        parse_seat("bot:", rs)


# -- rendering ------------------------------------------------------------------------------------


def test_game_rendering_draws_only_the_parts_present():
    game = beanframe.new_game(["al_cabohne"], 2, seed=1)
    view = game.view(0)
    widgets = {"count": 3, "names": ("a", "b")}
    view = attrs.evolve(view, parts={"beans": view["beans"], "widgets": widgets})  # no mafia, an unknown part
    con, out = console()
    render.render_all(con, render.game_renderables(game, 0, None, view=view))
    text = out.getvalue()
    assert "Hand (front first)" in text
    assert "Mafia" not in text
    assert "widgets" in text and "count" in text and "3" in text
    # a part named like a known one but shaped differently falls back to plain data
    con, out = console()
    render.render_all(con, render.game_renderables(game, 0, None, view=attrs.evolve(view, parts={"mafia": 42})))
    assert "42" in out.getvalue()
    # a spectator has no hand
    con, out = console()
    render.render_all(con, render.game_renderables(game, None))
    assert "Hand (front" not in out.getvalue() and "Mafia (treasury" in out.getvalue()


def test_fields_are_counted_by_runs():
    from beanframe.beans.render import NONE, count_runs

    assert count_runs(("Saubohne", "Saubohne", "Feuerbohne")) == "2× Saubohne + 1× Feuerbohne"
    assert count_runs(()) == NONE


# -- the session ----------------------------------------------------------------------------------


def test_illegal_input_leaves_the_game_unchanged_and_save_writes(tmp_path):
    game = beanframe.new_game(["al_cabohne"], 2, seed=5)
    con, out = console()
    before = game.to_json()
    path = tmp_path / "s.json"
    session = PlaySession(game, [Seat(), Seat("random")], con, scripted(["harvest f1", "pay-tax", f"save {path}", "quit"]))
    assert session.run() == "quit"
    assert game.to_json() == before
    assert beanframe.load_game(path.read_text()).to_json() == before
    assert "not possible now" in out.getvalue()


def test_action_codes_are_accepted_like_numbers():
    game = beanframe.new_game(["al_cabohne"], 2, seed=5)
    first = game.legal_actions()[0]
    con, _ = console()
    session = PlaySession(game, [Seat(), Seat("random")], con, scripted([first.code.upper()]))
    assert session.run() == "eof"
    assert game.actions[0] == first


def test_all_bot_session_matches_play_game():
    from beanframe.agents import make_bot, play_game
    from beanframe.simulate import bot_seed

    rs = beanframe.compose(["al_cabohne"], 2)
    con, out = console()
    game = rs.new_game(seed=8)
    assert PlaySession(game, [Seat("greedy"), Seat("random")], con, scripted([]), bot_master=2).run() == "over"
    other = play_game(rs.new_game(seed=8), [make_bot(rs, "greedy", bot_seed(2, 8, 0)), make_bot(rs, "random", bot_seed(2, 8, 1))])
    assert game.actions == other.actions
    assert out.getvalue().count("(bot:") == len(game.actions)  # one printed line per bot move


def test_replay_steps_and_stops():
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    saved = beanframe.load_game(game.to_json())
    con, out = console()
    replayed = replay(saved, con, scripted(["", "q"]))  # Enter, then quit after the second action
    assert len(replayed.actions) == 2
    assert "replay stopped" in out.getvalue()
    con, out = console()
    replayed = replay(saved, con, scripted(["a"]))  # all the rest
    assert replayed.actions == saved.actions
    assert replayed.to_json() == saved.to_json()


class _House:
    """A tiny house rule that replaces phase 2 and adds an unnumbered phase."""

    @beanframe.hookimpl
    def beanframe_variant(self):
        return beanframe.VariantInfo(name="house", version="0.1", requires=("al_cabohne",))

    @beanframe.hookimpl
    def beanframe_register_phases(self, pipeline):
        tax = pipeline.get("tax")
        pipeline.replace("tax", tax.enter, title="beans for the mafia (house)")
        pipeline.add("turn", "chat", lambda game: None, title="talk about beans", after="draw")


def test_rules_show_who_added_and_changed_each_phase():
    rs = beanframe.compose(["al_cabohne"], 2, extra_plugins=[_House()])
    con, out = console()
    render.render_all(con, render.rules_renderables(rs))
    rows = [line for line in out.getvalue().splitlines() if "│" in line]
    tax = next(r for r in rows if "│ tax " in r)
    assert "replaced by house" in tax and "│ 2 │" in tax and "(house)" in tax
    chat = next(r for r in rows if "│ chat " in r)
    assert "house" in chat and "talk about beans" in chat
    turn = [r.split("│")[2].strip() for r in rows if r.split("│")[2].strip() in {"leftovers", "tax", "play", "flip", "plant", "draw", "chat"}]
    assert turn == ["leftovers", "tax", "play", "flip", "plant", "draw", "chat"]
