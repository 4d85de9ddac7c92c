"""``beanframe variants``: the installed variants."""

from __future__ import annotations

from beanframe.core.compose import installed_variants

from .. import render


def variants_cli() -> None:
    """List the installed variants: version, players, requirements, conflicts, options."""
    console = render.make_console()
    console.print(render.variants_table(installed_variants()))
