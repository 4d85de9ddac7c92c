"""``beanframe agent``: a language model behind an OpenAI-compatible endpoint plays one seat
(issue 26 §3)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Annotated

import typer

from beanframe.client import TableError
from beanframe.errors import ConfigError
from beanframe.modelseat.agent import TIMEOUT, ChatModel, play_seat
from beanframe.i18n import N_, _

from ..seating import model_seat
from .mcp import LINK_HELP


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Let a language model play one seat through an OpenAI-compatible chat-completions endpoint:
of a table (LINK) or of a local game against bots (--variants ...). Each turn it gets the whole
state in words; after 3 refused moves in a row the variant's greedy choice is played for it.""")


def agent_cli(
    link: Annotated[str | None, typer.Argument(help=LINK_HELP, show_default=False)] = None,
    endpoint: Annotated[str, typer.Option("--endpoint", help=N_("The OpenAI-compatible endpoint, e.g. http://localhost:8080/v1."), show_default=False)] = ...,
    model: Annotated[str, typer.Option("--model", help=N_("The model's name at the endpoint."), show_default=False)] = ...,
    api_key_env: Annotated[
        str | None, typer.Option("--api-key-env", help=N_("The environment variable that holds the API key (keys are read from the environment only)."), show_default=False)
    ] = None,
    timeout: Annotated[float, typer.Option("--timeout", min=0.1, max=3600.0, help=N_("Seconds the model may take to answer; no answer counts as a refused move."))] = TIMEOUT,
    transcript: Annotated[Path | None, typer.Option("--transcript", help=N_("Where the JSON-lines transcript goes (default: agent-SEAT.jsonl)."), show_default=False)] = None,
    no_tools: Annotated[bool, typer.Option("--no-tools", help=N_("Do not offer the move tool: the model answers in plain text."))] = False,
    variants: Annotated[list[str] | None, typer.Option("--variants", "-v", help=N_("A local game's variants (repeatable)."), show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help=N_("A local game's number of players."), show_default=False)] = None,
    seat: Annotated[list[str] | None, typer.Option("--seat", help=N_("Who plays each seat of a local game: human (the model: exactly one) or bot:NAME."), show_default=False)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=N_("A variant option, VARIANT.NAME=VALUE (repeatable)."), show_default=False)] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("A local game's seed."), show_default=False)] = None,
    bot_seed: Annotated[int | None, typer.Option("--bot-seed", help=N_("Master seed of the bots' own seeds."), show_default=False)] = None,
) -> None:
    # the --help text is HELP (above): translated where it is shown
    api_key = None
    if api_key_env is not None:
        api_key = os.environ.get(api_key_env)
        if not api_key:
            raise ConfigError(_("the environment variable {name} holds no API key").format(name=api_key_env))
    chat = ChatModel(endpoint, model, api_key=api_key, timeout=timeout, tools=not no_tools)
    table_seat = model_seat(link, variants, players, seat, option, seed, bot_seed)

    async def run() -> str:
        await table_seat.start()
        path = transcript or Path(f"agent-{table_seat.seat}.jsonl")
        with open(path, "w", encoding="utf-8") as out:
            tally = await play_seat(table_seat, chat, out, say=lambda line: typer.echo(line, err=True))
        board = await table_seat.words("board")
        await table_seat.close()
        ending = next((line for line in board.splitlines() if line.startswith("Game over.")), "game over")
        return _("{seat} played by {model}: {moves} moves, {legal}/{decisions} first answers legal, "
                 "{fallbacks} greedy choices after refusals; {ending} (transcript: {file})").format(
            seat=table_seat.seat, model=model, moves=tally.moves, legal=tally.first_legal, decisions=tally.decisions,
            fallbacks=tally.fallbacks, ending=ending, file=path,
        )

    try:
        typer.echo(asyncio.run(run()))
    except TableError as exc:
        raise ConfigError(str(exc)) from None
