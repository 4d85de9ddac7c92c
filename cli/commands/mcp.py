"""``beanframe mcp``: a Model Context Protocol server giving a model one seat (issue 26 §2)."""

from __future__ import annotations

from typing import Annotated

import typer

from beanframe.modelseat.mcp import build_server, load_sdk
from beanframe.i18n import N_

from ..seating import model_seat

LINK_HELP = "A table's invitation link (http://HOST:PORT/#room=ID&token=T); without it, a local game against bots."


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Serve one seat to a language model over the Model Context Protocol (stdio, or streamable
HTTP with --http PORT). Tools: state, act, why, wait, rules; resources beanframe://rules and
beanframe://log. Needs the MCP SDK: pip install 'beanframe[agents]'.""")


def mcp_cli(
    link: Annotated[str | None, typer.Argument(help=LINK_HELP, show_default=False)] = None,
    variants: Annotated[
        list[str] | None, typer.Option("--variants", "-v", help=N_("A local game's variants (repeatable; see: beanframe variants)."), show_default=False)
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help=N_("A local game's number of players."), show_default=False)] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help=N_("Who plays each seat of a local game, in order: human (the model: exactly one) or bot:NAME. Default: the model in seat 1, bots in the others."), show_default=False),
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=N_("A variant option, VARIANT.NAME=VALUE (repeatable)."), show_default=False)] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("A local game's seed (default: a fresh one)."), show_default=False)] = None,
    bot_seed: Annotated[int | None, typer.Option("--bot-seed", help=N_("Master seed of the bots' own seeds."), show_default=False)] = None,
    http: Annotated[int | None, typer.Option("--http", min=0, max=65535, help=N_("Serve streamable HTTP on this port (at /mcp) instead of stdio."), show_default=False)] = None,
    host: Annotated[str, typer.Option("--host", help=N_("The address --http listens on."))] = "127.0.0.1",
) -> None:
    # the --help text is HELP (above): translated where it is shown
    load_sdk()  # a missing SDK is one line before anything starts
    server = build_server(model_seat(link, variants, players, seat, option, seed, bot_seed))
    if http is None:
        server.run("stdio")
    else:
        server.run("streamable-http", host=host, port=http)
