"""Phase 3 with Casino and Varieté (RULES B "Building cards"): Prohibohn's ``play`` step replaces
Al Cabohne's (same frame kind, so the ``play`` phase is unchanged). Without these buildings it
plays exactly as Al Cabohne's: the front card must be planted, then the new front card may be.

- Casino 3 (Stangen): once in phase 3, before or after planting, discard one hand card.
- Casino 4: plant at least one card and as many more as you like, from the front.
- Varieté 3 (Kidney): the optional 2nd card may come from any hand position.
- Varieté 4: the mandatory 1st card may come from any hand position.

Fields come from Prohibohn's planting rule (Nightbar-aware). F.21: a 2nd card of another bean
than the 1st goes on another field than the 1st card's.

args = (cards planted, 1st card's field, 1st card's bean, discarded 0/1, planting over 0/1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans import PART as BEANS
from beanframe.beans import plant_targets, rules_of
from beanframe.beans.hidden import HAND_DISCARD
from beanframe.core.actions import Action, param
from beanframe.core.steps import Step
from beanframe_plugins.al_cabohne import actions as AC
from beanframe.i18n import N_, _

from ..supply import powers

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame

HAND = 128


@frozen(cache_hash=True)
class PlantHand(Action):
    name = "plant-hand"
    text = N_("plant hand card {hand} on field {field}")
    hand: int = param("h", private=True)  # a hand position: the hand order is secret (F.13)
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        fields = config.params["beans"].max_fields
        return (cls(h, f) for h in range(1, config.params["beans"].cards.total) for f in range(fields))

    def describe(self, game: Game, player: int) -> str:
        card = game.part(BEANS).hands[player][self.hand]
        return _("plant hand card {hand} ({bean}) on field {field}").format(
            hand=self.hand + 1, bean=rules_of(game).cards.names[card], field=self.field + 1)


@frozen(cache_hash=True)
class DiscardHand(Action):
    name = "discard-hand"
    text = N_("discard hand card {hand}")
    hand: int = param("h", private=True)  # a hand position: the hand order is secret (F.13)

    @classmethod
    def domain(cls, config):
        return (cls(h) for h in range(config.params["beans"].cards.total))

    def describe(self, game: Game, player: int) -> str:
        card = game.part(BEANS).hands[player][self.hand]
        return _("discard hand card {hand} ({bean})").format(hand=self.hand + 1, bean=rules_of(game).cards.names[card])


PLANT_HAND = tuple(tuple(PlantHand(h, f) for f in range(3)) for h in range(HAND))
DISCARD_HAND = tuple(DiscardHand(h) for h in range(HAND))
ACTIONS = (PlantHand, DiscardHand)


def second_card_fields(targets: list[int], fields, first: int) -> list[int]:
    """F.21: not the 1st card's field; if that was the offered empty field, the next empty one."""
    if first not in targets:
        return targets
    out = [t for t in targets if t != first]
    for i, f in enumerate(fields):
        if not f and i != first and i not in out:
            out.append(i)
            break
    return out


class PlayStep(Step):
    kind = "play"

    def resolve(self, game: Game, frame: Frame) -> bool:
        if len(frame.args) != 5:  # pushed by Al Cabohne's play phase: (planted,)
            game.replace_top(self.kind, frame.player, frame.args[0] if frame.args else 0, -1, -1, 0, 0)
        return True

    def legal(self, game: Game, frame: Frame):
        table = game.state.parts[BEANS]
        player = frame.player
        hand = table.hands[player]
        planted, first_field, first_bean, discarded, over = frame.args
        pw = powers(game, player)
        out: list = []
        if not over and hand:
            if planted == 0:
                positions = range(len(hand)) if pw.first_any else (0,)
            elif planted == 1:
                positions = range(len(hand)) if pw.second_any else (0,)
            else:
                positions = (0,) if pw.plant_any else ()
            for h in positions:
                bean = hand[h]
                targets = plant_targets(game, player, bean)
                if planted == 1 and bean != first_bean:
                    targets = second_card_fields(targets, table.fields[player], first_field)
                for t in targets:
                    out.append(AC.PLANT_FRONT[t] if h == 0 else PLANT_HAND[h][t])
        if pw.discard_hand and not discarded and hand:
            out.extend(DISCARD_HAND[: len(hand)])
        if planted >= 1:
            out.append(AC.PASS)
        return out

    def apply(self, game: Game, frame: Frame, action) -> None:
        table = game.state.parts[BEANS]
        player = frame.player
        hand = table.hands[player]
        planted, first_field, first_bean, discarded, over = frame.args
        if isinstance(action, AC.Pass):
            game.pop()
            return
        if isinstance(action, DiscardHand):
            card = hand.pop(action.hand)
            table.discard.append(card)
            game.emit(HAND_DISCARD, player, card)  # not "discard": that one is a leftover's
            discarded = 1
        else:
            h = getattr(action, "hand", 0)
            card = hand.pop(h)
            table.fields[player][action.field].append(card)
            game.emit("plant", player, action.field, card, "hand")
            if planted == 0:
                first_field, first_bean = action.field, card
            planted += 1
            pw = powers(game, player)
            if planted >= 2 and not pw.plant_any:
                over = 1
        pw = powers(game, player)
        can_discard = pw.discard_hand and not discarded
        if not hand or (over and not can_discard):
            game.pop()
        else:
            game.replace_top(self.kind, player, planted, first_field, first_bean, discarded, over)

    def prompt(self, game: Game, frame: Frame) -> str:
        planted, *_rest, over = frame.args if len(frame.args) == 5 else (0, 0)
        if over:
            return _("play: you may still discard a hand card (3-Casino), or end phase 3")
        if planted == 0:
            return _("play: you must plant your front card")
        return _("play: you may plant your (new) front card")
