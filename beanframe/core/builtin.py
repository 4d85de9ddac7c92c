"""The core's own plugin, registered in every plugin manager before the variants, like a
third-party plugin: the ``random`` bot and the default winner rule (highest total). The search
bot ``ismcts`` comes from the search package's own default plugin (``beanframe.search.plugin``),
so the core imports nothing built on it."""

from __future__ import annotations

from beanframe.core.bots import RandomBot
from beanframe.core.hookspecs import hookimpl
from beanframe.core.scoring import highest_total
from beanframe.i18n import N_

NAME = "beanframe.core"


@hookimpl
def beanframe_register_bots(register):
    register("random", RandomBot, N_("picks a legal action uniformly at random"))


@hookimpl(trylast=True)
def beanframe_winners(sheet):
    return highest_total(sheet)
