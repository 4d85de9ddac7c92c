"""The search package's plugin: registers the ``ismcts`` bot in every plugin manager.

It is a *default* plugin (entry-point group ``beanframe.defaults``, see
:func:`beanframe.core.compose.default_plugins`): the core's plugin manager finds it there, so the
core never imports the search package, which is built on the core."""

from __future__ import annotations

from beanframe.core.hookspecs import hookimpl
from beanframe.i18n import N_
from beanframe.search.ismcts import ISMCTSBot

NAME = "beanframe.search"


@hookimpl
def beanframe_register_bots(register):
    register("ismcts", ISMCTSBot, N_("information-set Monte Carlo tree search (options: iterations, seconds, rollout, c)"))
