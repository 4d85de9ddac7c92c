"""Clocks at the terminal doors (issue 25 §1: "shown at every door"): ``beanframe join`` shows
each seat's clock with its choices, and the table's own lines; the clock line's words."""

from __future__ import annotations

import re

import pytest

from beanframe_cli.clockline import clock_line, clock_text, takeback_note

from .helpers import ServerProcess
from .test_clients import join


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ServerProcess(tmp_path_factory.mktemp("doors") / "rooms.db") as process:
        yield process


def test_clock_words():  # issue 25 §1
    assert [clock_text(s) for s in (0, 9.9, 245, 7500, 90000)] == ["0:00", "0:09", "4:05", "2 h 05", "1 d 1 h"]
    line = clock_line({"p1": 245, "p2": 0}, ["p1"], ["p2"], me="p1")
    assert line == "clocks: p1 (you) 4:05 ▶ · p2 0:00 (a bot plays)"
    assert clock_line(None) is None
    assert takeback_note({"seat": "p2", "bot_plays": ["p2"], "given_up": []}).startswith("a bot plays for you now")
    assert takeback_note({"seat": "p2", "bot_plays": ["p2"], "given_up": ["p2"]}) is None


def test_join_shows_the_clocks_with_the_choices(server):  # issue 25 §1
    with server.client() as http:
        answer = http.post("/api/rooms", json={"variants": ["al_cabohne"], "players": 2, "seats": ["human", "human"], "clock": "fast"})
    link = answer.json()["seats"][0]["url"]
    outcome, text = join(link, ["quit"])
    assert outcome == "quit"
    assert re.search(r"clocks: p1 \(you\) (5:00|4:5\d) ▶ · p2 5:00", text), text[-800:]


def test_join_and_bot_follow_an_old_link_to_the_rematch(server):  # issue 25 §4
    from beanframe.client import Invitation
    from beanframe.rematch import current_link

    with server.client() as http:
        room = http.post("/api/rooms", json={"variants": ["al_cabohne"], "players": 1, "seats": ["human"],
                                             "options": {"al_cabohne": {"run_outs": 1}}}).json()  # fmt: skip
    link = room["seats"][0]["url"]
    assert current_link(link) == link  # not over: the room itself
    outcome, _ = join(link, [])  # the terminal plays its first choices to the end
    assert outcome == "over"
    token = Invitation(link).token
    with server.client() as http:
        new = http.post(f"/api/rooms/{room['room']}/rematch", headers={"Authorization": f"Bearer {token}"}).json()["room"]
    followed = current_link(link)
    assert Invitation(followed).room == new and Invitation(followed).token == token
    with server.client() as http:
        state = http.get(f"/api/rooms/{new}/state", headers={"Authorization": f"Bearer {token}"}).json()
    assert state["seat"] == "p1" and state["version"] == 0


def test_joins_end_text_marks_a_seat_given_up():  # issue 25 §2: the result marks it at the terminal
    import io

    from rich.console import Console

    from beanframe_cli.table import RemoteSession

    class Client:
        seat = "p1"
        invitation = None
        state = {
            "players": 2, "log": [], "seats": [{"seat": "p1", "player": "human"}, {"seat": "p2", "player": "human"}],
            "result": {"scores": {"p1": 9, "p2": 4}, "winners": ["p1"], "lines": {}, "given_up": ["p2"]},
        }  # fmt: skip

    out = io.StringIO()
    session = RemoteSession(Client(), Console(file=out, width=120, color_system=None), lambda prompt: None, save_to=None)
    session.save_to = None
    session.client.invitation = type("I", (), {"api": lambda self, what: f"/api/{what}"})()
    session.finish()
    rows = {line.split()[1]: line for line in out.getvalue().splitlines() if line.strip().startswith(("│ p1", "┃ p1", "│ p2"))}
    assert "(given up: a bot played it)" in rows["p2"] and "given up" not in rows["p1"]
