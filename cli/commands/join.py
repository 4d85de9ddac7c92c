"""``beanframe join``: a seat of a table server at the terminal."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer

from beanframe.client import TableClient, TableError
from beanframe.errors import ConfigError
from beanframe.i18n import N_, _
from beanframe.rematch import current_link

from .. import render
from ..session import make_reader
from ..again import play_table


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Play your seat of a table (beanframe serve) from this terminal.

At your decision type a number or an action code (plant f1); why, board, log, help and quit
work too, and the game's own commands (help lists them). Quitting leaves your seat open:
join again with the same link. The connection comes back by itself when it drops (after 1,
2, 4 ... up to 30 seconds). What happens while you type is printed above your line. After
the game, type again (or press Enter) to play the table's next game with the same link (a
rematch: asked for, or followed if another seat asked first); quit leaves.""")


def join_cli(
    link: Annotated[str, typer.Argument(help=N_("The invitation link: http://HOST:PORT/#room=ID&token=T (quote it in the shell)."), show_default=False)],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=N_("Do not print the other players' moves and events."))] = False,
    save: Annotated[Path | None, typer.Option("--save", help=N_("When the game is over, write its save here (beanframe replay reads it)."), show_default=False)] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help=N_("Also print the refusals of actions the game moved past while they were on their way (the new choices are shown either way)."))] = False,
) -> None:
    # the --help text is HELP (above): translated where it is shown
    console = render.make_console()
    reader = make_reader(console)
    try:
        followed = current_link(link)  # an old link of a table that played again: its newest room
        if followed != link:
            console.print(_("this game was followed by a rematch: joining the next one"), markup=False)
        client = TableClient(followed)
    except TableError as exc:
        raise ConfigError(str(exc)) from None
    asyncio.run(_join(client, console, reader, quiet, str(save) if save else None, verbose))


async def _join(client: TableClient, console, reader, quiet: bool, save: str | None, verbose: bool) -> None:  # noqa: ANN001
    await play_table(client, console, reader, quiet=quiet, save_to=save, verbose=verbose)
