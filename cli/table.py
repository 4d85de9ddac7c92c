"""A seat of a table server at the terminal (``beanframe join``): the board drawn by the plugins'
renderers from the seat's view, the one-line commands and ``why`` answered by the server.

The session composes the room's ruleset locally (its variants, players and options are in the
state) to rebuild the parts' view objects (``View.from_dict``) for the renderers; without the
same plugins installed it shows the parts as plain data. Input is read only while the seat
decides, one line at a time, so scripted input is consumed as it would be typed; a number means
the choice of the list last shown, and every action is sent against the version that list
belongs to (a list the game moved past is refused by the server: the new one is shown, and the
refusal only with ``verbose``). What arrives while the person types is printed above the line
being typed, which is drawn again below it (:mod:`.prompt_line`).
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any

from rich.console import Console
from rich.text import Text

from beanframe.client import TableClient, TableError, fetch_save, is_race
from beanframe.core.game import Ruleset, compose
from beanframe.core.scoring import Result
from beanframe.core.view import View
from beanframe.errors import BeanframeError
from beanframe.i18n import N_, _, ngettext

from . import render, screen
from .clockline import state_clock_line, takeback_note
from .config import Seat
from .prompt_line import PromptLine
from .session import MAX_LINE, ReadLine

OVER, QUIT, EOF = "over", "quit", "eof"

HELP = N_("""\
Commands:
  NUMBER      take the action with that number in the list
  CODE        take an action by its code, e.g. plant f1 (codes count from 1)
  why [CODE]  why an action (or a choice you miss) is not possible now
  board       show the table again
  log [N]     show the last N events (default 10)
  help        show this text
  quit        leave the table (your seat stays yours: join again with the same link)""")


def local_ruleset(state: dict[str, Any]) -> tuple[Ruleset | None, str | None]:
    """The room's ruleset composed from this machine's plugins, and a note if it cannot be (or
    differs from the table's versions)."""
    try:
        ruleset = compose(list(state["variants"]), state["players"], state["options"])
    except (BeanframeError, KeyError, TypeError) as exc:
        return None, _("the board is shown as plain data: {problem}").format(problem=" ".join(str(exc).split())[:120])
    mine = ruleset.versions()
    if mine != state.get("plugins"):
        theirs = ", ".join(f"{n} {v}" for n, v in state.get("plugins", {}).items())
        ours = ", ".join(f"{n} {v}" for n, v in mine.items())
        return ruleset, _("drawn with this machine's plugins ({ours}; the table has {theirs})").format(ours=ours, theirs=theirs)
    return ruleset, None


def result_of(data: dict[str, Any], players: int) -> Result:
    return Result(
        scores=dict(data["scores"]),
        winners=tuple(data["winners"]),
        lines={seat: tuple((label, points) for label, points in lines) for seat, lines in data["lines"].items()},
        players=players,
    )


class LineReader:
    """Reads one line when asked, on a daemon thread (a pending read never keeps the program
    alive), handing it to the event loop."""

    def __init__(self, read_line: ReadLine) -> None:
        self.read_line = read_line

    def ask(self, prompt: str) -> asyncio.Future[str | None]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[str | None] = loop.create_future()

        def work() -> None:
            try:
                line = self.read_line(prompt)
            except Exception:  # noqa: BLE001 - a broken terminal ends the input
                line = None
            loop.call_soon_threadsafe(lambda: future.done() or future.set_result(line))

        # the thread speaks the session's language (--lang): a ContextVar does not cross threads
        context = contextvars.copy_context()
        threading.Thread(target=context.run, args=(work,), daemon=True, name="beanframe-input").start()
        return future


class RemoteSession:
    """One seat of a room at the terminal; :meth:`run` plays until the game is over, the player
    quits or the input ends."""

    def __init__(
        self,
        client: TableClient,
        console: Console,
        read_line: ReadLine,
        quiet: bool = False,
        save_to: str | None = None,
        verbose: bool = False,
        prompt_line: PromptLine | None = None,
    ) -> None:
        self.client = client
        self.verbose = verbose  # also print the refusals of actions the game moved past
        self.prompt_line = prompt_line or PromptLine(console.file, terminal=console.is_terminal)
        self.console = console
        self.reader = LineReader(read_line)
        self.quiet = quiet
        self.save_to = save_to
        self.ruleset: Ruleset | None = None
        self.note: str | None = None
        self.composed = False
        self.seen = 0  # log lines printed
        self.shown: dict[str, Any] | None = None  # the state whose choices were shown last
        self.waiting_for: tuple | None = None
        self.replies = 0  # answers (why, a command) still to come: the next prompt waits for them

    # -- the loop ---------------------------------------------------------------------------
    async def run(self) -> str:
        events = self.client.events().__aiter__()
        next_event: asyncio.Future | None = asyncio.ensure_future(events.__anext__())
        pending: asyncio.Future | None = None
        try:
            while True:
                waits = {f for f in (next_event, pending) if f is not None}
                done, _other = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                if next_event in done:
                    try:
                        kind, data = next_event.result()
                    except StopAsyncIteration:
                        self.finish()
                        return OVER
                    except TableError as exc:
                        self.say_no(_("cannot play this seat: {problem}").format(problem=exc))
                        return QUIT
                    next_event = asyncio.ensure_future(events.__anext__())
                    with self.prompt_line.above(self.console):  # a person may be typing: keep their line
                        self.on_event(kind, data)
                if pending is not None and pending in done:
                    line = pending.result()
                    pending = None
                    self.prompt_line.done()
                    outcome = await self.on_line(line)
                    if outcome is not None:
                        return outcome
                if pending is None and self.asking():
                    prompt = f"{self.client.seat}> "
                    self.prompt_line.reading(prompt)
                    pending = self.reader.ask(prompt)
        finally:
            if next_event is not None:
                next_event.cancel()

    def asking(self) -> bool:
        """Whether to read a line now: the seat decides and its choices are on the screen."""
        shown = self.shown
        return self.replies == 0 and self.client.my_turn() and shown is not None and shown["version"] == self.client.state["version"]

    # -- what the server says -----------------------------------------------------------------
    def on_event(self, kind: str, data: Any) -> None:
        state = self.client.state
        if kind == "state":
            if not self.composed:
                self.ruleset, self.note = local_ruleset(state)
                self.composed = True
                if self.note:
                    self.console.print(Text(self.note, style="dim"))
                self.announce(state)
            if len(state["log"]) < self.seen:
                self.seen = 0  # a new state after a reconnection
            self.print_log()
            self.print_table()
            if state["over"]:
                return
            if self.client.my_turn():
                shown = self.shown
                if shown is not None and [a["code"] for a in shown["legal"]] == [a["code"] for a in state["legal"]]:
                    self.shown = state  # others acted, the choices stand: keep the list, act on the new version
                elif shown is not None and (shown["view"]["turn"], shown["phase_label"]) == (state["view"]["turn"], state["phase_label"]):
                    self.show_choices()  # others acted in a decision we share (a trade): the new choices
                elif shown is None or shown["version"] != state["version"]:
                    self.show_board()
            else:
                self.shown = None
                deciders = tuple(state["deciders"])
                if deciders != self.waiting_for and not self.quiet:
                    self.waiting_for = deciders
                    clocks = state_clock_line(state)
                    waiting = _("» waiting for {seats}: {decision}").format(seats=", ".join(deciders), decision=state["view"]["prompt"])
                    self.console.print(Text(waiting, style="dim"))
                    if clocks:
                        self.console.print(Text(clocks, style="dim"))
        elif kind == "error":
            if data.get("ref") == "action" and is_race(data):  # the game moved on meanwhile: the new choices are shown
                if self.verbose:
                    self.console.print(Text(_("(refused: {problem})").format(problem=data.get("error")), style="dim"))
            else:
                self.say_no(data.get("error") or _("refused"))
            if data.get("ref") == "answer":
                self.replies = max(0, self.replies - 1)
            elif self.client.my_turn() and self.shown is None:
                self.show_choices()  # the action was refused: the choices again (board: the table)
        elif kind in ("why", "output"):
            self.replies = max(0, self.replies - 1)
            self.console.print(data.get("text", "").rstrip("\n"), markup=False, highlight=False)
        elif kind == "connection":
            if data == "lost":
                self.console.print(Text(_("connection lost: reconnecting..."), style="yellow"))
            else:
                self.replies = 0  # answers asked for on the lost connection never come
                self.shown = None
                self.console.print(Text(_("connected again"), style="green"))
        elif kind == "table":
            self.print_table()
        elif kind == "presence" and not self.quiet:
            away = [s["seat"] for s in data["seats"] if not s["connected"]]
            if away:
                self.console.print(Text(_("not connected: {seats}").format(seats=", ".join(away)), style="dim"))

    def announce(self, state: dict[str, Any]) -> None:
        who = ", ".join(f"{s['seat']} {s['player']}" for s in state["seats"])
        variants = " + ".join(state["variants"])
        if state["seat"]:
            title = ngettext("{variants}, {n} player: {seats}. You are {seat}.", "{variants}, {n} players: {seats}. You are {seat}.", state["players"])
        else:
            title = ngettext("{variants}, {n} player: {seats}. You are a spectator.", "{variants}, {n} players: {seats}. You are a spectator.", state["players"])
        title = title.format(variants=variants, n=state["players"], seats=who, seat=state["seat"])
        self.console.print(Text(title, style="bold"))
        if state.get("seeded"):
            self.console.print(Text(_("the creator of this room chose its seed"), style="dim"))

    def print_log(self, last: int | None = None) -> None:
        lines = self.client.state["log"]
        new = lines[self.seen:]
        self.seen = len(lines)
        if self.quiet:
            return
        if last is not None:
            new = new[-last:]
        # a new turn's line ("turn 3: p2", in the table's words for this seat) is the board's header
        turn = _("turn {turn}: {player}").split("{turn}")[0] or "turn "
        for line in new:
            if not line.startswith(turn):
                self.console.print(Text(f"    · {line}", style="dim"))

    def print_table(self) -> None:
        """The table's new log lines (someone ran out of time, came back, sat down)."""
        state = self.client.state
        lines = state.get("table_log") or []
        seen = getattr(self, "table_seen", None)
        new = lines if seen is None else [line for line in lines if line not in seen]
        self.table_seen = set(lines)
        for line in new:
            self.console.print(Text(f"  ⏱ {line}", style="cyan"))
        note = takeback_note(state)
        if new and note:
            self.console.print(Text(note, style="bold yellow"))

    def seats(self) -> list[Seat]:
        return [Seat(None if s["player"] == "human" else s["player"][4:]) for s in self.client.state["seats"]]

    def board_items(self) -> list[Any]:
        state = self.client.state
        view = None
        if self.ruleset is not None:
            try:
                view = View.from_dict(self.ruleset, state["view"])
            except ValueError:
                view = None
        if view is None:
            data = state["view"]
            header = _("Turn {turn} · {seats} to act · {phase}").format(turn=data["turn"], seats=", ".join(state["deciders"]), phase=state["phase_label"])
            items: list[Any] = [Text(header, style="bold")]
            for name, part in data["parts"].items():
                items.extend(render.render_part_generic(name, part, data.get("player"), data.get("players", 0)))
            items.append(Text(f"» {data['prompt']}", style="bold yellow"))
            return items
        return render.view_renderables(view, self.ruleset, self.seats(), state["phase_label"])

    def show_board(self) -> None:
        """The table and the choices (type ``board`` to see it again): at a screen, fitted to it
        as ``beanframe play`` fits its board (folded, the header kept in sight); a transcript (a
        pipe, a file) gets all of it."""
        items = self.board_items()
        if not self.console.is_terminal:
            self.show_choices(items)
            return
        state = self.client.state
        legal = [(a["code"], a["label"]) for a in state["legal"]]
        render.render_all(self.console, screen.fit(self.console, items, legal, [a.get("short", "") for a in state["legal"]]))
        self.shown = state

    def show_choices(self, items: list[Any] | None = None, room: int = 1000) -> None:
        state = self.client.state
        items = items or [Text(f"» {state['view']['prompt']}", style="bold yellow")]
        clocks = state_clock_line(state)
        if clocks:
            items.append(Text(clocks, style="cyan"))
        legal = [(a["code"], a["label"]) for a in state["legal"]]
        items.append(render.choices_of(legal, self.console.width, room, [a.get("short", "") for a in state["legal"]]))
        render.render_all(self.console, items)
        self.shown = state

    def finish(self) -> None:
        state = self.client.state
        self.print_log()
        if state.get("result"):
            result = result_of(state["result"], state["players"])
            self.console.print(render.result_table(result, self.seats(), state["result"].get("given_up", ())))
            self.console.print(Text(render.result_line(result), style="bold"))
        if "seed" in state:
            self.console.print(_("game seed {seed}").format(seed=state["seed"]), markup=False, style="dim")
        if self.save_to:
            try:
                text = fetch_save(self.client.invitation)
                with open(self.save_to, "w", encoding="utf-8") as out:
                    out.write(text)
                self.console.print(_("saved to {file} (see it with: beanframe replay {file})").format(file=self.save_to), markup=False)
            except (TableError, OSError) as exc:
                self.say_no(_("cannot save to {file}: {reason}").format(file=self.save_to, reason=exc))
        else:
            self.console.print(_("the save: {link} (beanframe replay reads it)").format(link=self.client.invitation.api("save")), markup=False)

    # -- what the player types ------------------------------------------------------------------
    def say_no(self, message: str) -> None:
        self.console.print(message, style="red", markup=False, highlight=False)

    async def on_line(self, line: str | None) -> str | None:
        if line is None:
            self.console.print(_("end of input: leaving the table (your seat stays yours: join again with the same link)"))
            return EOF
        text = " ".join(line.split())
        word, _sep, rest = text.partition(" ")
        word = word.lower()
        shown = self.shown or self.client.state
        commands = {c["name"]: c for c in self.client.state.get("commands", [])}
        if not text:
            self.console.print(_("type a number from the list, an action code, or help"))
        elif len(text) > MAX_LINE:
            self.say_no(_("that line is {n} characters long: type a number or a code").format(n=len(text)))
        elif word in ("quit", "exit"):
            self.console.print(_("left the table (your seat stays yours: join again with the same link)"))
            return QUIT
        elif word in ("help", "?"):
            self.show_help()
        elif word == "log":
            n = int(rest) if rest.isascii() and rest.isdigit() and len(rest) < 7 else 10
            for entry in self.client.state["log"][-n:] if n > 0 else []:
                self.console.print(f"  {entry}", markup=False)
        elif word in ("board", "show"):
            self.shown = None
            self.show_board()
        elif word == "why":
            await self.ask_server({"type": "why", "code": rest or None, "ref": "answer"})
        elif word == "save":
            self.say_no(_("a table's save is served once the game is over (it holds every hand): join with --save FILE"))
        elif word in commands and commands[word]["kind"] == "command":
            await self.ask_server({"type": "command", "line": text, "width": self.console.width, "ref": "answer"})
        elif text.isascii() and text.isdigit():
            legal = shown.get("legal", [])
            index = int(text) if len(text) < 7 else 0
            if 1 <= index <= len(legal):
                await self.send_action(legal[index - 1]["code"], shown["version"])
            else:
                self.say_no(_("no choice {number}: pick 1 to {last}").format(number=text[:8], last=len(legal)))
        else:
            await self.send_action(text, shown["version"])
        return None

    async def ask_server(self, message: dict[str, Any]) -> None:
        if await self.client.send(message):
            self.replies += 1
        else:
            self.say_no(_("not connected: wait for the connection to come back"))

    async def send_action(self, code: str, version: int) -> None:
        if not await self.client.act(code, version, ref="action"):
            self.say_no(_("not connected: the action was not sent (wait for the connection to come back)"))
            return
        self.shown = None  # the next state (or the refusal) shows the board again

    def show_help(self) -> None:
        self.console.print(_(HELP), markup=False, highlight=False)
        commands = self.client.state.get("commands", [])
        if commands:
            self.console.print(_("Commands of this game:"), markup=False, highlight=False)
        for command in sorted(commands, key=lambda c: c["name"]):
            usage, _sep, what = command["help"].partition(": ")
            if not what:
                usage, what = command["name"], command["help"]
            line = f"  {usage:<11} {what}" if len(usage) <= 11 else f"  {usage}\n  {'':<11} {what}"
            self.console.print(line, markup=False, highlight=False)
