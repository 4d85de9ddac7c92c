"""``beanframe variants``: the installed variants."""

from __future__ import annotations

from beanframe.core.compose import installed_variants
from beanframe.i18n import N_

from .. import render


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""List the installed variants: version, players, requirements, conflicts, options.""")


def variants_cli() -> None:
    # the --help text is HELP (above): translated where it is shown
    console = render.make_console()
    console.print(render.variants_table(installed_variants()))
