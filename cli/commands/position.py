"""``beanframe position``: check a position file, or write the position of a saved game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from beanframe.core.game import Game
from beanframe.core.persist import load_game
from beanframe.core.position import position_text
from beanframe.core.scoring import seat_name
from beanframe.errors import ConfigError, PositionError
from beanframe.i18n import N_, _

from ..config import Settings, compose_settings, read_text_file, require_variants
from ..positions import in_file, read_position_file, settings_with_position


#: the command's --help text (marked: shown in the reader's language by beanframe_cli.helpwords)
HELP = N_("""Check a position file (one line per problem), or write the position of a saved game.

A position holds everything, like a save (every hand, the deck order, the seed): it is for
bug reports and analysis, not for the eyes of the players of a game in progress. Play from one
with beanframe play --position FILE; win rates from one: beanframe simulate --position FILE.""")


def position_cli(
    source: Annotated[Path, typer.Argument(help=N_("A position file (TOML or JSON) to check, or a save file."), show_default=False)],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help=N_("Write the whole position there (JSON): a save's, or the position file's with everything dealt."), show_default=False),
    ] = None,
) -> None:
    # the --help text is HELP (above): translated where it is shown
    text = read_text_file(source)
    save = _is_save(text)
    game = load_game(text) if save else _from_position(source)
    data = game.position()
    if out is None and save:
        typer.echo(position_text(data), nl=False)
        return
    if out is not None:
        out.write_text(position_text(data), encoding="utf-8")
    who = ", ".join(seat_name(p) for p in game.deciders) or _("nobody")
    where = _("turn {turn}, {phase}: {seats} to decide").format(turn=game.state.turn, phase=game.phase.name if game.phase else game.stage_name, seats=who)
    line = _("{file}: a position of {variants}, {n} player(s); {where}").format(file=source, variants=game.ruleset.name, n=game.players, where=where)
    typer.echo(line + (_("; written to {file}").format(file=out) if out else ""))


def _is_save(text: str) -> bool:
    """A save file (canonical JSON: its format key is written as in ``core/persist.py``)."""
    return text.lstrip().startswith("{") and '"format": "beanframe-save"' in text


def _from_position(path: Path) -> Game:
    data = read_position_file(path)
    settings = require_variants(settings_with_position(Settings(), data, path))
    if settings.players is None:
        raise ConfigError(_("{file}: say the number of players (players = N) to check it").format(file=path))
    try:
        return compose_settings(settings).new_game(seed=settings.seed, position=data)
    except PositionError as exc:
        raise in_file(path, exc) from None
