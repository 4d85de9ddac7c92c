"""Prohibohn figures: time per action against plain Al Cabohne (random play), the greedy bots'
win rates by seat, and how often each card is bought.

    python benchmarks/bench_prohibohn.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import beanframe
from beanframe.agents import play_game
from beanframe.core.bots import RandomBot
from beanframe_plugins.al_cabohne.bots import GreedyBot
from beanframe_plugins.prohibohn.bots import ProhibohnGreedy
from beanframe_plugins.prohibohn.cards import CARDS

SETS = {
    "al_cabohne": (["al_cabohne"], None),
    "prohibohn": (["al_cabohne", "prohibohn"], None),
    "prohibohn+pub": (["al_cabohne", "prohibohn"], {"prohibohn": {"pub": True}}),
}


def random_play(variants, options, games: int, seed: int) -> tuple[float, float]:
    """(microseconds per action, actions per game) of uniformly random play."""
    rs = beanframe.compose(variants, 2, options)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        game = rs.new_game(seed=seed + g)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - start
    return elapsed / actions * 1e6, actions / games


def bot(name: str, rs, seed: int):
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(rs, seed)
    return ProhibohnGreedy(rs, seed)


def match(variants, options, names, games: int, seed: int):
    rs = beanframe.compose(variants, 2, options)
    wins: Counter = Counter()
    bought: Counter = Counter()
    for g in range(games):
        game = rs.new_game(seed=seed + g)
        play_game(game, [bot(names[0], rs, seed + 2 * g), bot(names[1], rs, seed + 2 * g + 1)])
        for w in game.result.winners:
            wins[w] += 1 / len(game.result.winners)
        if "prohibohn" in game.state.parts:
            for owned in game.part("prohibohn").owned:
                bought.update(CARDS[i].key for i in owned)
    return wins, bought


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    base = None
    print("random play, 2 players:")
    for label, (variants, options) in SETS.items():
        us, per_game = random_play(variants, options, max(10, args.games // 2), args.seed)
        base = base or us
        print(f"  {label:15s} {us:7.1f} us/action  {per_game:6.0f} actions/game  x{us / base:.2f} of Al Cabohne")
    for label in ("prohibohn", "prohibohn+pub"):
        variants, options = SETS[label]
        for names in (("prohibohn", "random"), ("random", "prohibohn"), ("prohibohn", "prohibohn"),
                      ("prohibohn", "greedy"), ("greedy", "prohibohn"), ("greedy", "greedy")):
            wins, bought = match(variants, options, names, args.games, args.seed)
            rates = ", ".join(f"{s} {wins[s] / args.games:.0%}" for s in ("p1", "p2", "mafia"))
            print(f"  {label:14s} p1={names[0]:9s} p2={names[1]:9s}: {rates}")
            if names in (("prohibohn", "prohibohn"), ("greedy", "greedy")):
                per = ", ".join(f"{c.key} {bought[c.key] / args.games:.2f}" for c in CARDS if bought[c.key])
                print(f"    bought per game: {per}")


if __name__ == "__main__":
    main()
