"""Issue 27.4: what a newcomer ran into at the terminal and in the README. Each test failed on the
code before: the README named Al Cabohne's piles `p1` and never explained the bean codes `c1`-`c8`;
`beanframe join` at 4 players listed `6 ask c1 … 13 ask c8` without the beans' names and let the
turn header scroll off the top; at 80x24 the hand broke inside an entry ("h5" / "Blaue Bohne") and
the header cut the phase ("turn up 2 cards and …"); a part with no renderer showed as raw data
(`extra_draw: [1, 0, 0]`)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

import beanframe
from starlette.testclient import TestClient

from beanframe.server import Limits
from beanframe_cli import render
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession
from beanframe_cli.table import RemoteSession, local_ruleset
from tests.server.helpers import bearer, create_room, make_app

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def at_trade(players: int, seed: int):
    game = beanframe.new_game(["bohnanza"], players, seed=seed)
    while game.phase.name != "trade":
        game.apply(game.legal_actions()[0])
    return game


def test_the_readme_names_the_codes_as_the_games_use_them():
    assert "`p1` the first\nface-up pile" not in README and "`p1` the first face-up pile" not in README
    text = " ".join(README.split())
    assert "`s1` the first face-up pile (Al Cabohne)" in text
    al = beanframe.compose(["al_cabohne"], 2)
    assert any(a.code.startswith("plant-pile s1") for a in al.actions)  # the code the README names
    # the bean codes, in the bean list's order, with both examples the issue names
    beans = [b.name for b in beanframe.compose(["bohnanza"], 3).config.params["beans"].cards.beans]
    for k, name in enumerate(beans, 1):
        assert f"`c{k}` {name}" in text
    assert "`ask c4` asks for a Green Bean" in text and "`plant-traded c4 f1`" in text


class FakeClient:
    def __init__(self, state):
        self.state = state


def join_screen(tmp_path, player: int) -> str:
    """``beanframe join``'s screen for ``player`` of a 4-player room in its first trade, from the
    state the server sends."""
    with TestClient(make_app(tmp_path, limits=Limits(rate=10_000, burst=10_000))) as client:
        room = create_room(client, variants=["bohnanza"], players=4, seats=["human"] * 4, seed=3)
        tokens = [bearer(s["token"]) for s in room["seats"]]
        url = f"/api/rooms/{room['room']}"
        state = client.get(f"{url}/state", headers=tokens[0]).json()
        while "trade" not in state["phase_label"]:
            state = client.post(f"{url}/actions", headers=tokens[0], json={"code": state["legal"][0]["code"], "version": state["version"]}).json()
        state = client.get(f"{url}/state", headers=tokens[player]).json()
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None, highlight=False)
    session = RemoteSession(FakeClient(state), console, lambda prompt: None)
    session.ruleset, session.note = local_ruleset(state)
    session.show_board()
    return out.getvalue()


def test_join_at_four_players_keeps_the_header_and_the_beans_names_on_one_screen(tmp_path):
    text = join_screen(tmp_path, 1)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 23, text  # and the input line: nothing scrolls off the top
    assert lines[0].startswith("Turn 1") or lines[1].startswith("Turn 1") or "Turn 1 ·" in lines[0], text
    assert re.search(r"\bask c1 Blue Bean", text) and re.search(r"\bask c8 Garden Bean", text), text


def test_the_hand_breaks_between_entries_and_the_header_keeps_the_phase_at_80_columns():
    game = at_trade(3, seed=5)
    out = io.StringIO()
    session = PlaySession(game, [Seat()] * 3, Console(file=out, width=80, height=24, highlight=False), lambda p: None)
    session.show_board(2)
    text = out.getvalue()
    assert "phase 2: turn up 2 cards and trade" in " ".join(text.split())
    assert "…" not in text.split("Hand (front first)")[0]  # the header is whole
    hand = game.part("beans").hands[2]
    names = [game.ruleset.config.params["beans"].cards.names[b] for b in hand]
    block = text[text.index("Hand (front first)"):].split("\nplayer")[0]
    for k, name in enumerate(names, 1):
        assert re.search(rf"\bh{k} {name}\b", block), block  # "h5 Blaue Bohne" on one line
    assert len(block.splitlines()) >= 2  # it did need a second line


def test_a_part_without_a_renderer_is_drawn_readably():
    game = beanframe.new_game(["bohnanza"], 3, seed=1)
    con = Console(file=io.StringIO(), width=80, highlight=False)
    render.render_all(con, render.render_part("extra_draw", [1, 0, 0], game.view(0), None, game.ruleset))
    render.render_all(con, render.render_part("house_notes", {"cheap": True, "used_by": None, "cards": ["a", "b"]}, game.view(0), None, game.ruleset))
    text = con.file.getvalue()
    assert "extra draw: p1 (you) 1 · p2 0 · p3 0" in text
    assert "house notes: cheap yes, used by —, cards a, b" in text
    assert "[" not in text and "{" not in text


def test_meter_and_help_name_the_bean_codes_where_they_are_offered():
    from beanframe.core.present import presentation

    game = at_trade(3, seed=5)
    present = presentation(game.ruleset)
    con = Console(file=io.StringIO(), width=80, highlight=False)
    render.render_all(con, present.commands["meter"][0](game, 0, ""))
    render.render_all(con, present.commands["meter"][0](game, 0, "c4"))
    text = con.file.getvalue()
    assert re.search(r"c1\s+Blue Bean", text) and re.search(r"c8\s+Garden Bean", text)
    assert text.count("Green Bean") == 2  # meter c4: the bean c4 names
    assert "c1-c8 as meter lists them" in present.line_commands["offer"][1]
