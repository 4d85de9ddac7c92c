"""The core's own plugin, registered in every plugin manager before the variants, like a
third-party plugin: the ``random`` and ``ismcts`` bots and the default winner rule (highest total)."""

from __future__ import annotations

from beanframe.core.bots import RandomBot
from beanframe.core.hookspecs import hookimpl
from beanframe.core.scoring import highest_total
from beanframe.search.ismcts import ISMCTSBot

NAME = "beanframe.core"


@hookimpl
def beanframe_register_bots(register):
    register("random", RandomBot, "picks a legal action uniformly at random")
    register("ismcts", ISMCTSBot, "information-set Monte Carlo tree search (options: iterations, seconds, rollout, c)")


@hookimpl(trylast=True)
def beanframe_winners(sheet):
    return highest_total(sheet)
