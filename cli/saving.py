"""Saving from the terminal: the save file, the position file and the offer to save on leaving
(``quit``, Ctrl-C). Plain functions over the game, the console and the line reader."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from beanframe.core.actions import shorten
from beanframe.core.game import Game
from beanframe.core.position import position_text
from beanframe.i18n import _, pgettext


def offer_save(
    read_line: Callable[[str], str | None], console: Console, say_no: Callable[[str], None], save: Callable[[str], bool]
) -> None:
    """Ask whether to save (y/n), then for a file name: two questions, so that no answer is
    taken for the other (a file named "n" is never written). The end of the input, or Enter
    at the file name, leaves without saving; a file that cannot be written is asked again."""
    while True:
        answer = read_line(_("save the game first? [y/N] "))
        word = (answer or "").strip().lower()
        if answer is None or word in ("", "n", "no", pgettext("answer", "n"), pgettext("answer", "no")):
            if answer is None:
                console.print(_("end of input: not saved"))
            return
        if word in ("y", "yes", pgettext("answer", "y"), pgettext("answer", "yes")):
            break
        say_no(_("answer y or n (not {answer}): y asks for a file name").format(answer=shorten(word, 30)))
    while True:
        path = read_line(_("save to file (Enter: leave without saving): "))
        if path is None or not path.strip():
            console.print(_("not saved") if path is not None else _("end of input: not saved"))
            return
        if save(path.strip()):
            return


def save(game: Game, path: str, console: Console, say_no: Callable[[str], None]) -> bool:
    if not path:
        say_no(_("save where? e.g. save game.json"))
        return False
    try:
        Path(path).write_text(game.to_json(), encoding="utf-8")
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        say_no(_("cannot save to {file}: {reason}").format(file=shorten(path, 80), reason=reason))
        return False
    console.print(_("saved to {file} (continue with: beanframe play --load {file})").format(file=path), markup=False)
    return True


def write_position(game: Game, path: str, console: Console, say_no: Callable[[str], None]) -> bool:
    """Write the position to the file the user names (never on the screen: it holds every
    hand and the deck order, like a save)."""
    if not path:
        say_no(_("write the position where? e.g. position here.json"))
        return False
    if path.lower().endswith(".toml"):
        say_no(_("positions are written as JSON: name the file .json (TOML position files are read, not written)"))
        return False
    try:
        Path(path).write_text(position_text(game.position()), encoding="utf-8")
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        say_no(_("cannot write to {file}: {reason}").format(file=shorten(path, 80), reason=reason))
        return False
    console.print(
        _("wrote the position to {file} (it holds every hand and the deck: keep it from the other players; "
          "play from it with: beanframe play --position {file})").format(file=path),
        markup=False,
    )
    return True
