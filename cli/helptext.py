"""The text of ``help`` at the terminal: the commands, the game's own commands, the rules'
phases, the decision now and every choice (paged by the session: issue 20.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from . import render
from .hotseat import JOIN_HELP

if TYPE_CHECKING:
    from beanframe.core.game import Game


def phases_text(game: Game) -> Table:
    """The rules' phases (set-up, turn, end), the current one marked."""
    table = Table(title="Phases of the rules", title_justify="left", box=None, show_header=False, pad_edge=False)
    table.add_column("stage", style="dim", no_wrap=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("phase")
    current = game.phase
    for stage in ("setup", "turn", "end"):
        for phase in getattr(game.ruleset.pipeline, stage):
            mark = "» " if phase is current else ""
            table.add_row(stage, str(phase.number or ""), Text(f"{mark}{phase.label}", style="bold yellow" if mark else ""))
    return table


HELP = """\
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
  quit        stop playing (you may save first; so does the end of the input)"""


def help_items(game: Game, present: Any, player: int, hot_seat: bool = False) -> list[Any]:
    """Everything ``help`` shows, as renderables (``hot_seat``: several people at this terminal)."""
    items: list[Any] = [Text(HELP)]
    commands = {**present.commands, **present.line_commands}
    commands.update({f"sit-out {kind}": (None, text) for kind, (_, text) in present.sit_outs.items()})
    if hot_seat and present.sit_outs:
        commands["join"] = (None, JOIN_HELP)
    if commands:
        items.append(Text("Commands of this game:"))
    for name, (_, text) in sorted(commands.items()):
        usage, _, what = text.partition(": ")  # "offer p3 give h2 for fire: make an offer"
        if not what:
            usage, what = name, text
        if len(usage) <= 11:
            line = f"  {usage:<11} {what}"
        else:  # a long usage example on its own line
            line = f"  {usage}  {what}" if len(usage) <= 16 else f"  {usage}\n  {'':<11} {what}"
        items.append(Text(line))
    items.append(phases_text(game))
    items.append(Text(f"Now: turn {game.state.turn}, {render.phase_label(game)}. {game.prompt()}", style="bold"))
    table = Table(show_header=True, box=None)
    table.add_column("#", justify="right")
    table.add_column("code", no_wrap=True)
    table.add_column("kind")
    table.add_column("what it does")
    for i, action in enumerate(game.legal_actions(player), 1):
        kind = "any-time option" if type(action) in game.ruleset.option_for else "this decision"
        table.add_row(str(i), escape(action.code), kind, escape(game.describe(action, player)))
    items.append(table)
    return items
