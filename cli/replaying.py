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
                raise ConfigError(f"{where} holds {len(lines)} games: choose one with --game N (1..{len(lines)})")
            number = 1
        if not 1 <= number <= len(lines):
            raise ConfigError(f"{where} holds {len(lines)} games: --game must be 1..{len(lines)}")
        return game_from_record(lines[number - 1], f"{where}, game {number}")
    if number is not None:
        raise ConfigError(f"{where} is a save file of one game: leave out --game")
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
        raise SaveFileError(f"{where}: not a game record ({shorten(str(exc), 80)})") from None
    installed = discover()
    plugins = []
    for name, version in variants:
        plugin = installed.get(name) if isinstance(name, str) else None
        if plugin is None:
            raise SaveFileError(f"{where}: needs variant {shorten(name)}, which is not installed")
        have = variant_info(plugin).version
        if have != version:
            raise SaveFileError(f"{where} was played with {name} {shorten(version)}; installed is {name} {have}")
        plugins.append(plugin)
    try:
        game = Ruleset(plugins, players, options).new_game(seed=seed, position=data.get("position"))
    except (BeanframeError, TypeError, ValueError) as exc:
        raise SaveFileError(f"{where}: the set-up is not valid: {shorten(str(exc), 120)}") from None
    if not isinstance(moves, list):
        raise SaveFileError(f"{where}: 'moves' is not a list of action codes")
    for i, code in enumerate(moves, 1):
        try:
            game.apply(code)
        except BeanframeError as exc:
            raise SaveFileError(f"{where}: action {i} ({shorten(code)}) cannot be replayed: {exc}") from None
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
    console.print(Text(f"replay: {rs.name}, {rs.players} player(s), {len(actions)} actions", style="bold"))
    # positions[i]: the game after i actions (clones are cheap: the history is shared)
    positions = [start]
    game = start

    def show(i: int) -> None:
        before = positions[i - 1]
        g = positions[i]
        action = actions[i - 1]
        player = actors[i - 1]
        phase = before.phase
        where = f"turn {before.state.turn} · p{(player or 0) + 1} · {phase.name if phase is not None else before.stage_name}"
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
            answer = read_line(("Enter: finish" if last else "Enter: next") + " · b: back · N: go to action N · a: all · q: quit ")
            word = (answer or "").strip().lower()
            if last and answer is None:
                break  # the input ended at the last action: show how the game stands
            if answer is None or word in ("q", "quit"):
                console.print("replay stopped")
                return game
            if word in ("a", "all"):
                read_line = None
                break
            if word in ("b", "back"):
                if i > 1:
                    i -= 1
                    game = positions[i]
                    console.print(Text(f"back to the position after action {i}:", style="bold"))
                    show(i)
                else:
                    console.print("this is the first action")
                continue
            if word.isascii() and word.isdigit() and len(word) < 7:
                target = int(word)
                if not 1 <= target <= len(actions):
                    console.print(f"no action {target}: 1 to {len(actions)}")
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
        console.print(f"game seed {game.state.seed}", markup=False, style="dim")
    elif not actions or i == len(actions):
        console.print(f"the save ends in turn {game.state.turn}, before the end of the game ({game.prompt()})", markup=False)
    return game

