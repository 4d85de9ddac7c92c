"""``beanframe tournament``: bots against each other with seat rotation, rated (thin: see
:mod:`beanframe.tournament`)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from beanframe.core.actions import shorten
from beanframe.batch import resolve_jobs
from beanframe.errors import ConfigError
from beanframe.i18n import N_, _, ngettext
from beanframe.tournament import BACKENDS, TournamentResult, tournament

from .. import render
from ..config import gather, parse_value, require_variants


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Play a tournament: every bot at every seat on the same deals, rated with openskill.

Game i plays line-up i % L on the deal of seed S + i // L (L: the number of line-ups), so the
results depend only on the seeds, never on --jobs or --backend. Prints each bot's (and each
registered seat's) games, wins with 95% Wilson intervals, mean score and rating. Ctrl-C or
SIGTERM stops at once and keeps the finished games (a first line says when they started).""")


def tournament_cli(
    variants: Annotated[
        list[str] | None, typer.Argument(help=N_("Variants to play (see: beanframe variants; or from --config)."), show_default=False)
    ] = None,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help=N_("Bots, comma-separated: registered names, entry points (group beanframe.bots) or module:factory / file.py:factory."))
    ] = "ismcts,greedy,random",
    games: Annotated[int, typer.Option("-n", "--games", min=1, help=N_("Number of games."))] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p", help=N_("Players per game (default: 2 if allowed and several bots, else the smallest count)."), show_default=False)] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("Seed of the first deal. [default: 0]"), show_default=False)] = None,
    bot_seed: Annotated[int | None, typer.Option("--bot-seed", help=N_("Master seed of the bots' seeds (default: a fresh one, printed)."), show_default=False)] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help=N_("Worker processes or Ray CPUs (0: one per CPU). Results do not depend on it."))] = 1,
    backend: Annotated[str, typer.Option("--backend", help=f"Where games run: {' or '.join(BACKENDS)}.")] = "local",
    address: Annotated[str | None, typer.Option("--address", help=N_("Ray cluster address for --backend ray (default: a local Ray instance)."), show_default=False)] = None,
    out: Annotated[Path | None, typer.Option("--out", help=N_("One JSON line per game (simulate's format): beanframe replay FILE --game N."), show_default=False)] = None,
    bot_option: Annotated[
        list[str] | None, typer.Option("--bot-option", "-B", help=N_("A bot option, BOT.NAME=VALUE (repeatable), e.g. ismcts.iterations=100."), show_default=False)
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=N_("A variant option, VARIANT.NAME=VALUE (repeatable)."), show_default=False)] = None,
    config: Annotated[Path | None, typer.Option("--config", "-c", help=N_("A TOML file with variants, players, seed, [options.VARIANT]."), show_default=False)] = None,
) -> None:
    # the --help text is HELP (above): translated where it is shown
    settings = require_variants(gather(variants, players, seed, None, option, config))
    console = render.make_console()
    progress, on_progress = render.batch_progress(console, _("tournament"), min(resolve_jobs(jobs), games))
    try:
        result = tournament(
            list(settings.variants), bots.split(","), n=games, players=settings.players,
            seed=settings.seed if settings.seed is not None else 0, bot_seed=bot_seed,
            options=settings.options or None, bot_options=parse_bot_options(bot_option or ()),
            jobs=jobs, backend=backend, address=address, out=out, on_progress=on_progress,
            keep_records=False,  # the standings are running sums: memory flat for any -n
        )
    finally:
        progress.stop()
    if result.interrupted:
        console.print(_("interrupted: {done} of {n} games finished").format(done=result.n, n=games), style="bold red", markup=False)
    if result.n:
        tables = [results_table(result)]
        if len(result.bots) > 1:
            tables.append(head_to_head_table(result))
        render.render_all(console, tables)
        speed = ngettext("{rate} games/s ({seconds} s, {jobs} {backend} worker)", "{rate} games/s ({seconds} s, {jobs} {backend} workers)", result.jobs)
        speed = speed.format(rate=f"{result.games_per_second:.2f}", seconds=f"{result.elapsed:.1f}", jobs=result.jobs, backend=result.backend)
        again = _("bot seed {bot_seed} (repeat with --seed {seed} --bot-seed {bot_seed})").format(bot_seed=result.bot_seed, seed=result.seed)
        console.print(f"{speed}; {again}", markup=False)
    if out is not None:
        console.print(ngettext("wrote {n} game to {file}", "wrote {n} games to {file}", result.n).format(n=result.n, file=out), markup=False)
    if result.interrupted:
        raise typer.Exit(130)


def parse_bot_options(items: Any) -> dict[str, dict[str, Any]]:
    """``BOT.NAME=VALUE`` assignments, by bot label."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        bot, dot, name = key.strip().rpartition(".")
        if not sep or not dot or not bot or not name:
            raise ConfigError(_("bad bot option {option}: write BOT.NAME=VALUE, e.g. ismcts.iterations=100").format(option=shorten(item)))
        out.setdefault(bot, {})[name] = parse_value(value.strip())
    return out


def results_table(result: TournamentResult) -> Table:
    title = ngettext("{n} games of {variants}, {players} player", "{n} games of {variants}, {players} players", result.players)
    table = Table(title=title.format(n=result.n, variants=" + ".join(result.variants), players=result.players), title_justify="left")
    for col, right in ((_("bot"), False), (_("games"), True), (_("wins"), True), (_("rate"), True), ("95% CI", True),
                       (_("score"), True), ("μ ± σ", True), (_("ordinal"), True)):
        table.add_column(col, justify="right" if right else "left", no_wrap=True)
    for row in result.table():
        rated = not math.isnan(row.mu)
        table.add_row(
            escape(row.bot), str(row.games), str(row.wins), f"{row.win_rate:.1%}",
            f"{row.ci_low:.0%}–{row.ci_high:.0%}", f"{row.mean_score:.2f}",
            f"{row.mu:.1f} ± {row.sigma:.1f}" if rated else "—", f"{row.ordinal:.1f}" if rated else "—",
        )
    return table


def head_to_head_table(result: TournamentResult) -> Table:
    """One line per pair that met (in the results' order): how often the first ended ahead of the
    second, ties half, ranked as the ratings rank (the winners first, then by score)."""
    order = [row.bot for row in result.table()]
    pairs = [p for p in result.head_to_head() if order.index(p.bot) < order.index(p.other)]
    pairs.sort(key=lambda p: (order.index(p.bot), order.index(p.other)))
    table = Table(title=_("head to head (ties half)"), title_justify="left")
    for col, right in ((_("bot"), False), (_("ahead of"), False), (_("games"), True), (_("ahead"), True), (_("rate"), True), ("95% CI", True)):
        table.add_column(col, justify="right" if right else "left", no_wrap=True)
    for p in pairs:
        table.add_row(escape(p.bot), escape(p.other), str(p.games), f"{p.ahead:g}", f"{p.rate:.1%}", f"{p.ci_low:.0%}–{p.ci_high:.0%}")
    return table
