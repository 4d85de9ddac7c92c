"""``beanframe replay``: a saved game, action by action, from its start."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from beanframe.core.persist import load_game

from .. import render
from ..config import read_text_file
from ..session import EVERYTHING, make_reader, replay, stdin_is_tty


def parse_observer(text: str | None, players: int) -> int | None | str:
    """``--as``: ``p2`` or ``2`` (a player, 1-based) or ``spectator``; no value: everything."""
    if text is None:
        return EVERYTHING
    word = text.strip().lower()
    if word == "spectator":
        return None
    number = word[1:] if word.startswith("p") else word
    if number.isdigit() and 1 <= int(number) <= players:
        return int(number) - 1
    choices = ", ".join(f"p{p + 1}" for p in range(players))
    raise typer.BadParameter(f"{text!r} is not a player of this {players}-player save (use {choices} or spectator)", param_hint="'--as'")


def replay_cli(
    file: Annotated[Path, typer.Argument(help="A save file (from the 'save FILE' command of beanframe play).", show_default=False)],
    step: Annotated[bool, typer.Option("--step/--all", help="Pause after every action (at a terminal), or print everything at once.")] = False,
    as_player: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Show only what one player knew (p1, p2, ...) or a spectator (spectator): others' private actions "
            "and events in their public form. Without it: everything, as the save file holds it.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Replay a saved game from its start, action by action.

    Prints every action with the events it caused, then the result (or where the save stops). A save
    file holds everything (hands, private choices, the seed): use --as to see one player's knowledge.
    """
    saved = load_game(read_text_file(file, "save file"))
    observer = parse_observer(as_player, saved.players)
    console = render.make_console()
    reader = make_reader(console, interactive=True) if step and stdin_is_tty() else None
    replay(saved, console, reader, observer)
