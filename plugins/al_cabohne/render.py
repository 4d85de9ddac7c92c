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
from beanframe.core.words import count

from . import actions as A
from . import mafia as m

if TYPE_CHECKING:
    from beanframe.core.game import Game


def render_mafia(mafia: Any, view: Any, seats: Any) -> list[Any]:
    """The treasury, then one line per boss: code, name, field, when the boss sells (folded to
    the bosses side by side when the screen is short)."""
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column("boss", no_wrap=True, style="magenta")
    table.add_column("field", no_wrap=True, overflow="ellipsis")
    table.add_column("sells", no_wrap=True, style="dim")
    brief = Text(f"Mafia (treasury {count(mafia.treasury, 'coin')}):", style="bold")
    for b, name in enumerate(mafia.bosses):
        threshold = mafia.thresholds[b] if b < len(mafia.thresholds) else "?"
        field = mafia.fields[b] if b < len(mafia.fields) else ()
        sells = f"sells at {count(threshold, 'coin') if isinstance(threshold, int) else threshold}"
        table.add_row(f"b{b + 1} {escape(name)}", escape(count_runs(field)), sells)
        brief.append(f"{' ·' if b else ''} b{b + 1} {name}: ", style="")
        brief.append(f"{count_runs(field)} ({sells})", style="")
    full = Group(Text(f"Mafia (treasury {count(mafia.treasury, 'coin')}):", style="bold"), table)
    return [Fold(full, brief, rank=1)]


def _field_text(table: Any, player: int, i: int) -> str:
    f = table.fields[player][i]
    return f"{len(f)}× {table.names[f[-1]]}" if f else "nothing"


def explain(game: Game, player: int | None, action: Any) -> str | None:
    """Why ``action`` is not possible for ``player`` now (``action`` None: why an expected
    choice is missing from the list), or None."""
    frame = game.frame
    if frame is None or player is None:
        return None
    table = game.state.parts[BEANS]
    legal = game.legal_actions()
    solo = game.players == 1
    kinds = {type(a) for a in legal}
    own = table.fields[player]
    if action is None:  # only what the prompt does not say already
        if frame.kind == "plant" and solo and any(table.piles) and A.Done not in kinds:
            if not any(isinstance(a, (A.PlantPile, A.GivePile)) for a in legal):
                return "every flipped pile must be planted: harvest a field first"
        return None
    if isinstance(action, A.Done) and frame.kind == "plant" and any(table.piles) and solo:
        if not any(isinstance(a, (A.PlantPile, A.GivePile)) for a in legal):
            return "every flipped pile must be planted: harvest a field first"
        return "every flipped pile must be planted (own fields or bosses) before you end planting"
    if isinstance(action, (A.PlantPile, A.GivePile)):
        if frame.kind != "plant":
            return "flipped piles are planted in the plant phase"
        if action.pile >= len(table.piles):
            return f"there is no flipped pile p{action.pile + 1} (piles: {len(table.piles)})"
        if not table.piles[action.pile]:
            return f"flipped pile p{action.pile + 1} is planted already"
        bean = table.names[table.piles[action.pile][0]]
        if isinstance(action, A.PlantPile):
            return _field_problem(table, player, action.field, bean)
        return _boss_problem(game, action.boss, bean)
    if isinstance(action, A.PlantFront):
        if frame.kind != "play":
            return "the front card is planted in the play phase"
        bean = table.names[table.hands[player][0]] if table.hands[player] else "?"
        return _field_problem(table, player, action.field, bean)
    if isinstance(action, A.Gift):
        hand = table.hands[player]
        if action.hand >= len(hand):
            return f"you have no hand card h{action.hand + 1} (your hand holds {len(hand)})"
        if frame.kind not in ("plant", "refill"):
            return "hand cards go to the mafia in the plant phase"
        return _boss_problem(game, action.boss, table.names[hand[action.hand]])
    if isinstance(action, A.Harvest):
        if game.state.active != player:
            return "you may harvest only in your own turn"
        if action.field >= len(own):
            return f"you have no field {action.field + 1}"
        if not own[action.field]:
            return f"field {action.field + 1} is empty"
        if not game.ruleset.steps[frame.kind].options:
            return "no harvesting in this phase"
        return f"field {action.field + 1} holds one bean: only when every field holds one, or it is the only non-empty one (F.19)"
    if isinstance(action, A.BuyField):
        cost = game.ruleset.config.params["beans"].third_field_cost
        if cost is None:
            return "no field can be bought in this game"
        if len(own) >= game.ruleset.config.params["beans"].max_fields:
            return "you have all your fields already"
        if table.bought_field[player]:
            return "you bought a field already"
        if len(table.coins[player]) < cost:
            return f"a third field costs {count(cost, 'coin')}; you have {len(table.coins[player])}"
    return None


def _field_problem(table: Any, player: int, index: int, bean: str) -> str | None:
    own = table.fields[player]
    if index >= len(own):
        return f"you have no field {index + 1} (a third field can be bought: buy-field)"
    if own[index] and table.names[own[index][-1]] != bean:
        return f"field {index + 1} holds {_field_text(table, player, index)}: harvest it first to plant {bean} there"
    if not own[index]:
        for i, f in enumerate(own):
            if f and table.names[f[-1]] == bean:
                return f"field {i + 1} grows {bean} already: plant it there"
        return f"empty fields are interchangeable: {bean} goes on the first empty one"
    return None


def _boss_problem(game: Game, boss: int, bean: str) -> str | None:
    mafia = game.state.parts[m.PART]
    if boss >= len(mafia.bosses):
        return f"there is no boss b{boss + 1}"
    names = game.state.parts[BEANS].names
    field = mafia.bosses[boss]
    name = mafia.boss_names[boss]
    if field and names[field[-1]] != bean:
        return f"{name} collects {names[field[-1]]}, not {bean}"
    for b, f in enumerate(mafia.bosses):
        if b != boss and f and names[f[-1]] == bean:
            return f"{mafia.boss_names[b]} collects {bean}: give it to b{b + 1}"
    return None
