"""The errors beanframe raises for things a user did wrong.

Every message names the problem in one line, so the CLI can print it as is. When one of these is
raised by ``Game.apply`` or ``load_game``, no game state has been changed.
"""

from __future__ import annotations


MAX_MESSAGE = 300  # characters: a message quotes at most a short prefix of what it refuses


class BeanframeError(Exception):
    """Base class of every user-facing beanframe error. The message is kept to one screen line or
    two: each message quotes what it refuses through ``beanframe.core.actions.shorten``, and a
    message that still comes out longer (a plugin's own text, say) is cut in the middle here."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE:
            text = args[0]
            args = (f"{text[: MAX_MESSAGE - 100]} ... {text[-90:]}",)
        super().__init__(*args)


class ConfigError(BeanframeError):
    """A variant set, an option, a player count, a seat or a stacked deck is not valid."""


class PositionError(ConfigError):
    """A position (``new_game(position=...)``, a position file) that cannot be played from.
    ``problems`` lists every problem found, one line each, naming its place in the position
    (``beans.hands[2][4]: unknown bean 'Fierbohne' (beans: ...)``); the message joins them."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class IllegalActionError(BeanframeError):
    """An action that is not legal at the current decision (the game is unchanged)."""


class SaveFileError(BeanframeError):
    """A save file that cannot be read, is corrupt, or does not match the installed variants."""


class GameOverError(BeanframeError):
    """An action was given to a game that has already ended."""


class DeterminizedGameError(BeanframeError):
    """A determinized game (``game.determinize``: a guess at the hidden cards, for search) was
    asked for something only a real game has, such as a save file."""
