"""A seat's game in words, for every client that shows it as text: the terminal (``beanframe
play``/``join``), the table server's ``board``, ``help``, ``rules`` and ``log`` commands, the MCP
server and the language-model agent. Renderables are rich's; :func:`plain` prints them to text.
Nothing here imports the CLI (typer) or the server."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from rich.console import Console, Group

MIN_WIDTH, MAX_WIDTH = 40, 200


def clamp_width(width: Any, default: int = 80) -> int:
    """A width a client asked for, kept between MIN_WIDTH and MAX_WIDTH (anything else: ``default``)."""
    if type(width) is not int:
        width = default
    return max(MIN_WIDTH, min(MAX_WIDTH, width))


def plain(items: Iterable[Any], width: int = 80) -> str:
    """Renderables as plain text at ``width`` columns: no colour, no terminal codes."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False, highlight=False)
    console.print(Group(*items))
    return out.getvalue()
