"""Win rates of the bots, for every variant set, by seat.

    python benchmarks/winrates.py [--games N] [--jobs J] [--only LINE,GROUP,...]
                                  [--variants al_cabohne,cheap_field] [-o VARIANT.NAME=VALUE ...]

``--only`` takes lines and groups of lines (default: the group ``al_cabohne``); ``--only all`` is
every line. Al Cabohne's lines (group ``al_cabohne``) print, over N seeded games (seeds 0..N-1):

* greedy solo: win rate with a 95% Wilson interval, mean score vs mean (doubled) mafia score;
* greedy vs random, 2 players: greedy sits first (p1) on even seeds and second (p2) on odd ones;
  greedy's, random's and the mafia's win rates (shared wins count for each winner);
* greedy vs greedy (``self``), 2 players: how often the mafia wins against two greedy players;
* baselines: random solo, random vs random.

The other variant sets' lines (matches: one bot measured, "me", against others) are played as
duplicates: game ``i`` deals seed ``i // players`` with "me" at seat ``i % players``, so every deal
is played once with "me" at each seat and the luck of the deal cancels out of the comparison (with
the same bot everywhere, game ``i`` deals seed ``i``). They print the win rate with its 95%
Wilson interval overall and by seat (with the same bot everywhere: each seat's), the mafia's where
it plays, mean scores, turns and actions per game, games per second, and the means of the
variants' game statistics (``beanframe_game_stats``: Prohibohn's cards bought, Bohnanza's trades):

* group ``prohibohn`` (issue 7): the ``prohibohn`` bot against ``random``, against itself, against
  Al Cabohne's ``greedy`` (which buys by the registered purchase values alone) and against
  ``prohibohn-v1`` (the bot as it was before it modelled Varieté and Nightbar plays:
  ``ProhibohnGreedy(..., plays=False)``), and that previous bot against ``random``; how often each
  card (buildings, police stations, razzia) is bought per game, in all and by "me";
* group ``bohnanza`` (issue 8): one ``greedy`` trader against three ``greedy-notrade`` and against
  three ``greedy-passive`` (who answer offers but make none); 4 random players; trades per game;
* group ``bohnaparte`` (issue 9): 4 ``general`` bots (and 4 random players), by seat.

Shared wins count for each winner. Bots are seeded from the game seed, so every run gives the same
figures. ``--variants`` and ``-o`` measure the same lines under house rules and options (e.g.
``--variants al_cabohne,cheap_field`` or ``-o al_cabohne.solo_mafia_factor=3``; ``-o
prohibohn.pub=true`` for the pub variant); bots are made from that ruleset, so they play its rules.
``--variants`` replaces every line's own variant set.
"""

from __future__ import annotations

import argparse
import math
import sys
import tomllib
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

try:
    import beanframe
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import beanframe
from beanframe.agents import RandomBot, make_bot, play_game
from beanframe.core.scoring import game_stats

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
    if name == "random":
        return RandomBot(seed)
    if name == "prohibohn-v1":  # the Prohibohn bot before it modelled Varieté/Nightbar plays
        from beanframe_plugins.prohibohn.bots import ProhibohnGreedy

        return ProhibohnGreedy(rs, seed, plays=False)
    return make_bot(rs, name, seed)


@dataclass(frozen=True)
class Match:
    """A line of another variant set: ``me`` at seat ``seed % players``, ``other`` elsewhere."""

    title: str
    variants: tuple[str, ...]
    players: int
    me: str
    other: str


PROHIBOHN = ("al_cabohne", "prohibohn")
MATCHES = {
    "prohibohn-random": Match("prohibohn bot vs random", PROHIBOHN, 2, "prohibohn", "random"),
    "prohibohn-self": Match("prohibohn bot vs itself", PROHIBOHN, 2, "prohibohn", "prohibohn"),
    "prohibohn-greedy": Match("prohibohn bot vs Al Cabohne's greedy (buys by the registered values alone)", PROHIBOHN, 2, "prohibohn", "greedy"),
    "prohibohn-v1": Match("prohibohn bot vs its previous version (no Varieté/Nightbar plays)", PROHIBOHN, 2, "prohibohn", "prohibohn-v1"),
    "prohibohn-v1-random": Match("previous prohibohn bot vs random", PROHIBOHN, 2, "prohibohn-v1", "random"),
    "bohnanza-trader": Match("one greedy trader vs three greedy-notrade", ("bohnanza",), 4, "greedy", "greedy-notrade"),
    "bohnanza-passive": Match("one greedy trader vs three greedy-passive", ("bohnanza",), 4, "greedy", "greedy-passive"),
    "bohnanza-greedy": Match("four greedy traders", ("bohnanza",), 4, "greedy", "greedy"),
    "bohnanza-random": Match("four random players", ("bohnanza",), 4, "random", "random"),
    "bohnaparte": Match("four general bots", ("bohnanza", "bohnaparte"), 4, "general", "general"),
    "bohnaparte-random": Match("four random players", ("bohnanza", "bohnaparte"), 4, "random", "random"),
}
AL_CABOHNE = ("solo", "duel", "self", "random-solo", "random-duel")
GROUPS = {
    "al_cabohne": AL_CABOHNE,
    "prohibohn": ("prohibohn-random", "prohibohn-self", "prohibohn-greedy", "prohibohn-v1", "prohibohn-v1-random"),
    "bohnanza": ("bohnanza-trader", "bohnanza-passive", "bohnanza-greedy", "bohnanza-random"),
    "bohnaparte": ("bohnaparte", "bohnaparte-random"),
}
GROUPS["all"] = tuple(k for g in ("al_cabohne", "prohibohn", "bohnanza", "bohnaparte") for k in GROUPS[g])


def play_match(kind: str, seed: int, setup: Setup) -> dict:
    """One game of a :data:`MATCHES` line: who sat where, who won, scores, length, statistics."""
    m = MATCHES[kind]
    rs = _ruleset(m.players, setup)
    me_seat = seed % m.players
    deal = seed if m.me == m.other else seed // m.players  # duplicates: each deal once per seat of "me"
    agents = [_bot(rs, m.me if k == me_seat else m.other, seed * 10 + k) for k in range(m.players)]
    game = play_game(rs.new_game(seed=deal), agents)
    r = game.result
    seats = [f"p{k + 1}" for k in range(m.players)]
    mine: dict[str, float] = {}
    if "prohibohn" in game.state.parts:  # the cards "me" bought (the statistics count everyone's)
        from beanframe_plugins.prohibohn.cards import CARDS

        mine = dict(Counter(f"bought {CARDS[i].key}" for i in game.part("prohibohn").owned[me_seat]))
    return {
        "seat": me_seat,
        "won": {k for k, s in enumerate(seats) if s in r.winners},
        "mafia_won": "mafia" in r.winners,
        "has_mafia": "mafia" in r.scores,
        "me": r.scores[seats[me_seat]],
        "others": mean(r.scores[s] for k, s in enumerate(seats) if k != me_seat),
        "turns": game.state.turn,
        "actions": len(game.actions),
        "stats": game_stats(game),
        "mine": mine,
    }


def play_one(task: tuple) -> dict:
    """One game: (kind, seed[, setup]) -> for Al Cabohne's lines, scores of "me" (the bot
    measured), "other" and "mafia", and the winners among "me", "other", "mafia"; for a
    :data:`MATCHES` line, :func:`play_match`."""
    kind, seed, *rest = task
    setup = rest[0] if rest else DEFAULT
    if kind in MATCHES:
        return play_match(kind, seed, setup)
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


def report_match(kind: str, results: list[dict], seconds: float) -> None:
    m = MATCHES[kind]
    n = len(results)
    print(f"{kind}: {m.title}, {m.players} players ({n} games, {n / seconds:.2f} games/s, {seconds:.1f} s)")
    if m.me != m.other:
        print(f"  {m.me + ' (me)':<22} win rate : {rate(sum(r['seat'] in r['won'] for r in results), n)}")
        for k in range(m.players):
            at = [r for r in results if r["seat"] == k]
            if at:
                print(f"    me at seat p{k + 1:<12} win rate : {rate(sum(k in r['won'] for r in at), len(at))}")
        others = sum(any(s != r["seat"] for s in r["won"]) for r in results)
        print(f"  {m.other + ' (any)':<22} win rate : {rate(others, n)}")
    else:
        for k in range(m.players):
            print(f"  seat p{k + 1:<16} win rate : {rate(sum(k in r['won'] for r in results), n)}")
    if results[0]["has_mafia"]:
        print(f"  {'mafia':<22} win rate : {rate(sum(r['mafia_won'] for r in results), n)}")
    diffs = [r["me"] - r["others"] for r in results]
    d = mean(diffs)
    half = 1.96 * math.sqrt(sum((x - d) ** 2 for x in diffs) / max(1, n - 1) / n)
    print(
        f"  mean score: me {mean(r['me'] for r in results):.2f}, others {mean(r['others'] for r in results):.2f}"
        f" (me - others {d:+.2f} +- {half:.2f});"
        f" mean turns {mean(r['turns'] for r in results):.1f}, mean actions {mean(r['actions'] for r in results):.0f}"
    )
    keys = sorted({key for r in results for key in r["stats"]})
    if keys:
        print("  per game (all players): " + ", ".join(f"{key} {mean(r['stats'].get(key, 0) for r in results):.2f}" for key in keys))
    mine = sorted({key for r in results for key in r["mine"]})
    if mine and m.me != m.other:
        print("  per game (me): " + ", ".join(f"{key} {mean(r['mine'].get(key, 0) for r in results):.2f}" for key in mine))


def report(kind: str, results: list[dict], seconds: float) -> None:
    if kind in MATCHES:
        report_match(kind, results, seconds)
        return
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
        default="al_cabohne",
        help=f"comma-separated lines ({', '.join([*AL_CABOHNE, *MATCHES])}) or groups ({', '.join(GROUPS)})",
    )
    parser.add_argument(
        "--variants", default=None, help="comma-separated variant set replacing every line's own (e.g. al_cabohne,cheap_field)"
    )
    parser.add_argument(
        "-o", "--option", action="append", default=[], metavar="VARIANT.NAME=VALUE", help="a variant option (repeatable)"
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    kinds: list[str] = []
    for word in (k.strip() for k in args.only.split(",") if k.strip()):
        if word not in GROUPS and word not in AL_CABOHNE and word not in MATCHES:
            parser.error(f"unknown line {word!r} (lines: {', '.join([*AL_CABOHNE, *MATCHES])}; groups: {', '.join(GROUPS)})")
        kinds += [k for k in GROUPS.get(word, (word,)) if k not in kinds]
    try:
        options = tuple(parse_option(o) for o in args.option)
        variants = tuple(v.strip() for v in args.variants.split(",") if v.strip()) if args.variants else None
        setups = {}
        for kind in kinds:
            own = MATCHES[kind].variants if kind in MATCHES else (VARIANT,)
            setups[kind] = (variants or own, options)
            players = MATCHES[kind].players if kind in MATCHES else 1 if kind.endswith("solo") else 2
            _ruleset(players, setups[kind])  # a bad variant set or option fails here, in one line
    except (ValueError, beanframe.ConfigError) as exc:
        parser.error(str(exc))
    shown = None
    for kind in kinds:
        setup = setups[kind]
        if setup != DEFAULT and setup != shown:
            print(f"variants: {' + '.join(setup[0])}; options: {', '.join(f'{v}.{n}={x!r}' for v, n, x in setup[1]) or 'defaults'}")
            shown = setup
        start = time.perf_counter()
        results = run(kind, args.games, max(1, args.jobs), setup)
        report(kind, results, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
