"""Bohnanza's speed and bot figures. Run: ``python benchmarks/bench_bohnanza.py [--games N] [--winrates N]``.

Prints:
- 4 random players, with and without trading: games per second and actions per game (public API:
  ``new_game``, every decider's ``legal_actions`` / ``apply`` with a seeded random choice);
- microseconds per action, against Al Cabohne's 2-player random game measured the same way (the
  aim of issue 8: within 2x);
- with ``--winrates N``: trades per game, and the win rate by seat of one ``greedy`` trader
  against three ``greedy-passive`` players (who never offer but accept offers that improve their
  fields) and against three ``greedy-notrade`` players (who never trade).

Timings vary with the machine and its load: read the best of several runs on an idle machine.
"""

from __future__ import annotations

import argparse
import random
import time

import beanframe
from beanframe.agents import make_bot, play_game


def random_games(variants, players: int, n: int, options=None) -> dict[str, float]:
    ruleset = beanframe.compose(variants, players, options=options)
    perf = time.perf_counter
    actions = 0
    trades = 0
    started = perf()
    for seed in range(n):
        game = ruleset.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            deciders = game.deciders
            p = deciders[0] if len(deciders) == 1 else rng.choice(deciders)
            game.apply(rng.choice(game.legal_actions(p)), p)
            actions += 1
        game.result  # noqa: B018  (scoring is part of a game)
        if "trade" in game.state.parts:
            trades += game.part("trade").trades
    elapsed = perf() - started
    return {
        "games_per_s": n / elapsed,
        "actions_per_game": actions / n,
        "us_per_action": elapsed / actions * 1e6,
        "trades_per_game": trades / n,
    }


def trader_by_seat(partner: str, n: int) -> list[tuple[float, float, float]]:
    """(win rate, mean coins, trades per game) of one greedy trader at each seat of 4."""
    ruleset = beanframe.compose(["bohnanza"], 4)
    out = []
    for seat in range(4):
        wins = coins = trades = 0.0
        for seed in range(n):
            lineup = [partner] * 4
            lineup[seat] = "greedy"
            game = play_game(ruleset.new_game(seed=seed), [make_bot(ruleset, b, seed * 10 + p) for p, b in enumerate(lineup)])
            me = f"p{seat + 1}"
            if me in game.result.winners:
                wins += 1 / len(game.result.winners)
            coins += game.result.scores[me]
            trades += game.part("trade").trades
        out.append((wins / n, coins / n, trades / n))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--winrates", type=int, default=0, help="games per seat for the trader's win rates (0: skip)")
    args = parser.parse_args()
    n = args.games
    trading = random_games(["bohnanza"], 4, n)
    plain = random_games(["bohnanza"], 4, n * 4, {"bohnanza": {"trading": False}})
    al = random_games(["al_cabohne"], 2, n * 4)
    for name, r in (("4 random players, trading", trading), ("4 random players, no trading", plain), ("Al Cabohne, 2 random players", al)):
        print(
            f"{name:32} {r['games_per_s']:7.1f} games/s  {r['actions_per_game']:7.1f} actions/game  "
            f"{r['us_per_action']:6.1f} us/action  {r['trades_per_game']:5.1f} trades/game"
        )
    for name, r in (("trading", trading), ("no trading", plain)):
        print(f"time per action vs Al Cabohne ({name}): {r['us_per_action'] / al['us_per_action']:.2f}x (aim: within 2x)")
    if args.winrates:
        for partner in ("greedy-passive", "greedy-notrade"):
            print(f"one greedy trader against three {partner} ({args.winrates} games per seat; fair share 25%):")
            for seat, (rate, coins, trades) in enumerate(trader_by_seat(partner, args.winrates), 1):
                print(f"  seat {seat}: win rate {rate:5.1%}  mean coins {coins:5.2f}  trades/game {trades:5.1f}")


if __name__ == "__main__":
    main()
