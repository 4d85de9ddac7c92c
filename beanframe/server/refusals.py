"""What the server says when it does not take a request: one line and an HTTP status."""

from __future__ import annotations


class Refused(Exception):
    """An action or request a room does not take: one line for the client, an HTTP status (409:
    the game does not allow it now; 403: not this token's to do; 404: no such room)."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status
