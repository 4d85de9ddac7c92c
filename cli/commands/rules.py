"""``beanframe rules``: the composed rules of a variant set: the effective parameters and who set
them, the phases, the any-time options, the bots."""

from __future__ import annotations

from typing import Annotated

import typer

from beanframe.text.rules import parameters_table, rules_listing, show_value  # noqa: F401 - re-exported
from beanframe.i18n import N_

from .. import render
from ..config import compose_settings, gather

# the listing is shared with the table server's ``rules`` command (beanframe.text.rules)
rules_renderables = rules_listing


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Show the composed rules of a variant set: parameters, phases, any-time options, bots.

The effective parameters with the plugins that set each (the first made it,
later ones changed it); every phase of set-up, turn and end in order, with its rulebook number,
the variant that added it and the changes other variants made.""")


def rules_cli(
    variants: Annotated[list[str], typer.Argument(help=N_("Variants to compose (see: beanframe variants)."), show_default=False)],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=N_("Number of players (default: the smallest supported count from 2, else 1)."), show_default=False)
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("A variant option, VARIANT.NAME=VALUE (repeatable)."), show_default=False)
    ] = None,
) -> None:
    # the --help text is HELP (above): translated where it is shown
    ruleset = compose_settings(gather(variants, players, option_assignments=option))
    render.render_all(render.make_console(), rules_renderables(ruleset))
