"""Fit Al Cabohne's learned solo value (``plugins/al_cabohne/value.toml``) from seeded greedy games.

    python benchmarks/fit_al_cabohne_value.py --seed 2000 -n 2000 --jobs 2 --write

Plays ``-n`` solo games of the greedy bot (game i: seed ``--seed + i``), records the greedy
evaluation's components (``Evaluation.components``) at every decision with a choice, and fits the
final margin (own coins minus the mafia's doubled coins) by ridge regression on the components,
the components times deck/100, and one bias per phase. Every fifth game is held out: the script
prints the held-out R^2 of the fit and of greedy's own evaluation, and the spread of the margin
around the fit by deck size (``noise = a + b * deck``). ``--write`` writes ``value.toml``.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

import beanframe
from beanframe_plugins.al_cabohne.bots.evaluation import COMPONENTS

TABLE = Path(__file__).resolve().parent.parent / "plugins" / "al_cabohne" / "value.toml"
PHASES = ("tax", "play", "before_flip", "plant")


def one_game(seed: int) -> tuple[float, list[list[float]]]:
    rs = beanframe.compose(["al_cabohne"], players=1)
    game = rs.new_game(seed=seed)
    bot = rs.bots["greedy"].factory(seed=seed, ruleset=rs)
    rows = []
    while not game.is_over:
        legal = game.legal_actions()
        view = game.view(0)
        if len(legal) > 1 and view.phase in PHASES:
            bot.w = bot._solo_w
            x = bot.components(bot._model(view), view.phase)
            rows.append([*x, view["beans"].deck_size, PHASES.index(view.phase), bot.evaluate(view)])
        game.apply(bot.act(view, legal))  # asked at forced decisions too: it remembers (F.21)
    scores = game.result.scores
    return scores["p1"] - scores["mafia"], rows


def design(x: np.ndarray) -> np.ndarray:
    k = len(COMPONENTS)
    comps, deck, phase = x[:, :k], x[:, k] / 100.0, x[:, k + 1]
    return np.hstack([comps, comps * deck[:, None], *[(phase == p)[:, None].astype(float) for p in range(len(PHASES))]])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=2000)
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true", help=f"write {TABLE}")
    a = ap.parse_args()
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as ex:
        games = list(ex.map(one_game, range(a.seed, a.seed + a.n), chunksize=10))
    margins = np.array([m for m, _ in games])
    x = np.array([r for _, rows in games for r in rows])
    y = np.array([m for m, rows in games for _ in rows])
    game_of = np.array([i for i, (_, rows) in enumerate(games) for _ in rows])
    print(f"{a.n} greedy games in {time.perf_counter() - t0:.0f} s: won {np.mean(margins > 0):.3f}, mean margin {margins.mean():.2f}; {len(y)} positions")
    train, test = game_of % 5 != 0, game_of % 5 == 0
    d = design(x)
    w = np.linalg.solve(d[train].T @ d[train] + a.ridge * np.eye(d.shape[1]), d[train].T @ y[train])
    res = y[test] - d[test] @ w
    greedy = x[:, -1]
    slope, icpt = np.polyfit(greedy[train], y[train], 1)
    gres = y[test] - (slope * greedy[test] + icpt)
    print(f"held-out R^2: fitted value {1 - res.var() / y[test].var():.3f}, greedy's evaluation {1 - gres.var() / y[test].var():.3f}")
    deck = x[test, len(COMPONENTS)]
    b, a0 = np.polyfit(deck, np.abs(res) * np.sqrt(np.pi / 2), 1)  # mean |res| of a normal: sd * sqrt(2/pi)
    print(f"spread of the margin around the fit: {a0:.3f} + {b:.4f} * deck")
    k = len(COMPONENTS)
    for name, c, pc in zip(COMPONENTS, w[:k], w[k : 2 * k]):
        print(f"  {name:14s} {c:8.3f} {pc:+8.3f} x deck/100")
    if a.write:
        lines = [
            "# Al Cabohne's learned solo value (plugins/al_cabohne/bots/value.py), written by",
            f"# benchmarks/fit_al_cabohne_value.py --seed {a.seed} -n {a.n} --ridge {a.ridge}",
            f"# (greedy self-play; held-out R^2 {1 - res.var() / y[test].var():.3f})",
            "[solo]",
            f"noise = [{a0:.4f}, {b:.5f}]",
            "[solo.weights]",
            *[f"{n} = {c:.5f}" for n, c in zip(COMPONENTS, w[:k])],
            "[solo.per_card]",
            *[f"{n} = {c:.5f}" for n, c in zip(COMPONENTS, w[k : 2 * k])],
            "[solo.phase]",
            *[f"{p} = {c:.5f}" for p, c in zip(PHASES, w[2 * k :])],
        ]
        TABLE.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {TABLE}")


if __name__ == "__main__":
    main()
