"""Measure the ISMCTS bot: win rates (95% Wilson intervals) and iterations per second.

    python benchmarks/search.py --players 1 -n 200 --seed 1100 --jobs 2 --baseline
    python benchmarks/search.py --players 2 -n 100 --seed 1200 --jobs 2 --opponent greedy --baseline
    python benchmarks/search.py --variants bohnanza --players 3 -n 30 -o iterations=60 --baseline

Solo: ISMCTS against the mafia. Two players: ISMCTS against ``--opponent``, seats alternating
(game i: ISMCTS at seat i % 2), so the rate is seat-balanced. Game i has seed ``--seed + i``.
``--baseline`` also plays the opponent bot (greedy) in ISMCTS's seat on the same seeds and counts
the games only one of them won (a paired comparison).

Two players, "against greedy" read as head to head: the share of games ISMCTS ends ahead of
greedy by coins (ties half; as a tournament's head to head ranks them, a winner having the most),
seats alternating; the mafia wins most 2-player games, so a game win alone says little. Measured
2026-11-22 (later session), the machine otherwise idle, ``--jobs 2``:
- with the defaults now (goal ``rank``; Al Cabohne's 2-player tuning: top 8, gap 3, confidence 1),
  fresh seeds 1200-1299, ``--baseline``: **ahead of greedy 61/100 = 61.0% [51.2, 70.0]**; greedy in
  its seat on the same seeds ahead 52.5/100; games won: ismcts 7, greedy in its seat 10 (won by
  ismcts only 6, by greedy only 9), the other player 5; 1,571 iterations/s, 401 iterations and
  0.255 s per searched decision (~147 searched a game), greedy overruled at 4,209 of 14,683;
  1,908 s wall. With the same settings, seeds 1100-1159: ahead 38.5/60 = 64.2% [51.5, 75.1]
  (greedy in its seat 27.5/60), won 11 (greedy in its seat 4). Both: 99.5/160 = 62.2% [54.5, 69.3].
- the goals, seeds 1000-1039 (greedy in its seat ahead 14.5/40, won 2), top 4, gap 0.5,
  confidence 2: goal ``win`` ahead 18/40, won 9; ``ahead`` 26/40, won 7; ``rank`` 25/40, won 9.
  ``rank`` on fresh seeds 1100-1178 (stopped): ahead 41.5/79 = 52.5%, won 4.
- ``rank`` searching wider, seeds 1100-1159: top 6, gap 1.5, confidence 1.5: ahead 35/60, won 14;
  top 8, gap 3, confidence 1: 38.5/60, won 11 (above); greedy in its seat 27.5/60, won 4.

Measured 2026-11-22 with the defaults (400 iterations, top 4, gap 0.5, tree 1, the learned solo
value as the leaf, the prior asked at every decision), the machine otherwise idle, ``--jobs 2``:
- solo, seeds 1100-1299 (fresh: not used to choose anything): **159/200 = 79.5% [73.4, 84.5]**;
  greedy on the same seeds 140/200 = 70.0% [63.3, 75.9] (over 2,000 seeds, 2000-3999: 65.9%);
  won by ismcts only 30, by greedy only 11; 3,491 iterations/s, 0.115 s per searched decision
  (about 76 a game), greedy overruled at 3,078 of 15,148; 911 s wall.
- 2 players against greedy (goal ``win``: before ``goal``), seeds 1000-1039, seats alternating: ismcts won 9/40 = 22.5% [12.3,
  37.5], greedy in its seat on the same seeds 2/40 (the mafia wins most 2-player games); won by
  ismcts only 8, by greedy only 1; ahead of greedy (more coins) 18/40 (greedy in its seat 14/40);
  716 iterations/s, 0.56 s per searched decision; 909 s wall. Its first 30 games again with
  ``--jobs 1`` (the same choices: the budget is iterations), counting greedy's wins: ismcts 8,
  greedy 3, the mafia 19; of the games a player won, ismcts won 8/11 = 72.7% [43.4, 90.3]; ahead
  12/30; 1,982 iterations/s, 0.20 s per searched decision. (With the ``relative`` evaluation
  instead of the learned chances: ahead 14/27, before it was stopped.)
- Prohibohn, 2 players against greedy, seeds 1000-1023: ismcts won **15/24 = 62.5%** [42.7,
  78.8], greedy 4/24; of the games a player won, ismcts won 15/19 = 78.9% [56.7, 91.5]; ahead of
  greedy 19/24 = 79% [59.5, 90.8]; greedy in ismcts's seat won 7/24 and was ahead 10/24; won by
  ismcts only 10, by greedy only 2; 1,270 iterations/s, 0.32 s per searched decision; 483 s wall.
  (Before Prohibohn's own search policy, the leaf counting no building: 9/19 with greedy 8/19.)
  Again at the later session's end (goal ``rank``; Prohibohn keeps the default top/gap/confidence,
  Al Cabohne's learned value not holding there): won 13/24 = 54.2% [35.1, 72.1], greedy 6/24;
  ahead of greedy 15.5/24 (ties half) = 64.6% [44.7, 80.4]; 1,390 iterations/s, 0.288 s per
  searched decision; the same games with ``-o goal=win`` (the goal changes only a finished
  game's reward there).
- Bohnanza, 3 players, ismcts against two greedy traders, seeds 1000-1017, seats rotating,
  ``-o iterations=60`` (trades have ~20 actions: 400 would cost ~1.5 s a decision): ismcts won
  **14/18 = 77.8%** [54.8, 91.0] (a fair share is 33%), greedy in its seat 6/18; won by ismcts only
  9, by greedy only 1; 570 iterations/s, 0.12 s per searched decision; 277 s wall.
- solo, seeds 1000-1099, the steps there (greedy 59/100): the prior that missed forced first plants
  (F.21) won 49/100 never overruled (58/100 once fixed); the old defaults with top 4 / gap 0.5
  64/100; + the learned value as a margin 65/100, as a chance of winning 68/100; + ``tree=1`` 78/100.

Earlier figures, before those changes (the prior then missed forced first plants), on the shared
2-core machine (load average 9-23), seeds 1000-1059 (solo) and
1000-1029 (2 players), ``--jobs 2``; greedy on seeds 1000-1199 solo: 127/200 = 63.5%:
- ``-o iterations=60 -o confidence=1`` (search policy, paired rounds, greedy prior): solo 36/60
  after 60 games against greedy's 41/60 on them (won only by ismcts 7, only by greedy 12); stopped.
- ``-o iterations=40`` (confidence 2, the default): solo 41/60 = 68.3% [55.8, 78.7], greedy 41/60
  on the same seeds (10 and 10 won by one of them only); 221 iterations/s, 41 iterations and
  0.19 s per searched decision, greedy overruled at 460 of 9399 decisions. 2 players: 3/30 won
  (greedy in that seat 2/30; the mafia wins most games), ahead of greedy 11/30 (greedy: 10/30).
- ``-o iterations=24 -o rollout=greedy -o confidence=1.5`` (``--jobs 1``): solo 16/24, greedy 18/24
  on the same seeds (3 and 5 won by one only); 102 iterations/s.

Measured 2026-11-22 (load average ~2), seeds 1000-1099 solo, ``--jobs 2 --baseline``; greedy on
them: 59/100 = 59.0% [49.2, 68.1]. Searching only greedy's close top actions (``top``/``gap``:
greedy's own look-ahead scores within 0.5 coins, at most 4; ~74 searched decisions a game):
- ``-o iterations=400 -o top=4 -o gap=0.5``: 63/100 = 63.0% [53.2, 71.8]; won by ismcts only 15,
  by greedy only 11 (not significant); 2,766 iterations/s, 401 iterations and 0.145 s per
  searched decision, greedy overruled at 1412 of 7340.
- ``-o iterations=120 -o top=4 -o gap=0.5 -o rollout=greedy`` (greedy plays the rest of the turn
  to the horizon): 60/100 = 60.0% [50.2, 69.1]; 13 and 12 won by one only; 1,220 iterations/s,
  0.098 s per searched decision, overruled at 900 of 7392.
- 2 players, seeds 1000-1039, ``-o iterations=400 -o top=4 -o gap=0.5``: ahead of greedy (more
  points) in 22/40 = 55% [39.8, 69.3] (greedy in that seat: 14/40), won 4/40 (greedy 2/40; the
  mafia wins most); 1,872 iterations/s, 0.214 s per searched decision.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import beanframe
from beanframe.agents import make_bot
from beanframe.core.scoring import seat_name
from beanframe.search import ISMCTSBot, decide
from beanframe.simulate import wilson_interval


def _parse(opts):
    out = {}
    for o in opts:
        k, v = o.split("=", 1)
        try:
            out[k] = int(v)
        except ValueError:
            try:
                out[k] = float(v)
            except ValueError:
                out[k] = v
    return out


def baseline(args):
    """The opponent bot (greedy) in ISMCTS's seat on the same seed: the paired comparison."""
    variants, players, seed, _options, opponent = args
    rs = beanframe.compose(variants, players=players)
    game = rs.new_game(seed=seed)
    me = seed % players
    agents = [make_bot(rs, opponent, seed * 31 + p) for p in range(players)]
    while not game.is_over:
        game.apply(decide(game, agents[game.to_act]))
    return game.result.won(seat_name(me)), _ahead(game, me)


def _ahead(game, me):
    """1 if ``me`` scored more than every other player (the mafia aside), 0.5 if tied for the most,
    else 0: the head-to-head result, as the mafia wins most 2-player games between greedy bots."""
    scores = game.result.scores
    own = scores.get(seat_name(me), 0)
    others = [scores.get(seat_name(p), 0) for p in range(game.players) if p != me]
    if not others:  # solo: no other player to be ahead of
        return 0.0
    best = max(others)
    return 1.0 if own > best else 0.5 if own == best else 0.0


def one(args):
    variants, players, seed, options, opponent = args
    rs = beanframe.compose(variants, players=players)
    game = rs.new_game(seed=seed)
    me = seed % players
    bot = ISMCTSBot(seed=seed * 7919 + 1, **options)
    agents = [make_bot(rs, opponent, seed * 31 + p) for p in range(players)]
    agents[me] = bot
    its = secs = 0.0
    searched = overruled = 0
    while not game.is_over:
        agent = agents[game.to_act]
        action = decide(game, agent)
        if agent is bot and bot.last_iterations:
            its += bot.last_iterations
            secs += bot.last_seconds
            searched += 1
            overruled += bot.last_overruled
            bot.last_iterations = 0
        game.apply(action)
    others = any(game.result.won(seat_name(p)) for p in range(players) if p != me)
    return game.result.won(seat_name(me)), its, secs, searched, overruled, _ahead(game, me), others


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", default="al_cabohne")
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("-o", "--option", action="append", default=[])
    ap.add_argument(
        "--baseline", action="store_true", help="also play the opponent bot in ISMCTS's seat on the same seeds"
    )
    a = ap.parse_args()
    options = _parse(a.option)
    variants = a.variants.split(",")
    tasks = [(variants, a.players, a.seed + i, options, a.opponent) for i in range(a.n)]
    t0 = time.perf_counter()
    wins = its = secs = searched = overruled = 0
    results: list[bool] = []
    aheads = others_won = 0
    with ProcessPoolExecutor(a.jobs) as ex:
        for k, (won, i, s, d, o, ahead, others) in enumerate(ex.map(one, tasks), 1):
            overruled += o
            aheads += ahead
            others_won += others
            results.append(won)
            wins += won
            its += i
            secs += s
            searched += d
            lo, hi = wilson_interval(wins, k)
            print(f"{k}/{a.n} wins {wins} rate {wins / k:.3f} [{lo:.3f}, {hi:.3f}] ahead {aheads:g} won by another player {others_won}", flush=True)
    lo, hi = wilson_interval(wins, a.n)
    if a.baseline:
        with ProcessPoolExecutor(a.jobs) as ex:
            pairs = list(ex.map(baseline, tasks))
        base = [w for w, _ in pairs]
        bw = sum(base)
        blo, bhi = wilson_interval(bw, a.n)
        only_s = sum(1 for x, y in zip(results, base, strict=True) if x and not y)
        only_b = sum(1 for x, y in zip(results, base, strict=True) if y and not x)
        print(
            f"{a.opponent} in the same seat on the same seeds: {bw}/{a.n} = {bw / a.n:.3f} [{blo:.3f}, {bhi:.3f}]; "
            f"won by ismcts only {only_s}, by {a.opponent} only {only_b}"
            + (f"; ahead of the others {sum(h for _, h in pairs):g}/{a.n} (ties half)" if a.players > 1 else "")
        )
    print(
        f"ismcts {options} players={a.players} vs {a.opponent if a.players > 1 else 'mafia'}: "
        f"{wins}/{a.n} = {wins / a.n:.3f} [{lo:.3f}, {hi:.3f}]; "
        + (
            f"ahead of the others {aheads:g}/{a.n} (ties half) = {aheads / a.n:.3f} [{wilson_interval(aheads, a.n)[0]:.3f}, {wilson_interval(aheads, a.n)[1]:.3f}]; "
            f"won by another player {others_won}/{a.n} (of the games a player won, ismcts won {wins}/{wins + others_won}"
            + (f" = {wins / (wins + others_won):.3f} [{wilson_interval(wins, wins + others_won)[0]:.3f}, {wilson_interval(wins, wins + others_won)[1]:.3f}]" if wins + others_won else "")
            + "); "
            if a.players > 1
            else ""
        )
        + f"{its / max(secs, 1e-9):.0f} iterations/s, {its / max(searched, 1):.0f} iterations and "
        f"{secs / max(searched, 1):.3f} s per searched decision; the prior overruled at {overruled} of {searched}; {time.perf_counter() - t0:.0f} s wall"
    )


if __name__ == "__main__":
    main()
