"""Al Cabohne's phases and decision steps (RULES.md A).

Set-up: deal, mafia start. Turn with 2 players: 1 leftovers, 2 mafia tax, 3 play from hand,
4 flip, 5 plant, 6 draw. Solo: 1 tax, 2 play, 3 flip, 4 plant (every pile), 5 draw.
End: every player and every boss sells every field (F.5, F.18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import BeanRules, BeanTable, deal, draw, harvest, harvestable, pay_coins, stack_deck
from beanframe.core.state import TURNS
from beanframe.core.steps import Option, Step

from . import actions as A
from . import mafia as m
from .actions import (
    BuyField,
    Done,
    Gift,
    Harvest,
    Pass,
    PlantLeftover,
    PlantPile,
)

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


def _beans(game: Game) -> tuple[BeanTable, BeanRules]:
    return game.state.parts[BEANS], game.ruleset.config.params["beans"]


def _mafia(game: Game) -> m.Mafia:
    return game.state.parts[m.PART]


def _target(game: Game):
    """The composed field-acceptance rule (BeanRules.plant_target)."""
    return game.ruleset.config.params["beans"].plant_target


def is_solo(game: Game) -> bool:
    return game.state.players == 1


# ------------------------------------------------------------------------------------------
# Set-up (RULES A "Set-up, 2 players", "Solo game")
# ------------------------------------------------------------------------------------------


def setup_deal(game: Game) -> None:
    """Shuffle (or stack) the deck and deal the hands one card at a time, starting with the
    starting player (seat 1; the last seat is the dealer)."""
    table, rules = _beans(game)
    table.deck = stack_deck(rules.cards, game.setup_args.get("deck"), game)
    deal(game, table, rules.hand_size, first=0)
    game.emit("dealt", rules.hand_size)


def setup_mafia(game: Game) -> None:
    """Flip onto Al Cabohne while the cards are of the first card's bean; the first card of
    another bean goes to Don Corlebohne. Solo: keep flipping, Al's and Don's beans go to them,
    the first card of a third bean goes to Joe Bohnano (exactly one card each for Don and Joe)."""
    table, rules = _beans(game)
    mafia = _mafia(game)
    cards = rules.cards
    runs: list[int] = []  # the bean each boss was started with
    for b in range(len(mafia.bosses)):
        while True:
            card = draw(game, table)
            if card is None:
                return
            if card in runs:
                m.give(game, mafia, runs.index(card), [card], table.discard, cards)
                continue
            m.give(game, mafia, b, [card], table.discard, cards)
            runs.append(card)
            break


# ------------------------------------------------------------------------------------------
# Phase 1 (2 players): leftovers (F.1)
# ------------------------------------------------------------------------------------------


def phase_leftovers(game: Game) -> None:
    table, _ = _beans(game)
    if table.leftovers:
        game.push("leftovers", game.state.active)


class LeftoversStep(Step):
    """Each card the opponent flipped and did not plant: plant it on an own field or discard it.
    Per F.1 the choice is per card, but beans of one type planted in this phase go to one field:
    the frame's args remember (bean, field) pairs already used."""

    kind = "leftovers"  # pushed only when there are leftovers; popped with the last one

    def _target(self, game: Game, table: BeanTable, frame: Frame, bean: int) -> int | None:
        args = frame.args
        for i in range(0, len(args), 2):
            if args[i] == bean:
                # the field this bean went to earlier in the phase, while it still takes it
                f = table.fields[frame.player][args[i + 1]]
                return args[i + 1] if not f or f[-1] == bean else None
        return _target(game)(table, frame.player, bean)

    def legal(self, game: Game, frame: Frame):
        table = game.state.parts[BEANS]
        out = []
        for k, pile in enumerate(table.leftovers):
            target = self._target(game, table, frame, pile[0])
            if target is not None:
                out.append(A.PLANT_LEFTOVER[k][target])
            out.append(A.DISCARD_LEFTOVER[k])
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        table = game.state.parts[BEANS]
        pile = table.leftovers[action.pile]
        card = pile.pop()
        if not pile:
            del table.leftovers[action.pile]
        if isinstance(action, PlantLeftover):
            table.fields[frame.player][action.field].append(card)
            game.emit("plant", frame.player, action.field, card, "leftover")
            if card not in frame.args[0::2]:
                game.replace_top(self.kind, frame.player, *frame.args, card, action.field)
        else:
            table.discard.append(card)
            game.emit("discard", frame.player, card)
        if not table.leftovers:
            game.pop()

    def prompt(self, game: Game, frame: Frame) -> str:
        return "leftovers: plant or discard each card the opponent left"


# ------------------------------------------------------------------------------------------
# Phase 2 (solo 1): mafia tax
# ------------------------------------------------------------------------------------------


def taxable(game: Game, player: int) -> list[tuple[int, int]]:
    """(field, boss) pairs: own fields whose bean a (non-empty) boss collects."""
    table = game.state.parts[BEANS]
    mafia = _mafia(game)
    out = []
    for i, f in enumerate(table.fields[player]):
        if f:
            b = m.collector(mafia, f[-1])
            if b is not None:
                out.append((i, b))
    return out


def phase_tax(game: Game) -> None:
    if taxable(game, game.state.active):
        game.push("tax", game.state.active)


def collect_tax(game: Game, player: int) -> None:
    """One bean from each own field whose bean a boss collects goes to that boss, even a field's
    only bean; a boss reaching its threshold harvests at once."""
    table, rules = _beans(game)
    mafia = _mafia(game)
    for i, f in enumerate(table.fields[player]):
        if f:
            b = m.collector(mafia, f[-1])
            if b is not None:
                card = f.pop()
                game.emit("tax", player, i, b, card)
                m.give(game, mafia, b, [card], table.discard, rules.cards)


class TaxStep(Step):
    """A decision point before the tax, so the player may first harvest a field the mafia would
    tax (harvesting is allowed any time of the own turn; the French rulebook names this move)."""

    kind = "tax"

    def resolve(self, game: Game, frame: Frame) -> bool:
        if not taxable(game, frame.player):
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        return (A.PAY_TAX,)

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.pop()
        collect_tax(game, frame.player)

    def prompt(self, game: Game, frame: Frame) -> str:
        fields = ", ".join(f"field {i + 1}" for i, _ in taxable(game, frame.player))
        return f"mafia tax: one bean of {fields} goes to the mafia (harvest first if you prefer)"


# ------------------------------------------------------------------------------------------
# Phase 3 (solo 2): play from hand
# ------------------------------------------------------------------------------------------


def phase_play(game: Game) -> None:
    table, _ = _beans(game)
    if table.hands[game.state.active]:
        game.push("play", game.state.active, 0)


class PlayStep(Step):
    """The front card must be planted; then the new front card may be. A card that fits no field
    needs a harvest first (offered as the any-time harvest option). args = (cards planted,)."""

    kind = "play"  # pushed only with a non-empty hand
    most = 2

    def legal(self, game: Game, frame: Frame):
        table = game.state.parts[BEANS]
        target = _target(game)(table, frame.player, table.hands[frame.player][0])
        out = [] if target is None else [A.PLANT_FRONT[target]]
        if frame.args[0] >= 1:
            out.append(A.PASS)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        if isinstance(action, Pass):
            game.pop()
            return
        table = game.state.parts[BEANS]
        card = table.hands[frame.player].pop(0)
        table.fields[frame.player][action.field].append(card)
        game.emit("plant", frame.player, action.field, card, "hand")
        planted = frame.args[0] + 1
        if planted >= self.most or not table.hands[frame.player]:
            game.pop()
        else:
            game.replace_top(self.kind, frame.player, planted)

    def prompt(self, game: Game, frame: Frame) -> str:
        if frame.args[0] == 0:
            return "play: you must plant your front card"
        return "play: you may plant your (new) front card"


# ------------------------------------------------------------------------------------------
# Phase 4 (solo 3): flip (F.2, F.3, F.4, F.14, F.16)
# ------------------------------------------------------------------------------------------


def phase_flip(game: Game) -> None:
    """Flip 3 cards, one at a time. After each: (1) a boss that collects the bean takes it (and
    may harvest); then a replacement is flipped that does not count (F.16); (2) while the top of
    the discard matches a pile flipped so far or a boss's bean, it joins that pile or boss (F.2,
    F.3). No further cards once the deck has run out for the last time (F.4)."""
    table, rules = _beans(game)
    mafia = _mafia(game)
    cards = rules.cards
    piles = table.piles
    discard = table.discard
    emit = game.emit
    collector = m.collector
    counted = 0
    while counted < 3:
        card = draw(game, table)
        if card is None:
            break
        emit("flip", card)
        b = collector(mafia, card)
        if b is not None:
            m.give(game, mafia, b, [card], discard, cards)
        else:
            counted += 1
            for pile in piles:
                if pile[0] == card:
                    pile.append(card)
                    break
            else:
                piles.append([card])
        while discard:
            top = discard[-1]
            for pile in piles:
                if pile[0] == top:
                    pile.append(discard.pop())
                    emit("from_discard", top, "pile")
                    break
            else:
                b = collector(mafia, top)
                if b is None:
                    break
                discard.pop()
                emit("from_discard", top, "boss")
                m.give(game, mafia, b, [top], discard, cards)


# ------------------------------------------------------------------------------------------
# Phase 5 (solo 4): plant, then refill the bosses
# ------------------------------------------------------------------------------------------


def phase_plant(game: Game) -> None:
    player = game.state.active
    game.push("refill", player)
    game.push("plant", player)


def boss_map(bosses: list[list[int]]) -> tuple[dict[int, int], list[int]]:
    """(bean -> the boss collecting it, the empty bosses)."""
    collects: dict[int, int] = {}
    empty: list[int] = []
    for b, f in enumerate(bosses):
        if f:
            collects[f[-1]] = b
        else:
            empty.append(b)
    return collects, empty


def gifts(game: Game, player: int, only_empty: bool) -> list[Gift]:
    """Hand cards (any position) that can be planted directly on a boss: on the boss that grows
    their bean or, if no boss grows it, on an empty boss. ``only_empty``: empty bosses only."""
    collects, empty = boss_map(_mafia(game).bosses)
    if only_empty and not empty:
        return []
    gift = A.GIFT
    out = []
    for h, card in enumerate(game.state.parts[BEANS].hands[player]):
        b = collects.get(card)
        if b is not None:
            if not only_empty:
                out.append(gift[h][b])
        else:
            row = gift[h]
            for e in empty:
                out.append(row[e])
    return out


def give_hand_card(game: Game, player: int, action: Gift) -> None:
    table, rules = _beans(game)
    card = table.hands[player].pop(action.hand)
    game.emit("gift", player, action.boss, card)
    m.give(game, _mafia(game), action.boss, [card], table.discard, rules.cards)


class PlantStep(Step):
    """Plant flipped piles, each whole on one field (own or a boss's), give hand cards a boss can
    take, harvest; ``done`` ends it. Solo: every pile must be planted before ``done``."""

    kind = "plant"

    def legal(self, game: Game, frame: Frame):
        table = game.state.parts[BEANS]
        player = frame.player
        piles = table.piles
        out = []
        if piles:
            collects, empty = boss_map(_mafia(game).bosses)
            target_of = _target(game)
            for k, pile in enumerate(piles):
                bean = pile[0]
                target = target_of(table, player, bean)
                if target is not None:
                    out.append(A.PLANT_PILE[k][target])
                b = collects.get(bean)
                if b is not None:
                    out.append(A.GIVE_PILE[k][b])
                else:
                    row = A.GIVE_PILE[k]
                    for e in empty:
                        out.append(row[e])
        out += gifts(game, player, only_empty=False)
        if not (piles and is_solo(game)):
            out.append(A.DONE)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        table, rules = _beans(game)
        player = frame.player
        if isinstance(action, Done):
            game.pop()
        elif isinstance(action, Gift):
            give_hand_card(game, player, action)
        else:
            pile = table.piles.pop(action.pile)
            if isinstance(action, PlantPile):
                table.fields[player][action.field].extend(pile)
                game.emit("plant", player, action.field, pile[0], f"pile of {len(pile)}")
            else:
                m.give(game, _mafia(game), action.boss, pile, table.discard, rules.cards)

    def prompt(self, game: Game, frame: Frame) -> str:
        table = game.state.parts[BEANS]
        if table.piles and is_solo(game):
            return "plant: every flipped pile must be planted (own fields or bosses)"
        return "plant: plant flipped piles, give hand cards to the mafia, or end planting"


class RefillStep(Step):
    """After planting, every boss must hold a card: the player gives hand cards of their choice
    until each boss has one, unless no hand card fits (every one is of a bean another boss
    collects: the player shows the hand and gives nothing)."""

    kind = "refill"

    def resolve(self, game: Game, frame: Frame) -> bool:
        mafia = _mafia(game)
        if all(mafia.bosses):
            game.pop()
            return False
        if not gifts(game, frame.player, only_empty=True):
            hand = game.state.parts[BEANS].hands[frame.player]
            if hand:  # shown to everyone: the event names the cards (determinization keeps them)
                game.emit("show_hand", frame.player, tuple(hand))
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        return gifts(game, frame.player, only_empty=True)

    def apply(self, game: Game, frame: Frame, action) -> None:
        give_hand_card(game, frame.player, action)

    def prompt(self, game: Game, frame: Frame) -> str:
        return "refill: give a hand card to each boss whose field is empty"


# ------------------------------------------------------------------------------------------
# Phase 6 (solo 5): draw
# ------------------------------------------------------------------------------------------


def phase_draw(game: Game) -> None:
    """Unplanted piles wait for the opponent's phase 1; then draw 2 cards to the back of the hand."""
    table, rules = _beans(game)
    if table.piles:
        table.leftovers.extend(table.piles)
        table.piles.clear()
    hand = table.hands[game.state.active]
    for _ in range(rules.draw):
        card = draw(game, table)
        if card is None:
            break
        hand.append(card)
        game.emit("draw", game.state.active)


# ------------------------------------------------------------------------------------------
# End: final harvest (F.5, F.18)
# ------------------------------------------------------------------------------------------


def phase_final_harvest(game: Game) -> None:
    table, rules = _beans(game)
    mafia = _mafia(game)
    for p in range(game.state.players):
        for i, f in enumerate(table.fields[p]):
            if f:
                harvest(game, table, p, i)
    for b, f in enumerate(mafia.bosses):
        if f:
            m.boss_harvest(game, mafia, b, table.discard, rules.cards)


# ------------------------------------------------------------------------------------------
# Any-time options: harvest, third field
# ------------------------------------------------------------------------------------------


def harvest_legal(game: Game, player: int):
    s = game.state
    if s.stage != TURNS or s.active != player:
        return ()
    return harvestable(s.parts[BEANS], player, A.HARVEST)



def harvest_apply(game: Game, action: Harvest, player: int) -> None:
    harvest(game, game.state.parts[BEANS], player, action.field)


def buy_field_legal(game: Game, player: int):
    s = game.state
    if s.stage != TURNS or s.active != player:
        return ()
    table = s.parts[BEANS]
    if table.bought_field[player]:
        return ()
    params = game.ruleset.config.params
    if len(table.coins[player]) < params["al_cabohne"].third_field_cost:
        return ()
    if len(table.fields[player]) >= params["beans"].max_fields:
        return ()
    return (A.BUY_FIELD,)


def buy_field_apply(game: Game, action: BuyField, player: int) -> None:
    """The coins paid are set aside; they return to the deck at the next reshuffle."""
    table, _ = _beans(game)
    cost = game.ruleset.config.params["al_cabohne"].third_field_cost
    pay_coins(table, player, cost, table.set_aside)
    table.fields[player].append([])
    table.bought_field[player] = True
    game.emit("buy_field", player, cost)


HARVEST = Option("harvest", (Harvest,), harvest_legal, harvest_apply)
BUY_FIELD = Option("buy_field", (BuyField,), buy_field_legal, buy_field_apply)

STEPS = (LeftoversStep(), TaxStep(), PlayStep(), PlantStep(), RefillStep())

