"""Smoke tests of the benchmark scripts (benchmarks/bench.py, benchmarks/winrates.py): they run
every section with tiny samples and print their figures. No timing is asserted (speed is measured
by the benchmarks themselves, never by tests)."""

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the script loads
    spec.loader.exec_module(module)
    return module


def test_bench_runs_every_section_quickly(capsys):
    bench = load("bench")
    assert bench.main(["--quick", "--games", "2"]) == 0
    out = capsys.readouterr().out
    for heading in ("Al Cabohne", "Prohibohn", "Bohnanza", "Bohnaparte", "Ali Baba"):
        assert heading in out
    assert "x1.00 of Al Cabohne" in out  # the reference line of the ratios
    assert "vs hand-written loop" in out


def test_bench_refuses_an_unknown_section():
    bench = load("bench")
    with pytest.raises(SystemExit):
        bench.main(["--only", "nonsense"])


def test_winrates_reports_every_variant_set_by_seat(capsys):
    winrates = load("winrates")
    assert winrates.main(["--games", "2", "--only", "prohibohn-random,bohnanza-trader,bohnaparte,duel"]) == 0
    out = capsys.readouterr().out
    assert "me at seat p2" in out and "seat p4" in out
    assert "bought Police Station 3" in out and "trades" in out  # a card by its name, not its key
    assert "greedy vs random" in out


def test_winrates_groups_expand_to_their_lines():
    winrates = load("winrates")
    assert set(winrates.GROUPS["all"]) == {*winrates.AL_CABOHNE, *winrates.MATCHES}
    assert winrates.wilson(0, 10)[0] == 0.0 and winrates.wilson(10, 10)[1] == 1.0


def test_callgrind_script_plays_both_loops_on_the_same_seeds():
    callgrind = load("callgrind_al_cabohne")
    framework = callgrind.play(2, 2)  # what runs under valgrind, without it
    baseline = callgrind.play_baseline(2, 2)
    assert framework > 100 and baseline > 100  # two whole games each (warm-up game not counted)
    assert 0.8 < framework / baseline < 1.25  # the same rules: about as many decisions
