"""Ali Baba's set-up and turn (RULES E): sell bandits, move Ali Baba, the field's action; the end
of a round on the start field; the final sale. The arrest sequence is in ``arrest.py``, the
negotiations in ``trade.py``."""

from __future__ import annotations

from beanframe.core import Step
from beanframe.core.actions import shorten
from beanframe.errors import ConfigError
from beanframe.i18n import _, ngettext

from . import actions as a
from . import data as d
from .names import event_text, player
from .rules import board_of, from_pile, gain, loot, receive, roll, table, takeable, to_pile
from .trade import open_bazaar

# -- set-up --------------------------------------------------------------------------------


def setup(game) -> None:
    """Each gang's pile shuffled apart, its top card open; the movement cards dealt."""
    deck = game.setup_args.get("deck")
    if deck is not None:  # nothing to stack here: a deck given would be kept but never used
        raise ConfigError(_("Ali Baba has no deck to stack (its piles are shuffled from the seed): give no deck, not {deck}").format(deck=shorten(deck)))
    part = table(game)
    size = d.GROUPS * d.PER_GROUP
    for g in range(d.GANGS):
        pile = list(range(g * size, (g + 1) * size))
        game.random().shuffle(pile)
        part.piles[g] = pile
    deal_movement(game, game.state.active)


def deal_movement(game, starter: int) -> None:
    """Deal the movement cards one at a time from ``starter`` (left of the dealer) on: with five
    players the dealer, dealt last, gets one fewer."""
    part = table(game)
    cards = list(board_of(game).movement)
    game.random().shuffle(cards)
    n = game.players
    part.hands = [[] for _ in range(n)]
    for i, card in enumerate(cards):
        part.hands[(starter + i) % n].append(card)
    for hand in part.hands:
        hand.sort()
    part.played = []
    game.emit("dealt", starter)


# -- 1. sell -------------------------------------------------------------------------------


def phase_sell(game) -> None:
    p = game.state.active
    if table(game).bandits[p]:
        game.push("sell", p)


class SellStep(Step):
    kind = "sell"

    def legal(self, game, frame):
        return tuple(a.SELL[c] for c in table(game).bandits[frame.player]) + (a.DONE,)

    def apply(self, game, frame, action):
        if action is a.DONE:
            game.pop()
            return
        part = table(game)
        price = board_of(game).price(action.card, part.field)
        part.bandits[frame.player].remove(action.card)
        to_pile(part, action.card)
        gain(part, frame.player, price)
        game.emit("sell", frame.player, action.card, price)
        if not part.bandits[frame.player]:
            game.pop()

    def prompt(self, game, frame):
        return _("{player}: sell bandits at this district's price, or done").format(player=player(frame.player))


# -- 2. move -------------------------------------------------------------------------------


def phase_move(game) -> None:
    p = game.state.active
    if table(game).hands[p]:
        game.push("move", p)


class MoveStep(Step):
    kind = "move"

    def legal(self, game, frame):
        return tuple(a.MOVE[v - 1] for v in sorted(set(table(game).hands[frame.player])))

    def apply(self, game, frame, action):
        part = table(game)
        value = action.value + 1
        part.hands[frame.player].remove(value)
        part.played.append(value)
        game.emit("move", frame.player, value)
        game.pop()
        ends = board_of(game).reach[part.field][value]
        if len(ends) == 1:
            arrive(game, ends[0])
        else:  # a fork on the way leads to different fields: the mover chooses
            game.push("route", frame.player, value)

    def prompt(self, game, frame):
        return _("{player}: play a movement card").format(player=player(frame.player))


class RouteStep(Step):
    kind = "route"

    def legal(self, game, frame):
        return tuple(a.go(f) for f in board_of(game).reach[table(game).field][frame.args[0]])

    def apply(self, game, frame, action):
        game.pop()
        arrive(game, action.field)

    def prompt(self, game, frame):
        return _("{player}: choose Ali Baba's way at the fork").format(player=player(frame.player))


def arrive(game, field: int) -> None:
    part = table(game)
    board = board_of(game)
    if not part.hands[game.state.active] and not any(part.hands) and field != board.start:
        field = board.start  # the round's last card always ends on the start field (rulebook)
    part.field = field
    game.emit("arrive", field)


# -- 3. the field's action -----------------------------------------------------------------


def phase_field(game) -> None:
    board = board_of(game)
    part = table(game)
    f = part.field
    kind = board.kind[f]
    mover = game.state.active
    if kind == d.EMPTY:
        if _can_buy(game, mover):
            game.push("buy", mover, 0)
    elif kind == d.GANG:
        game.push("arrest", mover, 1 << board.gang_of[f], 0)
    elif kind == d.ALL:
        game.push("arrest", mover, (1 << d.GANGS) - 1, 0)
    elif kind == d.DIE:
        pips = roll(game)
        g = (0, 0, 1, 1, 2, 3)[pips - 1]  # 1-2 swindlers, 3-4 thieves, 5 deceivers, 6 robbers
        game.emit("gang_die", mover, pips, g)
        game.push("arrest", mover, 1 << g, 0)
    elif kind == d.QUESTION:
        game.push("choose_gang", mover)
    elif kind == d.EVENT:
        event = board.event_of[f]
        if event == d.BAZAAR:
            open_bazaar(game)
        elif event in EVERYONE:
            for_everyone(game, event)
        else:
            game.push("target", mover, event)
    elif kind == d.START:
        end_of_round(game)


def _can_buy(game, player: int) -> bool:
    part = table(game)
    board = board_of(game)
    return any(board.price(c, part.field) <= part.piasters[player] for c in takeable(game, part))


class BuyStep(Step):
    """An empty field: take up to three bandits, paying the district's price for each."""

    kind = "buy"

    def legal(self, game, frame):
        part = table(game)
        board = board_of(game)
        money = part.piasters[frame.player]
        cards = tuple(a.TAKE[c] for c in takeable(game, part) if board.price(c, part.field) <= money)
        return cards + (a.DONE,)

    def apply(self, game, frame, action):
        if action is a.DONE:
            game.pop()
            return
        part = table(game)
        price = board_of(game).price(action.card, part.field)
        from_pile(part, action.card)
        receive(part, frame.player, action.card)
        gain(part, frame.player, -price)
        game.emit("buy", frame.player, action.card, price)
        bought = frame.args[0] + 1
        if bought >= 3 or not _can_buy(game, frame.player):
            game.pop()
        else:
            game.replace_top("buy", frame.player, bought)

    def prompt(self, game, frame):
        taken = frame.args[0]
        if not taken:  # issue 20.3: "more" only once one was taken
            return _("{player}: take up to 3 bandits, or done").format(player=player(frame.player))
        more = ngettext("{player}: take up to {n} more bandit, or done", "{player}: take up to {n} more bandits, or done", 3 - taken)
        return more.format(player=player(frame.player), n=3 - taken)


# -- events --------------------------------------------------------------------------------

EVERYBODY = -1  # the "event" event's target when an event hits every player


class TargetStep(Step):
    """The mover picks whom the event hits (themselves too)."""

    kind = "target"

    def legal(self, game, frame):
        return a.TARGET[: game.players]

    def apply(self, game, frame, action):
        game.pop()
        event(game, frame.args[0], action.player)

    def prompt(self, game, frame):
        return _("{player}: whom does the event ({event}) hit?").format(player=player(frame.player), event=event_text(frame.args[0]))


def event(game, kind: int, target: int) -> None:
    part = table(game)
    game.emit("event", kind, target)
    if kind == d.DIE_X50:
        pips = roll(game)
        gain(part, target, 50 * pips)
        game.emit("paid", target, 50 * pips, pips)
    elif kind == d.GAIN_200:
        gain(part, target, 200)
        game.emit("paid", target, 200, 0)
    elif kind in (d.BLACK_DIE, d.WHITE_DIE):
        game.push("place_die", target, 0 if kind == d.BLACK_DIE else 1)
    elif kind == d.TWO_CARDS:
        if takeable(game, part):
            game.push("take_free", target, 2)
    elif kind == d.CARD_FROM_PLAYER:
        if any(part.bandits[p] for p in range(game.players) if p != target):
            game.push("giver", target)


#: the events that hit every player (the rulebook says so), so the mover names no one
EVERYONE = (d.PAYOUT, d.CARDS_X_DIE)


def for_everyone(game, kind: int) -> None:
    """An event that hits every player, in seat order from the mover. "Kaart met waarden ernaast":
    each is paid this district's price for each of their bandit cards. "Kaartjes met dobbelsteen x
    10": each counts their cards, rolls once and gets roll x cards x 10 (everyone rolls, with or
    without cards, so the dice fall alike whatever the hands)."""
    part = table(game)
    board = board_of(game)
    game.emit("event", kind, EVERYBODY)
    n = game.players
    for p in [(game.state.active + i) % n for i in range(n)]:
        if kind == d.PAYOUT:
            pips = 0
            amount = sum(board.price(c, part.field) for c in part.bandits[p])
        else:
            pips = roll(game)
            amount = len(part.bandits[p]) * pips * 10
        gain(part, p, amount)
        game.emit("paid", p, amount, pips)


class PlaceDieStep(Step):
    """The black or the white die placed by choice: it counts for the next gang field."""

    kind = "place_die"

    def legal(self, game, frame):
        return a.PLACE

    def apply(self, game, frame, action):
        part = table(game)
        if frame.args[0] == 0:
            part.black = action.pips + 1
        else:
            part.white = action.pips + 1
        game.emit("place_die", frame.player, frame.args[0], action.pips + 1)
        game.pop()

    def prompt(self, game, frame):
        if frame.args[0] == 0:
            return _("{player}: place the black die").format(player=player(frame.player))
        return _("{player}: place the white die").format(player=player(frame.player))


class TakeFreeStep(Step):
    """Two bandit cards for free: from one pile or two."""

    kind = "take_free"

    def legal(self, game, frame):
        return tuple(a.TAKE[c] for c in takeable(game, table(game)))

    def apply(self, game, frame, action):
        part = table(game)
        from_pile(part, action.card)
        receive(part, frame.player, action.card)
        game.emit("buy", frame.player, action.card, 0)
        left = frame.args[0] - 1
        if left and takeable(game, part):
            game.replace_top("take_free", frame.player, left)
        else:
            game.pop()

    def prompt(self, game, frame):
        n = frame.args[0]
        return ngettext("{player}: take {n} bandit card for free", "{player}: take {n} bandit cards for free", n).format(player=player(frame.player), n=n)


class GiverStep(Step):
    """A bandit card from another player: the hit player names the giver, who chooses the card."""

    kind = "giver"

    def legal(self, game, frame):
        part = table(game)
        return tuple(a.FROM[p] for p in range(game.players) if p != frame.player and part.bandits[p])

    def apply(self, game, frame, action):
        game.pop()
        game.push("give", action.player, frame.player)

    def prompt(self, game, frame):
        return _("{player}: from whom do you receive a bandit?").format(player=player(frame.player))


class GiveStep(Step):
    kind = "give"

    def legal(self, game, frame):
        return tuple(a.GIVE[c] for c in table(game).bandits[frame.player])

    def apply(self, game, frame, action):
        part = table(game)
        part.bandits[frame.player].remove(action.card)
        receive(part, frame.args[0], action.card)
        game.emit("give", frame.player, frame.args[0], action.card)
        game.pop()

    def prompt(self, game, frame):
        return _("{player}: give {other} one of your bandits").format(player=player(frame.player), other=player(frame.args[0]))


class ChooseGangStep(Step):
    """The four symbols with the question mark: the mover chooses the gang Ali Baba hunts."""

    kind = "choose_gang"

    def legal(self, game, frame):
        return a.GANG

    def apply(self, game, frame, action):
        game.pop()
        game.emit("gang_chosen", frame.player, action.gang)
        game.push("arrest", frame.player, 1 << action.gang, 0)

    def prompt(self, game, frame):
        return _("{player}: which gang does Ali Baba hunt?").format(player=player(frame.player))


# -- the start field: end of a round -------------------------------------------------------


def end_of_round(game) -> None:
    """Loot values (double for a complete group) and 100 for everyone; the poorest starts the next
    round (ties: the first of them from the next player in turn order on); after the last round
    the game ends."""
    part = table(game)
    board = board_of(game)
    for p in range(game.players):
        amount = loot(board, part.bandits[p]) + board.round_bonus
        gain(part, p, amount)
        game.emit("round_payout", p, amount)
    if part.round >= board.rounds:
        game.end_game()
        return
    part.round += 1
    n = game.players
    order = [(game.state.active + 1 + i) % n for i in range(n)]
    poorest = min(order, key=lambda p: part.piasters[p])
    game.emit("round", part.round, poorest)
    deal_movement(game, poorest)
    game.set_next_player(poorest)


def final_sale(game) -> None:
    """After the last round everyone sells all bandits at the price of Ali Baba's district."""
    part = table(game)
    board = board_of(game)
    for p in range(game.players):
        for c in list(part.bandits[p]):
            price = board.price(c, part.field)
            part.bandits[p].remove(c)
            to_pile(part, c)
            gain(part, p, price)
            game.emit("sell", p, c, price)


STEPS = (SellStep, MoveStep, RouteStep, BuyStep, TargetStep, PlaceDieStep, TakeFreeStep, GiverStep, GiveStep,
         ChooseGangStep)
