"""``beanframe bot``: a bot plays a seat of a table server over the network."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import typer

from beanframe.client import TableError, play_bot
from beanframe.errors import ConfigError
from beanframe.i18n import N_, _
from beanframe.rematch import current_link
from beanframe.simulate import fresh_seed


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Let a bot play a seat of a table (beanframe serve) over the network. It needs the table's
variants installed here, in the same versions. An action the game moved past while it was on
its way (another seat acted first) is chosen again quietly. After a game it stays at the
table: when any seat asks to play again, it follows to the new room with the same link
(--once: stop after one game; Ctrl-C leaves).""")


def bot_cli(
    link: Annotated[str, typer.Argument(help=N_("The invitation link of the seat: http://HOST:PORT/#room=ID&token=T."), show_default=False)],
    bot: Annotated[str, typer.Option("--bot", "-b", help=N_("Which bot plays (a bot of the table's rules: see beanframe rules VARIANT)."))] = "greedy",
    seed: Annotated[int | None, typer.Option("--seed", min=0, help=N_("The bot's own seed (default: a fresh one)."), show_default=False)] = None,
    delay: Annotated[float, typer.Option("--delay", min=0.0, max=60.0, help=N_("Seconds to wait before each action."))] = 0.0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=N_("Print only the result."))] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help=N_("Also print the refusals of actions the game moved past while they were on their way (the bot chooses again by itself)."))] = False,
    once: Annotated[bool, typer.Option("--once", help=N_("Stop after one game (by default the bot stays at the table and follows its rematches)."))] = False,
) -> None:
    # the --help text is HELP (above): translated where it is shown

    def show(kind: str, data: Any) -> None:
        if quiet:
            return
        if kind == "error" or (kind == "refused" and verbose):
            typer.echo(_("refused: {problem}").format(problem=data.get("error")), err=True)
        elif kind == "connection":  # "lost" comes once however long it takes (1, 2, 4 ... 30 s between attempts)
            typer.echo(_("connection lost: reconnecting...") if data == "lost" else _("connected again"), err=True)

    def game_over(final: dict[str, Any]) -> None:
        result = final.get("result") or {}
        winners = ", ".join(result.get("winners", ())) or _("nobody")
        scores = " · ".join(f"{seat} {score}" for seat, score in result.get("scores", {}).items())
        typer.echo(_("{seat} played {bot}: game over, winner {winners} ({scores})").format(seat=final.get("seat"), bot=bot, winners=winners, scores=scores))
        if not once and not quiet:
            typer.echo(_("staying at the table: a rematch is followed (Ctrl-C leaves; --once stops after one game)"), err=True)

    try:
        link = current_link(link)  # an old link of a table that played again: its newest room
        asyncio.run(play_bot(link, bot, fresh_seed() if seed is None else seed, delay, show,
                             games=1 if once else None, on_game_over=game_over))  # fmt: skip
    except TableError as exc:
        raise ConfigError(str(exc)) from None
