"""Bohnaparte with bots: win rates by seat, mean game length in turns and actions, games per second.

    python benchmarks/bench_bohnaparte.py [-n GAMES] [-p PLAYERS] [--bot general|random] [--riders]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import beanframe
from beanframe.agents import make_bot, play_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=40)
    ap.add_argument("-p", type=int, default=4)
    ap.add_argument("--bot", default="general")
    ap.add_argument("--riders", action="store_true")
    args = ap.parse_args()
    ruleset = beanframe.compose(["bohnanza", "bohnaparte"], args.p, {"bohnaparte": {"riders": args.riders}})
    wins: Counter[str] = Counter()
    turns = actions = attacks = conquests = 0
    start = time.perf_counter()
    for seed in range(args.n):
        game = ruleset.new_game(seed=seed)
        play_game(game, [make_bot(ruleset, args.bot, seed * 10 + k) for k in range(args.p)])
        for w in game.result.winners:
            wins[w] += 1 / len(game.result.winners)  # a shared win counts as a share
        turns += game.state.turn
        actions += len(game.actions)
        attacks += game.part("board").attacks
        conquests += game.part("board").conquests
    elapsed = time.perf_counter() - start
    n = args.n
    print(f"{n} games, {args.p} players, bot {args.bot}{', riders' if args.riders else ''}")
    print("win rate by seat: " + ", ".join(f"p{k + 1} {wins[f'p{k + 1}'] / n:.1%}" for k in range(args.p)))
    print(f"mean turns {turns / n:.1f}, mean actions {actions / n:.0f}, attacks {attacks / n:.1f}, conquests {conquests / n:.1f}")
    print(f"{n / elapsed:.2f} games/s, {actions / elapsed:.0f} actions/s")


if __name__ == "__main__":
    main()
