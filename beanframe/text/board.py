"""The table as one seat sees it, drawn from its view alone: the position line, every part by
the renderer its plugin registered (``beanframe_register_renderers``; any other part as plain
data), the pending decision. Generic: it names no game. The terminal draws it (fitted to the
screen) and the table server's ``board`` command prints it whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from beanframe.core.present import presentation
from beanframe.core.view import plain_data
from beanframe.i18n import _, ngettext, pgettext
from beanframe.text.rules import NONE

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game, Ruleset


def player_label(player: int, seats: Sequence[Any] | None = None, me: int | None = None) -> str:
    label = _("player {n}").format(n=player + 1)
    if seats is not None and player < len(seats):
        seat = seats[player]
        if player == me and getattr(seat, "human", False):
            return _("{player} (you)").format(player=label)
        return _("{player} ({seat})").format(player=label, seat=seat)
    return label


def seat_labels(seats: Sequence[Any] | None) -> list[str] | None:
    """Short labels of the seats ("human", "bot:greedy"), for the parts' renderers."""
    return None if seats is None else [str(s) for s in seats]


LONG = 24  # a longer list of cards shows its count and its last (top) cards


def render_part_generic(name: str, part: Any, me: int | None = None, players: int = 0) -> list[RenderableType]:
    """A part no plugin draws, readably (never as raw data, as the browser's generic drawer):
    words for keys, yes/no, card lists, a value per seat as ``p1 (you) 1 · p2 0``."""
    return [Text(f"{_words(name)}: {_plain(plain_data(part), name, me, players, 0)}")]


def _words(key: Any) -> str:
    return str(key).replace("_", " ")


def _plain(value: Any, key: Any, me: int | None, players: int, depth: int) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return ", ".join(f"{_words(k)} {_plain(v, k, me, players, depth + 1)}" for k, v in value.items()) or NONE
    if not isinstance(value, (list, tuple)):
        return str(value)
    if not value:
        return _("none")
    cards = all(isinstance(x, str) for x in value)
    if cards and len(value) > LONG and key != "hand":
        return ngettext("{n} card, the last: {cards}", "{n} cards, the last: {cards}", len(value)).format(n=len(value), cards=", ".join(value[-3:]))
    if not cards and depth < 3 and players > 1 and len(value) == players:
        you = _("(you)")
        return " · ".join(f"p{p + 1}{' ' + you if p == me else ''} {_plain(x, key, me, players, depth + 1)}" for p, x in enumerate(value))
    inner = [_plain(x, key, me, players, depth + 1) for x in value]
    return ", ".join(inner) if all(not isinstance(x, (list, tuple, dict)) for x in value) else "; ".join(f"({x})" for x in inner)


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
    return render_part_generic(name, part, getattr(view, "player", None), len(seats) if seats is not None else _players(view))


def _players(view: Any) -> int:
    players = getattr(view, "players", 0)
    return players if isinstance(players, int) else len(players)


#: the stages of a game as a player reads them (``game.stage_name`` is a program's key)
STAGES = {
    "setup": lambda: pgettext("stage", "set-up"),
    "turns": lambda: pgettext("stage", "turns"),
    "end": lambda: pgettext("stage", "end of the game"),
    "over": lambda: pgettext("stage", "game over"),
}


def stage_label(name: str) -> str:
    """A stage's name (``setup``, ``turns``, ``end``, ``over``) in the reader's language."""
    said = STAGES.get(name)
    return said() if said is not None else name


def phase_label(game: Game) -> str:
    """The phase now, as the header and ``help`` say it: "phase 2: trade" (its label in the
    reader's language: plugins mark their phase labels ``N_("...")``), else the stage."""
    phase = game.phase
    if phase is None:
        return stage_label(game.stage_name)
    if phase.number:
        return _("phase {n}: {label}").format(n=phase.number, label=_(phase.label))
    return _(phase.label)


def deciders_text(view: Any, player: int | None, seats: Sequence[Any] | None = None) -> str:
    """Who is asked now (``view.deciders``), as the header says it: the player at the screen when
    they are asked (in a group decision, with the others who decide too), else every decider."""
    deciders = view.deciders
    if not deciders:
        return _("nobody to act")
    if player in deciders:
        others = [f"p{p + 1}" for p in deciders if p != player]
        label = player_label(player, seats, player)
        if others:
            return _("{player} to act ({others} too)").format(player=label, others=", ".join(others))
        return _("{player} to act").format(player=label)
    if len(deciders) == 1:
        return _("{player} to act").format(player=player_label(deciders[0], seats, player))
    return _("players {numbers} to act").format(numbers=", ".join(str(p + 1) for p in deciders))


class Header:
    """The position line: a rule with the text in it when it fits, else the text alone, wrapped
    between words (issue 27.4: at 80 columns the phase was cut, "turn up 2 cards and …")."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: Any) -> Any:
        if self.text.cell_len + 6 <= options.max_width:  # a rule keeps a few characters either side
            yield Rule(self.text)
            return
        yield self.text  # wrapped between words only if longer than a line


def view_renderables(view: Any, ruleset: Ruleset | None, seats: Sequence[Any] | None, phase: str) -> list[RenderableType]:
    """The table drawn from a view alone (``beanframe join`` gets views over the network): the
    position line, every part by its plugin's renderer, the pending decision."""
    out: list[RenderableType] = []
    who = deciders_text(view, view.player, seats)
    out.append(Header(Text(_("Turn {turn} · {who} · {phase}").format(turn=view.turn, who=who, phase=phase), style="bold")))
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
        winners = ", ".join(game.result.winners) or _("nobody")
        items.append(Text(_("Game over. Scores: {scores}; winner(s): {winners}").format(scores=scores, winners=winners)))
    lines = legal_lines(game, player)
    if lines:
        items.append(Text(_("Your choices (number or code):") + "\n" + "\n".join(lines)))
    return items
