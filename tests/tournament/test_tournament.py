"""Tournaments: line-ups and seat rotation, reproducibility across workers and backends, bots by
name, entry point and module:factory, what a bot receives, ratings, records replay opens."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from beanframe import tournament as tmod
from beanframe.errors import ConfigError
from beanframe.tournament import labels, lineups, rate, tournament
from beanframe_cli.replaying import game_from_record

VARIANTS = ["al_cabohne"]


def test_lineups_seat_every_bot_at_every_seat_equally():
    ups = lineups(3, 2)
    assert len(ups) == 6 and all(a != b for a, b in ups)
    for seat in range(2):
        assert sorted(u[seat] for u in ups) == [0, 0, 1, 1, 2, 2]
    assert lineups(1, 2) == [(0, 0)]
    assert lineups(3, 1) == [(0,), (1,), (2,)]
    assert labels(["greedy", "greedy", "random"]) == ("greedy", "greedy#2", "random")


@pytest.fixture(scope="module")
def local_one(tmp_path_factory):
    out = tmp_path_factory.mktemp("t") / "games.jsonl"
    return tournament(VARIANTS, ["greedy", "random"], n=6, players=2, seed=5, bot_seed=3, jobs=1, out=out), out


def test_all_line_ups_play_the_same_deals(local_one):
    result, _ = local_one
    recs = result.records
    assert [r["seed"] for r in recs] == [5, 5, 6, 6, 7, 7]
    assert [r["bots"] for r in recs[:2]] == [["greedy", "random"], ["random", "greedy"]]
    assert [r["game"] for r in recs] == list(range(1, 7))


def test_same_results_whatever_the_number_of_workers(local_one):
    result, _ = local_one
    two = tournament(VARIANTS, ["greedy", "random"], n=6, players=2, seed=5, bot_seed=3, jobs=2)
    assert two.jobs == 2 and two.records == result.records and two.ratings == result.ratings


def test_every_record_is_a_game_replay_opens(local_one):
    result, out = local_one
    lines = out.read_text().splitlines()
    assert len(lines) == result.n
    for i, line in enumerate(lines):
        data = json.loads(line)
        assert data["format"] == "beanframe-games"
        game = game_from_record(line, f"game {i + 1}")
        assert game.is_over and list(game.result.winners) == data["winners"]
        assert game.result.scores == data["scores"]


def test_the_table_has_win_rates_intervals_and_ratings(local_one):
    result, _ = local_one
    rows = {r.bot: r for r in result.table()}
    assert set(rows) == {"greedy", "random", "mafia"}
    g, r = rows["greedy"], rows["random"]
    assert g.games == r.games == 6
    assert g.ci_low <= g.win_rate <= g.ci_high
    assert g.mu > r.mu  # the random bot loses every game here
    assert result.table()[0].ordinal >= result.table()[-1].ordinal


def test_ratings_follow_the_ranks():
    recs = [{"bots": ["a", "b"], "scores": {"p1": 9, "p2": 3}, "winners": ["p1"]}] * 5
    ratings = rate(recs, 2)
    assert ratings["a"][0] > ratings["b"][0]
    # a bot holding both seats is not rated
    assert rate([{"bots": ["a", "a"], "scores": {"p1": 1, "p2": 0}, "winners": ["p1"]}], 2) == {}


def test_head_to_head_ranks_as_the_ratings_do_ties_half():
    # 2 players and a mafia: the mafia wins two games; a and b split them by score, tie once
    recs = [
        {"bots": ["a", "b"], "scores": {"p1": 20, "p2": 17, "mafia": 28}, "winners": ["mafia"]},
        {"bots": ["b", "a"], "scores": {"p1": 19, "p2": 19, "mafia": 25}, "winners": ["mafia"]},
        {"bots": ["b", "a"], "scores": {"p1": 30, "p2": 12, "mafia": 28}, "winners": ["p1"]},
        {"bots": ["a", "a"], "scores": {"p1": 30, "p2": 12, "mafia": 28}, "winners": ["p1"]},  # left out
    ]
    result = tmod.TournamentResult(("al_cabohne",), 2, ("a", "b"), 0, 0, "local", 1, records=recs)
    pairs = {(p.bot, p.other): p for p in result.head_to_head()}
    assert set(pairs) == {(x, y) for x in ("a", "b", "mafia") for y in ("a", "b", "mafia") if x != y}
    ab, ba = pairs["a", "b"], pairs["b", "a"]
    assert (ab.games, ab.ahead, ba.ahead) == (3, 1.5, 1.5)  # ahead once, tied once, behind once
    assert ab.ci_low < ab.rate == 0.5 < ab.ci_high
    assert pairs["b", "mafia"].ahead == 1.0 and pairs["mafia", "a"].ahead == 3.0  # a winner is ahead


SPY = '''
from beanframe.core.view import View

SEEN = []

class Spy:
    uses_view = True
    def __init__(self, seed):
        self.seed = seed
    def act(self, *args):
        SEEN.append(tuple(type(a).__name__ for a in args))
        assert isinstance(args[0], View)
        return args[1][0]

def make(seed):
    return Spy(seed)
'''


def test_a_bot_from_a_users_file_gets_only_its_view_and_legal_actions(tmp_path):
    path = tmp_path / "my_bot.py"
    path.write_text(SPY)
    result = tournament(VARIANTS, [f"{path}:make"], n=1, players=1, seed=2, bot_seed=1)
    assert result.n == 1
    module = tmod._load_module(str(path))
    assert module.SEEN and all(kinds == ("View", "tuple") for kinds in module.SEEN)


def test_a_searching_bot_gets_its_information_set_never_the_game():
    result = tournament(
        VARIANTS, ["ismcts", "random"], n=2, players=2, seed=1, bot_seed=1,
        bot_options={"ismcts": {"iterations": 2, "rollout": "random", "depth": 4}},
    )
    assert result.n == 2 and {r.bot for r in result.table()} >= {"ismcts", "random"}


def test_a_bot_by_entry_point(monkeypatch):
    class Always:
        def __init__(self, seed=None, ruleset=None):
            pass

        def act(self, view, legal):
            return legal[-1]

    ep = SimpleNamespace(name="last", load=lambda: Always)
    monkeypatch.setattr(tmod, "entry_points", lambda group: [ep] if group == tmod.BOT_GROUP else [])
    result = tournament(VARIANTS, ["last"], n=1, players=1, seed=3, bot_seed=1)
    assert result.records[0]["bots"] == ["last"]


@pytest.mark.parametrize(
    ("bots", "kwargs", "message"),
    [
        (["greedy", "nope"], {}, "unknown bot 'nope'"),
        (["os:nothing_here"], {"players": 1}, "has no factory"),
        (["no_such_module_xyz:f"], {"players": 1}, "cannot be imported"),
        (["missing.py:f"], {"players": 1}, "not found"),
        (["ismcts"], {"players": 1, "bot_options": {"ismcts": {"bogus": 1}}}, "bad options"),
        (["greedy"], {"players": 1, "bot_options": {"other": {"x": 1}}}, "not in the tournament"),
        (["greedy"], {"players": 1, "backend": "cloud"}, "unknown backend"),
        ([], {}, "at least one bot"),
    ],
)
def test_mistakes_are_one_clear_error_before_any_game(bots, kwargs, message):
    with pytest.raises(ConfigError, match=message):
        tournament(VARIANTS, bots, n=1, **kwargs)


def test_ray_backend_gives_the_same_results(local_one):
    ray = pytest.importorskip("ray")
    result, _ = local_one
    ray.init(num_cpus=1, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        via_ray = tournament(VARIANTS, ["greedy", "random"], n=6, players=2, seed=5, bot_seed=3, jobs=1, backend="ray")
    finally:
        ray.shutdown()
    assert via_ray.backend == "ray" and via_ray.records == result.records

