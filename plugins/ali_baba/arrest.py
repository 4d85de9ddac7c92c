"""The arrest sequence of a gang field (RULES E, "Velden met kleurige symbolen"), one automatic
step ``arrest`` whose frame ``("arrest", mover, gangs, stage)`` keeps its progress:

0. the hunted gangs' owners may shed loot (20 per card to the bank, or sell to other players at a
   negotiated price) -- not if a die was placed by an event;
1. the mover rolls the black die (unless an event placed it);
2. the last chance: shed to the bank at 100 per card -- not if an event placed the white die;
3. the mover rolls the white die (unless placed); the grid's number arrests every hunted card
   that shows it; 200 bail per arrested bandit, or bankruptcy;
4. both dice leave the grid.
"""

from __future__ import annotations

from beanframe.core import Step
from beanframe.i18n import _

from . import actions as a
from .names import gangs_text, player
from .rules import board_of, fate_number, gain, hunted_cards, roll, rules_of, table, to_pile
from .trade import open_shedding


class ArrestStep(Step):
    kind = "arrest"

    def resolve(self, game, frame):
        part = table(game)
        mask, stage = frame.args
        mover = frame.player
        if stage == 0:
            part.hunted = mask
            game.emit("hunt", mask)
            game.replace_top("arrest", mover, mask, 1)
            if not part.black and not part.white:
                open_shedding(game, mask, last_chance=False)
            return False
        if stage == 1:
            if not part.black:
                part.black = roll(game)
                game.emit("black", mover, part.black)
            game.replace_top("arrest", mover, mask, 2)
            if not part.white:
                open_shedding(game, mask, last_chance=True)
            return False
        if stage == 2:
            if not part.white:
                part.white = roll(game)
                game.emit("white", mover, part.white)
            game.replace_top("arrest", mover, mask, 3)  # first: arrest() may push bail frames on top
            arrest(game, mask)
            return False
        # stage 3: every bail is settled
        part.black = part.white = part.hunted = 0
        game.pop()
        return False

    def prompt(self, game, frame):
        return _("Ali Baba hunts the bandits")


def arrest(game, mask: int) -> None:
    part = table(game)
    board = board_of(game)
    number = fate_number(board, part.black, part.white)
    game.emit("fate", part.black, part.white, number)
    n = game.players
    mover = game.state.active
    order = [(mover + i) % n for i in range(n)]
    surrender = rules_of(game).surrender
    for p in order:
        caught = [c for c in hunted_cards(part, p, mask) if number in board.card_fate[c]]
        if not caught:
            continue
        part.arrested[p] = caught
        game.emit("arrested", p, tuple(caught), number)
        if not surrender:
            settle_bail(game, p)
    if surrender:  # each caught player decides, the mover first (pushed last: on top)
        for p in reversed(order):
            if part.arrested[p]:
                game.push("bail", p)


def settle_bail(game, player: int) -> None:
    """200 per arrested bandit to the caliph; who cannot pay goes bankrupt: sells every bandit at
    the district's price, pays what they can, and the rest of the debt is forgiven."""
    part = table(game)
    board = board_of(game)
    debt = board.bail * len(part.arrested[player])
    part.arrested[player] = []
    if part.piasters[player] >= debt:
        gain(part, player, -debt)
        game.emit("bail", player, debt)
        return
    for c in list(part.bandits[player]):
        price = board.price(c, part.field)
        part.bandits[player].remove(c)
        to_pile(part, c)
        gain(part, player, price)
    paid = min(debt, part.piasters[player])
    gain(part, player, -paid)
    game.emit("bankrupt", player, paid, debt)


class BailStep(Step):
    """Option ``surrender`` (a reading): per arrested bandit, pay bail or leave it to the caliph
    (the card goes under its pile)."""

    kind = "bail"

    def legal(self, game, frame):
        part = table(game)
        card = part.arrested[frame.player][0]
        out = (a.SURRENDER[card],)
        if part.piasters[frame.player] >= board_of(game).bail:
            out = (a.BAIL[card],) + out
        return out

    def apply(self, game, frame, action):
        part = table(game)
        p = frame.player
        part.arrested[p].pop(0)
        if isinstance(action, a.Bail):
            gain(part, p, -board_of(game).bail)
            game.emit("bail", p, board_of(game).bail)
        else:
            part.bandits[p].remove(action.card)
            to_pile(part, action.card)
            game.emit("surrender", p, action.card)
        if not part.arrested[p]:
            game.pop()

    def prompt(self, game, frame):
        return _("{player}: pay bail for your arrested bandit, or leave it").format(player=player(frame.player))


def describe_hunt(game, mask):
    return _("Ali Baba hunts the {gangs}").format(gangs=gangs_text(board_of(game), mask))
