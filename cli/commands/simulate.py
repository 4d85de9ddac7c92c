"""``beanframe simulate``: many bot games in parallel, summarised."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from beanframe.batch import resolve_jobs
from beanframe.core.actions import shorten
from beanframe.errors import ConfigError, PositionError
from beanframe.i18n import N_, _, ngettext
from beanframe.simulate import GameRecord, SimulationSummary, Streak, simulate

from .. import render
from ..config import Settings, compose_settings, default_bot, gather, require_variants
from ..positions import in_file, read_position_file, settings_with_position


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Play many bot games in parallel and summarise them.

Game i uses seed S+i, so the results do not depend on --jobs. Prints per-seat win rates with
95% Wilson intervals, mean scores, mean turns and games per second; for a solo game also the
bot's winning streaks over the seeds. --out writes one JSON line per game (set-up, actions,
result): open any of them with beanframe replay FILE --game N. Ctrl-C or SIGTERM stops at once
and keeps the finished games (a first line says when the games have started).""")


def simulate_cli(
    variants: Annotated[
        list[str] | None, typer.Argument(help=N_("Variants to play (see: beanframe variants; or from --config)."), show_default=False)
    ] = None,
    games: Annotated[int, typer.Option("-n", "--games", min=1, help=N_("Number of games."))] = 100,
    bots: Annotated[
        str | None, typer.Option("--bots", "-b", help=N_("One bot per seat, comma-separated, e.g. greedy,random (default: greedy, else random, at every seat)."), show_default=False)
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help=N_("Worker processes (0: one per CPU). Results do not depend on it."))] = 1,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("Seed of the first game; game i uses seed+i. [default: 0]"), show_default=False)] = None,
    out: Annotated[Path | None, typer.Option("--out", help=N_("Write one JSON line per game (set-up, actions, result) to this file; checked before playing."), show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help=N_("Number of players (default: the number of bots)."), show_default=False)] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("A variant option, VARIANT.NAME=VALUE (repeatable)."), show_default=False)
    ] = None,
    config: Annotated[Path | None, typer.Option("--config", "-c", help=N_("A TOML file with variants, players, seed, seats (bots), [options.VARIANT]."), show_default=False)] = None,
    bot_seed: Annotated[int | None, typer.Option("--bot-seed", help=N_("Master seed of the bots' own seeds (default: a fresh one, printed): give it again to repeat a run exactly."), show_default=False)] = None,
    position: Annotated[
        Path | None,
        typer.Option("--position", help=N_("Every game starts from this position file (TOML or JSON): the win rates from there. Its seed, if any, is the first game's."), show_default=False),
    ] = None,
) -> None:
    # the --help text is HELP (above): translated where it is shown
    settings = gather(variants, players, seed, None, option, config)
    data = None
    if position is not None:
        data = read_position_file(position)
        settings = settings_with_position(settings, data, position)
    settings = require_variants(settings)
    bot_names = pick_bots(settings, bots)
    console = render.make_console()
    try:
        summary = run_with_progress(console, settings, bot_names, games, jobs, bot_seed, out, data)
    except PositionError as exc:
        raise in_file(position, exc) from None
    if summary.interrupted:
        console.print(_("interrupted: {done} of {n} games finished").format(done=summary.n, n=games), style="bold red", markup=False)
    if summary.n:
        render.render_all(console, render.summary_renderables(summary))
        if summary.players == 1:
            mean, longest = summary.streaks("p1")
            console.print(_("solo streaks over the seeds: mean {mean} games, longest {longest}").format(mean=f"{mean:.2f}", longest=longest), markup=False)
        console.print(_("bot seed {bot_seed} (repeat with --seed {seed} --bot-seed {bot_seed})").format(bot_seed=summary.bot_seed, seed=summary.seed), markup=False)
    if out is not None:
        console.print(ngettext("wrote {n} game to {file}", "wrote {n} games to {file}", summary.n).format(n=summary.n, file=out), markup=False)
    if summary.interrupted:
        raise typer.Exit(130)


def seat_won(record: GameRecord, seat: str) -> bool:
    return seat in record.winners


def streaks(wins: list[bool]) -> tuple[float, int]:
    """The mean length of the winning streaks (runs of wins, in seed order) and the longest; a
    run without a win has no streak: (0.0, 0)."""
    streak = Streak()
    for won in wins:
        streak.add(won)
    return streak.result()


def pick_bots(settings: Settings, bots: str | None) -> list[str] | None:
    """The bot names: --bots, else the config's seats (all bots), else None (the default bot at
    every seat, once the player count is known)."""
    if bots is not None:
        names = [b.strip().removeprefix("bot:") for b in bots.split(",")]
        if not all(names):
            raise ConfigError(_("bad --bots {bots}: give bot names separated by commas, e.g. greedy,random").format(bots=shorten(bots)))
        return names
    if settings.seats:
        if any(not s.strip().lower().startswith("bot:") for s in settings.seats):
            raise ConfigError(_("simulate plays bots only: the config's seats must all be bot:NAME"))
        return [s.split(":", 1)[1].strip() for s in settings.seats]
    return None


def run_with_progress(
    console: Console,
    settings: Settings,
    bots: list[str] | None,
    games: int,
    jobs: int,
    bot_seed: int | None = None,
    out: Path | None = None,
    position: dict | None = None,
) -> SimulationSummary:
    """Run the simulation with a progress bar (shown only at a terminal), from ``position`` if given."""
    players = settings.players
    if bots is None:
        ruleset = compose_settings(settings)
        players = ruleset.players
        bots = [default_bot(ruleset)] * players
    progress, on_progress = render.batch_progress(console, _("simulating"), min(resolve_jobs(jobs), games))
    try:
        return simulate(
            list(settings.variants),
            players,
            bots,
            n=games,
            seed=settings.seed if settings.seed is not None else 0,
            jobs=jobs,
            options=settings.options,
            on_progress=on_progress,
            bot_seed=bot_seed,
            out=out,
            keep_records=False,  # the summary's running sums: memory flat for any -n
            position=position,
        )
    finally:
        progress.stop()
