"""Position files on the command line (issue 21): ``play --position FILE``, ``simulate --position
FILE``, ``beanframe position``. A position file (TOML, or JSON: a file ending in ``.json``) may say
its variants, players, options and seed; the command line may too, and a contradiction is a
one-line error. Every problem of a position is one line naming its file and place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from attrs import evolve

from beanframe.core.position import parse_position
from beanframe.errors import ConfigError, PositionError
from beanframe.i18n import N_, _

from .config import Settings, normalise_variant, read_text_file


def read_position_file(path: str | Path) -> dict[str, Any]:
    """The position a file holds (PositionError naming the file; OSError if it cannot be read)."""
    return parse_position(read_text_file(path, N_("position file")), str(path))


def in_file(path: str | Path, error: PositionError) -> PositionError:
    """``error`` with each problem naming the file (one line each on the command line)."""
    return PositionError([f"{path}: {p}" for p in error.problems])


def settings_with_position(settings: Settings, position: dict[str, Any], path: str | Path) -> Settings:
    """The command's settings completed by what the position file says (variants, players,
    options, seed); the file and the command line must not contradict each other."""
    variants = position.get("variants")
    if isinstance(variants, str):
        variants = [variants]
    if variants is not None:
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise PositionError(_("{file}: variants: expected a list of variant names").format(file=path))
        if settings.variants and {normalise_variant(v) for v in settings.variants} != {normalise_variant(v) for v in variants}:
            raise ConfigError(_("{file} is a position of {variants}: leave out the variants or give exactly those").format(file=path, variants=" + ".join(variants)))
        settings = evolve(settings, variants=settings.variants or tuple(variants))
    players = position.get("players")
    if players is not None:
        if type(players) is not int or players < 1:
            raise PositionError(_("{file}: players: expected a whole number of at least 1, not {value}").format(file=path, value=repr(players)))
        if settings.players is not None and settings.players != players:
            raise ConfigError(_("{file} is a position of a {n}-player game, not a {asked}-player one").format(file=path, n=players, asked=settings.players))
        settings = evolve(settings, players=players)
    seed = position.get("seed")
    if seed is not None and settings.seed is not None and seed != settings.seed:
        raise ConfigError(_("{file} says seed {seed}, the command line {asked}: give one of them").format(file=path, seed=seed, asked=settings.seed))
    if type(seed) is int and seed >= 0 and settings.seed is None:
        settings = evolve(settings, seed=seed)
    options = position.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, dict) for v in options.values()):
        raise PositionError(_("{file}: options: expected one table per variant, e.g. [options.VARIANT]").format(file=path))
    merged = {name: dict(values) for name, values in options.items()}
    for name, values in settings.options.items():
        for key, value in values.items():
            said = options.get(name, {}).get(key, value)
            if said != value:
                raise ConfigError(
                    _("option {option}: {file} says {said}, the command line {value}: give one of them").format(
                        option=f"{name}.{key}", file=path, said=repr(said), value=repr(value)
                    )
                )
            merged.setdefault(name, {})[key] = value
    return evolve(settings, options=merged)
