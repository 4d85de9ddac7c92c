"""Instruction counts of seeded random Al Cabohne games, for comparing commits on a shared machine.

Wall clock (``bench.py``) is useless when other jobs share the cores; valgrind's callgrind counts
instructions, which do not depend on the load. Run::

    python benchmarks/callgrind_al_cabohne.py --measure [--games 20] [--players 2]

and then the same for the hand-written loop of ``baseline_al_cabohne.py``, and prints the ratio
per decision (instructions are not time, but a change that cuts them cuts time in proportion).

It runs itself twice under ``PYTHONHASHSEED=0 valgrind --tool=callgrind``, once with 0 games and
once with N, and prints the difference per game and per action (start-up, imports, composition and
one warm-up game are the same in both runs and cancel out). Without ``--measure`` it just plays the
games and prints ``games actions`` (what the valgrind runs execute).

Only APIs that already existed before issue 5 are used (``beanframe.compose``, ``ruleset.new_game``,
``legal_actions``, ``apply``, ``result``), so the same script measures old and new checkouts: run it
with each checkout's own interpreter, from outside the other checkout.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

WARMUP_SEED = 10_000  # one game outside the measured seeds fills lazy caches in both runs


def play(players: int, games: int) -> int:
    import beanframe

    ruleset = beanframe.compose(["al_cabohne"], players)
    actions = 0
    for seed in [WARMUP_SEED, *range(games)]:
        game = ruleset.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if seed != WARMUP_SEED:
                actions += 1
        game.result  # noqa: B018  (scoring is part of a game)
    return actions


def play_baseline(players: int, games: int) -> int:
    """The hand-written loop of ``baseline_al_cabohne.py`` on the same seeds: its decisions."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import baseline_al_cabohne as baseline

    decisions = 0
    for seed in [WARMUP_SEED, *range(games)]:
        n = baseline.play(players, seed)[0]
        if seed != WARMUP_SEED:
            decisions += n
    return decisions


def callgrind(players: int, counts: tuple[int, ...], loop: str = "beanframe") -> list[tuple[int, int]]:
    """(instructions, actions) of one run under callgrind per number of games (run side by side)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONHASHSEED="0")
        runs = []
        for games in counts:
            out = os.path.join(tmp, f"callgrind.{games}.out")
            cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, os.path.abspath(__file__)]
            cmd += ["--players", str(players), "--games", str(games), "--loop", loop]
            proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            runs.append((out, proc))
        results = []
        for out, proc in runs:
            stdout, stderr = proc.communicate()
            if proc.returncode:
                raise SystemExit(f"valgrind failed ({proc.returncode}): {stderr[-2000:]}")
            with open(out) as f:
                totals = re.search(r"^(?:summary|totals): (\d+)", f.read(), re.M)
            assert totals, "no totals line in the callgrind output"
            results.append((int(totals.group(1)), int(stdout.split()[-1])))
        return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--measure", action="store_true", help="run under callgrind with 0 and N games")
    parser.add_argument("--loop", choices=("beanframe", "baseline"), default="beanframe", help="what the games are played with (without --measure)")
    args = parser.parse_args()
    if not args.measure:
        print(args.games, (play_baseline if args.loop == "baseline" else play)(args.players, args.games))
        return
    import beanframe

    (base, _), (total, actions) = callgrind(args.players, (0, args.games))
    diff = total - base
    print(f"beanframe at {os.path.dirname(beanframe.__file__)}")
    print(f"  start-up {base / 1e6:8.1f} M instructions (imports, compose, one warm-up game)")
    print(f"  {args.games} games, {actions} actions ({actions / args.games:.1f} per game)")
    print(f"  per game   {diff / args.games / 1e6:8.2f} M instructions")
    print(f"  per action {diff / actions / 1e3:8.2f} k instructions")
    (base, _), (total, decisions) = callgrind(args.players, (0, args.games), loop="baseline")
    per_decision = (total - base) / decisions
    print(f"  the hand-written loop (baseline_al_cabohne.py): {per_decision / 1e3:.2f} k instructions per decision")
    print(f"  ratio per decision {diff / actions / per_decision:.2f}x")


if __name__ == "__main__":
    main()
