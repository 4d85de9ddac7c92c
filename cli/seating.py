"""The seat a model plays, as ``beanframe mcp`` and ``beanframe agent`` take it: a table's
invitation link, or a local game (variants, players, seats, options, seed as ``beanframe play``
takes them) whose first human seat is the model's and whose other seats are bots."""

from __future__ import annotations

from collections.abc import Sequence

from beanframe.agents import make_bot
from beanframe.batch import bot_seed
from beanframe.errors import ConfigError
from beanframe.i18n import _
from beanframe.modelseat.seat import LocalSeat, Seat
from beanframe.simulate import fresh_seed

from .config import gather, make_seats
from .commands.play import start_game


def model_seat(
    link: str | None,
    variants: Sequence[str] | None,
    players: int | None,
    seats: Sequence[str] | None,
    options: Sequence[str] | None,
    seed: int | None,
    bots_seed: int | None,
) -> Seat:
    """The seat of ``link``, or of a new local game (see the module)."""
    if link is not None:
        if variants or players is not None or seats or options or seed is not None:
            raise ConfigError(_("a table's link brings its own game: leave out --variants, --players, --seat, --option and --seed"))
        from beanframe.modelseat.table import TableSeat  # noqa: PLC0415 - only for a table

        return TableSeat(link)
    if not variants:
        raise ConfigError(_("give a table's invitation link, or --variants (and --players) for a local game against bots"))
    settings = gather(list(variants), players, seed, seats, options, None)
    game = start_game(settings, None)
    chosen = make_seats(settings.seats, game.ruleset)
    humans = [p for p, s in enumerate(chosen) if s.human]
    if len(humans) != 1:
        raise ConfigError(_("the model plays one seat: give exactly one human seat ({n} given), bots in the others").format(n=len(humans)))
    master = fresh_seed() if bots_seed is None else bots_seed
    bots = {p: make_bot(game.ruleset, s.bot, bot_seed(master, game.state.seed, p)) for p, s in enumerate(chosen) if s.bot is not None}
    return LocalSeat(game, humans[0], bots)
