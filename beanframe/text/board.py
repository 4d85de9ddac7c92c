"""The table as one seat sees it, drawn from its view alone: the position line, every part by
the renderer its plugin registered (``beanframe_register_renderers``; any other part as plain
data), the pending decision. Generic: it names no game. The terminal draws it (fitted to the
screen) and the table server's ``board`` command prints it whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from beanframe.core.present import presentation
from beanframe.core.view import plain_data

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game, Ruleset


def player_label(player: int, seats: Sequence[Any] | None = None, me: int | None = None) -> str:
    label = f"player {player + 1}"
    if seats is not None and player < len(seats):
        seat = seats[player]
        label += " (you)" if player == me and getattr(seat, "human", False) else f" ({seat})"
    return label


def seat_labels(seats: Sequence[Any] | None) -> list[str] | None:
    """Short labels of the seats ("human", "bot:greedy"), for the parts' renderers."""
    return None if seats is None else [str(s) for s in seats]


def render_part_generic(name: str, part: Any) -> list[RenderableType]:
    data = plain_data(part)
    if isinstance(data, dict):
        text = ", ".join(f"{k}={v}" for k, v in data.items())
    else:
        text = str(data)
    return [Text(f"{name}: {text}", overflow="ellipsis")]


def render_part(
    name: str, part: Any, view: Any, seats: Sequence[Any] | None, ruleset: Ruleset | None = None
) -> list[RenderableType]:
    """A part by the renderer its plugin registered (``beanframe_register_renderers``), or as
    plain data when there is none or it fails (a plugin's mistake must not end the game)."""
    renderer = presentation(ruleset).parts.get(name) if ruleset is not None else None
    if renderer is not None:
        try:
            return list(renderer(part, view, seat_labels(seats)))
        except Exception:  # noqa: BLE001 - shown as plain data instead
            pass
    return render_part_generic(name, part)


def phase_label(game: Game) -> str:
    phase = game.phase
    if phase is None:
        return game.stage_name
    number = f"phase {phase.number}: " if phase.number else ""
    return f"{number}{phase.label}"


def deciders_text(view: Any, player: int | None, seats: Sequence[Any] | None = None) -> str:
    """Who is asked now (``view.deciders``), as the header says it: the player at the screen when
    they are asked (in a group decision, with the others who decide too), else every decider."""
    deciders = view.deciders
    if not deciders:
        return "nobody to act"
    if player in deciders:
        others = [f"p{p + 1}" for p in deciders if p != player]
        text = f"{player_label(player, seats, player)} to act"
        return text + (f" ({', '.join(others)} too)" if others else "")
    if len(deciders) == 1:
        return f"{player_label(deciders[0], seats, player)} to act"
    return f"players {', '.join(str(p + 1) for p in deciders)} to act"


def view_renderables(view: Any, ruleset: Ruleset | None, seats: Sequence[Any] | None, phase: str) -> list[RenderableType]:
    """The table drawn from a view alone (``beanframe join`` gets views over the network): the
    position line, every part by its plugin's renderer, the pending decision."""
    out: list[RenderableType] = []
    who = deciders_text(view, view.player, seats)
    out.append(Rule(Text(f"Turn {view.turn} · {who} · {phase}", style="bold")))
    for name, part in view.parts.items():
        out.extend(render_part(name, part, view, seats, ruleset))
    if view.to_act is not None:
        out.append(Text(f"» {view.prompt}", style="bold yellow"))
    return out


def legal_lines(game: Game, player: int | None, legal: Sequence[Action] | None = None) -> list[str]:
    """The seat's choices now, numbered from 1, one a line: ``3. harvest f1 - harvest field 1 (...)``
    (none for a spectator or a seat that does not decide)."""
    if player is None or player not in game.deciders:
        return []
    if legal is None:
        legal = game.legal_actions(player)
    return [f"{i}. {a.code} - {game.describe(a, player)}" for i, a in enumerate(legal, 1)]


def board_renderables(game: Game, player: int | None, seats: Sequence[Any] | None = None) -> list[RenderableType]:
    """The seat's whole board (every Fold drawn in full) and, when it decides, its numbered choices:
    what the table server's ``board`` command answers and what a model is shown."""
    items = view_renderables(game.view(player), game.ruleset, seats, phase_label(game))  # Folds draw in full
    if game.is_over and game.result is not None:
        scores = ", ".join(f"{seat} {score}" for seat, score in game.result.scores.items())
        items.append(Text(f"Game over. Scores: {scores}; winner(s): {', '.join(game.result.winners) or 'nobody'}"))
    lines = legal_lines(game, player)
    if lines:
        items.append(Text("Your choices (number or code):\n" + "\n".join(lines)))
    return items
