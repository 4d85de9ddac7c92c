"""beanframe's speed figures. Run: ``python benchmarks/bench.py [--games N] [--quick]``.

Prints, for Al Cabohne:
- random-bot full games per second through the public API (2 players and solo, one process):
  ``ruleset.new_game`` + ``legal_actions`` / ``apply`` with a seeded random choice, + ``result``;
- microseconds per ``apply`` and per ``legal_actions`` (averaged over those games);
- microseconds per ``clone`` of mid-game positions;
- microseconds per ``beanframe.new_game`` (the ruleset is cached by variant set, players, options);
- the framework's cost relative to a hand-written Al Cabohne loop (``baseline_al_cabohne.py``: plain
  lists and ints, the same rules, random legal play), per game through ``beanframe.new_game`` and
  per decision;
- games per second of ``simulate`` with ``--jobs 1`` and ``--jobs 2`` and the speed-up.

Goals (issue 2): >= 400 random 2-player games/s, clone < 20 us, jobs 2 >= 1.8x jobs 1.
Timings vary with the machine and its load: run it on an idle machine and read the best of runs.
"""

from __future__ import annotations

import argparse
import random
import time

import baseline_al_cabohne as baseline  # benchmarks/ is the script's directory

import beanframe
from beanframe.simulate import simulate

VARIANTS = ["al_cabohne"]


def random_games(players: int, n: int) -> dict[str, float]:
    ruleset = beanframe.compose(VARIANTS, players)
    perf = time.perf_counter
    actions = 0
    started = perf()
    for seed in range(n):
        game = ruleset.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        game.result  # noqa: B018  (scoring is part of a game)
    elapsed = perf() - started
    return {"games_per_s": n / elapsed, "actions_per_game": actions / n}


def per_call(players: int, n: int) -> dict[str, float]:
    """Mean cost of apply and legal_actions, timed call by call."""
    ruleset = beanframe.compose(VARIANTS, players)
    perf = time.perf_counter
    t_apply = t_legal = 0.0
    calls = 0
    for seed in range(n):
        game = ruleset.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            t0 = perf()
            legal = game.legal_actions()
            t1 = perf()
            action = rng.choice(legal)
            t2 = perf()
            game.apply(action)
            t3 = perf()
            t_legal += t1 - t0
            t_apply += t3 - t2
            calls += 1
    return {"apply_us": t_apply / calls * 1e6, "legal_us": t_legal / calls * 1e6}


def clone_cost(players: int, positions: int, repeat: int) -> float:
    """Mean microseconds per clone over positions sampled from random games."""
    ruleset = beanframe.compose(VARIANTS, players)
    games = []
    for seed in range(positions):
        game = ruleset.new_game(seed=seed)
        rng = random.Random(seed)
        stop = rng.randrange(20, 200)
        while not game.is_over and game.state.n_actions < stop:
            game.apply(rng.choice(game.legal_actions()))
        games.append(game)
    perf = time.perf_counter
    started = perf()
    for _ in range(repeat):
        for game in games:
            game.clone()
    return (perf() - started) / (repeat * len(games)) * 1e6


def new_game_cost(n: int) -> float:
    """Microseconds per ``beanframe.new_game`` call (the ruleset is cached after the first)."""
    beanframe.new_game(VARIANTS, 2, seed=0)
    perf = time.perf_counter
    started = perf()
    for seed in range(n):
        beanframe.new_game(VARIANTS, 2, seed=seed)
    return (perf() - started) / n * 1e6


def versus_baseline(players: int, n: int) -> dict[str, float]:
    """The framework (each game through ``beanframe.new_game``) against the hand-written loop of
    ``baseline_al_cabohne.py``: the same rules and random legal play, plain lists and ints."""
    perf = time.perf_counter
    started = perf()
    decisions = 0
    for seed in range(n):
        decisions += baseline.play(players, seed)[0]
    base = perf() - started
    base_decisions = decisions
    started = perf()
    decisions = 0
    for seed in range(n):
        game = beanframe.new_game(VARIANTS, players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
        game.result  # noqa: B018
    framework = perf() - started
    return {
        "game_ratio": framework / base,
        "decision_ratio": (framework / decisions) / (base / base_decisions),
        "base_us_per_decision": base / base_decisions * 1e6,
        "fw_us_per_decision": framework / decisions * 1e6,
        "decisions": decisions / n,
        "base_decisions": base_decisions / n,
    }


def simulate_speedup(n: int) -> dict[str, float]:
    one = simulate(VARIANTS, 2, ["random", "random"], n=n, seed=0, jobs=1, bot_seed=0)
    two = simulate(VARIANTS, 2, ["random", "random"], n=n, seed=0, jobs=2, bot_seed=0)
    assert [r.scores for r in one.records] == [r.scores for r in two.records], "jobs changed the results"
    return {"jobs1": one.games_per_second, "jobs2": two.games_per_second, "speedup": two.games_per_second / one.games_per_second}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per measurement")
    parser.add_argument("--quick", action="store_true", help="small samples (a smoke run)")
    args = parser.parse_args()
    n = 50 if args.quick else args.games

    print(f"beanframe {beanframe.__version__}: Al Cabohne, random bots, one process")
    for players, label in ((2, "2-player"), (1, "solo")):
        best = max((random_games(players, n) for _ in range(1 if args.quick else 3)), key=lambda r: r["games_per_s"])
        print(f"  {label:9s} {best['games_per_s']:8.0f} games/s   ({best['actions_per_game']:.0f} actions/game, best of runs)")
    calls = per_call(2, max(20, n // 5))
    print(f"  apply          {calls['apply_us']:6.2f} us per call (2-player, incl. the automatic phases it runs)")
    print(f"  legal_actions  {calls['legal_us']:6.2f} us per call")
    print(f"  clone          {clone_cost(2, 50, 20 if args.quick else 200):6.2f} us per call (2-player mid-game)")
    print(f"  new_game       {new_game_cost(max(50, n // 2)):6.0f} us per call (beanframe.new_game: cached ruleset + set-up)")
    for players, label in ((2, "2-player"), (1, "solo")):
        runs = [versus_baseline(players, max(30, n // 3)) for _ in range(1 if args.quick else 3)]
        best = min(runs, key=lambda r: r["game_ratio"])
        print(
            f"  vs hand-written loop, {label}: {best['game_ratio']:.2f}x per game (through beanframe.new_game), "
            f"{best['decision_ratio']:.2f}x per decision ({best['fw_us_per_decision']:.1f} vs "
            f"{best['base_us_per_decision']:.1f} us; {best['decisions']:.0f} vs {best['base_decisions']:.0f} decisions/game)"
        )
    sim = simulate_speedup(max(40, n))
    print(f"  simulate       jobs 1: {sim['jobs1']:.0f} games/s, jobs 2: {sim['jobs2']:.0f} games/s, speed-up {sim['speedup']:.2f}x")


if __name__ == "__main__":
    main()
