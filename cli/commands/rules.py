"""``beanframe rules``: the composed pipeline of a variant set."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import render
from ..config import compose_settings, gather


def rules_cli(
    variants: Annotated[list[str], typer.Argument(help="Variants to compose (see: beanframe variants).", show_default=False)],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players (default: the smallest supported count from 2, else 1).", show_default=False)
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A variant option, VARIANT.NAME=VALUE (repeatable).", show_default=False)
    ] = None,
) -> None:
    """Show the composed rules of a variant set: phases, any-time options, bots.

    Every phase of set-up, turn and end in order, with its rulebook number, the variant that added
    it and the changes other variants made.
    """
    ruleset = compose_settings(gather(variants, players, option_assignments=option))
    render.render_all(render.make_console(), render.rules_renderables(ruleset))
