"""Playing and replaying a game in the terminal: plain classes with the console and the line
reader injected, so they run the same at a TTY, from a pipe, or under a test runner.

Nothing here names a game: the board, extra commands (``meter``), one-line commands that stand for
several actions (``offer p3 give h2 h4 for 2 fire``) and the reasons why a choice is not possible
come from the plugins (``beanframe_register_renderers``).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from contextlib import contextmanager

from rich.console import Console
from rich.text import Text

from beanframe.agents import Agent, DeciderTurns, _ask, make_bot
from beanframe.core.actions import Action, shorten
from beanframe.core.game import Game
from beanframe.core.present import Fold, check_line, explain, presentation
from beanframe.errors import BeanframeError
from beanframe.i18n import _
from beanframe.simulate import BotFailure, bot_seed, fresh_seed

from . import helptext, render, saving, screen
from .hotseat import CLEAR_ALL, EOF, INTERRUPTED, OVER, QUIT, HotSeat  # noqa: F401 - the outcomes and CLEAR_ALL are the session's API
from .config import Seat

ReadLine = Callable[[str], "str | None"]  # a line without its newline; None at end of input

MAX_LINE = 500  # longer input lines are refused, not parsed


@contextmanager
def whole_action() -> Iterator[None]:
    """Ctrl-C while an action is applied waits until it is applied whole: an action stopped
    halfway would leave a game that cannot be saved (its state would not match its actions)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    old = signal.signal(signal.SIGINT, lambda signum, frame: pending.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
    if pending:
        if callable(old):
            old(signal.SIGINT, None)  # the default handler raises KeyboardInterrupt
        elif old != signal.SIG_IGN:
            raise KeyboardInterrupt


def stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def make_reader(console: Console, interactive: bool | None = None) -> ReadLine:
    """Read lines from stdin: with line editing at a TTY; otherwise line by line, echoing each
    line after its prompt so a piped session reads like a transcript. Undecodable bytes are
    replaced, never fatal."""
    if interactive is None:
        interactive = stdin_is_tty()

    def read_tty(prompt: str) -> str | None:
        try:
            return console.input(Text(prompt, style="bold"))
        except EOFError:
            return None
        except UnicodeDecodeError:
            return "\ufffd"

    def read_pipe(prompt: str) -> str | None:
        try:
            line = sys.stdin.readline()
        except UnicodeDecodeError:
            line = "\ufffd\n"
        if not line:
            return None
        line = line.rstrip("\r\n")
        console.print(Text(prompt, style="bold") + Text(line))
        return line

    return read_tty if interactive else read_pipe


def visible_log(game: Game, viewer: int | None) -> list[str]:
    """The log lines ``viewer`` may read (None: a spectator): each player's own log (private
    records, issue 5 §4). The one place the CLI decides it."""
    return game.log_for(viewer)


class PlaySession(HotSeat):
    """One game at the terminal: human seats are asked through ``read_line``, bots act at once
    and each bot move is printed with what it caused (unless ``quiet``).

    Everything printed comes from a player's view and that player's log: with one human, that
    human's; with several (hot seat), the human to act, after a hand-over screen; with none, a
    spectator's. Bots get seeds drawn from ``bot_master`` (default: a fresh one), never from the
    game's seed, which is shown only when the game is over."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        console: Console,
        read_line: ReadLine,
        quiet: bool = False,
        bot_master: int | None = None,
        clock: Any = None,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
        self.game = game
        self.seats = list(seats)
        self.console = console
        self.read_line = read_line
        self.queued: str | None = None  # a command typed at a "more" prompt, taken next
        self.quiet = quiet
        self.humans = [p for p, s in enumerate(seats) if s.human]
        self.hot_seat = len(self.humans) > 1
        master = fresh_seed() if bot_master is None else bot_master
        self.agents: dict[int, Agent] = {
            p: make_bot(game.ruleset, s.bot, bot_seed(master, game.state.seed, p))
            for p, s in enumerate(seats)
            if s.bot is not None
        }
        # who is looking at the screen, and how much of their log they have seen
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.seen: dict[int | None, int] = {}
        self.present = presentation(game.ruleset)
        self.turns = DeciderTurns(game.players)
        self.sitting: dict[int, tuple[str, int]] = {}  # player -> (decision kind, turn) they sit out
        self.clock = clock  # a hotclock.TerminalClock (beanframe play --clock), or None
        self.joined: dict[int, tuple[str, int]] = {}  # hot seat: player -> the decision they joined
        self.called: int | None = None  # hot seat: the player handed the terminal next (join pK)

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> str:
        """Play until the game is over (returns "over"), a human quits ("quit") or the input
        ends ("eof")."""
        game = self.game
        try:
            if not self.quiet and not self.hot_seat:
                self.print_new_events(last=12)
            while not game.is_over:
                # group decisions (several deciders) ask each in turn, exactly as play_game does
                player = self.next_player()
                if player in self.agents:
                    self.bot_move(player)
                    continue
                if self.sat_out(player):
                    continue
                if self.hot_seat and self.viewer != player:
                    taker = self.hand_over(player)
                    if isinstance(taker, str):
                        return taker
                    player = taker
                outcome = self.human_decision(player)
                if outcome is not None:
                    return outcome
                self.joined.pop(player, None)  # joining is for one move: then asked when needed again
        except KeyboardInterrupt:  # Ctrl-C: the same offer to save as quit (actions are applied whole)
            self.console.print()
            self.console.print(_("interrupted"))
            try:
                self.offer_save()
            except KeyboardInterrupt:
                self.console.print()
                self.console.print(_("interrupted again: not saved"))
            self.console.print(_("game left unfinished"))
            return INTERRUPTED
        self.viewer = None  # the game is over: nothing is hidden any more
        self.show_result()
        return OVER

    def bot_move(self, player: int) -> None:
        game = self.game
        agent = self.agents[player]
        legal = game.legal_actions(player)
        try:
            view = game.view(player) if getattr(agent, "uses_view", True) else None
            action = _ask(agent, game, player, view, legal)  # a search bot also gets its information set
        except Exception as exc:
            raise BotFailure(
                _("{bot} (player {number}) failed in turn {turn}: {kind}: {problem}").format(
                    bot=self.seats[player], number=player + 1, turn=game.state.turn, kind=type(exc).__name__, problem=shorten(str(exc), 200)
                )
            ) from exc
        if not self.quiet:
            text = Text(_("turn {turn} · {player}: ").format(turn=f"{game.state.turn:>3}", player=render.player_label(player, self.seats)), style="dim")
            text.append(game.describe_for(action, self.viewer, player))  # others see a public form
            self.console.print(text)
        try:
            with whole_action():
                game.apply(action, player)
        except BeanframeError as exc:
            raise BotFailure(_("{bot} (player {number}) chose an illegal action: {problem}").format(bot=self.seats[player], number=player + 1, problem=exc)) from exc
        if self.clock:
            self.clock.acted(game, player)
        if not self.quiet:
            self.print_new_events()

    def apply(self, action: Action, player: int) -> None:
        with whole_action():
            self.game.apply(action, player)
        for line in self.clock.acted(self.game, player) if self.clock else ():
            self.console.print(Text(f"  ⏱ {line}", style="cyan"))
        if not self.quiet:
            self.print_new_events()

    def print_new_events(self, last: int | None = None) -> None:
        """The log lines the viewer has not seen yet (at most the ``last`` ones)."""
        lines = visible_log(self.game, self.viewer)
        kinds = [event[0] for event in self.game.events_for(self.viewer)]  # log_for's events, in order
        start = self.seen.get(self.viewer, 0)
        new = list(zip(kinds[start:], lines[start:]))
        self.seen[self.viewer] = len(lines)
        if last is not None:
            new = new[-last:]
        for kind, line in new:
            if kind == "turn":
                continue  # the bot-move lines and the board say whose turn it is (in any language)
            self.console.print(Text(f"    · {line}", style="dim"))

    def human_decision(self, player: int) -> str | None:
        """Ask ``player`` until an action is taken (None) or the player quits / input ends."""
        self.show_board(player)
        while True:
            line, self.queued = (self.queued, None) if self.queued is not None else (self.read_line(_("player {number}> ").format(number=player + 1)), None)
            if line is None:
                self.console.print(_("end of input: leaving the game (save it next time with: save FILE)"))
                return EOF
            text = line.strip()
            word, _sep, rest = text.partition(" ")
            word = word.lower()
            if not text:
                self.console.print(_("type a number from the list, an action code, or help"))
            elif len(text) > MAX_LINE:
                self.say_no(_("that line is {n} characters long: type a number or a code").format(n=len(text)))
            elif word in ("quit", "exit"):
                return self.quit()
            elif word in ("help", "?"):
                self.show_help(player)
            elif word == "log":
                self.show_log(rest)
            elif word == "save":
                self.save(rest.strip())
            elif word == "position":
                self.write_position(rest.strip())
            elif word in ("board", "show"):
                self.show_board(player, full=rest.strip().lower() in ("full", "all"))
            elif word == screen.MORE:
                self.page([Text(f"» {self.game.prompt()}", style="bold yellow"), screen.choice_list(self.game, player, self.game.legal_actions(player), self.console.width)])
            elif word == "sit-out":
                if self.sit_out(player):
                    return None
            elif word == "join" and self.hot_seat:
                if self.join(player, rest):
                    return None
            elif word == "why":
                self.why(player, rest.strip())
            elif word in self.present.commands:
                self.run_command(word, player, rest)
            elif word in self.present.line_commands:
                if self.run_line(word, player, rest):
                    return None
            else:
                action = self.parse_action(text, player)
                if action is not None:
                    self.apply(action, player)
                    return None

    def say_no(self, message: str) -> None:
        self.console.print(message, style="red", markup=False, highlight=False)

    def parse_action(self, text: str, player: int) -> Action | None:
        legal = self.game.legal_actions(player)
        if text.isascii() and text.isdigit():
            index = int(text) if len(text) < 7 else 0
            if 1 <= index <= len(legal):
                return legal[index - 1]
            self.say_no(_("no choice {number}: pick 1 to {last}").format(number=text if len(text) < 12 else text[:8] + "...", last=len(legal)))
            return None
        if not text.isascii():
            self.say_no(_("{text} is not a command or a code: type a number from the list, a code, or help").format(text=shorten(text, 30)))
            return None
        try:
            action = self.game.ruleset.actions.coerce(text)
        except BeanframeError as exc:
            self.say_no(_("{problem} (type help for the commands)").format(problem=exc))
            return None
        if action not in legal:
            self.say_no(_("{code} is not possible now: {reason}").format(code=action.code, reason=self.reason(player, action)))
            return None
        return action

    def reason(self, player: int, action: Action | None) -> str:
        """Why ``action`` is not possible now: the plugins' reason, else the decision asked."""
        try:
            found = explain(self.game, player, action)
        except Exception:  # noqa: BLE001 - a plugin's explanation must not end the game
            found = None
        return found or _("now: {decision}").format(decision=self.game.prompt())

    def why(self, player: int, code: str) -> None:
        if not code:
            try:
                found = explain(self.game, player, None)
            except Exception:  # noqa: BLE001
                found = None
            self.console.print(found or _("every possible choice is listed: {decision}").format(decision=self.game.prompt()), markup=False)
            return
        try:
            action = self.game.ruleset.actions.coerce(code)
        except BeanframeError as exc:
            name = code.split(" ", 1)[0].lower()
            now = [a.code for a in self.game.legal_actions(player) if a.code.split(" ", 1)[0] == name]
            if now:
                codes = ", ".join(now[:8]) + (" ..." if len(now) > 8 else "")
                self.say_no(_("{problem}; possible now: {codes}").format(problem=exc, codes=codes))
            else:
                self.say_no(str(exc))
            return
        if action in self.game.legal_actions(player):
            self.console.print(_("{code} is possible now").format(code=action.code), markup=False)
        else:
            self.console.print(f"{action.code}: {self.reason(player, action)}", markup=False)

    def run_command(self, word: str, player: int, rest: str) -> None:
        fn, _other = self.present.commands[word]
        try:
            items = fn(self.game, player, rest)
        except Exception as exc:  # noqa: BLE001 - a plugin's command must not end the game
            self.say_no(_("{command} failed: {kind}: {problem}").format(command=word, kind=type(exc).__name__, problem=shorten(str(exc), 100)))
            return
        render.render_all(self.console, items)

    def run_line(self, word: str, player: int, rest: str) -> bool:
        """A plugin's one-line command: its actions are all checked on a copy of the game first,
        so a line either happens whole or not at all (one line saying why). True if it happened."""
        fn, _other = self.present.line_commands[word]
        try:
            steps = list(fn(self.game, player, rest))
            actions = check_line(self.game, player, steps)
        except (ValueError, BeanframeError) as exc:
            message = " ".join(str(exc).split())
            self.say_no(_("{command}: {problem} (nothing done)").format(command=word, problem=message if len(message) <= 200 else message[:197] + "..."))
            return False
        except Exception as exc:  # noqa: BLE001 - a plugin's command must not end the game
            self.say_no(_("{command} failed: {kind}: {problem} (nothing done)").format(command=word, kind=type(exc).__name__, problem=shorten(str(exc), 100)))
            return False
        if not self.quiet:
            codes = " · ".join(a.code for a in actions)
            self.console.print(Text(f"    {word}: {codes}", style="dim"))
        for action in actions:
            self.apply(action, player)
        return True

    def quit(self) -> str:
        """Leave, offering to save first."""
        self.offer_save()
        self.console.print(_("game left unfinished"))
        return QUIT

    def offer_save(self) -> None:
        saving.offer_save(self.read_line, self.console, self.say_no, self.save)

    # -- commands ---------------------------------------------------------------------------
    def show_board(self, player: int, full: bool = False) -> None:
        """The table, the decision and the choices, fitted to the terminal (``full``: nothing
        folded, every choice described, paged when taller than the terminal)."""
        game = self.game
        items = render.game_renderables(game, player, self.seats)
        missing = None
        try:
            missing = explain(game, player, None)
        except Exception:  # noqa: BLE001
            pass
        if missing:
            items.append(Text(f"  ({missing})", style="yellow"))
        clock = self.clock.line(player) if self.clock else None
        if clock:
            items.append(Text(clock, style="cyan"))
        kind = self.decision_kind()
        if kind is not None and player != game.state.active and player not in self.sitting:
            # the command is offered where it helps (issue 20.3); folded first when short of room
            items.append(Fold(Text("  " + _("(sit-out: pass for the rest of this trade)"), style="dim"), rank=0))
        elif kind is not None and self.hot_seat and len(self.humans) > 1:
            # issue 24.4: the others sit the trade out unless they join
            items.append(Fold(Text("  " + _("(join pK: another player at this terminal joins this trade)"), style="dim"), rank=0))
        legal = game.legal_actions(player)
        if full:
            self.page([*screen.unfolded(items), screen.choice_list(game, player, legal, self.console.width)])
            return
        render.render_all(self.console, screen.fitted(self.console, items, game, player, legal))

    def page(self, items: Sequence[Any]) -> None:
        """``items`` a screenful at a time; a command typed at "more" is taken next."""
        queued = screen.page(self.console, self.read_line, items)
        if queued is not None:
            self.queued = queued

    def show_help(self, player: int) -> None:
        """The commands, the game's own, the phases and every choice, a screenful at a time
        (issue 20.3: help fits the terminal)."""
        self.page(helptext.help_items(self.game, self.present, player, self.hot_seat))

    def show_log(self, arg: str) -> None:
        arg = arg.strip()
        n = int(arg) if arg.isascii() and arg.isdigit() and len(arg) < 7 else 10
        lines = visible_log(self.game, self.viewer)[-n:] if n > 0 else []
        if not lines:
            self.console.print(_("(no events yet)"))
        for line in lines:
            self.console.print(f"  {line}", markup=False)

    def save(self, path: str) -> bool:
        return saving.save(self.game, path, self.console, self.say_no)

    def write_position(self, path: str) -> bool:
        return saving.write_position(self.game, path, self.console, self.say_no)

    def show_result(self) -> None:
        result = self.game.result
        assert result is not None
        self.console.print(render.result_table(result, self.seats))
        self.console.print(Text(render.result_line(result), style="bold"))
        self.console.print(_("game seed {seed}").format(seed=self.game.state.seed), markup=False, style="dim")

    def human_won(self) -> bool:
        result = self.game.result
        return result is not None and any(f"p{p + 1}" in result.winners for p in self.humans)
