"""``beanframe replay``: a saved game, action by action, from its start."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import render
from ..config import read_text_file
from ..replaying import load_replayable, replay
from ..session import make_reader, stdin_is_tty


def replay_cli(
    file: Annotated[Path, typer.Argument(help="A save file (from the 'save FILE' command of beanframe play).", show_default=False)],
    step: Annotated[bool, typer.Option("--step/--all", help="Pause after every action with the board (at a terminal; b steps back), or print everything at once.")] = False,
    game: Annotated[int | None, typer.Option("--game", "-g", help="Which game of a 'simulate --out' file (1 = its first line).", show_default=False)] = None,
) -> None:
    """Replay a saved game from its start, action by action.

    Prints every action with the events it caused, then the result (or where the save stops).
    """
    saved = load_replayable(read_text_file(file, "save file"), str(file), game)
    console = render.make_console()
    reader = make_reader(console, interactive=True) if step and stdin_is_tty() else None
    replay(saved, console, reader, step=step)
