"""Playing and replaying a game in the terminal: plain classes with the console and the line
reader injected, so they run the same at a TTY, from a pipe, or under a test runner."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from beanframe.agents import Agent, make_bot
from beanframe.core.actions import Action
from beanframe.core.game import Game
from beanframe.errors import BeanframeError
from beanframe.simulate import bot_seed

from . import render
from .config import Seat

ReadLine = Callable[[str], "str | None"]  # a line without its newline; None at end of input

OVER, QUIT, EOF = "over", "quit", "eof"


def stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def make_reader(console: Console, interactive: bool | None = None) -> ReadLine:
    """Read lines from stdin: with line editing at a TTY; otherwise line by line, echoing each
    line after its prompt so a piped session reads like a transcript."""
    if interactive is None:
        interactive = stdin_is_tty()

    def read_tty(prompt: str) -> str | None:
        try:
            return console.input(Text(prompt, style="bold"))
        except EOFError:
            return None

    def read_pipe(prompt: str) -> str | None:
        line = sys.stdin.readline()
        if not line:
            return None
        line = line.rstrip("\r\n")
        console.print(Text(prompt, style="bold") + Text(line))
        return line

    return read_tty if interactive else read_pipe


EVERYTHING = "everything"  # an observer who knows the full record (a replay without --as)


def event_lines(game: Game, since: int, observer: int | None | str = EVERYTHING) -> list[str]:
    """The readable lines of the events emitted after the game had ``since`` events, as
    ``observer`` knows them (a player, None: a spectator, or EVERYTHING)."""
    count = game.state.n_events - since
    if count <= 0:
        return []
    if observer != EVERYTHING:
        return game.log_for(observer, since)
    return [game.ruleset.describe_event(game, e) for e in game.recent_events(count)]


HELP = """\
Commands:
  NUMBER      take the action with that number in the list
  CODE        take an action by its code, e.g. harvest f1
              (codes count from 1: f1 field 1, b1 first boss, h1 front hand card, p1 first pile)
  board       show the table again
  log [N]     show the last N events (default 10)
  save FILE   save the game (go on later with: beanframe play --load FILE)
  help        show this text
  quit        stop playing (so does the end of the input)"""


class PlaySession:
    """One game at the terminal: human seats are asked through ``read_line``, bots act at once
    and each bot move is printed as one line (unless ``quiet``)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        console: Console,
        read_line: ReadLine,
        quiet: bool = False,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
        self.game = game
        self.seats = list(seats)
        self.console = console
        self.read_line = read_line
        self.quiet = quiet
        self.has_humans = any(s.human for s in seats)
        humans = [p for p, s in enumerate(seats) if s.human]
        # whose knowledge the shared screen shows between decisions: the one human's, else only
        # what is public (hot-seat players, or someone watching bots)
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        seed = game.state.seed
        self.agents: dict[int, Agent] = {
            p: make_bot(game.ruleset, s.bot, bot_seed(seed, p)) for p, s in enumerate(seats) if s.bot is not None
        }

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> str:
        """Play until the game is over (returns "over"), a human quits ("quit") or the input
        ends ("eof")."""
        game = self.game
        if self.has_humans and not self.quiet:
            self.print_events(event_lines(game, 0, self.viewer)[-12:])
        while not game.is_over:
            player = game.to_act
            assert player is not None
            if player in self.agents:
                self.bot_move(player)
                continue
            outcome = self.human_decision(player)
            if outcome is not None:
                return outcome
        self.show_result()
        return OVER

    def bot_move(self, player: int) -> None:
        game = self.game
        agent = self.agents[player]
        legal = game.legal_actions()
        view = game.view(player) if getattr(agent, "uses_view", True) else None
        action = agent.act(view, legal)
        if not self.quiet:
            text = Text(f"turn {game.state.turn:>3} · {render.player_label(player, self.seats)}: ", style="dim")
            text.append(game.describe_for(action, self.viewer, player))
            self.console.print(text)
        self.apply(action)

    def apply(self, action: Action) -> None:
        game = self.game
        before = game.state.n_events
        game.apply(action)
        if self.has_humans and not self.quiet:
            self.print_events(event_lines(game, before, self.viewer))

    def print_events(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.console.print(Text(f"    · {line}", style="dim"))

    def human_decision(self, player: int) -> str | None:
        """Ask ``player`` until an action is taken (None) or the player quits / input ends."""
        game = self.game
        self.show_board(player)
        while True:
            line = self.read_line(f"player {player + 1}> ")
            if line is None:
                self.console.print("end of input: leaving the game (save it next time with: save FILE)")
                return EOF
            text = line.strip()
            word, _, rest = text.partition(" ")
            word = word.lower()
            legal = game.legal_actions()
            if not text:
                self.console.print("type a number from the list, an action code, or help")
            elif word in ("quit", "exit"):
                self.console.print("game left unfinished")
                return QUIT
            elif word in ("help", "?"):
                self.show_help(player)
            elif word == "log":
                self.show_log(rest, player)
            elif word == "save":
                self.save(rest.strip())
            elif word in ("board", "show"):
                self.show_board(player)
            else:
                action = self.parse_action(text, legal)
                if action is not None:
                    self.apply(action)
                    return None

    def parse_action(self, text: str, legal: Sequence[Action]) -> Action | None:
        if text.isdigit():
            index = int(text)
            if 1 <= index <= len(legal):
                return legal[index - 1]
            self.console.print(f"no choice {index}: pick 1 to {len(legal)}", style="red")
            return None
        try:
            action = self.game.ruleset.actions.parse(text)
        except BeanframeError as exc:
            self.console.print(f"{exc} (type help for the commands)", style="red", markup=False)
            return None
        if action not in legal:
            self.console.print(f"{action.code!r} is not possible now: {self.game.prompt()}", style="red", markup=False)
            return None
        return action

    # -- commands ---------------------------------------------------------------------------
    def show_board(self, player: int) -> None:
        game = self.game
        render.render_all(self.console, render.game_renderables(game, player, self.seats))
        self.console.print(render.actions_table(game, game.legal_actions()))

    def show_help(self, player: int) -> None:
        game = self.game
        self.console.print(HELP, markup=False, highlight=False)
        self.console.print(
            Text(f"Now: turn {game.state.turn}, {render.phase_label(game)}. {game.prompt()}", style="bold")
        )
        table = Table(show_header=True, box=None)
        table.add_column("#", justify="right")
        table.add_column("code", no_wrap=True)
        table.add_column("kind")
        table.add_column("what it does")
        for i, action in enumerate(game.legal_actions(), 1):
            kind = "any-time option" if type(action) in game.ruleset.option_for else "this decision"
            table.add_row(str(i), escape(action.code), kind, escape(game.describe(action)))
        self.console.print(table)

    def show_log(self, arg: str, player: int | None = None) -> None:
        n = int(arg) if arg.strip().isdigit() else 10
        lines = self.game.log_for(player)[-n:] if n > 0 else []
        if not lines:
            self.console.print("(no events yet)")
        for line in lines:
            self.console.print(f"  {line}", markup=False)

    def save(self, path: str) -> None:
        if not path:
            self.console.print("save where? e.g. save game.json", style="red")
            return
        try:
            Path(path).write_text(self.game.to_json(), encoding="utf-8")
        except OSError as exc:
            self.console.print(f"cannot save to {path}: {exc.strerror or exc}", style="red", markup=False)
            return
        self.console.print(f"saved to {path} (continue with: beanframe play --load {path})", markup=False)

    def show_result(self) -> None:
        result = self.game.result
        assert result is not None
        self.console.print(render.result_table(result, self.seats))
        self.console.print(Text(render.result_line(result), style="bold"))


# --------------------------------------------------------------------------------------------
# replay
# --------------------------------------------------------------------------------------------


def replay(
    saved: Game, console: Console, read_line: ReadLine | None = None, observer: int | None | str = EVERYTHING
) -> Game:
    """Replay ``saved`` from its start (same ruleset, seed and stacked deck), printing each action
    with the events it caused. With ``read_line``, pause after every action: Enter goes on,
    ``a`` plays the rest without pausing, ``q`` stops. ``observer`` (a player, None: a spectator)
    shows only what that observer knew: others' private actions in their public form, private
    events of others in theirs; by default everything. Returns the replayed game."""
    rs = saved.ruleset
    game = rs.new_game(seed=saved.state.seed, deck=saved.setup_args.get("deck"))
    history = saved.history
    whose = "" if observer == EVERYTHING else f", as {'a spectator' if observer is None else f'player {observer + 1}'} knew it"
    console.print(
        Text(f"replay: {rs.name}, {rs.players} player(s), seed {saved.state.seed}, {len(history)} actions{whose}", style="bold")
    )
    for line in event_lines(game, 0, observer):
        console.print(Text(f"      · {line}", style="dim"))
    for i, (player, action) in enumerate(history, 1):
        phase = game.phase
        where = f"turn {game.state.turn} · p{player + 1} · {phase.name if phase is not None else game.stage_name}"
        text = Text(f"{i:>4}. ", style="bold")
        text.append(f"{where}: ", style="dim")
        if observer == EVERYTHING or observer == player or not action.is_private:
            text.append(game.describe(action))
            text.append(f"  [{action.code}]", style="cyan")
        else:
            text.append(action.describe_public(game))
            text.append(f"  [{action.public_code}]", style="cyan")
        before = game.state.n_events
        game.apply(action)
        console.print(text)
        for line in event_lines(game, before, observer):
            console.print(Text(f"      · {line}", style="dim"))
        if read_line is not None and i < len(history):
            answer = read_line("Enter: next · a: all · q: quit ")
            if answer is None or answer.strip().lower() in ("q", "quit"):
                console.print("replay stopped")
                return game
            if answer.strip().lower() in ("a", "all"):
                read_line = None
    if game.is_over:
        result = game.result
        assert result is not None
        console.print(render.result_table(result))
        console.print(Text(render.result_line(result), style="bold"))
    else:
        console.print(f"the save ends in turn {game.state.turn}, before the end of the game ({game.prompt()})", markup=False)
    return game
