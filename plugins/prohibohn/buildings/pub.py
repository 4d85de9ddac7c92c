"""Pub 3 (Cognacbohne, pub variant; RULES B "Pub variant"): in phase 2 the owner may give the
mafia more than one card of a matching field. Prohibohn's ``tax`` step replaces Al Cabohne's: the
tax as before (the top card of each field is compared, RULES B phase 2), then, for a 3-Pub owner,
``tax-more f<k>`` gives the top card of a field a boss still collects, until ``tax-done``.

args = (tax paid 0/1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.beans import PART as BEANS
from beanframe.core.actions import Action, param
from beanframe.core.steps import Step
from beanframe_plugins.al_cabohne import actions as AC
from beanframe_plugins.al_cabohne import mafia as m
from beanframe_plugins.al_cabohne.turn import collect_tax, taxable
from beanframe.i18n import N_, _

from ..supply import powers

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


@frozen(cache_hash=True)
class TaxMore(Action):
    name = "tax-more"
    text = N_("give the mafia one more bean of field {field} (3-Pub)")
    field: int = param("f")

    @classmethod
    def domain(cls, config):
        return (cls(f) for f in range(config.params["beans"].max_fields))


@frozen(cache_hash=True)
class TaxDone(Action):
    name = "tax-done"
    text = N_("give the mafia no more beans")


TAX_MORE = tuple(TaxMore(f) for f in range(3))
TAX_DONE = TaxDone()
ACTIONS = (TaxMore, TaxDone)


class TaxStep(Step):
    kind = "tax"

    def resolve(self, game: Game, frame: Frame) -> bool:
        if not frame.args and not taxable(game, frame.player):
            game.pop()
            return False
        if frame.args and not taxable(game, frame.player):
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        if not frame.args:
            return (AC.PAY_TAX,)
        return [*(TAX_MORE[f] for f, _boss in taxable(game, frame.player)), TAX_DONE]

    def apply(self, game: Game, frame: Frame, action) -> None:
        player = frame.player
        if isinstance(action, TaxDone):
            game.pop()
        elif isinstance(action, TaxMore):
            table = game.state.parts[BEANS]
            mafia = game.state.parts[m.PART]
            f = table.fields[player][action.field]
            b = m.collector(mafia, f[-1])
            card = f.pop()
            game.emit("tax", player, action.field, b, card)
            m.give(game, mafia, b, [card], table.discard, game.ruleset.config.params["beans"].cards)
        elif powers(game, player).tax_more:
            game.replace_top(self.kind, player, 1)
            collect_tax(game, player)
        else:
            game.pop()
            collect_tax(game, player)

    def prompt(self, game: Game, frame: Frame) -> str:
        if frame.args:
            return _("mafia tax (3-Pub): you may give the mafia more beans of a field it collects")
        return _("mafia tax: the top bean of each field a boss collects goes to the mafia (harvest first if you prefer)")
