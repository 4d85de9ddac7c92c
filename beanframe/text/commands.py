"""The seat's commands in words, answered from the game and one seat alone (its view, its log,
the public rules): ``board``, ``log [N]``, ``help``, ``rules`` and ``why [CODE]``. The table
server answers them at ``POST /api/rooms/ID/command``; the MCP server and the agent read a seat
through them too, so every door says the same and none says more than the seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.core.actions import clip, shorten
from beanframe.core.present import explain, presentation
from beanframe.errors import BeanframeError
from beanframe.i18n import N_, _
from beanframe.text import plain
from beanframe.text.board import board_renderables
from beanframe.text.help import help_items
from beanframe.text.rules import rules_listing

if TYPE_CHECKING:
    from beanframe.core.game import Game

SEAT_COMMANDS = ("board", "log", "help", "rules", "why")
LOG_LINES = 10  # ``log`` without a number

HELP = N_("""\
Commands (answered in words, for this seat only):
  board       the table as this seat sees it, with its numbered choices
  log [N]     the last N events this seat may know (default 10)
  help        this text
  rules       the composed rules of this game (as beanframe rules prints them)
  why [CODE]  why an action (or a choice you miss) is not possible now
An action is sent as its code (plant f1) or a one-line command of the game.""")


def one_line(exc: BaseException | str, limit: int = 300) -> str:
    """An error's message as one short line."""
    return clip(" ".join(str(exc).split()), limit)


def refusal_reason(game: Game, player: int, action: Any) -> str:
    """Why ``action`` is not possible for ``player`` now: a plugin's reason, else the prompt."""
    try:
        found = explain(game, player, action)
    except Exception:  # noqa: BLE001 - a plugin's explanation must not fail the answer
        found = None
    return found or _("now: {prompt}").format(prompt=game.prompt())


def why_text(game: Game, player: int | None, code: str | None) -> str:
    """Why an action (or, without a code, a choice the player looks for) is not possible now."""
    code = (code or "").strip()
    if game.is_over:
        return _("the game is over")
    if not code:
        try:
            found = None if player is None else explain(game, player, None)
        except Exception:  # noqa: BLE001 - a plugin's explanation must not fail the answer
            found = None
        return found or _("every possible choice is listed: {prompt}").format(prompt=game.view(player).prompt)
    try:
        action = game.ruleset.actions.coerce(" ".join(code.split()))
    except BeanframeError as exc:
        return one_line(exc)
    if player is not None and action in game.legal_actions(player):
        return _("{code} is possible now").format(code=action.code)
    if player is None:
        return _("{code}: a spectator cannot act").format(code=action.code)
    return _("{code}: {reason}").format(code=action.code, reason=refusal_reason(game, player, action))


def log_text(game: Game, player: int | None, arg: str = "") -> str:
    """The last N log lines ``player`` may read (``game.log_for``), one a line."""
    arg = arg.strip()
    if arg and not arg.isdigit():
        raise BeanframeError(_("log takes a number of lines, not {value}").format(value=shorten(arg, 20)))
    n = int(arg) if arg else LOG_LINES
    lines = game.log_for(player)[-n:] if n > 0 else []
    return "\n".join(lines) + "\n" if lines else _("(nothing yet)") + "\n"


def seat_command(game: Game, player: int | None, word: str, rest: str, width: int = 80) -> str | None:
    """The answer to one of :data:`SEAT_COMMANDS` for ``player`` (None: a spectator, who gets
    the public view) as plain text at ``width`` columns; None if ``word`` is not one of them.
    A bad argument is a BeanframeError of one line."""
    word = word.lower()
    if word == "board":
        return plain(board_renderables(game, player), width)
    if word == "log":
        return log_text(game, player, rest)
    if word == "help":
        return plain(help_items(game, presentation(game.ruleset), player, _(HELP)), width)
    if word == "rules":
        return plain(rules_listing(game.ruleset), width)
    if word == "why":
        return why_text(game, player, rest) + "\n"
    return None
