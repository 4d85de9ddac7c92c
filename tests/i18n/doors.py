"""Every door a player reads a game through, rendered for one seat in the current language
(issue 29): the labels of its legal actions, its log, the terminal's board, help, log and ``why``
(``beanframe play``'s PlaySession, drawn into a string), the seat commands of beanframe.text (the
table server's ``board``/``help``/``rules``/``log``/``why`` and the agents'), what a language
model is sent (beanframe.modelseat), and the table server's seat state (labels, log, prompt). The texts come back by door, so a problem names
where it was read."""

from __future__ import annotations

import asyncio
import functools
import io
import random
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console

from beanframe.core.game import Game, compose
from beanframe.core.present import label, presentation
from beanframe.modelseat.seat import LocalSeat, state_text
from beanframe.server.seat import seat_state
from beanframe.text import plain
from beanframe.text.commands import seat_command
from beanframe.text.rules import rules_listing
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession

#: the variant sets of issue 29's every-door test, with their player counts
SETS: list[tuple[tuple[str, ...], int]] = [
    (("al_cabohne",), 1),
    (("al_cabohne",), 2),
    (("al_cabohne", "prohibohn"), 2),
    (("bohnanza",), 3),
    (("bohnanza",), 4),
    (("bohnanza",), 5),
    (("bohnanza", "bohnaparte"), 4),
    *((("ali_baba",), n) for n in range(2, 7)),
    (("al_cabohne", "cheap_field"), 2),  # the house rule of examples/house_rule
]
#: options that shorten a game without changing what is said in it (fewer runs through the deck)
SHORT = {"al_cabohne": {"run_outs": 1}, "bohnanza": {"run_outs": 1}, "bohnaparte": {"deck_runs": 3}}
POSITIONS = 6  # sampled positions per game, besides the first and the end
MOST_ACTIONS = 3000  # random play that has not ended by then is sampled as it is
WIDTH = 100
ILLEGAL = 3  # codes of the action table asked ``why`` about, per seat and position
PUBLIC = 4  # another decider's actions described as this seat sees them taken, per decider


def set_id(variants: Sequence[str], players: int) -> str:
    return f"{'+'.join(variants)}-{players}p"


@functools.cache
def positions(variants: tuple[str, ...], players: int, seed: int = 29) -> tuple[Game, ...]:
    """Copies of one random legal game of the set: its start, :data:`POSITIONS` random moments
    and its end (the same every run)."""
    ruleset = compose(list(variants), players, {v: SHORT[v] for v in variants if v in SHORT})
    rng = random.Random(seed)
    game = ruleset.new_game(seed=seed)
    codes = []
    while not game.is_over and len(codes) < MOST_ACTIONS:
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        game.apply(action)
        codes.append(action)
    wanted = set(rng.sample(range(1, len(codes)), min(POSITIONS, len(codes) - 1))) | {0}
    replay = ruleset.new_game(seed=seed)
    out = []
    for n, action in enumerate(codes):
        if n in wanted:
            out.append(replay.clone())
        replay.apply(action)
    out.append(replay)
    return tuple(out)


def illegal_codes(game: Game, player: int, rng: random.Random) -> list[str]:
    """A few codes of the action table that ``player`` cannot take now, and one nobody can."""
    legal = set(game.legal_actions(player)) if player in game.deciders else set()
    table = [a for a in game.ruleset.actions if a not in legal]
    picked = rng.sample(table, min(ILLEGAL, len(table)))
    return [a.code for a in picked] + ["teleport f9"]


def _session(game: Game, player: int) -> tuple[PlaySession, io.StringIO]:
    """``beanframe play``'s session with ``player`` the one human at the terminal (bots elsewhere),
    drawing into a string; a tall terminal, so nothing is paged."""
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=1000, highlight=False, color_system=None)
    seats = [Seat() if p == player else Seat(bot="random") for p in range(game.players)]
    return PlaySession(game, seats, console, lambda prompt: None, bot_master=0), out


def _drained(out: io.StringIO) -> str:
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


def cli_texts(game: Game, player: int, codes: Iterable[str]) -> dict[str, str]:
    """What ``beanframe play`` prints for ``player``: the board, help, the log, ``why`` (with and
    without codes), the game's own commands (without arguments) and, at the end, the result."""
    session, out = _session(game, player)
    texts = {}
    if game.is_over:
        session.viewer = None
        session.show_result()
        texts["cli result"] = _drained(out)
        session.show_log("")
        texts["cli log"] = _drained(out)
        return texts
    session.show_board(player)
    texts["cli board"] = _drained(out)
    session.show_board(player, full=True)
    texts["cli board full"] = _drained(out)
    session.show_help(player)
    texts["cli help"] = _drained(out)
    session.show_log("")
    texts["cli log"] = _drained(out)
    session.why(player, "")
    texts["cli why"] = _drained(out)
    for code in codes:
        session.why(player, code)
        texts[f"cli why · {code}"] = _drained(out)
        session.parse_action(code, player)  # what typing the code says when it is refused
        texts[f"cli typed · {code}"] = _drained(out)
    for word in sorted(session.present.commands):
        session.run_command(word, player, "")
        texts[f"cli {word}"] = _drained(out)
    bot = next((q for q in game.deciders if q != player), None)
    if bot is not None:  # another seat's bot moves on a copy: its move and what it caused, as printed
        other, out = _session(game.clone(), player)
        other.seen[other.viewer] = len(other.game.log_for(other.viewer))  # the log so far was read
        other.bot_move(bot)
        texts[f"{BOT_MOVE} p{bot + 1}"] = _drained(out)
    return texts


#: the door of a bot's move as the terminal prints it (the bot sees its own cards: a redeal of
#: what the reader cannot see may change its choice, so this door is not compared under redeal)
BOT_MOVE = "cli bot move"


def text_commands(game: Game, player: int | None, codes: Iterable[str]) -> dict[str, str]:
    """The seat commands of beanframe.text (the table server's and the agents'), but ``rules``
    (the same for every seat: :func:`rules_text`)."""
    texts = {f"text {word}": seat_command(game, player, word, "", WIDTH) or "" for word in ("board", "log", "help", "why")}
    for code in codes:
        texts[f"text why · {code}"] = seat_command(game, player, "why", code, WIDTH) or ""
    return texts


def rules_texts(ruleset: Any) -> tuple[str, str]:
    """``beanframe rules`` (the seat command ``rules`` says the same), and apart from it its
    parameters table: the composition's own data (``config.params``, values as Python shows them),
    read for rule references and missing messages only."""
    whole = plain(rules_listing(ruleset), WIDTH)
    try:
        from beanframe.text.rules import parameters_table  # noqa: PLC0415 - the table, if it is still one

        parameters = plain([parameters_table(ruleset)], WIDTH)
    except ImportError:
        return whole, ""
    return whole.replace(parameters, "\n") if parameters in whole else whole, parameters


def seat_texts(game: Game, player: int | None) -> dict[str, str]:
    """The words of the table server's seat state: labels, short labels, the log, the prompt, the
    phase and the result's lines."""
    state = seat_state(game, player)
    legal = state["legal"]
    texts = {
        "seat labels": "\n".join(f"{a['code']}: {a['label']} | {a.get('short', '')}" for a in legal),
        "seat log": "\n".join(state["log"]),
        "seat prompt": state["view"]["prompt"],
        "seat phase": state["phase_label"],
    }
    if state["result"] is not None:
        texts["seat result"] = repr(state["result"]["lines"])
    return texts


def action_texts(game: Game, player: int | None) -> dict[str, str]:
    """The seat's own legal actions described and labelled (beanframe.core.present.label), and a
    few of each other decider's as this seat sees them taken (``describe_for``)."""
    texts = {}
    if player is not None and player in game.deciders:
        lines = [f"{a.code}: {game.describe(a, player)} | {label(game, player, a)}" for a in game.legal_actions(player)]
        texts["labels"] = "\n".join(lines)
    for other in game.deciders:
        if other != player:
            for a in game.legal_actions(other)[:PUBLIC]:
                texts[f"seen p{other + 1} · {a.public_code}"] = game.describe_for(a, player, other)
    texts["log"] = "\n".join(game.log_for(player))
    texts["prompt"] = game.view(player).prompt
    return texts


def agent_text(game: Game, player: int) -> str:
    """What a language model playing ``player`` is sent (``beanframe agent``, ``beanframe mcp``):
    the seat's state in words (no bot plays: the game stays where it is)."""
    return asyncio.run(state_text(LocalSeat(game, player, {}, play_bots=False), WIDTH))


def every_door(game: Game, player: int | None, codes: Sequence[str]) -> dict[str, str]:
    """Every text of ``game`` that ``player`` (None: a spectator) is shown, by door, in the current
    language."""
    texts = action_texts(game, player)
    if player is not None:
        texts.update(cli_texts(game, player, codes))
        texts["agent state"] = agent_text(game, player)
    texts.update(text_commands(game, player, codes))
    texts.update(seat_texts(game, player))
    return texts


def commands_of(game: Game) -> list[str]:
    """The words a player types (command names) of the game's presentation."""
    present = presentation(game.ruleset)
    return [*present.commands, *present.line_commands, *(w.split()[0] for w in present.sit_outs)]
