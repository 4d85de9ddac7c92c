"""Ali Baba (Ian Livingstone, Abacus 1993): 2-6 players move Ali Baba through Basra; bandits are
bought, shed, traded, arrested and cashed at the end of each of two rounds. RULES.md E.

A game with no beans, on the core alone: this plugin never imports ``beanframe.beans``. The
board, the prices, the bandit cards and the fate grid are a reconstruction (``board.toml``).
"""

from __future__ import annotations

from attrs import field, frozen

from beanframe.core.actions import shorten
from beanframe.core import Hidden, hookimpl
from beanframe.core.params import flag, whole
from beanframe.core.scoring import seat_name
from beanframe.core.variant import Flag, VariantInfo

from . import arrest, trade, turn
from .actions import ALL as ACTIONS
from .data import EVENT_TEXTS, GANGS, load_board
from .rules import AliBabaRules, board_of, card_name, gangs_text, table
from .state import PART, AliBaba

NAME = "ali_baba"
VERSION = "1.0.0"


def _path(instance, attribute, value):
    if type(value) is not str:
        raise TypeError(f"{attribute.name} must be a file path (text), not {shorten(value)}")


@frozen
class AliBabaOptions:
    """Options of Ali Baba (the defaults are the rulebook's, on the reconstructed board)."""

    board: str = field(default="", validator=_path, metadata={"help": "a board file (\"\": the shipped reconstruction)"})
    pick_any: bool = field(default=False, validator=flag, metadata={"help": "the rulebook's variant: take any card of a pile"})
    surrender: bool = field(default=False, validator=flag, metadata={"help": "a reading: an arrested bandit may be left behind"})
    offers: int = field(default=3, validator=whole(0, 20), metadata={"help": "offers per player per negotiation"})


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description="Ali Baba: 2-6 players hunt loot in Basra (board, prices, cards and fate grid RECONSTRUCTED)",
        players=(2, 3, 4, 5, 6),
        options=AliBabaOptions,
        flags=(Flag("--board", "board", "another board file (TOML, as the shipped board.toml)", "FILE"),),
    )


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
    pipeline.add("setup", "deal", turn.setup, title="shuffle the bandit piles, deal the movement cards")
    pipeline.add("turn", "sell", turn.phase_sell, title="sell bandits", number=1)
    pipeline.add("turn", "move", turn.phase_move, title="move Ali Baba", number=2)
    pipeline.add("turn", "field", turn.phase_field, title="the field's action", number=3)
    pipeline.add("end", "final_sale", turn.final_sale, title="everyone sells their loot once more")


def _p(player: int) -> str:
    return f"player {player + 1}"


@hookimpl
def beanframe_register_events(events):
    def card(g, c):
        return card_name(board_of(g), c) if g is not None else f"bandit {c + 1}"

    def fld(g, f):
        return board_of(g).field_ids[f] if g is not None else str(f + 1)

    events.describe("turn", lambda g, t, p: f"turn {t}: {_p(p)}")
    events.describe("dealt", lambda g, p: f"the movement cards are dealt; {_p(p)} starts")
    events.describe("sell", lambda g, p, c, m: f"{_p(p)} sells {card(g, c)} to the bank for {m}")
    events.describe("move", lambda g, p, v: f"{_p(p)} plays a {v}")
    events.describe("arrive", lambda g, f: f"Ali Baba reaches field {fld(g, f)}")
    events.describe("buy", lambda g, p, c, m: f"{_p(p)} takes {card(g, c)} for {m}")
    events.describe("event", lambda g, e, p: f"event ({EVENT_TEXTS[e]}) for {'every player' if p < 0 else _p(p)}")
    events.describe("paid", lambda g, p, m, pips: f"{_p(p)} receives {m}" + (f" (rolled {pips})" if pips else ""))
    events.describe("place_die", lambda g, p, w, v: f"{_p(p)} places the {'black' if w == 0 else 'white'} die on {v}")
    events.describe("give", lambda g, p, q, c: f"{_p(p)} gives {card(g, c)} to {_p(q)}")
    events.describe("gang_die", lambda g, p, pips, k: f"{_p(p)} rolls {pips}: gang {k + 1}")
    events.describe("gang_chosen", lambda g, p, k: f"{_p(p)} sends Ali Baba after gang {k + 1}")
    events.describe("hunt", lambda g, m: f"Ali Baba hunts {gangs_text(board_of(g), m) if g else m}")
    events.describe("black", lambda g, p, v: f"{_p(p)} rolls the black die: {v}")
    events.describe("white", lambda g, p, v: f"{_p(p)} rolls the white die: {v}")
    events.describe("fate", "black {0} and white {1}: fate strikes number {2}")
    events.describe("arrested", lambda g, p, cs, n: f"{_p(p)}: {len(cs)} bandit(s) arrested (number {n})")
    events.describe("bail", lambda g, p, m: f"{_p(p)} pays {m} bail")
    events.describe("surrender", lambda g, p, c: f"{_p(p)} leaves {card(g, c)} to the caliph")
    events.describe("bankrupt", lambda g, p, paid, debt: f"{_p(p)} is bankrupt: pays {paid} of {debt}")
    events.describe("shed", lambda g, p, c, m: f"{_p(p)} sheds {card(g, c)} for {m}")

    def items(g, its) -> str:  # core offers' items: ("bandit", card) or ("piasters", amount)
        return ", ".join(card(g, x) if kind == "bandit" else f"{x} piasters" for kind, x in its) or "nothing"

    events.describe("offer", lambda g, o, p, q, gives, asks: f"{_p(p)} offers {items(g, gives)} to {_p(q)} for {items(g, asks)}")
    events.describe("reject", lambda g, o, p: f"{_p(p)} declines the offer")
    events.describe("scrap", lambda g, p: f"{_p(p)} scraps the offer being built")
    events.describe(
        "traded", lambda g, o, p, q, gives, asks: f"{_p(q)} accepts: {_p(p)} gives {items(g, gives)}, {_p(q)} gives {items(g, asks)}"
    )
    events.describe("bazaar", "the great bandit bazaar opens")
    events.describe("round_payout", lambda g, p, m: f"{_p(p)} cashes {m} at the end of the round")
    events.describe("round", lambda g, r, p: f"round {r} begins; {_p(p)}, the poorest, starts")
    events.describe("game_over", "the game is over")


@hookimpl
def beanframe_register_bots(register):
    from .bots import GreedyBot

    register("greedy", GreedyBot, "plays Ali Baba sensibly: buys cheap loot, sheds threatened cards, bails when it pays")


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
        sheet.add(seat_name(p), "piasters", part.piasters[p])


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
