"""What variants contribute instead of the core naming their game: extra seats on the score
sheet (``beanframe_register_seats``), per-game statistics (``beanframe_game_stats``, read by
``simulate``) and checks for the conformance kit (``beanframe_register_checks``)."""

from __future__ import annotations

import pytest

import beanframe
from beanframe.core.scoring import Result, ScoreSheet, game_stats
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError
from beanframe.simulate import GameRecord, SimulationSummary, simulate
from beanframe.testing import ConformanceError, check_game, conformance_suite, registered_checks

from .fakes import PART, counter, plugin


def house(name="house", requires=("counter",), **hooks):
    return plugin(name, beanframe_variant=lambda: VariantInfo(name=name, version="1", requires=requires), **hooks)


def finished(rs, seed=1):
    game = rs.new_game(seed=seed)
    while not game.is_over:
        game.apply("pass")
    return game


# --------------------------------------------------------------------------------------------
# Seats
# --------------------------------------------------------------------------------------------


def bank_plugin(points=5):
    """The bank is a side that is not a player: it scores, and it wins when it beats everyone."""

    def seats(register):
        register("bank", "the bank")

    def score(game, sheet):
        sheet.add("bank", "reserve", points)

    return house("bank_rule", beanframe_register_seats=seats, beanframe_score=score)


def test_a_variant_registers_a_seat_that_is_not_a_player():
    rs = beanframe.compose([counter(), bank_plugin()], 2)
    assert rs.seats == ("p1", "p2", "bank")
    assert rs.seat_titles == {"bank": "the bank"}
    result = finished(rs).result
    assert list(result.scores) == ["p1", "p2", "bank"]  # players first, then registered seats
    assert result.scores["bank"] == 5 and result.lines["bank"] == (("reserve", 5),)
    assert result.winners == ("bank",) and result.won("bank") and not result.won("p1")  # the core default: highest total
    assert result.player_scores() == [result.scores["p1"], result.scores["p2"]]


def test_a_game_without_registered_seats_has_only_player_seats():
    rs = beanframe.compose([counter()], 3)
    assert rs.seats == ("p1", "p2", "p3")
    assert list(finished(rs).result.scores) == ["p1", "p2", "p3"]


def test_scoring_a_seat_the_game_does_not_have_is_a_plugin_mistake():
    sheet = ScoreSheet(["p1", "p2", "bank"])
    with pytest.raises(ValueError, match=r"no seat 'bnak' on the score sheet \(seats: p1, p2, bank\)"):
        sheet.add("bnak", "reserve", 1)
    typo = house("typo", beanframe_score=lambda sheet: sheet.add("p3", "bonus", 1))
    game = finished(beanframe.compose([counter(), typo], 2))
    with pytest.raises(ValueError, match=r"no seat 'p3'"):
        game.result  # noqa: B018


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("p2", r"seat 'p2' is a player's seat"),
        ("", r"a seat is a name such as 'dealer', not ''"),
        ("the bank", r"a seat is a name"),
    ],
)
def test_bad_seats_are_config_errors(seat, message):
    bad = house("bad", beanframe_register_seats=lambda register: register(seat))
    with pytest.raises(ConfigError, match=r"bad: " + message):
        beanframe.compose([counter(), bad], 2)


def test_a_seat_registered_twice_is_refused():
    twice = house("twice", requires=("bank_rule",), beanframe_register_seats=lambda register: register("bank"))
    with pytest.raises(ConfigError, match=r"twice: seat 'bank' is registered twice"):
        beanframe.compose([counter(), bank_plugin(), twice], 2)


def test_seats_may_depend_on_the_configuration():
    def seats(register, config):
        if config.players == 1:
            register("bank")

    solo_bank = house("solo_bank", beanframe_register_seats=seats)
    assert beanframe.compose([counter(), solo_bank], 1).seats == ("p1", "bank")
    assert beanframe.compose([counter(), solo_bank], 2).seats == ("p1", "p2")


def test_result_is_generic():
    result = Result({"p1": 3, "p2": 5, "bank": 5}, ("p2", "bank"), {}, players=2)
    assert result.won("p2") and result.won("bank") and not result.won("p1")
    assert result.player_scores() == [3, 5]


# --------------------------------------------------------------------------------------------
# Statistics
# --------------------------------------------------------------------------------------------


def stats_plugin(name="stats_rule", requires=("counter",), stats=None):
    def game_stats_(game):
        if stats is not None:
            return stats
        counts = game.part(PART).counts
        return {"spread": max(counts) - min(counts), "p1 won": game.result.won("p1")}

    return house(name, requires=requires, beanframe_game_stats=game_stats_)


def test_statistics_are_collected_and_merged_in_dependency_order():
    later = stats_plugin("zzz", requires=("stats_rule",), stats={"spread": -1.0, "passes": 4})
    game = finished(beanframe.compose([counter(), later, stats_plugin()], 2))
    stats = game_stats(game)
    assert stats == {"spread": -1.0, "p1 won": float(game.result.won("p1")), "passes": 4.0}  # zzz's spread wins
    assert all(type(v) is float for v in stats.values())
    assert game_stats(finished(beanframe.compose([counter()], 2))) == {}  # no variant, no statistic


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        (None, r"stats_rule: beanframe_game_stats returned None, not a dict of numbers"),
        ({"spread": "wide"}, r"stats_rule: beanframe_game_stats gave 'spread': 'wide', not a name and a number"),
        ({3: 1.0}, r"gave 3: 1.0"),
    ],
)
def test_bad_statistics_are_named(returned, message):
    bad = house("stats_rule", beanframe_game_stats=lambda game: returned)
    game = finished(beanframe.compose([counter(), bad], 2))
    with pytest.raises(ValueError, match=message):
        game_stats(game)


def test_simulate_records_the_statistics_and_reports_their_means():
    summary = simulate([counter(), stats_plugin()], bots=["random", "random"], n=6, seed=3)
    for record in summary.records:
        assert set(record.stats) == {"spread", "p1 won"}
        assert record.stats["p1 won"] == float("p1" in record.winners)
        assert record.to_dict()["stats"] == record.stats
    means = summary.stat_means()
    assert list(means) == ["spread", "p1 won"]
    assert means["p1 won"] == pytest.approx(summary.wins("p1") / 6)
    assert means["spread"] == pytest.approx(sum(r.stats["spread"] for r in summary.records) / 6)


def test_a_summary_lists_the_registered_seats_the_games_scored():
    summary = simulate([counter(), bank_plugin()], bots=["random", "random"], n=3, seed=0)
    assert summary.seats == ["p1", "p2", "bank"]
    rows = {row.seat: row for row in summary.seat_stats()}
    assert rows["bank"].bot is None and rows["bank"].wins == summary.wins("bank")
    assert summary.stat_means() == {}


def test_statistic_means_count_only_the_games_that_report_them():
    s = SimulationSummary(("x",), 1, ("random",), 0, 1)
    s.records = [
        GameRecord(0, ("random",), {"p1": 1}, ("p1",), 3, 9, {"a": 1.0, "b": 2.0}),
        GameRecord(1, ("random",), {"p1": 1}, ("p1",), 3, 9, {"a": 0.0}),
    ]
    assert s.stat_means() == {"a": 0.5, "b": 2.0}


# --------------------------------------------------------------------------------------------
# Checks for the conformance kit
# --------------------------------------------------------------------------------------------


def test_the_kit_runs_no_hand_order_check_unless_a_variant_registers_one():
    # the counter game with drawn cards put in front, without its hand-order registration: the
    # kit itself assumes nothing about hands
    conformance_suite([counter("front_draw", beanframe_register_checks=lambda register: None)], players=2, games=2)
    with pytest.raises(ConformanceError, match=r"\[hand order\] tally: player \d's hand went from"):
        conformance_suite([counter("front_draw")], players=2, games=2)


def test_a_registered_position_check_runs_on_every_position_and_can_be_skipped():
    positions = []

    def no_big_counts(game, views):
        positions.append(game.state.n_actions)
        assert set(views) == {None, 0, 1}  # every observer's view of the position
        return [f"player 1's count is {game.part(PART).counts[0]}"] if game.part(PART).counts[0] > 20 else []

    def checks(register):
        register.position("small counts", no_big_counts)

    strict = house("strict", beanframe_register_checks=checks)
    with pytest.raises(ConformanceError, match=r"\[small counts\] player 1's count is \d+") as caught:
        conformance_suite([counter(), strict], players=2, games=3)
    assert caught.value.check == "small counts"
    assert positions[:3] == [0, 1, 2]
    conformance_suite([counter(), strict], players=2, games=3, skip={"small counts"})


def test_a_registered_transition_check_sees_the_views_before_and_after():
    seen = []

    def plays_count(before, after, game):
        seen.append((before[None].parts[PART].played, after[None].parts[PART].played))
        return []

    def checks(register):
        register.transition("played grows", plays_count)

    watcher = house("watcher", beanframe_register_checks=checks)
    report = conformance_suite([counter(), watcher], players=2, games=1)
    assert report.actions == len(seen) > 0
    assert all(len(after) == len(before) + 1 for before, after in seen)  # each action plays or burns one card


def test_a_check_that_returns_no_list_is_reported_and_unknown_skips_are_refused():
    broken = house("broken", beanframe_register_checks=lambda register: register.position("oops", lambda game, views: None))
    with pytest.raises(ConformanceError, match=r"\[oops\] broken: the check 'oops' returned None, not a list of problems"):
        conformance_suite([counter(), broken], players=2, games=1)
    game = beanframe.compose([counter(), broken], 2).new_game(seed=1)
    assert registered_checks(game.ruleset).names == {"oops", "hand order"}
    with pytest.raises(ValueError, match=r"unknown checks \['opps'\] \(checks: .*oops"):
        check_game(game, skip={"opps"})
