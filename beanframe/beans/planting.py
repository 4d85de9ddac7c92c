"""Planting from the hand and from cards set aside: what Al Cabohne's phase 3 ("play") and
Bohnanza's phases 1 ("plant") and 3 ("plant_traded") share.

- :class:`PlantFront` (``plant f<k>``): the front hand card on field k; one action class for every
  bean game, so its codes and ids stay what each game had.
- :func:`plant_card` / :func:`plant_front`: put a card on a field and emit
  ``("plant", player, field, card, source)``; every planting step goes through them.
- :class:`FrontCardStep`: the front card must be planted (a card that fits no field needs a harvest
  first: the any-time harvest option is offered at the decision), then the next ones may be, up
  to ``most``; the game's ``pass`` ends it. A game sets its frame kind, its pass action and,
  where its rules say more about later cards (Al Cabohne's F.21), ``targets`` and ``next_args``.
- :func:`set_aside_plants` / :func:`plant_set_aside`: a group decision in which every player
  plants cards of their own pile of set-aside cards, any order, and leaves it with the last one
  (Bohnanza's phase 3: traded and gifted cards).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

from beanframe.beans.table import PART, plant_targets, rules_of
from beanframe.core.actions import Action, param
from beanframe.core.steps import Step
from beanframe.i18n import N_, _

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


@frozen(cache_hash=True)
class PlantFront(Action):
    """Plant the front hand card on a field (Al Cabohne phase 3, Bohnanza phase 1)."""

    name = "plant"
    text = N_("plant the front hand card on field {field}")
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return (cls(f) for f in range(config.params["beans"].max_fields))

    def describe(self, game: Game, player: int) -> str:
        hand = game.part(PART).hands[player]
        if not hand:
            return str(self)
        bean = rules_of(game).cards.names[hand[0]]
        return _("plant {bean} (front card) on field {field}").format(bean=bean, field=self.field + 1)


# Interned instances for the hot path (legal lists hand out these); fields beyond 16 are not planned.
PLANT_FRONT = tuple(PlantFront(f) for f in range(16))


def plant_card(game: Game, player: int, field: int, card: int, source: str) -> None:
    """``card`` onto ``player``'s field ``field`` (its new top); emits ``plant`` naming ``source``
    ("hand", "traded", "leftover", ...)."""
    game.state.parts[PART].fields[player][field].append(card)
    game.emit("plant", player, field, card, source)


def plant_front(game: Game, player: int, field: int) -> int:
    """The front hand card of ``player`` onto field ``field``; returns the card."""
    card = game.state.parts[PART].hands[player].pop(0)
    plant_card(game, player, field, card, "hand")
    return card


class FrontCardStep(Step):
    """The front card must be planted, then the new front card may be, up to ``most`` cards;
    ``pass_action`` (the game's ``pass``) ends the step after the first card. ``args[0]`` counts
    the cards planted. Subclasses set ``kind``, ``pass_action`` and the prompts; they may narrow
    the fields of a later card (:meth:`targets`) and keep more in the frame (:meth:`next_args`)."""

    most = 2  # the front card, then optionally the next
    pass_action: Action
    prompt_first = N_("plant: you must plant your front card")
    prompt_next = N_("plant: you may plant your next card, or pass")

    def targets(self, game: Game, frame: Frame, bean: int) -> list[int]:
        """The fields that take the front card ``bean`` now (the composed ``plant_targets``)."""
        return plant_targets(game, frame.player, bean)

    def next_args(self, frame: Frame, planted: int, field: int, card: int) -> tuple:
        """The frame's args once ``planted`` cards are planted, the last ``card`` on ``field``."""
        return (planted,)

    def legal(self, game: Game, frame: Frame):
        plant = PLANT_FRONT
        out = []
        for t in self.targets(game, frame, game.state.parts[PART].hands[frame.player][0]):
            out.append(plant[t])
        if frame.args[0] >= 1:
            out.append(self.pass_action)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        if action.__class__ is self.pass_action.__class__:
            game.pop()
            return
        player = frame.player
        field = action.field
        card = game.state.parts[PART].hands[player].pop(0)  # plant_front, one call less (hot path)
        plant_card(game, player, field, card, "hand")
        self.planted(game, frame, field, card)

    def planted(self, game: Game, frame: Frame, field: int, card: int) -> None:
        """One more card is gone from the front of the hand (planted on ``field``, or elsewhere as
        a variant allows): end the step after ``most`` cards or with an empty hand."""
        planted = frame.args[0] + 1
        if planted >= self.most or not game.state.parts[PART].hands[frame.player]:
            game.pop()
        else:
            game.replace_top(self.kind, frame.player, *self.next_args(frame, planted, field, card))

    def prompt(self, game: Game, frame: Frame) -> str:
        return _(self.prompt_first if frame.args[0] == 0 else self.prompt_next)


def set_aside_plants(
    game: Game, player: int, cards: Sequence[int], action: Callable[[int, int], Any]
) -> list[Any]:
    """``action(bean, field)`` for each bean among ``player``'s set-aside ``cards`` (once per bean,
    in the order they were set aside) and each field that takes it now."""
    out = []
    seen = set()
    for bean in cards:
        if bean not in seen:
            seen.add(bean)
            out += [action(bean, f) for f in plant_targets(game, player, bean)]
    return out


def leave_group(game: Game, frame: Frame, player: int) -> None:
    """``player`` has nothing more to do in the group decision ``frame``: the others go on, or the
    step ends with the last of them."""
    rest = tuple(p for p in frame.deciders if p != player)
    if rest:
        game.replace_top(frame.kind, frame.player, *frame.args, group=rest)
    else:
        game.pop()


def plant_set_aside(game: Game, frame: Frame, player: int, cards: list[int], bean: int, field: int, source: str) -> None:
    """One card of ``bean`` from ``player``'s set-aside ``cards`` onto field ``field``; with the
    last card gone the player leaves the group decision ``frame`` (:func:`leave_group`)."""
    cards.remove(bean)
    plant_card(game, player, field, bean, source)
    if not cards:
        leave_group(game, frame, player)
