"""``beanframe play``: a game at the terminal, against bots or hot-seat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from attrs import evolve
from rich.console import Console
from rich.text import Text

from beanframe.core.actions import shorten
from beanframe.core.game import Game
from beanframe.core.limits import check_seed, loads_json
from beanframe.core.persist import load_game
from beanframe.core.view import plain_data
from beanframe.errors import ConfigError, PositionError
from beanframe.i18n import N_, _, ngettext

from .. import render
from ..config import Seat, Settings, compose_settings, gather, make_seats, normalise_variant, read_text_file
from ..paths import data_dir
from ..positions import in_file, read_position_file, settings_with_position
from ..session import INTERRUPTED, OVER, PlaySession, ReadLine, make_reader


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Play a game in the terminal, against bots or hot-seat.

At your decision type a number or an action code (harvest f1); help, why, board, log, save
FILE and quit work too, and the variants' own commands (help lists them). Without a TTY,
lines are read from stdin (the end of the input quits). The game's seed is shown when the game
is over (earlier it would reveal the cards).""")


def play_cli(
    variants: Annotated[
        list[str] | None, typer.Argument(help=N_("Variants to play (see: beanframe variants; or from --config / --load)."), show_default=False)
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help=N_("Number of players."), show_default=False)] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help=N_("Who plays each seat, in order: human or bot:NAME (repeatable). Default: seat 1 human, the others bots."), show_default=False),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("Random seed (default: a fresh one, shown when the game is over)."), show_default=False)] = None,
    config: Annotated[Path | None, typer.Option("--config", "-c", help=N_("A TOML file with variants, players, seed, seats, [options.VARIANT]."), show_default=False)] = None,
    load: Annotated[Path | None, typer.Option("--load", help=N_("Continue a game saved with the 'save FILE' command."), show_default=False)] = None,
    position: Annotated[
        Path | None,
        typer.Option("--position", help=N_("Start from a position file (TOML or JSON; see docs/positions.md; the game prompt's 'position FILE' writes one)."), show_default=False),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("A variant option, VARIANT.NAME=VALUE (repeatable)."), show_default=False)
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=N_("Do not print bot moves and events."))] = False,
    bot_seed: Annotated[int | None, typer.Option("--bot-seed", help=N_("Master seed of the bots' own seeds (default: a fresh one); with --seed it repeats a bot game exactly."), show_default=False)] = None,
    clock: Annotated[
        str | None,
        typer.Option("--clock", help=N_("Show and charge each person's time: a profile (blitz, fast, normal; day, 2days, week) or JSON such as '{\"bank\": 300, \"increment\": 15}'."), show_default=False),
    ] = None,
    streak: Annotated[bool, typer.Option("--streak", help=N_("Play game after game, counting the games you win in a row (kept in the streak file)."))] = False,
    streak_file: Annotated[
        Path | None,
        typer.Option("--streak-file", envvar="BEANFRAME_STREAK_FILE", help=N_("Where streaks are kept (default: streaks.json in the user's data directory)."), show_default=False),
    ] = None,
) -> None:
    # the --help text is HELP (above): translated where it is shown
    settings = gather(variants, players, seed, seat, option, config)
    if bot_seed is not None:
        check_seed(bot_seed, "--bot-seed")
    if streak and (load is not None or position is not None):
        raise ConfigError(_("--streak plays new games: leave out {option}").format(option="--load" if load is not None else "--position"))
    if load is not None and position is not None:
        raise ConfigError(_("--load continues a saved game, --position starts from a position: give one of them"))
    game = start_game(settings, load) if position is None else start_from_position(settings, position)
    seats = make_seats(settings.seats, game.ruleset)
    console = render.make_console()
    reader = make_reader(console)
    if streak:
        if not seats[0].human:
            raise ConfigError(_("--streak counts the wins of a human: seat 1 must be human"))
        play_streak(game, seats, console, reader, quiet, streak_file or default_streak_file(), bot_seed)
        return
    announce(console, game, seats)
    timer = terminal_clock(clock, game, seats)
    if PlaySession(game, seats, console, reader, quiet=quiet, bot_master=bot_seed, clock=timer).run() == INTERRUPTED:
        raise typer.Exit(130)  # as any command stopped by Ctrl-C (after the offer to save)


def terminal_clock(text: str | None, game: Game, seats: list[Seat]) -> Any:
    """The clock ``--clock`` asks for (None without one); ConfigError in one line."""
    if text is None or text.strip() == "none":
        return None
    from ..commands.serve import default_clock
    from ..hotclock import TerminalClock
    from beanframe.server.clock import parse_clock

    profile = parse_clock(default_clock(text), game.ruleset.bots)
    return TerminalClock(profile, game, [p for p, s in enumerate(seats) if s.human])


def announce(console: Console, game: Game, seats: list[Seat]) -> None:
    who = ", ".join(_("player {number} {seat}").format(number=p + 1, seat=s) for p, s in enumerate(seats))
    title = ngettext("{variants}, {n} player: {seats}", "{variants}, {n} players: {seats}", game.players)
    console.print(Text(title.format(variants=game.ruleset.name, n=game.players, seats=who), style="bold"))


def play_streak(
    game: Game, seats: list[Seat], console: Console, reader: ReadLine, quiet: bool, path: Path, bot_seed: int | None = None
) -> None:
    """Game after game (a fresh seed each), showing the current and the best streak of wins in a
    row; a game left unfinished ends the streak (else quitting a lost game would keep it)."""
    key = streak_key(game)
    book = StreakBook(path)
    while True:
        current, best = book.get(key)
        console.print(Text(_("streak: {current} won in a row · best {best}").format(current=current, best=best), style="bold magenta"))
        announce(console, game, seats)
        session = PlaySession(game, seats, console, reader, quiet=quiet, bot_master=bot_seed)
        outcome = session.run()
        if outcome != OVER:
            if current:
                console.print(_("the unfinished game ends your streak of {n}").format(n=current), markup=False)
            book.record(key, won=False)
            if outcome == INTERRUPTED:
                raise typer.Exit(130)
            return
        won = session.human_won()
        current, best = book.record(key, won=won)
        verdict = _("You won! streak: {current} · best {best}") if won else _("You lost. streak: {current} · best {best}")
        console.print(Text(verdict.format(current=current, best=best), style="bold magenta"))
        answer = reader(_("another game? Enter: yes · q: no "))
        if answer is None or answer.strip().lower() in ("q", "quit", "n", "no"):
            return
        game = game.ruleset.new_game()  # a fresh seed: a streak is of unknown deals


def streak_key(game: Game) -> str:
    """Streaks count per variant set, player count and options."""
    options = {name: plain_data(opts) for name, opts in game.ruleset.options.items()}
    return f"{game.ruleset.name}/{game.players}p/{json.dumps(options, sort_keys=True)}"


def default_streak_file() -> Path:
    return data_dir() / "streaks.json"


class StreakBook:
    """The small JSON file of streaks: ``{key: {"current": n, "best": m}}``."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def load(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except UnicodeDecodeError:
            raise ConfigError(_("streak file {file} is not UTF-8 text (delete it to start again)").format(file=self.path)) from None
        try:
            data = loads_json(text)
        except ValueError as exc:
            raise ConfigError(_("streak file {file} is corrupt ({problem}); delete it to start again").format(file=self.path, problem=shorten(str(exc), 80))) from None
        if not isinstance(data, dict):
            raise ConfigError(_("streak file {file} is corrupt (not a JSON object); delete it to start again").format(file=self.path))
        return data

    def get(self, key: str) -> tuple[int, int]:
        entry = self.load().get(key)
        if not isinstance(entry, dict):
            return (0, 0)
        current, best = entry.get("current", 0), entry.get("best", 0)
        if not all(type(v) is int and v >= 0 for v in (current, best)):
            return (0, 0)
        return (current, best)

    def record(self, key: str, won: bool) -> tuple[int, int]:
        data = self.load()
        current, best = self.get(key)
        current = current + 1 if won else 0
        best = max(best, current)
        data[key] = {"current": current, "best": best}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(data, sort_keys=True, indent=1) + "\n", encoding="utf-8")
        tmp.replace(self.path)  # atomic: an interrupted write never corrupts the file
        return current, best


def start_from_position(settings: Settings, path: Path) -> Game:
    """A new game from the position file ``path`` and the settings (which must agree with it)."""
    data = read_position_file(path)
    settings = settings_with_position(settings, data, path)
    if settings.players is None and settings.seats:
        settings = evolve(settings, players=len(settings.seats))
    ruleset = compose_settings(settings)
    try:
        return ruleset.new_game(seed=settings.seed, position=data)
    except PositionError as exc:
        raise in_file(path, exc) from None


def start_game(settings: Settings, load: Path | None = None) -> Game:
    """A new game from the settings, or the saved game ``load`` (whose set-up must then not
    contradict the settings)."""
    if load is None:
        if settings.players is None and settings.seats:
            settings = evolve(settings, players=len(settings.seats))
        ruleset = compose_settings(settings)
        return ruleset.new_game(seed=settings.seed)
    game = load_game(read_text_file(load, N_("save file")))
    rs = game.ruleset
    if settings.variants and {normalise_variant(v) for v in settings.variants} != set(rs.order):
        raise ConfigError(_("{file} is a game of {variants}: leave out the variants or give exactly those").format(file=load, variants=rs.name))
    if settings.players is not None and settings.players != game.players:
        raise ConfigError(_("{file} is a {n}-player game, not a {asked}-player one").format(file=load, n=game.players, asked=settings.players))
    if settings.seed is not None and settings.seed != game.state.seed:
        raise ConfigError(_("{file} was played with seed {seed}: a saved game keeps its seed").format(file=load, seed=game.state.seed))
    if settings.options:
        raise ConfigError(_("{file} keeps the options it was saved with: give no options with --load").format(file=load))
    if game.is_over:
        raise ConfigError(_("the game in {file} is already over (see it with: beanframe replay {file})").format(file=load))
    return game
