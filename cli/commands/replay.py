"""``beanframe replay``: a saved game, action by action, from its start."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from beanframe.core.actions import shorten
from beanframe.i18n import N_, _

from .. import render
from ..config import read_text_file
from ..replaying import EVERYTHING, load_replayable, replay
from ..session import make_reader, stdin_is_tty


def parse_viewer(text: str, players: int) -> int | None | str:
    """``--as``: ``p2`` or ``2`` (a player, 1-based), ``spectator``, or ``full`` (the full record)."""
    word = text.strip().lower()
    if word == "spectator":
        return None
    if word == EVERYTHING:
        return EVERYTHING
    number = word[1:] if word.startswith("p") else word
    if number.isascii() and number.isdigit() and 1 <= int(number) <= players:
        return int(number) - 1
    choices = ", ".join(f"p{p + 1}" for p in range(players))
    raise typer.BadParameter(
        _("{name} is not a player of this {n}-player game (use {choices}, spectator or full)").format(name=shorten(text), n=players, choices=choices),
        param_hint="'--as'",
    )


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Replay a saved game from its start, action by action.

Prints every action with the events it caused, then the result (or where the save stops). A save
file holds everything; --as chooses whose knowledge is shown (others' private choices and drawn
cards appear in their public form).""")


def replay_cli(
    file: Annotated[Path, typer.Argument(help=N_("A save file (from the 'save FILE' command of beanframe play)."), show_default=False)],
    step: Annotated[bool, typer.Option("--step/--all", help=N_("Pause after every action with the board (at a terminal; b steps back), or print everything at once."))] = False,
    game: Annotated[int | None, typer.Option("--game", "-g", help=N_("Which game of a 'simulate --out' file (1 = its first line)."), show_default=False)] = None,
    as_player: Annotated[
        str,
        typer.Option(
            "--as",
            help=N_("Whose knowledge to show: p1, p2, ... (that player's), spectator (only what is public), or full "
                    "(the full record a save file holds: every hand, drawn card and private choice)."),
        ),
    ] = "spectator",
) -> None:
    # the --help text is HELP (above): translated where it is shown
    saved = load_replayable(read_text_file(file, N_("save file")), str(file), game)
    viewer = parse_viewer(as_player, saved.players)
    console = render.make_console()
    reader = make_reader(console, interactive=True) if step and stdin_is_tty() else None
    replay(saved, console, reader, viewer=viewer, step=step)
