"""Seat tokens: drawn from ``secrets`` (256 bits), stored only as SHA-256 hashes, compared in
constant time. A token opens exactly one seat (or the spectator place) of one room."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32  # 256 bits; at least 128 are asked for
MAX_TOKEN = 100  # longer "tokens" are refused before any work is done on them


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_room_id() -> str:
    """A room id: public (it is in every link), random so that rooms cannot be listed by guessing."""
    return secrets.token_urlsafe(9)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def well_formed(token: object) -> bool:
    """Whether ``token`` could be a token at all (short printable ASCII): anything else is refused
    without hashing it."""
    return isinstance(token, str) and 0 < len(token) <= MAX_TOKEN and token.isascii() and token.isprintable()


def matches(token: str, stored: str | None) -> bool:
    """Constant-time comparison of a token with a stored hash."""
    if stored is None:
        return False
    return hmac.compare_digest(token_hash(token), stored)
