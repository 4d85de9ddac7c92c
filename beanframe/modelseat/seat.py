"""One seat for a model, and the texts it is sent.

A seat answers in words (``board``, ``log``, ``rules``, ``why``, the variant's own commands),
says whether it decides now, takes a move given as a number, a code or a one-line command (a
refusal is an answer with the reason, never an exception) and waits until it must decide.
:class:`LocalSeat` is a local game whose other seats are bots; the table's seat is
:class:`beanframe.modelseat.table.TableSeat`. Every text for a model is built here from those
answers alone: what the seat may know, as the table tells it.

Languages (issue 29): the seat's answers (``board``, ``log``, ``why``, a refusal's reason) come in
the language of the context they are asked in, as the table server's do; the few lines this
module adds for a model (what to answer, "refused:", the numbered moves' heading) stay English."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from beanframe.i18n import _, ngettext
from beanframe.agents import DeciderTurns, _ask, make_bot
from beanframe.core.actions import clip, shorten
from beanframe.core.present import check_line, presentation
from beanframe.core.scoring import seat_name
from beanframe.errors import BeanframeError
from beanframe.text import plain
from beanframe.text.commands import SEAT_COMMANDS, refusal_reason, seat_command

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game

NUMBERED = re.compile(r"#?(\d+)[.)]? [-a-z(]", re.I)
FALLBACK_BOTS = ("greedy", "random")  # the variant's greedy choice, else a random one


@attrs.frozen
class Outcome:
    """What came of a move: taken (``ok``) or refused, in one line (``text``)."""

    ok: bool
    text: str


def move_code(line: str, legal: Sequence[tuple[str, str]]) -> str:
    """A move as a model may give it: the number of a legal move (``3``, ``3.``, ``#3``, or a line
    of the list copied, ``3. plant f1 - ...``), else the text itself (a code or a one-line command)
    on one line."""
    text = " ".join(str(line).split()).strip("`'\" ")
    number = text.lstrip("#").rstrip(".)")
    listed = NUMBERED.match(text)  # a move copied from the list: "2. plant f1 - ..." (codes start with a letter)
    if listed is not None:
        number = listed.group(1)
    if number.isdigit():
        n = int(number)
        if not 1 <= n <= len(legal):
            raise BeanframeError(f"no move number {n} (the moves are numbered 1 to {len(legal)})")
        return legal[n - 1][0]
    if not text:
        raise BeanframeError("no move given: answer a number, a code or a one-line command")
    return text


class Seat:
    """What the MCP server and the agent need of a seat (see the module). Subclasses fill in."""

    seat: str  # "p1"...

    async def start(self) -> None:
        """Connect or set up; called before anything else (again: nothing happens)."""

    async def close(self) -> None:
        """Leave the seat."""

    def deciding(self) -> bool:
        raise NotImplementedError

    def over(self) -> bool:
        raise NotImplementedError

    def legal(self) -> list[tuple[str, str]]:
        """This seat's moves now, ``(code, label)``, numbered from 1 in every text."""
        raise NotImplementedError

    def describe(self) -> str:
        """One line: the game, its players and which seat this is."""
        raise NotImplementedError

    def reference_commands(self) -> list[str]:
        """The variant's own commands whose answer without an argument belongs with the board
        (the bean-o-meter, the open offers): every price and offer a decision needs."""
        raise NotImplementedError

    def line_commands(self) -> list[str]:
        """The variant's one-line commands (``offer``...), taken as moves as they are."""
        return []

    async def words(self, line: str, width: int = 100) -> str:
        """The answer to ``board``, ``log [N]``, ``help``, ``rules``, ``why [CODE]`` or a variant's
        own command, as plain text (a refusal's one line for anything else)."""
        raise NotImplementedError

    async def act(self, line: str) -> Outcome:
        raise NotImplementedError

    async def wait(self, timeout: float) -> bool:
        """Until this seat must decide or the game is over (True), or ``timeout`` seconds (False)."""
        raise NotImplementedError

    async def fallback(self) -> str:
        """The code of the variant's greedy choice now (a random one if it has no greedy bot)."""
        raise NotImplementedError


# --------------------------------------------------------------------------------------------
# the texts a model is sent
# --------------------------------------------------------------------------------------------


def moves_text(legal: Sequence[tuple[str, str]]) -> str:
    return "\n".join(f"{i}. {code} - {label}" for i, (code, label) in enumerate(legal, 1))


async def state_text(seat: Seat, width: int = 100) -> str:
    """The seat's whole state in words: who it is, the board as the table draws it (with the
    decision and its numbered moves), the variant's reference tables, and what to do next."""
    parts = [seat.describe(), (await seat.words("board", width)).rstrip()]
    for name in seat.reference_commands():
        parts.append((await seat.words(name, width)).rstrip())
    if seat.over():
        parts.append(_("The game is over."))
    elif seat.deciding():
        parts.append(_("You ({seat}) decide now: answer with the number of one move above, its code, or a one-line command.").format(seat=seat.seat))
    else:
        parts.append(_("You ({seat}) do not decide now: wait until you must.").format(seat=seat.seat))
    return "\n\n".join(parts) + "\n"


def refusal_text(seat: Seat, reason: str) -> str:
    """A refused move: the reason in one line, then the legal moves."""
    legal = seat.legal()
    moves = moves_text(legal) if legal else _("(none: you do not decide now)")
    return f"refused: {clip(' '.join(reason.split()), 300)}\nYour legal moves:\n{moves}"


# --------------------------------------------------------------------------------------------
# a local game against bots
# --------------------------------------------------------------------------------------------


class LocalSeat(Seat):
    """Seat ``me`` of ``game``; every other seat is played at once by its bot (``bots[p]``), the
    deciders of a group decision asked in turn as ``play_game`` asks them. With ``play_bots``
    False the bots wait until the seat's first move (a test reads the seat where it stands)."""

    def __init__(self, game: Game, me: int, bots: dict[int, Any], play_bots: bool = True) -> None:
        missing = [p for p in range(game.players) if p != me and p not in bots]
        if missing and play_bots:
            raise BeanframeError(f"no bot for seat(s) {', '.join(seat_name(p) for p in missing)}")
        self.game = game
        self.me = me
        self.seat = seat_name(me)
        self.bots = bots
        self.turns = DeciderTurns(game.players)
        self.pending: int | None = None  # the decider asked now (this seat: the model decides)
        if play_bots:
            self.advance()
        elif me in game.deciders:
            self.pending = me

    def advance(self) -> None:
        """Let the bots play until this seat must decide or the game is over."""
        game = self.game
        while not game.is_over:
            player = self.pending if self.pending is not None else self.turns.next(game)
            self.pending = player
            if player == self.me:
                return
            view = game.view(player) if getattr(self.bots[player], "uses_view", True) else None
            game.apply(_ask(self.bots[player], game, player, view, game.legal_actions(player)), player)
            self.pending = None

    def deciding(self) -> bool:
        return not self.game.is_over and self.pending == self.me

    def over(self) -> bool:
        return self.game.is_over

    def legal(self) -> list[tuple[str, str]]:
        if not self.deciding():
            return []
        return [(a.code, self.game.describe(a, self.me)) for a in self.game.legal_actions(self.me)]

    def describe(self) -> str:
        game = self.game
        return ngettext("{game}, {n} player; you are {seat} (player {number}).", "{game}, {n} players; you are {seat} (player {number}).", game.players).format(game=game.ruleset.name, n=game.players, seat=self.seat, number=self.me + 1)

    def reference_commands(self) -> list[str]:
        return list(presentation(self.game.ruleset).commands)

    def line_commands(self) -> list[str]:
        return list(presentation(self.game.ruleset).line_commands)

    async def words(self, line: str, width: int = 100) -> str:
        return local_words(self.game, self.me, line, width)

    async def act(self, line: str) -> Outcome:
        if self.game.is_over:
            return Outcome(False, refusal_text(self, "the game is over"))
        if not self.deciding():
            return Outcome(False, refusal_text(self, "you do not decide now"))
        try:
            actions = resolve_line(self.game, self.me, move_code(line, self.legal()))
        except BeanframeError as exc:
            return Outcome(False, refusal_text(self, str(exc)))
        for action in actions:
            self.game.apply(action, self.me)
        self.pending = None
        self.advance()
        return Outcome(True, "played " + " · ".join(a.code for a in actions))

    async def wait(self, timeout: float) -> bool:
        self.advance()  # the bots play at once: nothing to wait for
        return True

    async def fallback(self) -> str:
        game = self.game
        name = next(n for n in (*FALLBACK_BOTS, *sorted(game.ruleset.bots)) if n in game.ruleset.bots)
        bot = make_bot(game.ruleset, name, seed=game.state.n_actions)
        return _ask(bot, game, self.me, game.view(self.me), game.legal_actions(self.me)).code


def local_words(game: Game, player: int | None, line: str, width: int) -> str:
    """What the table server's command door answers, for a local game."""
    word, _, rest = " ".join(str(line).split()).partition(" ")
    try:
        answered = seat_command(game, player, word, rest, width)
    except BeanframeError as exc:
        return f"refused: {clip(' '.join(str(exc).split()), 200)}\n"
    if answered is not None:
        return answered
    commands = presentation(game.ruleset).commands
    if word.lower() not in commands:
        known = ", ".join([*SEAT_COMMANDS, *commands])
        return f"refused: unknown command {shorten(word, 30)} (commands of this game: {known})\n"
    fn, _ = commands[word.lower()]
    try:
        return plain(fn(game, player, rest), width)
    except Exception as exc:  # noqa: BLE001 - a plugin's command must not end the game
        return f"refused: {word.lower()} failed ({type(exc).__name__})\n"


def resolve_line(game: Game, player: int, text: str) -> list[Action]:
    """The actions a move stands for (a code or a one-line command), each checked legal; a
    BeanframeError of one line saying why not."""
    word, _, rest = text.partition(" ")
    lines = presentation(game.ruleset).line_commands
    if word.lower() in lines:
        fn, _ = lines[word.lower()]
        try:
            return check_line(game, player, list(fn(game, player, rest)))
        except ValueError as exc:
            raise BeanframeError(f"{word.lower()}: {exc}") from None
    action = game.ruleset.actions.coerce(text)
    if action not in game.legal_actions(player):
        raise BeanframeError(f"{action.code} is not possible now: {refusal_reason(game, player, action)}")
    return [action]
