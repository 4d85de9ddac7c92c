"""Limits on plain data read from users (save files, config files, ``-o`` values) and on the
seeds and players given to the engine.

JSON and TOML readers accept integers of thousands of digits and arbitrarily deep nesting; Python
then fails later with ``ValueError`` ("exceeds the limit for integer string conversion") or
``RecursionError``. These helpers turn such input into the caller's own one-line error.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from beanframe.core.actions import shorten
from beanframe.errors import ConfigError
from beanframe.i18n import _

MAX_DEPTH = 32  # beanframe's own files nest a few levels deep
MAX_INT_BITS = 64  # seeds are 48-bit, counts are small
MAX_SEED = 2**MAX_INT_BITS - 1  # the largest seed a save file keeps: every door refuses larger ones


def check_seed(seed: Any, what: str | None = None) -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1 (what a save file keeps), else a
    one-line ConfigError naming the range (``what``: where the seed was given, default "the
    seed"). Every place a seed enters calls this."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(_("{what} must be a whole number from 0 to 2**64 - 1 ({max}), not {value}").format(
            what=what or _("the seed"), max=MAX_SEED, value=shorten(seed)))
    return seed


def check_player(player: Any, players: int, spectator: bool = True) -> int | None:
    """``player`` if it is one of a ``players``-player game's players (an ``int`` from 0, never a
    bool; None for a spectator where ``spectator``), else a one-line ValueError."""
    if player is None and spectator:
        return None
    if type(player) is not int or not 0 <= player < players:
        fields = {"player": shorten(player, 30), "n": players, "last": players - 1}
        if spectator:
            raise ValueError(_("no player {player} in a {n}-player game (players: 0 to {last}, or None for a spectator)").format(**fields))
        raise ValueError(_("no player {player} in a {n}-player game (players: 0 to {last})").format(**fields))
    return player


def problem(value: Any, max_depth: int = MAX_DEPTH, max_int_bits: int = MAX_INT_BITS) -> str | None:
    """What is wrong with ``value`` (nested dicts/lists of plain values), or None. Iterative, so
    deep input cannot exhaust the stack."""
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if depth > max_depth:
            return _("nested more than {n} levels deep").format(n=max_depth)
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            if item.bit_length() > max_int_bits:
                digits = int(item.bit_length() * 0.30103) + 1
                return _("a whole number too large (about {digits} digits; at most {max})").format(digits=digits, max=2**max_int_bits - 1)
        elif isinstance(item, dict):
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)
    return None


def _depth_ok(text: str, max_depth: int) -> bool:
    # a cheap upper bound before parsing: brackets nested deeper than the limit (strings may hold
    # brackets, which only makes this stricter for text no beanframe file contains)
    depth = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > max_depth:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def loads_json(text: str) -> Any:
    """``json.loads`` with the limits: ValueError with a one-line message for bad input."""
    if not _depth_ok(text, MAX_DEPTH):
        raise ValueError(_("nested more than {n} levels deep").format(n=MAX_DEPTH))
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(_("nested more than {n} levels deep").format(n=MAX_DEPTH)) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # an integer of thousands of digits
        raise ValueError(_("a number too large ({detail})").format(detail=str(exc).split(";")[0])) from None
    found = problem(value)
    if found:
        raise ValueError(found)
    return value


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` with the limits: TOMLDecodeError for bad TOML, ValueError (one line) for
    too large or too deep input."""
    if not _depth_ok(text, MAX_DEPTH):
        raise ValueError(_("nested more than {n} levels deep").format(n=MAX_DEPTH))
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise ValueError(_("nested more than {n} levels deep").format(n=MAX_DEPTH)) from None
    except ValueError as exc:
        raise ValueError(_("a number too large ({detail})").format(detail=str(exc).split(";")[0])) from None
    found = problem(value)
    if found:
        raise ValueError(found)
    return value
