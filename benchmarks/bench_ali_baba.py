"""Ali Baba's speed figures. Run: ``python benchmarks/bench_ali_baba.py [--games N]``.

Prints, for 2-6 players: random-play full games per second through the public API
(``ruleset.new_game`` + ``legal_actions`` / ``apply`` with a seeded random choice, + ``result``),
actions per game and microseconds per action; and greedy-bot games per second (``play_game``).
Timings vary with the machine and its load: run it on an idle machine and read the best of runs.
"""

from __future__ import annotations

import argparse
import random
import time

import beanframe
from beanframe.agents import make_bot, play_game


def random_games(players: int, n: int) -> tuple[float, float, float]:
    ruleset = beanframe.compose(["ali_baba"], players)
    actions = 0
    started = time.perf_counter()
    for seed in range(n):
        game = ruleset.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            player = game.to_act
            legal = game.legal_actions(player)
            game.apply(legal[rng.randrange(len(legal))], player)
            actions += 1
        assert game.result is not None
    took = time.perf_counter() - started
    return n / took, actions / n, took / actions * 1e6


def greedy_games(players: int, n: int) -> float:
    ruleset = beanframe.compose(["ali_baba"], players)
    started = time.perf_counter()
    for seed in range(n):
        play_game(ruleset.new_game(seed=seed), [make_bot(ruleset, "greedy", seed=seed + i) for i in range(players)])
    return n / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    print("players  random games/s  actions/game  us/action  greedy games/s")
    for n in range(2, 7):
        gps, per_game, us = random_games(n, args.games)
        greedy = greedy_games(n, max(1, args.games // 2))
        print(f"{n:7d}  {gps:14.1f}  {per_game:12.0f}  {us:9.1f}  {greedy:14.1f}")


if __name__ == "__main__":
    main()
