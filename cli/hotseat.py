"""Who is asked at the terminal in a decision a plugin lets players sit out (a trade), and the
hand-over screen between two people at one terminal (hot seat).

Issue 24.4: at one terminal a trade between the active player and one partner costs one hand-over
per change of person who must act. So at a hot seat every human sits out such a decision by
default: the terminal passes for them (the plugin's ``sit_out`` action) until something needs
them (an offer made to them, an offer they are building; the active player runs the trade); they
are passed for once nobody else must act, so until then they may still join in, for a move:
their number at a hand-over screen, or ``join pK`` at a prompt. A line typed at a hand-over
screen is never taken and its Enter never shows the next hand: the screen asks again.

A mixin of :class:`beanframe_cli.session.PlaySession` (it uses the session's game, console,
reader and ``apply``)."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from beanframe.core.actions import shorten
from beanframe.i18n import N_, _

OVER, QUIT, EOF, INTERRUPTED = "over", "quit", "eof", "interrupted"
# cursor home, clear the screen, clear the scrollback (xterm's ED 3; tmux and most terminals have it)
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"
JOIN_HELP = N_("join pK: player K joins this trade now (at one terminal, players with nothing to answer are skipped)")


class HotSeat:
    game: Any
    console: Any
    read_line: Any
    present: Any
    turns: Any
    hot_seat: bool
    humans: list[int]
    viewer: int | None
    quiet: bool
    sitting: dict[int, tuple[str, int]]
    joined: dict[int, tuple[str, int]]
    called: int | None

    def next_player(self) -> int:
        """The decider asked next: one a ``join`` handed the terminal to, else the fair turn,
        passing over who sits out while someone else must act (they are passed for when no one
        else is left, so until then they may still join in)."""
        called, self.called = self.called, None
        if called is not None and called in self.game.deciders:
            return self.turn_to(called)
        first = player = self.turns.next(self.game)
        for _step in range(self.game.players):
            if not self.waits(player):
                return player
            player = self.turns.next(self.game)
            if player == first:
                break
        return first

    def turn_to(self, player: int) -> int:
        """Move the fair turn on to ``player`` (a decider who joined in out of turn), so the
        next one asked is the one after them, not the one after whom they replaced."""
        for _step in range(self.game.players):
            if self.turns.next(self.game) == player:
                break
        return player

    def waits(self, player: int) -> bool:
        """Whether ``player`` sits out now and nothing needs them."""
        if not self.sits_out(player):
            return False
        kind = self.decision_kind()
        assert kind is not None
        fn, _other = self.present.sit_outs[kind[0]]
        action = fn(self.game, player)
        return action is not None and action in self.game.legal_actions(player)

    def decision_kind(self) -> tuple[str, int] | None:
        """The kind of decision now (the phase's name, if a plugin lets one sit it out) and the turn."""
        phase = self.game.phase
        if phase is None or phase.name not in self.present.sit_outs:
            return None
        return phase.name, self.game.state.turn

    def sits_out(self, player: int) -> bool:
        """Whether ``player`` sits out the decision now: by ``sit-out``, or at a hot seat unless
        they joined it."""
        kind = self.decision_kind()
        if kind is None:
            return False
        if self.sitting.get(player) == kind:
            return True
        return self.hot_seat and player in self.humans and self.joined.get(player) != kind

    def sat_out(self, player: int) -> bool:
        """Take the sitting-out action for ``player`` if they sit out this decision and nothing
        needs them (no hand-over screen, no board): True if an action was taken."""
        if not self.sits_out(player):
            self.sitting.pop(player, None)  # that decision is over
            return False
        kind = self.decision_kind()
        assert kind is not None
        fn, _other = self.present.sit_outs[kind[0]]
        action = fn(self.game, player)
        if action is None or action not in self.game.legal_actions(player):
            return False  # something needs them: asked as usual
        self.apply(action, player)
        return True

    def sit_out(self, player: int) -> bool:
        """The ``sit-out`` command: True if the player now sits out (and passed)."""
        kind = self.decision_kind()
        if kind is None:
            self.say_no(_("there is nothing to sit out now (sit-out works in a trade)"))
            return False
        self.sitting[player] = kind
        self.joined.pop(player, None)
        if self.sat_out(player):
            self.console.print(_("you sit out the rest of this trade: you are asked again only when something needs you"))
            return True
        self.console.print(_("something needs your answer first (an offer to you, or your own offer): you sit out after it"))
        return False

    def joinable(self, text: str, current: int) -> int | None:
        """The human player ``text`` names (``3``, ``p3``) who may join the decision now, if any."""
        m = re.fullmatch(r"p?(\d{1,2})", text.strip().lower())
        if m is None or self.decision_kind() is None:
            return None
        k = int(m.group(1)) - 1
        return k if k in self.humans and k != current else None

    def join(self, player: int, arg: str) -> bool:
        """The ``join pK`` command: player K joins this decision. True if the terminal goes to them
        now (they may act now), False if they are asked later or the command was refused."""
        kind = self.decision_kind()
        if kind is None:
            self.say_no(_("there is nothing to join now (join works in a trade)"))
            return False
        k = self.joinable(arg, player)
        if k is None:
            others = ", ".join(f"p{h + 1}" for h in self.humans if h != player)
            self.say_no(_("join {name}: name another player at this terminal ({others})").format(name=shorten(arg.strip(), 10), others=others))
            return False
        self.joined[k] = kind
        self.sitting.pop(k, None)
        if k in self.game.deciders:
            self.called = k
            return True
        self.console.print(_("player {number} joins this trade: they are asked when it next changes (they passed since)").format(number=k + 1))
        return False

    def hand_over(self, player: int) -> int | str:
        """A screen between two humans at one terminal: the next one's hand is shown only once
        they press Enter alone (a line typed here is never taken, and the screen asks again).
        Their number lets another player join in and take the terminal. Returns the player who
        takes it, or EOF / QUIT."""
        if self.console.is_terminal:
            # the screen and the scrollback: a cleared screen alone leaves the last player's hand
            # a scroll away (issue 17)
            self.console.file.write(CLEAR_ALL)
            self.console.file.flush()
        else:
            self.console.print("\n" * 3 + "-" * 40, markup=False)
        self.viewer = None
        self.console.print(Text(_("Hand over to player {number}.").format(number=player + 1), style="bold"))
        kind = self.decision_kind()
        if kind is not None and len(self.humans) > 2:
            others = ", ".join(str(h + 1) for h in self.humans if h != player)
            self.console.print(_("(to join this trade instead, another player types their number: {others})").format(others=others), markup=False)
        while True:
            line = self.read_line(_("player {number}: press Enter when only you can see the screen ").format(number=player + 1))
            if line is None:
                self.console.print(_("end of input: leaving the game"))
                return EOF
            text = line.strip()
            if not text:
                break
            if text.lower() in ("quit", "exit"):
                return self.quit()
            k = self.joinable(text, player)
            if k is not None:
                assert kind is not None
                self.joined[k] = kind
                self.sitting.pop(k, None)
                if k in self.game.deciders:
                    player = self.turn_to(k)
                    self.console.print(Text(_("Hand over to player {number}.").format(number=player + 1), style="bold"))
                    continue
                self.console.print(_("player {number} joins this trade: they are asked when it next changes").format(number=k + 1), markup=False)
                continue
            # typed before anyone could see the table: never taken, and this Enter shows no hand
            self.say_no(
                _("{text} was typed at the hand-over screen: ignored. Press Enter alone when only player {number} can see the screen").format(
                    text=shorten(text, 40), number=player + 1
                )
            )
        self.viewer = player
        if not self.quiet:
            self.print_new_events(last=12)
        return player

    # provided by the session
    def apply(self, action: Any, player: int) -> None:
        raise NotImplementedError

    def say_no(self, message: str) -> None:
        raise NotImplementedError

    def quit(self) -> str:
        raise NotImplementedError

    def print_new_events(self, last: int | None = None) -> None:
        raise NotImplementedError
