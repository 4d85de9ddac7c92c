"""What ``help`` shows, shared by the terminal and the table server's ``help`` command: the
commands (each front end its own list), the game's own commands, the rules' phases, the decision
now and the seat's every choice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.i18n import _, pgettext
from beanframe.text.board import phase_label

if TYPE_CHECKING:
    from beanframe.core.game import Game


def phases_text(game: Game) -> Table:
    """The rules' phases (set-up, turn, end), the current one marked."""
    table = Table(title=_("Phases of the rules"), title_justify="left", box=None, show_header=False, pad_edge=False)
    table.add_column("stage", style="dim", no_wrap=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("phase")
    current = game.phase
    stages = (("setup", pgettext("stage", "set-up")), ("turn", pgettext("stage", "turn")), ("end", pgettext("stage", "end")))
    for stage, said in stages:
        for phase in getattr(game.ruleset.pipeline, stage):
            mark = "» " if phase is current else ""
            table.add_row(said, str(phase.number or ""), Text(f"{mark}{_(phase.label)}", style="bold yellow" if mark else ""))
    return table


def game_commands(present: Any, extra: dict[str, tuple[Any, str]] | None = None) -> list[Text]:
    """The variant's own commands and one-line commands (and the front end's ``extra`` ones that
    go with them), one a line with what each does."""
    items: list[Text] = []
    # the plugins' help is marked N_() and said here in the reader's language; the front end's
    # ``extra`` comes said already
    commands = {name: (fn, _(text)) for name, (fn, text) in {**present.commands, **present.line_commands}.items()}
    commands.update({f"sit-out {kind}": (None, _(text)) for kind, (_fn, text) in present.sit_outs.items()})
    commands.update(extra or {})
    if commands:
        items.append(Text(_("Commands of this game:")))
    for name, (_fn, text) in sorted(commands.items()):
        usage, _sep, what = text.partition(": ")  # "offer p3 give h2 for fire: make an offer"
        if not what:
            usage, what = name, text
        if len(usage) <= 11:
            line = f"  {usage:<11} {what}"
        else:  # a long usage example on its own line
            line = f"  {usage}  {what}" if len(usage) <= 16 else f"  {usage}\n  {'':<11} {what}"
        items.append(Text(line))
    return items


def help_items(
    game: Game, present: Any, player: int | None, commands_text: str, extra: dict[str, tuple[Any, str]] | None = None
) -> list[Any]:
    """Everything ``help`` shows, as renderables: ``commands_text`` (the front end's own commands),
    the game's commands (with ``extra``), the phases, the decision now (as ``player``'s view says
    it) and the seat's choices (none for a spectator)."""
    items: list[Any] = [Text(commands_text), *game_commands(present, extra), phases_text(game)]
    prompt = game.view(player).prompt
    now = _("Now: turn {turn}, {phase}. {prompt}").format(turn=game.state.turn, phase=phase_label(game), prompt=prompt)
    items.append(Text(now, style="bold"))
    if player is None or player not in game.deciders:
        return items
    table = Table(show_header=True, box=None)
    table.add_column("#", justify="right")
    table.add_column(_("code"), no_wrap=True)
    table.add_column(_("kind"))
    table.add_column(_("what it does"))
    for i, action in enumerate(game.legal_actions(player), 1):
        kind = _("any-time option") if type(action) in game.ruleset.option_for else _("this decision")
        table.add_row(str(i), escape(action.code), kind, escape(game.describe(action, player)))
    items.append(table)
    return items
