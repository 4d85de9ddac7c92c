"""Win rates of Al Cabohne's bots against the mafia and each other.

    python benchmarks/winrates.py [--games N] [--jobs J] [--only solo,duel,self,random-solo,random-duel]
                                  [--variants al_cabohne,cheap_field] [-o VARIANT.NAME=VALUE ...]

Prints, over N seeded games (seeds 0..N-1):

* greedy solo: win rate with a 95% Wilson interval, mean score vs mean (doubled) mafia score;
* greedy vs random, 2 players: greedy sits first (p1) on even seeds and second (p2) on odd ones;
  greedy's, random's and the mafia's win rates (shared wins count for each winner);
* greedy vs greedy (``self``), 2 players: how often the mafia wins against two greedy players;
* baselines: random solo, random vs random.

Bots are seeded from the game seed, so every run gives the same figures. ``--variants`` and ``-o``
measure the same lines under house rules and options (e.g. ``--variants al_cabohne,cheap_field`` or
``-o al_cabohne.solo_mafia_factor=3``); bots are made from that ruleset, so they play its rules.
"""

from __future__ import annotations

import argparse
import math
import sys
import tomllib
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

try:
    import beanframe
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import beanframe
from beanframe.agents import RandomBot, make_bot, play_game

VARIANT = "al_cabohne"
_rulesets: dict[tuple, object] = {}

# What a task carries besides (kind, seed): the variants and the options, as hashable tuples so
# that worker processes can compose (and cache) the same ruleset.
Setup = tuple[tuple[str, ...], tuple[tuple[str, str, object], ...]]
DEFAULT: Setup = ((VARIANT,), ())


def _ruleset(players: int, setup: Setup = DEFAULT):
    key = (players, setup)
    rs = _rulesets.get(key)
    if rs is None:
        variants, assignments = setup
        options: dict[str, dict] = {}
        for variant, name, value in assignments:
            options.setdefault(variant, {})[name] = value
        rs = _rulesets[key] = beanframe.compose(list(variants), players, options)
    return rs


def parse_option(text: str) -> tuple[str, str, object]:
    """``VARIANT.NAME=VALUE`` (the value read as TOML: 3, true, "x"; else kept as text)."""
    key, sep, value = text.partition("=")
    variant, dot, name = key.strip().rpartition(".")
    if not sep or not dot or not name:
        raise ValueError(f"bad option {text!r}: write VARIANT.NAME=VALUE, e.g. al_cabohne.third_field_cost=3")
    try:
        parsed = tomllib.loads(f"v = {value.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        parsed = value.strip()
    return (variant, name, parsed)


def _bot(rs, name: str, seed: int):
    return RandomBot(seed) if name == "random" else make_bot(rs, name, seed)


def play_one(task: tuple) -> dict:
    """One game: (kind, seed[, setup]) -> scores of "me" (the bot measured), "other" and
    "mafia", and the winners among "me", "other", "mafia"."""
    kind, seed, *rest = task
    setup = rest[0] if rest else DEFAULT
    if kind in ("solo", "random-solo"):
        rs = _ruleset(1, setup)
        name = "greedy" if kind == "solo" else "random"
        game = rs.new_game(seed=seed)
        play_game(game, [_bot(rs, name, seed)])
        r = game.result
        won = {"me"} if "p1" in r.winners else {"mafia"}
        return {"me": r.scores["p1"], "mafia": r.scores["mafia"], "won": won}
    rs = _ruleset(2, setup)
    me_name = "random" if kind == "random-duel" else "greedy"
    me_seat = seed % 2  # p1 on even seeds, p2 on odd seeds
    agents = [None, None]
    agents[me_seat] = _bot(rs, me_name, 2 * seed)
    agents[1 - me_seat] = _bot(rs, "greedy" if kind == "self" else "random", 2 * seed + 1)
    game = rs.new_game(seed=seed)
    play_game(game, agents)
    r = game.result
    seats = {f"p{me_seat + 1}": "me", f"p{2 - me_seat}": "other", "mafia": "mafia"}
    return {
        "me": r.scores[f"p{me_seat + 1}"],
        "other": r.scores[f"p{2 - me_seat}"],
        "mafia": r.scores["mafia"],
        "won": {seats[w] for w in r.winners},
    }


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k / n:6.1%}  [{lo:.1%}, {hi:.1%}]  ({k}/{n})"


def run(kind: str, games: int, jobs: int, setup: Setup = DEFAULT) -> list[dict]:
    tasks = [(kind, s, setup) for s in range(games)]
    if jobs <= 1:
        return [play_one(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play_one, tasks, chunksize=max(1, games // (jobs * 8))))


def mean(xs) -> float:
    xs = list(xs)
    return sum(xs) / len(xs) if xs else 0.0


def report(kind: str, results: list[dict], seconds: float) -> None:
    n = len(results)
    wins = lambda who: sum(who in r["won"] for r in results)
    if kind in ("solo", "random-solo"):
        who = "greedy" if kind == "solo" else "random"
        print(f"{who} solo ({n} games, {seconds:.1f} s)")
        print(f"  {who} win rate : {rate(wins('me'), n)}")
        print(
            f"  mean score     : {who} {mean(r['me'] for r in results):.2f}  vs  mafia {mean(r['mafia'] for r in results):.2f} (doubled)"
        )
    elif kind == "self":
        print(f"greedy vs greedy, 2 players ({n} games; {seconds:.1f} s)")
        print(f"  {'greedy A':<12} win rate : {rate(wins('me'), n)}")
        print(f"  {'greedy B':<12} win rate : {rate(wins('other'), n)}")
        print(f"  {'mafia':<12} win rate : {rate(wins('mafia'), n)}")
        print(
            f"  mean score: greedy {mean((r['me'] + r['other']) / 2 for r in results):.2f}, "
            f"mafia {mean(r['mafia'] for r in results):.2f}"
        )
    else:
        who = "greedy" if kind == "duel" else "random"
        print(
            f"{who} vs random, 2 players ({n} games, {who} p1 on even seeds, p2 on odd; {seconds:.1f} s)"
        )
        print(
            f"  {who + ' (me)' if who == 'random' else who:<12} win rate : {rate(wins('me'), n)}"
        )
        print(f"  {'random':<12} win rate : {rate(wins('other'), n)}")
        print(f"  {'mafia':<12} win rate : {rate(wins('mafia'), n)}")
        print(
            f"  mean score: {who} {mean(r['me'] for r in results):.2f}, random {mean(r['other'] for r in results):.2f}, "
            f"mafia {mean(r['mafia'] for r in results):.2f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games",
        type=int,
        default=1000,
        help="games per line (seeds 0..N-1), default 1000",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes, default 1"
    )
    parser.add_argument(
        "--only",
        default="solo,duel,self,random-solo,random-duel",
        help="comma-separated: solo, duel, self, random-solo, random-duel",
    )
    parser.add_argument(
        "--variants", default=VARIANT, help="comma-separated variant set, default al_cabohne (e.g. al_cabohne,cheap_field)"
    )
    parser.add_argument(
        "-o", "--option", action="append", default=[], metavar="VARIANT.NAME=VALUE", help="a variant option (repeatable)"
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        setup: Setup = (
            tuple(v.strip() for v in args.variants.split(",") if v.strip()),
            tuple(parse_option(o) for o in args.option),
        )
        kinds = [k.strip() for k in args.only.split(",")]
        for kind in kinds:
            if kind not in ("solo", "duel", "self", "random-solo", "random-duel"):
                parser.error(f"unknown line {kind!r}")
        for players in sorted({1 if k.endswith("solo") else 2 for k in kinds}):
            _ruleset(players, setup)  # a bad variant set or option fails here, in one line
    except (ValueError, beanframe.ConfigError) as exc:
        parser.error(str(exc))
    if setup != DEFAULT:
        print(f"variants: {' + '.join(setup[0])}; options: {', '.join(f'{v}.{n}={x!r}' for v, n, x in setup[1]) or 'defaults'}")
    for kind in kinds:
        start = time.perf_counter()
        results = run(kind, args.games, max(1, args.jobs), setup)
        report(kind, results, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
