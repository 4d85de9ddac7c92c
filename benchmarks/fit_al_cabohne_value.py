"""Fit Al Cabohne's learned solo value (``plugins/al_cabohne/value.toml``) from seeded greedy games.

    python benchmarks/fit_al_cabohne_value.py --players 1 --seed 2000 -n 2000 --jobs 2 --write
    python benchmarks/fit_al_cabohne_value.py --players 2 --seed 2000 -n 1000 --jobs 2 --write
    python benchmarks/fit_al_cabohne_value.py --players 2 --ahead --seed 2000 -n 1000 --jobs 2 --write

Plays ``-n`` games of greedy bots (game i: seed ``--seed + i``), records the greedy evaluation's
components (``Evaluation.components``) at every decision with a choice, and fits the deciding
player's final margin (own coins minus the mafia's, doubled solo) by ridge regression on the
components, the components times the cards left / 100, and one bias per phase. Every fifth game is held out: the script
prints the held-out R^2 of the fit and of greedy's own evaluation, and the spread of the margin
around the fit by the cards left (``noise = a + b * left``). ``--write`` writes the player count's
table into ``value.toml`` (the other tables stay). With ``--ahead`` (2 players) the margin fitted
is the one on the other player (own coins minus theirs), on the components of both players' views
(the table ``duo_ahead``).
"""

from __future__ import annotations

import argparse
import time
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs
import numpy as np

import beanframe
from beanframe_plugins.al_cabohne.bots.evaluation import COMPONENTS
from beanframe_plugins.al_cabohne.bots.value import AHEAD_TABLES, TABLES

TABLE = Path(__file__).resolve().parent.parent / "plugins" / "al_cabohne" / "value.toml"
PHASES = ("leftovers", "tax", "play", "before_flip", "plant")


def one_game(args: tuple[int, int, bool]) -> list[tuple[float, list[float]]]:
    """(final margin, row) for every decision with a choice: the margin is the deciding player's
    coins minus the mafia's (doubled solo), or with ``ahead`` minus the other player's (whose
    components then follow the decider's in the row)."""
    seed, players, ahead = args
    rs = beanframe.compose(["al_cabohne"], players=players)
    game = rs.new_game(seed=seed)
    bots = [rs.bots["greedy"].factory(seed=seed * 7 + p, ruleset=rs) for p in range(players)]
    scratch = rs.bots["greedy"].factory(seed=0, ruleset=rs)  # the players' bots remember their turns
    scratch.w = scratch._solo_w if players == 1 else scratch._duo_w
    rows = []
    while not game.is_over:
        legal = game.legal_actions()
        me = game.to_act
        bot = bots[me]
        view = game.view(me)
        if len(legal) > 1 and view.phase in PHASES:
            x = scratch.components(scratch._model(view), view.phase)
            if ahead:
                x += scratch.components(scratch._model(game.view(1 - me)), view.phase)
            greedy = bot.evaluate(view) - (scratch.evaluate(game.view(1 - me)) if ahead else 0.0)
            rows.append((me, [*x, scratch.cards_left, PHASES.index(view.phase), greedy]))
        game.apply(bot.act(view, legal))  # asked at forced decisions too: it remembers (F.21)
    scores = game.result.scores
    return [(scores[f"p{me + 1}"] - scores[f"p{2 - me}" if ahead else "mafia"], row) for me, row in rows]


def design(x: np.ndarray, ahead: bool = False) -> np.ndarray:
    k = len(COMPONENTS) * (2 if ahead else 1)
    comps, deck, phase = x[:, :k], x[:, k] / 100.0, x[:, k + 1]
    return np.hstack([comps, comps * deck[:, None], *[(phase == p)[:, None].astype(float) for p in range(len(PHASES))]])


def _toml(v: object) -> str:
    """A TOML value: numbers as they print, booleans lower-case, text quoted."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return f'"{v}"' if isinstance(v, str) else str(v)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, choices=(1, 2), default=1)
    ap.add_argument("--seed", type=int, default=2000)
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--ahead", action="store_true", help="2 players: fit the margin on the other player")
    ap.add_argument("--write", action="store_true", help=f"write {TABLE}")
    a = ap.parse_args()
    if a.ahead and a.players != 2:
        ap.error("--ahead needs --players 2")
    t0 = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as ex:
        games = list(ex.map(one_game, [(s, a.players, a.ahead) for s in range(a.seed, a.seed + a.n)], chunksize=10))
    x = np.array([r for rows in games for _, r in rows])
    y = np.array([m for rows in games for m, _ in rows])
    game_of = np.array([i for i, rows in enumerate(games) for _ in rows])
    print(f"{a.n} greedy games in {time.perf_counter() - t0:.0f} s; {len(y)} positions, mean final margin {y.mean():.2f}")
    train, test = game_of % 5 != 0, game_of % 5 == 0
    d = design(x, a.ahead)
    w = np.linalg.solve(d[train].T @ d[train] + a.ridge * np.eye(d.shape[1]), d[train].T @ y[train])
    res = y[test] - d[test] @ w
    greedy = x[:, -1]
    slope, icpt = np.polyfit(greedy[train], y[train], 1)
    gres = y[test] - (slope * greedy[test] + icpt)
    print(f"held-out R^2: fitted value {1 - res.var() / y[test].var():.3f}, greedy's evaluation {1 - gres.var() / y[test].var():.3f}")
    n = len(COMPONENTS)
    k = n * (2 if a.ahead else 1)  # the row: components (the decider's, the other's), cards left, phase
    left = x[test, k]
    b, a0 = np.polyfit(left, np.abs(res) * np.sqrt(np.pi / 2), 1)  # mean |res| of a normal: sd * sqrt(2/pi)
    print(f"spread of the margin around the fit: {a0:.3f} + {b:.4f} * cards left")
    for i, name in enumerate(COMPONENTS):
        other = f"  other's {w[n + i]:8.3f} {w[k + n + i]:+8.3f}" if a.ahead else ""
        print(f"  {name:14s} {w[i]:8.3f} {w[k + i]:+8.3f} x cards left/100{other}")
    if a.write:
        name = (AHEAD_TABLES if a.ahead else TABLES)[a.players]
        tables = tomllib.loads(TABLE.read_text(encoding="utf-8")) if TABLE.exists() else {}
        seen = [p for p in PHASES if (x[:, k + 1] == PHASES.index(p)).any()]

        def named(first: int) -> dict[str, float]:
            return {c: round(float(v), 5) for c, v in zip(COMPONENTS, w[first : first + n])}

        tables[name] = {
            "source": f"benchmarks/fit_al_cabohne_value.py --players {a.players}{' --ahead' if a.ahead else ''} --seed {a.seed} -n {a.n} "
            f"--ridge {a.ridge} (greedy self-play; held-out R^2 {1 - res.var() / y[test].var():.3f})",
            "variants": ["al_cabohne"],
            "options": attrs.asdict(beanframe.compose(["al_cabohne"], players=a.players).options["al_cabohne"]),
            "noise": [round(float(a0), 4), round(float(b), 5)],
            "weights": named(0),
            "per_card": named(k),
            **({"other": named(n), "other_per_card": named(k + n)} if a.ahead else {}),
            "phase": {p: round(float(c), 5) for p, c in zip(PHASES, w[2 * k :]) if p in seen},
        }
        lines = ["# Al Cabohne's learned values (plugins/al_cabohne/bots/value.py), one table per player count"]
        for table, data in sorted(tables.items(), key=lambda t: (t[0] != "solo", t[0])):
            lines += ["", f"[{table}]", f"source = {data['source']!r}".replace("'", '"')]
            lines += [f"variants = {data['variants']}".replace("'", '"'), f"noise = {data['noise']}"]
            for part in ("options", "weights", "per_card", "other", "other_per_card", "phase"):
                if part not in data:
                    continue
                lines += [f"[{table}.{part}]", *[f"{n} = {_toml(v)}" for n, v in data[part].items()]]
        TABLE.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote [{name}] in {TABLE}")


if __name__ == "__main__":
    main()
