"""How front ends show Al Cabohne (``beanframe_register_renderers``): the mafia part, and why a
choice is not possible now. The bean table and ``meter`` come from the bean family.

Explanations read the game only; they must never fail a front end, so the CLI treats an
exception in here as "nothing to say".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.beans import PART as BEANS
from beanframe.beans.render import count_runs
from beanframe.core.present import Fold
from beanframe.i18n import _, ngettext

from . import actions as A
from . import mafia as m

if TYPE_CHECKING:
    from beanframe.core.game import Game


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def render_mafia(mafia: Any, view: Any, seats: Any) -> list[Any]:
    """The treasury, then one line per boss: code, name, field, when the boss sells (folded to
    the bosses side by side when the screen is short)."""
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column("boss", no_wrap=True, style="magenta")
    table.add_column("field", no_wrap=True, overflow="ellipsis")
    table.add_column("sells", no_wrap=True, style="dim")
    heading = _("Mafia (treasury {coins}):").format(coins=_coins(mafia.treasury))
    brief = Text(heading, style="bold")
    for b, name in enumerate(mafia.bosses):
        threshold = mafia.thresholds[b] if b < len(mafia.thresholds) else "?"
        field = mafia.fields[b] if b < len(mafia.fields) else ()
        sells = _("sells at {coins}").format(coins=_coins(threshold) if isinstance(threshold, int) else threshold)
        table.add_row(f"b{b + 1} {escape(name)}", escape(count_runs(field)), sells)
        brief.append(f"{' ·' if b else ''} b{b + 1} {name}: ", style="")
        brief.append(f"{count_runs(field)} ({sells})", style="")
    full = Group(Text(heading, style="bold"), table)
    return [Fold(full, brief, rank=1)]


def _field_text(table: Any, names: Any, player: int, i: int) -> str:
    f = table.fields[player][i]
    return f"{len(f)}× {names[f[-1]]}" if f else _("nothing")


def explain(game: Game, player: int | None, action: Any) -> str | None:
    """Why ``action`` is not possible for ``player`` now (``action`` None: why an expected
    choice is missing from the list), or None."""
    frame = game.frame
    if frame is None or player is None:
        return None
    table = game.state.parts[BEANS]
    names = game.ruleset.config.params["beans"].cards.names  # in the reader's language
    legal = game.legal_actions()
    solo = game.players == 1
    kinds = {type(a) for a in legal}
    own = table.fields[player]
    if action is None:  # only what the prompt does not say already
        if frame.kind == "plant" and solo and any(table.piles) and A.Done not in kinds:
            if not any(isinstance(a, (A.PlantPile, A.GivePile)) for a in legal):
                return _("every flipped pile must be planted: harvest a field first")
        return None
    if isinstance(action, A.Done) and frame.kind == "plant" and any(table.piles) and solo:
        if not any(isinstance(a, (A.PlantPile, A.GivePile)) for a in legal):
            return _("every flipped pile must be planted: harvest a field first")
        return _("every flipped pile must be planted (own fields or bosses) before you end planting")
    if isinstance(action, (A.PlantPile, A.GivePile)):
        if frame.kind != "plant":
            return _("flipped piles are planted in the plant phase")
        if action.pile >= len(table.piles):
            return _("there is no flipped pile s{pile} (piles: {n})").format(pile=action.pile + 1, n=len(table.piles))
        if not table.piles[action.pile]:
            return _("flipped pile s{pile} is planted already").format(pile=action.pile + 1)
        bean = names[table.piles[action.pile][0]]
        if isinstance(action, A.PlantPile):
            return _field_problem(table, names, player, action.field, bean)
        return _boss_problem(game, action.boss, bean)
    if isinstance(action, A.PlantFront):
        if frame.kind != "play":
            return _("the front card is planted in the play phase")
        bean = names[table.hands[player][0]] if table.hands[player] else "?"
        return _field_problem(table, names, player, action.field, bean)
    if isinstance(action, A.Gift):
        hand = table.hands[player]
        if action.hand >= len(hand):
            return _("you have no hand card h{hand} (your hand holds {n})").format(hand=action.hand + 1, n=len(hand))
        if frame.kind not in ("plant", "refill"):
            return _("hand cards go to the mafia in the plant phase")
        return _boss_problem(game, action.boss, names[hand[action.hand]])
    if isinstance(action, A.Harvest):
        if game.state.active != player:
            return _("you may harvest only in your own turn")
        if action.field >= len(own):
            return _("you have no field {field}").format(field=action.field + 1)
        if not own[action.field]:
            return _("field {field} is empty").format(field=action.field + 1)
        if not game.ruleset.steps[frame.kind].options:
            return _("no harvesting in this phase")
        return _("field {field} holds one bean: only when every field holds one, or it is the only non-empty one").format(
            field=action.field + 1)
    if isinstance(action, A.BuyField):
        cost = game.ruleset.config.params["beans"].third_field_cost
        if cost is None:
            return _("no field can be bought in this game")
        if len(own) >= game.ruleset.config.params["beans"].max_fields:
            return _("you have all your fields already")
        if table.bought_field[player]:
            return _("you bought a field already")
        if len(table.coins[player]) < cost:
            return _("a third field costs {coins}; you have {n}").format(coins=_coins(cost), n=len(table.coins[player]))
    return None


def _field_problem(table: Any, names: Any, player: int, index: int, bean: str) -> str | None:
    own = table.fields[player]
    if index >= len(own):
        return _("you have no field {field} (a third field can be bought: buy-field)").format(field=index + 1)
    if own[index] and names[own[index][-1]] != bean:
        return _("field {field} holds {cards}: harvest it first to plant {bean} there").format(
            field=index + 1, cards=_field_text(table, names, player, index), bean=bean)
    if not own[index]:
        for i, f in enumerate(own):
            if f and names[f[-1]] == bean:
                return _("field {field} grows {bean} already: plant it there").format(field=i + 1, bean=bean)
        return _("empty fields are interchangeable: {bean} goes on the first empty one").format(bean=bean)
    return None


def _boss_problem(game: Game, boss: int, bean: str) -> str | None:
    mafia = game.state.parts[m.PART]
    if boss >= len(mafia.bosses):
        return _("there is no boss b{boss}").format(boss=boss + 1)
    names = game.ruleset.config.params["beans"].cards.names
    field = mafia.bosses[boss]
    name = m.boss_name(mafia.boss_names[boss])
    if field and names[field[-1]] != bean:
        return _("{boss} collects {bean}, not {other}").format(boss=name, bean=names[field[-1]], other=bean)
    for b, f in enumerate(mafia.bosses):
        if b != boss and f and names[f[-1]] == bean:
            return _("{boss} collects {bean}: give it to b{code}").format(boss=m.boss_name(mafia.boss_names[b]), bean=bean, code=b + 1)
    return None
