"""``beanframe play``: a game at the terminal, against bots or hot-seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from attrs import evolve
from rich.text import Text

from beanframe.core.game import Game
from beanframe.core.persist import load_game
from beanframe.errors import ConfigError

from .. import render
from ..config import Settings, compose_settings, gather, make_seats, normalise_variant, read_text_file
from ..session import PlaySession, make_reader


def play_cli(
    variants: Annotated[
        list[str] | None, typer.Argument(help="Variants to play, e.g. al_cabohne (or from --config / --load).", show_default=False)
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.", show_default=False)] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help="Who plays each seat, in order: human or bot:NAME (repeatable). Default: seat 1 human, the others bots.", show_default=False),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Random seed (default: a fresh one, printed).", show_default=False)] = None,
    config: Annotated[Path | None, typer.Option("--config", "-c", help="A TOML file with variants, players, seed, seats, [options.VARIANT].", show_default=False)] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Continue a game saved with the 'save FILE' command.", show_default=False)] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A variant option, VARIANT.NAME=VALUE (repeatable).", show_default=False)
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Do not print bot moves and events.")] = False,
) -> None:
    """Play a game in the terminal, against bots or hot-seat.

    At your decision type a number or an action code (harvest f1); help, board, log, save FILE and
    quit work too. Without a TTY, lines are read from stdin (the end of the input quits).
    """
    settings = gather(variants, players, seed, seat, option, config)
    game = start_game(settings, load)
    seats = make_seats(settings.seats, game.ruleset)
    console = render.make_console()
    who = ", ".join(f"player {p + 1} {s}" for p, s in enumerate(seats))
    console.print(Text(f"{game.ruleset.name}, {game.players} player(s), seed {game.state.seed}: {who}", style="bold"))
    PlaySession(game, seats, console, make_reader(console), quiet=quiet).run()


def start_game(settings: Settings, load: Path | None = None) -> Game:
    """A new game from the settings, or the saved game ``load`` (whose set-up must then not
    contradict the settings)."""
    if load is None:
        if settings.players is None and settings.seats:
            settings = evolve(settings, players=len(settings.seats))
        ruleset = compose_settings(settings)
        return ruleset.new_game(seed=settings.seed)
    game = load_game(read_text_file(load, "save file"))
    rs = game.ruleset
    if settings.variants and {normalise_variant(v) for v in settings.variants} != set(rs.order):
        raise ConfigError(f"{load} is a game of {rs.name}: leave out the variants or give exactly those")
    if settings.players is not None and settings.players != game.players:
        raise ConfigError(f"{load} is a {game.players}-player game, not a {settings.players}-player one")
    if settings.seed is not None and settings.seed != game.state.seed:
        raise ConfigError(f"{load} was played with seed {game.state.seed}: a saved game keeps its seed")
    if settings.options:
        raise ConfigError(f"{load} keeps the options it was saved with: give no options with --load")
    if game.is_over:
        raise ConfigError(f"the game in {load} is already over (see it with: beanframe replay {load})")
    return game
