"""Printing while a person types (``beanframe join``): what arrives while the prompt waits for a
line (another seat's move, a presence note) is printed above the line being typed, and the prompt
and the text typed so far are drawn again below it, so neither vanishes (issue 24 §3).

At a terminal the line's text is readline's buffer (GNU readline, which ``input()`` uses once the
module is imported, keeps it while we print); without readline only the prompt is drawn again.
Elsewhere (a pipe, a file) nothing is typed while we print and nothing is redrawn.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console

CLEAR_LINE = "\r\x1b[2K"  # to the start of the line, and clear it


def readline_buffer() -> Callable[[], str]:
    """The text typed so far on the line ``input()`` is reading (empty without readline)."""
    try:
        import readline  # noqa: PLC0415 - imported here: it changes input() for the whole process
    except ImportError:  # no readline (Windows): the typed text cannot be read back
        return lambda: ""
    return readline.get_line_buffer


class PromptLine:
    """The line a person is typing on: :meth:`above` prints above it and draws it again."""

    def __init__(self, stream: TextIO, buffer: Callable[[], str] | None = None, terminal: bool = True) -> None:
        self.stream = stream
        self.buffer = buffer if buffer is not None else (readline_buffer() if terminal else (lambda: ""))
        self.terminal = terminal
        self.prompt: str | None = None  # the prompt waiting for a line (None: nobody is typing)

    def reading(self, prompt: str) -> None:
        self.prompt = prompt

    def done(self) -> None:
        self.prompt = None

    @contextlib.contextmanager
    def above(self, console: Console) -> Iterator[None]:
        """What ``console`` prints inside the ``with`` goes above the line being typed, which is
        then drawn again (nothing is redrawn when nothing was printed)."""
        if self.prompt is None or not self.terminal:
            yield
            return
        console.begin_capture()
        try:
            yield
        finally:
            printed = console.end_capture()
            if printed:
                try:
                    typed = self.buffer()
                except Exception:  # noqa: BLE001 - a broken readline: the prompt alone
                    typed = ""
                self.stream.write(f"{CLEAR_LINE}{printed}{self.prompt}{typed}")
                self.stream.flush()
