"""simulate's summary is a running tally: the same statistics with or without the records kept
(``keep_records=False`` keeps none, so memory does not grow with the number of games)."""

from __future__ import annotations

import json

import pytest

from beanframe.simulate import GameRecord, SimulationSummary, Streak, Tally, simulate
from beanframe_cli.commands.simulate import streaks


def test_the_tally_gives_what_the_records_give(tmp_path):
    kept = simulate(["al_cabohne"], bots=["random"], n=12, seed=3, bot_seed=2)
    out = tmp_path / "games.jsonl"
    flat = simulate(["al_cabohne"], bots=["random"], n=12, seed=3, bot_seed=2, keep_records=False, out=out)
    assert flat.records == [] and flat.n == kept.n == 12
    assert flat.seat_stats() == kept.seat_stats()
    assert flat.stat_means() == kept.stat_means()
    assert (flat.mean_turns, flat.mean_actions) == (kept.mean_turns, kept.mean_actions)
    wins = ["p1" in r.winners for r in kept.records]
    assert flat.streaks("p1") == kept.streaks("p1") == streaks(wins)
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()] == list(range(3, 15))
    with pytest.raises(ValueError, match="not kept"):
        flat.write_jsonl(tmp_path / "again.jsonl")


def test_streaks_and_late_seats_are_counted_as_games_come():
    s = Streak()
    for won in (True, True, False, True, False, False, True, True, True):
        s.add(won)
    assert s.result() == (2.0, 3)
    t = Tally.of([
        GameRecord(0, ("random",), {"p1": 1}, ("p1",), 3, 9),
        GameRecord(1, ("random",), {"p1": 2, "mafia": 5}, ("mafia",), 3, 9),
    ])  # fmt: skip
    assert t.seats == {"p1": [2, 1, 3.0], "mafia": [1, 1, 5.0]}
    assert t.streaks["p1"].result() == (1.0, 1) and t.streaks["mafia"].result() == (1.0, 1)
    summary = SimulationSummary(("x",), 1, ("random",), 0, 1)
    summary.records = [GameRecord(0, ("random",), {"p1": 1}, ("p1",), 3, 9)]
    assert summary.n == 1 and summary.wins("p1") == 1 and summary.seats == ["p1"]
