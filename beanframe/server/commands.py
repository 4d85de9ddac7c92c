"""``why``, the seat in words (``board``, ``log [N]``, ``help``, ``rules``: beanframe.text.commands)
and the variants' own commands (Al Cabohne's ``meter``), answered on the server for one seat: they
need the real game, so a client only gets their text. The commands' renderables are printed to
plain text by rich at the width the client asks for."""

from __future__ import annotations

from typing import Any

from beanframe.core.actions import shorten
from beanframe.core.present import presentation
from beanframe.errors import BeanframeError
from beanframe.i18n import _
from beanframe.text import MAX_WIDTH, MIN_WIDTH, clamp_width, plain  # noqa: F401 - the widths, re-exported
from beanframe.text.commands import SEAT_COMMANDS, seat_command, why_text
from beanframe.server.limits import BadInput, one_line
from beanframe.server.refusals import Refused
from beanframe.server.rooms import Room, log


def why(room: Room, player: int | None, code: Any) -> str:
    """Why an action (or, without a code, a choice the player looks for) is not possible now."""
    game = room.game
    if game is None:
        raise Refused(room.broken or _("this room cannot be played"), 409)
    if code is not None and not isinstance(code, str):
        raise BadInput(_("{field} must be an action code such as {example}").format(field='"code"', example='"plant f1"'))
    return why_text(game, player, code)


def run_command(room: Room, player: int | None, line: Any, width: Any = None) -> str:
    """A variant's command (``meter``) for ``player``, as plain text."""
    game = room.game
    if game is None:
        raise Refused(room.broken or _("this room cannot be played"), 409)
    if not isinstance(line, str) or not line.strip():
        raise BadInput(_("give the command: {example}").format(example='{"line": "meter"}'))
    word, _sep, rest = line.strip().partition(" ")
    width = clamp_width(width)
    answered = seat_words(game, player, word, rest, width)
    if answered is not None:
        return answered
    commands = presentation(game.ruleset).commands
    if word.lower() not in commands:
        known = ", ".join([*SEAT_COMMANDS, *commands])
        raise BadInput(_("unknown command {command} (commands of this game: {known})").format(command=shorten(word, 30), known=known))
    fn, _help = commands[word.lower()]
    try:
        items = fn(game, player, rest)
    except Exception as exc:  # noqa: BLE001 - a plugin's command must not fail the server
        log.exception("room %s: command %s failed", room.id, word)
        raise Refused(_("{command} failed ({error})").format(command=word.lower(), error=type(exc).__name__), 500) from None
    return plain(items, width)


# --- the seat in words (issue 26 §1): board, log, help, rules, why, shared with the MCP server
# and the agent (beanframe.text.commands) ---------------------------------------------------


def seat_words(game: Any, player: int | None, word: str, rest: str, width: int) -> str | None:
    """``board``, ``log [N]``, ``help``, ``rules``, ``why [CODE]`` for ``player`` (None: the
    public view), or None for any other word; a bad argument is refused in one line."""
    try:
        return seat_command(game, player, word, rest, width)
    except BeanframeError as exc:
        raise BadInput(one_line(exc)) from None
