"""beanframe's speed figures, for every variant set. Run:

    python benchmarks/bench.py [--games N] [--quick] [--only al_cabohne,prohibohn,bohnanza,bohnaparte,ali_baba]

Sections (``--only`` picks some; all by default):

- ``al_cabohne`` (issues 2, 6): random-bot full games per second through the public API (2 players
  and solo); microseconds per ``apply``, ``legal_actions``, ``clone`` and ``beanframe.new_game``;
  the framework against the hand-written loop of ``baseline_al_cabohne.py`` (plain lists and ints,
  the same rules), per game through ``beanframe.new_game`` and per decision; ``simulate`` with
  ``--jobs 1`` and ``--jobs 2`` and the speed-up.
- ``prohibohn`` (issue 7): time per action of ``al_cabohne prohibohn`` and of its pub variant
  against plain Al Cabohne (aim: within 2x).
- ``bohnanza`` (issue 8): games per second and actions per game of 4 random players with and
  without trading, time per action against Al Cabohne's (aim: within 2x).
- ``bohnaparte`` (issue 9): games per second of 4 random players, and of 4 ``general`` bots.
- ``ali_baba`` (issue 11): games per second for 2-6 players, random and greedy.

Every "random" figure plays the same loop (:func:`play_random`: a seeded uniform choice among the
legal actions of a seeded choice among the deciders), so time per action compares across variant
sets; "x Al Cabohne" is the ratio to 2-player Al Cabohne measured with that loop in the same run.
``--games N`` sizes the Al Cabohne section (default 1000); the other sections play a share of N
sized to their cost. Win rates are in ``winrates.py``. Timings vary with the machine and its load:
run it on an idle machine and read the best of runs.

Goals (issue 2): >= 400 random 2-player games/s, clone < 20 us, jobs 2 >= 1.8x jobs 1.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:  # baseline_al_cabohne, also when imported
    sys.path.append(str(Path(__file__).resolve().parent))
import baseline_al_cabohne as baseline  # noqa: E402

import beanframe  # noqa: E402
from beanframe.agents import make_bot, play_game  # noqa: E402
from beanframe.simulate import simulate  # noqa: E402

VARIANTS = ["al_cabohne"]
SECTIONS = ("al_cabohne", "prohibohn", "bohnanza", "bohnaparte", "ali_baba")
# the other sections' games, as a share of --games (a game there costs more than Al Cabohne's)
SHARE = {"prohibohn": 0.1, "bohnanza": 0.04, "bohnaparte": 0.02, "ali_baba": 0.05}


# ------------------------------------------------------------------------------------------
# Shared plain functions
# ------------------------------------------------------------------------------------------


def play_random(game, rng: random.Random) -> int:
    """Play ``game`` to its end with uniformly random legal actions (a group decision: a random
    decider acts); the number of actions applied."""
    actions = 0
    while not game.is_over:
        deciders = game.deciders
        if len(deciders) == 1:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        else:
            p = deciders[rng.randrange(len(deciders))]
            legal = game.legal_actions(p)
            game.apply(legal[rng.randrange(len(legal))], p)
        actions += 1
    return actions


def random_play(variants, players: int, n: int, options=None, seed: int = 0) -> dict[str, float]:
    """``n`` seeded random games (seeds seed..seed+n-1) with :func:`play_random`, scoring included:
    games/s, actions/game, us/action, turns/game and (Bohnanza) trades/game."""
    ruleset = beanframe.compose(list(variants), players, options)
    perf = time.perf_counter
    actions = turns = trades = 0
    started = perf()
    for s in range(seed, seed + n):
        game = ruleset.new_game(seed=s)
        actions += play_random(game, random.Random(s))
        game.result  # noqa: B018  (scoring is part of a game)
        turns += game.state.turn
        if "trade" in game.state.parts:
            trades += game.part("trade").trades
    elapsed = perf() - started
    return {
        "games_per_s": n / elapsed,
        "actions_per_game": actions / n,
        "us_per_action": elapsed / max(1, actions) * 1e6,
        "turns_per_game": turns / n,
        "trades_per_game": trades / n,
    }


def bot_play(variants, players: int, bot: str, n: int, options=None, seed: int = 0) -> dict[str, float]:
    """``n`` seeded games of ``players`` copies of the registered bot ``bot`` (``play_game``)."""
    ruleset = beanframe.compose(list(variants), players, options)
    perf = time.perf_counter
    actions = turns = 0
    started = perf()
    for s in range(seed, seed + n):
        game = play_game(ruleset.new_game(seed=s), [make_bot(ruleset, bot, s * 10 + k) for k in range(players)])
        actions += len(game.actions)
        turns += game.state.turn
    elapsed = perf() - started
    return {"games_per_s": n / elapsed, "actions_per_game": actions / n, "turns_per_game": turns / n, "us_per_action": elapsed / max(1, actions) * 1e6}


def best_of(runs: int, fn, *args, key: str = "games_per_s", **kwargs) -> dict[str, float]:
    """The fastest of ``runs`` calls (load only ever slows a run down)."""
    results = [fn(*args, **kwargs) for _ in range(max(1, runs))]
    return max(results, key=lambda r: r[key]) if key == "games_per_s" else min(results, key=lambda r: r[key])


_reference: dict[int, dict[str, float]] = {}


def al_cabohne_reference(n: int, runs: int) -> dict[str, float]:
    """2-player Al Cabohne with :func:`play_random` (measured once per run of the script): what
    the other variant sets' time per action is compared with."""
    if n not in _reference:
        _reference[n] = best_of(runs, random_play, VARIANTS, 2, n, key="us_per_action")
    return _reference[n]


def line(label: str, r: dict[str, float], ref: dict[str, float] | None = None, extra: str = "") -> str:
    out = f"  {label:28s} {r['games_per_s']:8.1f} games/s  {r['actions_per_game']:7.0f} actions/game  {r['us_per_action']:7.1f} us/action"
    if ref is not None:
        out += f"  x{r['us_per_action'] / ref['us_per_action']:.2f} of Al Cabohne"
    return out + extra


# ------------------------------------------------------------------------------------------
# Al Cabohne (issues 2 and 6): kept as they were, so the figures compare across versions
# ------------------------------------------------------------------------------------------


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


def versus_baseline(players: int, n: int, rounds: int = 1) -> dict[str, float]:
    """The framework (each game through ``beanframe.new_game``) against the hand-written loop of
    ``baseline_al_cabohne.py``: the same rules and random legal play, plain lists and ints.

    Both play the same ``n`` seeds, ``rounds`` times, alternating (baseline, framework, baseline,
    ...), and each keeps its fastest round: load only ever slows a round down, and alternating
    puts both under the same machine state, so the ratio is of two best cases measured side by
    side rather than of whichever run happened to be lucky."""
    perf = time.perf_counter
    base = framework = float("inf")
    for _ in range(max(1, rounds)):
        started = perf()
        base_decisions = 0
        for seed in range(n):
            base_decisions += baseline.play(players, seed)[0]
        base = min(base, perf() - started)
        started = perf()
        decisions = 0
        for seed in range(n):
            game = beanframe.new_game(VARIANTS, players, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
                decisions += 1
            game.result  # noqa: B018
        framework = min(framework, perf() - started)
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


def section_al_cabohne(n: int, quick: bool) -> None:
    runs = 1 if quick else 3
    print(f"Al Cabohne, random bots, one process (beanframe {beanframe.__version__})")
    for players, label in ((2, "2-player"), (1, "solo")):
        best = max((random_games(players, n) for _ in range(runs)), key=lambda r: r["games_per_s"])
        print(f"  {label:9s} {best['games_per_s']:8.0f} games/s   ({best['actions_per_game']:.0f} actions/game, best of runs)")
    calls = per_call(2, max(1, n // 5) if quick else max(20, n // 5))
    print(f"  apply          {calls['apply_us']:6.2f} us per call (2-player, incl. the automatic phases it runs)")
    print(f"  legal_actions  {calls['legal_us']:6.2f} us per call")
    print(f"  clone          {clone_cost(2, 10 if quick else 50, 5 if quick else 200):6.2f} us per call (2-player mid-game)")
    print(f"  new_game       {new_game_cost(max(1, n // 2) if quick else max(50, n // 2)):6.0f} us per call (beanframe.new_game: cached ruleset + set-up)")
    for players, label in ((2, "2-player"), (1, "solo")):
        k = max(1, n // 3) if quick else max(30, n // 10)
        best = versus_baseline(players, k, rounds=1 if quick else 10)
        print(
            f"  vs hand-written loop, {label}: {best['game_ratio']:.2f}x per game (through beanframe.new_game), "
            f"{best['decision_ratio']:.2f}x per decision ({best['fw_us_per_decision']:.1f} vs "
            f"{best['base_us_per_decision']:.1f} us; {best['decisions']:.0f} vs {best['base_decisions']:.0f} decisions/game; fastest of alternating rounds)"
        )
    sim = simulate_speedup(n if quick else max(40, n))
    print(f"  simulate       jobs 1: {sim['jobs1']:.0f} games/s, jobs 2: {sim['jobs2']:.0f} games/s, speed-up {sim['speedup']:.2f}x")


# ------------------------------------------------------------------------------------------
# The other variant sets (issues 7, 8, 9, 11)
# ------------------------------------------------------------------------------------------


def section_prohibohn(n: int, runs: int, ref: dict[str, float]) -> None:
    print("Prohibohn, 2 random players (aim: within 2x of Al Cabohne's time per action)")
    print(line("al_cabohne", ref, ref))
    for label, options in (("al_cabohne prohibohn", None), ("  + pub", {"prohibohn": {"pub": True}})):
        r = best_of(runs, random_play, ["al_cabohne", "prohibohn"], 2, n, options, key="us_per_action")
        print(line(label, r, ref))


def section_bohnanza(n: int, runs: int, ref: dict[str, float]) -> None:
    print("Bohnanza, 4 random players (aim: within 2x of Al Cabohne's time per action)")
    for label, options, k in (("trading", None, n), ("no trading", {"bohnanza": {"trading": False}}, 4 * n)):
        r = best_of(runs, random_play, ["bohnanza"], 4, k, options, key="us_per_action")
        print(line(label, r, ref, f"  {r['trades_per_game']:5.1f} trades/game"))


def section_bohnaparte(n: int, runs: int, ref: dict[str, float]) -> None:
    print("Bohnaparte, 4 players (win rates and game length by seat: winrates.py --only bohnaparte)")
    r = best_of(runs, random_play, ["bohnanza", "bohnaparte"], 4, n, key="us_per_action")
    print(line("random", r, ref, f"  {r['turns_per_game']:5.1f} turns/game"))
    g = bot_play(["bohnanza", "bohnaparte"], 4, "general", max(1, n // 4))
    print(line("general bot", g, None, f"  {g['turns_per_game']:5.1f} turns/game"))


def section_ali_baba(n: int, runs: int, ref: dict[str, float]) -> None:
    print("Ali Baba, 2-6 players: random (first line each) and greedy bots")
    for players in range(2, 7):
        r = best_of(runs, random_play, ["ali_baba"], players, n, key="us_per_action")
        print(line(f"{players} players, random", r, ref))
        g = bot_play(["ali_baba"], players, "greedy", max(1, n // 2))
        print(line(f"{players} players, greedy", g))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="Al Cabohne random games per measurement (default 1000, --quick 50)")
    parser.add_argument("--quick", action="store_true", help="small samples, one run each (a smoke run)")
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections: {', '.join(SECTIONS)}")
    args = parser.parse_args(argv)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    for s in only:
        if s not in SECTIONS:
            parser.error(f"unknown section {s!r} (sections: {', '.join(SECTIONS)})")
    n = args.games if args.games is not None else (50 if args.quick else 1000)
    if n < 1:
        parser.error("--games must be at least 1")
    runs = 1 if args.quick else 3
    if "al_cabohne" in only:
        section_al_cabohne(n, args.quick)
    others = [s for s in only if s != "al_cabohne"]
    if others:
        ref = al_cabohne_reference(max(1, n // 5), runs)
        for s in others:
            globals()[f"section_{s}"](max(1, round(n * SHARE[s])), runs, ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
