"""Speed of the embedding API and the adapters. Run: ``python benchmarks/embedding.py [--games N]``.

Prints, for Al Cabohne (2 players unless said otherwise):
- microseconds per ``game.observation(player)`` and per ``game.information_state(player)``, asked
  at every decision of random games (the information state is rendered incrementally);
- PettingZoo AEC steps per second (random legal actions from the mask, ``observe`` each step);
- OpenSpiel: random-play states per second through pyspiel, and solo games of OpenSpiel's
  Python ISMCTS bot (``max_simulations`` per decision): simulations per second.

- tournaments (``--tournament``): games per second of ``beanframe.tournament.tournament`` with 1 and
  2 workers, locally (processes) and with ``--backend ray`` (a local Ray instance; its start-up is
  timed apart), on the same seeds (the results are identical: checked).

Timings vary with the machine and its load: run it on an idle machine (the load is printed).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import beanframe


def core(players: int, games: int) -> None:
    rules = beanframe.compose(["al_cabohne"], players)
    obs_t = info_t = 0.0
    n = 0
    for seed in range(games):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            p = game.to_act
            t0 = time.perf_counter()
            game.observation(p)
            t1 = time.perf_counter()
            game.information_state(p)
            t2 = time.perf_counter()
            obs_t += t1 - t0
            info_t += t2 - t1
            n += 1
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    print(
        f"{players}p: observation {obs_t / n * 1e6:7.1f} us, information_state {info_t / n * 1e6:7.1f} us ({n} decisions)"
    )


def pettingzoo(games: int) -> None:
    from beanframe.adapters.pettingzoo import env

    e = env(["al_cabohne"], 2, seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.perf_counter()
    for g in range(games):
        e.reset(seed=g)
        for _agent in e.agent_iter():
            _, _, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
    print(f"PettingZoo AEC: {steps / (time.perf_counter() - t0):7.0f} steps/s")


def openspiel(games: int, simulations: int) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    from beanframe.adapters import openspiel as bo

    game = bo.load(["al_cabohne"], 2, seed=1)
    rng = np.random.default_rng(0)
    states = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            states += 1
    print(f"OpenSpiel random play: {states / (time.perf_counter() - t0):7.0f} states/s")

    solo = bo.load(["al_cabohne"], 1, seed=2)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(solo, mcts.RandomRolloutEvaluator(1, rs), 2.0, simulations, random_state=rs)
    state = solo.new_initial_state()
    searched = 0
    t0 = time.perf_counter()
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            searched += 1
        state.apply_action(bot.step(state))
    took = time.perf_counter() - t0
    print(
        f"OpenSpiel ISMCTS solo game, {simulations} simulations per decision: {searched} searches in {took:.1f} s, "
        f"{searched * simulations / took:.0f} simulations/s, returns {state.returns()}"
    )


def tournament_scaling(games: int, bots: str, players: int) -> None:
    """Games per second of a tournament with 1 and 2 workers, local and Ray (start-up apart)."""
    import os

    from beanframe.tournament import tournament

    print(
        f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} on {os.cpu_count()} CPUs"
    )
    wins = {}
    for backend in ("local", "ray"):
        for jobs in (1, 2):
            t0 = time.perf_counter()
            if backend == "ray":  # a local Ray instance: its start-up is not the games' cost
                import ray

                ray.init(num_cpus=jobs, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
                started = time.perf_counter() - t0
                t0 = time.perf_counter()
            else:
                started = 0.0
            result = tournament(
                ["al_cabohne"],
                bots.split(","),
                n=games,
                players=players,
                seed=1,
                bot_seed=5,
                jobs=jobs,
                backend=backend,
            )
            took = time.perf_counter() - t0
            if backend == "ray":
                ray.shutdown()
            wins[(backend, jobs)] = repr([(r["bots"], r["scores"], r["moves"]) for r in result.records])
            print(
                f"tournament {bots} {players}p, {backend} x{jobs}: {games} games in {took:.1f} s = "
                f"{games / took:.1f} games/s" + (f" (Ray start-up {started:.1f} s)" if started else ""),
                flush=True,
            )
    same = len(set(wins.values())) == 1
    print(f"same results with 1 and 2 workers, local and Ray: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument(
        "--tournament", type=int, default=0, metavar="GAMES", help="only the tournament scaling, with GAMES games"
    )
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    if args.tournament:
        tournament_scaling(args.tournament, args.bots, args.players)
        return
    core(1, args.games)
    core(2, args.games)
    pettingzoo(max(1, args.games // 4))
    openspiel(max(1, args.games // 4), args.simulations)


if __name__ == "__main__":
    main()
