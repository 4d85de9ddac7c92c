"""``--help`` in the reader's language (issue 29): the commands' texts and their options' help are
marked with ``N_`` where they are written and translated only while a help screen is drawn (typer
reads them once, when the app is built, before any ``--lang`` is known)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from typer import rich_utils
from typer.core import TyperCommand

from beanframe.i18n import N_, _, has

#: typer's own words on a help screen (its module constants), as typer writes them in English
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
HELP_OPTION = N_("Show this message and exit.")  # click's --help, translated like the others


@contextlib.contextmanager
def translated(command: Any, ctx: Any = None) -> Iterator[None]:
    """The help texts of ``command``, its parameters and its sub-commands in the current language
    inside the ``with`` (a text no catalog has stays as written); put back afterwards."""
    saved: list[tuple[Any, str, str]] = []

    def swap(owner: Any, attribute: str) -> None:
        text = getattr(owner, attribute, None)
        if isinstance(text, str) and text and has(text):
            saved.append((owner, attribute, text))
            setattr(owner, attribute, _(text))

    for owner in (command, *getattr(command, "commands", {}).values()):
        swap(owner, "help")
        swap(owner, "short_help")
    for param in command.get_params(ctx) if ctx is not None else command.params:
        swap(param, "help")
    for name, english in TYPER_WORDS.items():
        if getattr(rich_utils, name, None) == english:
            swap(rich_utils, name)
    try:
        yield
    finally:
        for owner, attribute, text in reversed(saved):
            setattr(owner, attribute, text)


class TranslatedHelp:
    """A click command (mixed in before typer's class) whose help screen speaks the current language."""

    def get_help(self, ctx: Any) -> str:
        with translated(self, ctx):
            return super().get_help(ctx)  # type: ignore[misc]


class HelpCommand(TranslatedHelp, TyperCommand):
    """A plain command with its ``--help`` in the reader's language."""
