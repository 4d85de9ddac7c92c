"""Replaying a game in the terminal: a save file, or one game of a ``simulate --out`` file, action
by action, with the board at each step and a way back."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from beanframe.core.actions import shorten
from beanframe.core.compose import discover, variant_info
from beanframe.core.game import Game, Ruleset
from beanframe.core.limits import loads_json
from beanframe.core.persist import load_game
from beanframe.errors import BeanframeError, ConfigError, SaveFileError
from beanframe.i18n import _, ngettext

from . import render
from .session import ReadLine, visible_log

GAMES_FORMAT = "beanframe-games"
EVERYTHING = "full"  # a replay viewer who sees the full record (``replay --as full``)


def load_replayable(text: str, where: str, number: int | None = None) -> Game:
    """A save file's game, or game ``number`` (1-based line) of a ``simulate --out`` file."""
    first = text.lstrip()[:1]
    lines = [line for line in text.splitlines() if line.strip()]
    if first == "{" and len(lines) > 0 and _is_games_line(lines[0]):
        if number is None:
            if len(lines) != 1:
                raise ConfigError(_("{file} holds {n} games: choose one with --game N (1..{n})").format(file=where, n=len(lines)))
            number = 1
        if not 1 <= number <= len(lines):
            raise ConfigError(ngettext("{file} holds {n} game: --game must be 1..{n}", "{file} holds {n} games: --game must be 1..{n}", len(lines)).format(file=where, n=len(lines)))
        return game_from_record(lines[number - 1], _("{file}, game {number}").format(file=where, number=number))
    if number is not None:
        raise ConfigError(_("{file} is a save file of one game: leave out --game").format(file=where))
    return load_game(text)


def _is_games_line(line: str) -> bool:
    try:
        data = loads_json(line)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("format") == GAMES_FORMAT


def game_from_record(line: str, where: str) -> Game:
    """The game one line of ``simulate --out`` describes: its variants (same versions), options,
    players and seed, with its actions replayed."""
    try:
        data: Any = loads_json(line)
        variants = [(v["name"], v["version"]) for v in data["variants"]]
        players, seed, options, moves = data["players"], data["seed"], data["options"], data["moves"]
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveFileError(_("{where}: not a game record ({problem})").format(where=where, problem=shorten(str(exc), 80))) from None
    installed = discover()
    plugins = []
    for name, version in variants:
        plugin = installed.get(name) if isinstance(name, str) else None
        if plugin is None:
            raise SaveFileError(_("{where}: needs variant {variant}, which is not installed").format(where=where, variant=shorten(name)))
        have = variant_info(plugin).version
        if have != version:
            raise SaveFileError(_("{where} was played with {variant} {version}; installed is {variant} {have}").format(where=where, variant=name, version=shorten(version), have=have))
        plugins.append(plugin)
    try:
        game = Ruleset(plugins, players, options).new_game(seed=seed, position=data.get("position"))
    except (BeanframeError, TypeError, ValueError) as exc:
        raise SaveFileError(_("{where}: the set-up is not valid: {problem}").format(where=where, problem=shorten(str(exc), 120))) from None
    if not isinstance(moves, list):
        raise SaveFileError(_("{where}: 'moves' is not a list of action codes").format(where=where))
    for i, code in enumerate(moves, 1):
        try:
            game.apply(code)
        except BeanframeError as exc:
            raise SaveFileError(_("{where}: action {number} ({code}) cannot be replayed: {problem}").format(where=where, number=i, code=shorten(code), problem=exc)) from None
    return game


def replay(
    saved: Game,
    console: Console,
    read_line: ReadLine | None = None,
    viewer: int | None | str = None,
    step: bool = False,
) -> Game:
    """Replay ``saved`` from its start (same ruleset, seed and stacked deck), printing each action
    with the events ``viewer`` may know (None: a spectator; EVERYTHING: the full record); another
    player's private actions show in their public form (``give h? b1``). With ``read_line``, pause after
    every action: Enter goes on, ``b`` steps back, ``a`` plays the rest, a number jumps to that
    action, ``q`` stops; with ``step`` the board is shown at every pause. Returns the game at the
    point the replay stopped."""
    rs = saved.ruleset
    start = rs.new_game(seed=saved.state.seed, deck=saved.setup_args.get("deck"), position=saved.setup_args.get("position"))
    actions = saved.actions
    actors = [actor for actor, _ in saved.history]
    board = None if viewer == EVERYTHING else viewer

    def log(g: Game) -> list[str]:
        return g.log if viewer == EVERYTHING else visible_log(g, board)
    players = ngettext("{n} player", "{n} players", rs.players).format(n=rs.players)
    count = ngettext("{n} action", "{n} actions", len(actions)).format(n=len(actions))
    console.print(Text(_("replay: {variants}, {players}, {actions}").format(variants=rs.name, players=players, actions=count), style="bold"))
    # positions[i]: the game after i actions (clones are cheap: the history is shared)
    positions = [start]
    game = start

    def show(i: int) -> None:
        before = positions[i - 1]
        g = positions[i]
        action = actions[i - 1]
        player = actors[i - 1]
        phase = before.phase
        step_name = phase.label if phase is not None else before.stage_name
        where = _("turn {turn} · p{number} · {phase}").format(turn=before.state.turn, number=(player or 0) + 1, phase=step_name)
        text = Text(f"{i:>4}. ", style="bold")
        text.append(f"{where}: ", style="dim")
        if viewer == EVERYTHING or viewer == player:
            text.append(before.describe(action, player))
            text.append(f"  [{action.code}]", style="cyan")
        else:
            text.append(action.describe_public(before))
            text.append(f"  [{action.public_code}]", style="cyan")
        console.print(text)
        old = len(log(before))
        for line in log(g)[old:]:
            console.print(Text(f"      · {line}", style="dim"))

    for line in log(start):
        console.print(Text(f"      · {line}", style="dim"))
    i = 0
    while i < len(actions):
        if i + 1 >= len(positions):
            nxt = positions[i].clone()
            nxt.apply(actions[i], actors[i])  # the recorded actor: a group decision's other deciders
            positions.append(nxt)
        i += 1
        game = positions[i]
        show(i)
        if read_line is None:
            continue
        while True:
            if step:
                render.render_all(console, render.game_renderables(game, board))
            last = i >= len(actions)
            answer = read_line(_("Enter: finish · b: back · N: go to action N · a: all · q: quit ") if last else _("Enter: next · b: back · N: go to action N · a: all · q: quit "))
            word = (answer or "").strip().lower()
            if last and answer is None:
                break  # the input ended at the last action: show how the game stands
            if answer is None or word in ("q", "quit"):
                console.print(_("replay stopped"))
                return game
            if word in ("a", "all"):
                read_line = None
                break
            if word in ("b", "back"):
                if i > 1:
                    i -= 1
                    game = positions[i]
                    console.print(Text(_("back to the position after action {number}:").format(number=i), style="bold"))
                    show(i)
                else:
                    console.print(_("this is the first action"))
                continue
            if word.isascii() and word.isdigit() and len(word) < 7:
                target = int(word)
                if not 1 <= target <= len(actions):
                    console.print(_("no action {number}: 1 to {last}").format(number=target, last=len(actions)))
                    continue
                while len(positions) <= target:
                    nxt = positions[-1].clone()
                    nxt.apply(actions[len(positions) - 1], actors[len(positions) - 1])
                    positions.append(nxt)
                i = target
                game = positions[i]
                show(i)
                continue
            break
    if game.is_over:
        result = game.result
        assert result is not None
        console.print(render.result_table(result))
        console.print(Text(render.result_line(result), style="bold"))
        console.print(_("game seed {seed}").format(seed=game.state.seed), markup=False, style="dim")
    elif not actions or i == len(actions):
        console.print(_("the save ends in turn {turn}, before the end of the game ({decision})").format(turn=game.state.turn, decision=game.prompt()), markup=False)
    return game

