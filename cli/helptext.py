"""The text of ``help`` at the terminal: the commands, the game's own commands, the rules'
phases, the decision now and every choice (paged by the session: issue 20.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.i18n import N_, _
from beanframe.text.help import help_items as shared_help_items
from beanframe.text.help import phases_text  # noqa: F401 - re-exported

from .hotseat import JOIN_HELP

if TYPE_CHECKING:
    from beanframe.core.game import Game


HELP = N_("""\
Commands:
  NUMBER      take the action with that number in the list
  CODE        take an action by its code, e.g. harvest f1 (codes count from 1)
  why [CODE]  why an action (or a choice you miss) is not possible now
  board       show the table again, fitted to the screen (board full: all of it)
  choices     every choice of this decision with what it does
  log [N]     show the last N events (default 10)
  save FILE   save the game (go on later with: beanframe play --load FILE)
  position FILE  write the position to FILE (JSON; it holds every hand and the
              deck: for bug reports, not for the other players' eyes; play
              from it with beanframe play --position FILE)
  help        show this text
  quit        stop playing (you may save first; so does the end of the input)""")


def help_items(game: Game, present: Any, player: int, hot_seat: bool = False) -> list[Any]:
    """Everything ``help`` shows at the terminal, as renderables (``hot_seat``: several people at
    this terminal, who may join a trade)."""
    extra = {"join": (None, _(JOIN_HELP))} if hot_seat and present.sit_outs else None
    return shared_help_items(game, present, player, _(HELP), extra)
