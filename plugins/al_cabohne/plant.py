"""Al Cabohne's phase 5 (solo: 4), planting: the flipped piles are planted or given to the bosses,
and a boss left without a card is given one from a hand (the ``refill`` step; RULES.md A)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.beans import field_targets, one_bean_per_field
from beanframe.core.steps import Step
from beanframe.i18n import _

from . import actions as A
from . import mafia as m
from .actions import (
    Done,
    Gift,
    PlantPile,
)

from .parts import beans_of as _beans
from .parts import is_solo
from .parts import mafia_of as _mafia

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


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
    b = 0  # counted by hand: cheaper than enumerate on the hot path
    for f in bosses:
        if f:
            collects[f[-1]] = b
        else:
            empty.append(b)
        b += 1
    return collects, empty


def gifts(game: Game, player: int, only_empty: bool, bosses: tuple[dict[int, int], list[int]] | None = None) -> list[Gift]:
    """Hand cards (any position) that can be planted directly on a boss: on the boss that grows
    their bean or, if no boss grows it, on an empty boss. ``only_empty``: empty bosses only.
    ``bosses``: the ``boss_map`` if the caller has it already."""
    return add_gifts([], game.state.parts[BEANS].hands[player], only_empty, bosses or boss_map(game.state.parts[m.PART].bosses))


def add_gifts(out: list, hand: list[int], only_empty: bool, bosses: tuple[dict[int, int], list[int]]) -> list:
    """:func:`gifts` of the hand ``hand``, appended to ``out`` (returned)."""
    collects, empty = bosses
    if only_empty and not empty:
        return out
    gift = A.GIFT
    h = 0  # counted by hand: cheaper than enumerate on the hot path
    for card in hand:
        b = collects.get(card)
        if b is not None:
            if not only_empty:
                out.append(gift[h][b])
        elif empty:
            row = gift[h]
            for e in empty:
                out.append(row[e])
        h += 1
    return out


def give_hand_card(game: Game, player: int, action: Gift) -> None:
    table, rules = _beans(game)
    card = table.hands[player].pop(action.hand)
    game.emit("gift", player, action.boss, card)
    m.give(game, _mafia(game), action.boss, [card], table.discard, rules.cards)


class PlantStep(Step):
    """Plant flipped piles, each whole on one field (own or a boss's), give hand cards a boss can
    take, harvest; ``done`` ends it. Solo: every pile must be planted before ``done``.

    Pile codes stay stable while the player plants (issue 6): a planted pile leaves its slot
    empty (``[]``) until ``done``, which closes the gaps (unplanted piles keep their order)."""

    kind = "plant"

    def legal(self, game: Game, frame: Frame):
        s = game.state
        parts = s.parts
        table = parts[BEANS]
        player = frame.player
        piles = table.piles
        bosses = boss_map(parts[m.PART].bosses)
        out = []
        waiting = False
        k = -1  # counted by hand: cheaper than enumerate on the hot path
        for pile in piles:
            k += 1
            if not pile:
                continue  # planted already: an empty slot
            if not waiting:
                waiting = True
                collects, empty = bosses
                rule = game.ruleset.config.params["beans"].plant_targets  # the composed rule
                fields = table.fields[player] if rule is one_bean_per_field else None
            bean = pile[0]
            row = A.PLANT_PILE[k]
            for target in field_targets(fields, bean) if fields is not None else rule(game, player, bean):
                out.append(row[target])
            b = collects.get(bean)
            row = A.GIVE_PILE[k]
            if b is not None:
                out.append(row[b])
            else:
                for e in empty:
                    out.append(row[e])
        add_gifts(out, table.hands[player], False, bosses)
        if not waiting or s.players != 1:  # solo: every pile must be planted first
            out.append(A.DONE)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        table = game.state.parts[BEANS]
        player = frame.player
        if isinstance(action, Done):
            table.piles[:] = [p for p in table.piles if p]  # close the planted piles' slots
            game.pop()
        elif isinstance(action, Gift):
            give_hand_card(game, player, action)
        else:
            pile = table.piles[action.pile]
            table.piles[action.pile] = []  # the slot stays: the other piles keep their codes
            if isinstance(action, PlantPile):
                table.fields[player][action.field].extend(pile)
                game.emit("plant", player, action.field, pile[0], f"pile of {len(pile)}")
            else:
                cards = game.ruleset.config.params[BEANS].cards
                m.give(game, game.state.parts[m.PART], action.boss, pile, table.discard, cards)

    def prompt(self, game: Game, frame: Frame) -> str:
        table = game.state.parts[BEANS]
        if any(table.piles) and is_solo(game):
            return _("plant: every flipped pile must be planted (own fields or bosses)")
        return _("plant: plant flipped piles, give hand cards to the mafia, or end planting")


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
        return _("refill: give a hand card to each boss whose field is empty")
