"""``why`` and the variants' own commands (Al Cabohne's ``meter``), answered on the server for
one seat: they need the real game, so a client only gets their text. The commands' renderables
are printed to plain text by rich at the width the client asks for."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console, Group

from beanframe.core.actions import shorten
from beanframe.core.present import explain, presentation
from beanframe.errors import BeanframeError
from beanframe.server.limits import BadInput, one_line
from beanframe.server.refusals import Refused
from beanframe.server.rooms import Room, log

MIN_WIDTH, MAX_WIDTH = 40, 200


def why(room: Room, player: int | None, code: Any) -> str:
    """Why an action (or, without a code, a choice the player looks for) is not possible now."""
    game = room.game
    if game is None:
        raise Refused(room.broken or "this room cannot be played", 409)
    if code is not None and not isinstance(code, str):
        raise BadInput('"code" must be an action code such as "plant f1"')
    code = (code or "").strip()
    if game.is_over:
        return "the game is over"
    if not code:
        try:
            found = None if player is None else explain(game, player, None)
        except Exception:  # noqa: BLE001 - a plugin's explanation must not fail the request
            found = None
        return found or f"every possible choice is listed: {game.prompt()}"
    try:
        action = game.ruleset.actions.coerce(" ".join(code.split()))
    except BeanframeError as exc:
        return one_line(exc)
    if player is not None and action in game.legal_actions(player):
        return f"{action.code} is possible now"
    if player is None:
        return f"{action.code}: a spectator cannot act"
    return f"{action.code}: {room.reason(game, player, action)}"


def run_command(room: Room, player: int | None, line: Any, width: Any = None) -> str:
    """A variant's command (``meter``) for ``player``, as plain text."""
    game = room.game
    if game is None:
        raise Refused(room.broken or "this room cannot be played", 409)
    if not isinstance(line, str) or not line.strip():
        raise BadInput('give the command: {"line": "meter"}')
    word, _, rest = line.strip().partition(" ")
    commands = presentation(game.ruleset).commands
    if word.lower() not in commands:
        known = ", ".join(commands) or "none"
        raise BadInput(f"unknown command {shorten(word, 30)} (commands of this game: {known})")
    if type(width) is not int:
        width = 80
    width = max(MIN_WIDTH, min(MAX_WIDTH, width))
    fn, _ = commands[word.lower()]
    try:
        items = fn(game, player, rest)
    except Exception as exc:  # noqa: BLE001 - a plugin's command must not fail the server
        log.exception("room %s: command %s failed", room.id, word)
        raise Refused(f"{word.lower()} failed ({type(exc).__name__})", 500) from None
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False, highlight=False)
    console.print(Group(*items))
    return out.getvalue()
