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
