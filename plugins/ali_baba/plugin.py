"""Ali Baba (Ian Livingstone, Abacus 1993): 2-6 players move Ali Baba through Basra; bandits are
bought, shed, traded, arrested and cashed at the end of each of two rounds. RULES.md E.

A game with no beans, on the core alone: this plugin never imports ``beanframe.beans``. The
board, the prices, the bandit cards and the fate grid are a reconstruction (``board.toml``).
"""

from __future__ import annotations

from pathlib import Path

from attrs import field, frozen

from beanframe.core.actions import shorten
from beanframe.core import Hidden, hookimpl
from beanframe.core.params import flag, whole
from beanframe.core.scoring import seat_name
from beanframe.core.variant import Flag, VariantInfo
from beanframe.i18n import N_, _

from . import arrest, trade, turn
from .actions import ALL as ACTIONS
from .data import GANGS, load_board
from .events import describe_events
from .rules import AliBabaRules, board_of, table
from .state import PART, AliBaba

NAME = "ali_baba"
LOCALE = Path(__file__).resolve().parent / "locale"  # the catalogs: Dutch, French, German
VERSION = "1.0.0"


def _path(instance, attribute, value):
    if type(value) is not str:
        raise TypeError(_("{name} must be a file path (text), not {value}").format(name=attribute.name, value=shorten(value)))


@frozen
class AliBabaOptions:
    """Options of Ali Baba (the defaults are the rulebook's, on the reconstructed board)."""

    board: str = field(default="", validator=_path, metadata={"help": N_("a board file (\"\": the shipped reconstruction)")})
    pick_any: bool = field(default=False, validator=flag, metadata={"help": N_("the rulebook's variant: take any card of a pile")})
    surrender: bool = field(default=False, validator=flag, metadata={"help": N_("a reading: an arrested bandit may be left behind")})
    offers: int = field(default=3, validator=whole(0, 20), metadata={"help": N_("offers per player per negotiation")})


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description=N_("Ali Baba: 2-6 players hunt loot in Basra (board, prices, cards and fate grid RECONSTRUCTED)"),
        players=(2, 3, 4, 5, 6),
        options=AliBabaOptions,
        flags=(Flag("--board", "board", N_("another board file (TOML, as the shipped board.toml)"), "FILE"),),
    )


@hookimpl
def beanframe_catalogs():
    return LOCALE


@hookimpl
def beanframe_configure(config):
    opts: AliBabaOptions = config.options[NAME]
    config.params[PART] = AliBabaRules(
        board=load_board(opts.board), pick_any=opts.pick_any, surrender=opts.surrender, offers=opts.offers
    )


@hookimpl
def beanframe_register_parts(register):
    register(PART, AliBaba.empty, AliBaba)


@hookimpl
def beanframe_register_positions(register):
    from .position import read_ali_baba, write_ali_baba

    register(PART, write_ali_baba, read_ali_baba)


@hookimpl
def beanframe_register_actions(register):
    for cls in ACTIONS:
        register(cls)


@hookimpl
def beanframe_register_steps(register):
    for step in turn.STEPS + trade.STEPS + (arrest.ArrestStep, arrest.BailStep):
        register(step())


@hookimpl
def beanframe_register_phases(pipeline):
    pipeline.add("setup", "deal", turn.setup, title=N_("shuffle the bandit piles, deal the movement cards"))
    pipeline.add("turn", "sell", turn.phase_sell, title=N_("sell bandits"), number=1)
    pipeline.add("turn", "move", turn.phase_move, title=N_("move Ali Baba"), number=2)
    pipeline.add("turn", "field", turn.phase_field, title=N_("the field's action"), number=3)
    pipeline.add("end", "final_sale", turn.final_sale, title=N_("everyone sells their loot once more"))


@hookimpl
def beanframe_register_events(events):
    describe_events(events)


@hookimpl
def beanframe_register_bots(register):
    from .bots import GreedyBot

    register("greedy", GreedyBot, N_("plays Ali Baba sensibly: buys cheap loot, sheds threatened cards, bails when it pays"))


@hookimpl
def beanframe_register_renderers(register):
    from . import actions as A
    from .render import amount_label, card_label, render_table

    register.part(PART, render_table)
    for cls in (A.Sell, A.Take, A.Give, A.Shed, A.Offer, A.Ask, A.Bail, A.Surrender):
        register.label(cls, card_label)  # issue 20.3: codes explained where they are offered
    for cls in (A.Pay, A.Charge):
        register.label(cls, amount_label)


@hookimpl
def beanframe_observation(register, config):
    """Ali Baba's segments of the observation vector (observation.py documents the layout)."""
    from .observation import register as observe

    observe(register, config)


@hookimpl
def beanframe_score(game, sheet):
    part = table(game)
    for p in range(game.players):
        sheet.add(seat_name(p), _("piasters"), part.piasters[p])


@hookimpl
def beanframe_game_stats(game):
    arrests = sum(len(e[2]) for e in game.events if e[0] == "arrested")
    bankrupt = sum(1 for e in game.events if e[0] == "bankrupt")
    return {"arrests per game": float(arrests), "bankruptcies per game": float(bankrupt)}


# the pools of the hidden zones: movement cards mix only with movement cards, a gang's pile cards
# only within that pile's face-down part
MOVES = "ali_baba.movement"


@hookimpl
def beanframe_hidden(game, observer):
    part = table(game)
    zones = [Hidden(MOVES, hand, {}) for p, hand in enumerate(part.hands) if p != observer and hand]
    for g in range(GANGS):
        pile = part.piles[g]
        if len(pile) < 2:
            continue
        known = {i: pile[i] for i in range(min(part.known_bottom[g], len(pile)))}
        known[len(pile) - 1] = pile[-1]  # the open card
        zones.append(Hidden(f"ali_baba.gang{g + 1}", pile, known))
    return zones


@hookimpl
def beanframe_determinize(game):
    """Stacked dice (a position's ``rolls``) are future chance nobody knows: the copy rolls anew."""
    table(game).rolls.clear()


@hookimpl
def beanframe_invariants(game):
    part = table(game)
    problems = []
    cards = sorted(c for zone in part.zones().values() for c in zone)
    if cards != list(range(64)):
        problems.append("the bandit cards are not each in exactly one place")
    if sum(len(h) for h in part.hands) + len(part.played) != len(board_of(game).movement):
        problems.append("movement cards were lost or invented")
    if any(m < 0 for m in part.piasters):
        problems.append(f"negative piasters: {part.piasters}")
    if any(not 0 <= k <= len(p) for k, p in zip(part.known_bottom, part.piles)):
        problems.append("a pile's known bottom is larger than the pile")
    return problems


@hookimpl
def beanframe_register_web(register):
    from .web import register_web

    register_web(register)
