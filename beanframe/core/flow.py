"""The moving part of a game: applying an action (the driver), and what phases, steps, options
and listeners call to change the game (``push``, ``pop``, ``emit``, ``end_game``...). A base class
of :class:`beanframe.core.game.Game`, which holds the state these methods work on."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from beanframe.core.actions import Action, shorten
from beanframe.core.limits import check_player
from beanframe.core.records import private_event
from beanframe.core.scoring import seat_name
from beanframe.core.state import (
    END,
    END_AFTER_TURN,
    END_NOW,
    NOT_ENDING,
    OVER,
    SETUP,
    TURNS,
    Frame,
    State,
)
from beanframe.errors import GameOverError, IllegalActionError
from beanframe.i18n import _

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset


class Flow:
    """Acting and game flow, for :class:`~beanframe.core.game.Game` (see there)."""

    __slots__ = ()
    ruleset: Ruleset
    state: State
    keep_events: bool

    # -- acting -----------------------------------------------------------------------------
    def apply(self, action: Action | str | int, player: int | None = None) -> None:
        """Apply a legal action (an Action, its code, or its id) taken by ``player`` (None:
        ``to_act``). Raises IllegalActionError and leaves the game unchanged if the action is not
        legal now for that player, or the player is not one of the ``deciders``."""
        if player is None:
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
        else:
            legal = self._legal_of_decider(player)
        for candidate in legal:  # identity first: legal lists hand out canonical instances
            if candidate is action:
                break
        else:
            action = self._check(action, legal, player)
        s = self.state
        stack = s.stack
        frame = stack[-1]
        if player is None:
            group = frame.group
            player = group[0] if group else frame.player
        s.history = (action, s.history, player)  # (action, rest, actor): see core/records.py
        s.n_actions += 1
        self._legal = self._legal_more = None
        rs = self.ruleset
        self._driving = True
        try:
            option = rs.option_for.get(action.__class__)
            kind = frame.kind
            if option is not None:
                option.apply(self, action, player)
            else:
                step = rs.steps[kind]
                if step.per_player:
                    step.apply_for(self, frame, player, action)
                else:
                    step.apply(self, frame, action)
            # fast path: the same frame is still on top, its step has no automatic work to do,
            # and no listener frame or "end now" waits
            if stack and stack[-1] is frame and kind in rs.passive_steps and not self._interrupt:
                return
            self._advance()
        finally:
            self._driving = False

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The legal actions of ``player`` at the pending decision (None: ``to_act``), in a stable
        order: the step's own actions first, then the any-time options. Empty once the game is
        over and for a player who is not one of the ``deciders``."""
        if player is not None:
            return self._legal_of(player)
        legal = self._legal
        if legal is None:  # _compute_legal(None) written out: one call less on the hot path
            stack = self.state.stack
            if stack:
                frame = stack[-1]
                group = frame.group
                legal = self.ruleset.legal_of[frame.kind](self, frame, group[0] if group else frame.player)
            else:
                legal = ()
            self._legal = legal
        return legal

    def _legal_of(self, player: int) -> tuple[Action, ...]:
        s = self.state
        check_player(player, s.players, spectator=False)
        stack = s.stack
        if not stack:
            return ()
        frame = stack[-1]
        group = frame.group
        if player == (group[0] if group else frame.player):
            return self.legal_actions()
        if player not in group:
            return ()
        more = self._legal_more
        if more is None:
            more = self._legal_more = {}
        legal = more.get(player)
        if legal is None:
            legal = more[player] = self._compute_legal(player)
        return legal

    def _compute_legal(self, player: int | None) -> tuple[Action, ...]:
        stack = self.state.stack
        if not stack:
            return ()
        frame = stack[-1]
        group = frame.group
        if group:  # a group decision: the asking player (None: the first decider)
            if player is None:
                player = group[0]
        else:
            player = frame.player
        return self.ruleset.legal_of[frame.kind](self, frame, player)  # core/hotpath.py

    def _legal_of_decider(self, player: int) -> tuple[Action, ...]:
        """``player``'s legal actions, or the error to raise if they may not act now."""
        s = self.state
        if s.stage == OVER:
            raise GameOverError(_("the game is over: no more actions"))
        if type(player) is not int or not 0 <= player < s.players:
            raise IllegalActionError(_("there is no player {player} in this {n}-player game").format(player=shorten(player, 30), n=s.players))
        deciders = self.deciders
        if player not in deciders:
            who = ", ".join(seat_name(p) for p in deciders)
            raise IllegalActionError(_("{seat} may not act now: {who} to decide ({prompt})").format(seat=seat_name(player), who=who, prompt=self.prompt()))
        return self.legal_actions(player)

    def _check(self, action: Action | str | int, legal: tuple[Action, ...], player: int | None = None) -> Action:
        """The canonical instance of a legal action given in any form, or the error to raise."""
        if self.state.stage == OVER:
            raise GameOverError(_("the game is over: no more actions"))
        table = self.ruleset.actions
        action = table.coerce(action)
        if action not in legal:
            raise IllegalActionError(self._illegal_message(action, player))
        return action

    def _illegal_message(self, action: Action, player: int | None = None) -> str:
        legal = self.legal_actions(player)
        shown = ", ".join(a.code for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        fields = {"code": shorten(action.code), "prompt": self.prompt(), "legal": shown}
        if player is None or len(self.deciders) < 2:
            return _("{code} is not legal now ({prompt}; legal: {legal})").format(**fields)
        return _("{code} is not legal now for {seat} ({prompt}; legal: {legal})").format(seat=seat_name(player), **fields)

    # -- used by phases and steps -----------------------------------------------------------
    def push(self, kind: str, player: int, *args: int, group: Sequence[int] = ()) -> None:
        """Push a decision frame of step ``kind`` for ``player`` (``group``: several deciders,
        see :class:`Frame`). Frames pushed by an event listener wait until the code that emitted
        the event returns to the driver, then go on top (in push order)."""
        frame = Frame(kind, player, args, self._group(kind, group)) if group else Frame(kind, player, args)
        if self._listening:
            self._deferred.append(frame)
            self._interrupt = True
        else:
            self.state.stack.append(frame)

    def pop(self) -> Frame:
        """Remove the top frame: the running step's own (listener frames are not stacked yet)."""
        return self.state.stack.pop()

    def replace_top(self, kind: str, player: int, *args: int, group: Sequence[int] = ()) -> None:
        """Replace the top frame (the running step's own), e.g. to count progress or to drop a
        decider from a group."""
        self.state.stack[-1] = Frame(kind, player, args, self._group(kind, group)) if group else Frame(kind, player, args)

    def _group(self, kind: str, group: Sequence[int]) -> tuple[int, ...]:
        group = tuple(group)
        n = self.state.players
        if any(type(p) is not int or not 0 <= p < n for p in group) or len(set(group)) != len(group):
            raise ValueError(f"frame {shorten(kind)}: group {list(group)} must list distinct players 0..{n - 1}")
        return group

    def emit(self, *event: Any, to: Any = None, public: Any = None) -> None:
        """``game.emit(kind, *args, to=None, public=None)``: record an event ``(kind, *args)`` and
        run the listeners of its kind (listeners always get the whole event).

        An event is public unless ``to`` is given: then only the players in ``to`` know it whole,
        and the others (and spectators) know ``public`` instead, an event tuple of its own such as
        ``("draw", p)`` for ``("draw", p, card)``; ``public=None``: they learn nothing of it.
        ``game.emit("draw", p, card, to=(p,), public=("draw", p))``."""
        if self.keep_events:
            s = self.state
            if to is None and public is None:  # the hot path: a public event is stored as it is
                s.events = (event, s.events)
            else:
                s.events = (private_event(s.players, event, to, public), s.events)
            s.n_events += 1
        listeners = self.ruleset.listeners  # often none at all: no lookup per event then
        if listeners:
            listeners = listeners.get(event[0])
            if listeners:
                self._notify(listeners, event[1:])

    def _notify(self, listeners: Sequence[Any], args: tuple) -> None:
        """Run listeners; frames they push wait for the driver (see ``push``)."""
        self._listening += 1
        try:
            for listener in listeners:
                listener(self, *args)
        finally:
            self._listening -= 1
        if self._interrupt and not self._driving and not self._listening:
            self._advance()  # emitted from outside game code: nothing runs, settle at once

    def interrupted(self) -> bool:
        """True while frames pushed by listeners wait or the game ends now. Automatic work that
        can pause (a phase or step that flips or draws card after card) checks it after each unit
        of work and returns, keeping its progress in the state: the driver then stacks the
        waiting frames (or ends the game) and calls it again once its frame is on top."""
        return self._interrupt

    def random(self) -> random.Random:
        """A fresh random stream derived from the seed and how many streams were drawn before:
        the only source of chance, so a game is fully given by its seed and its actions. A
        determinized game (:meth:`determinize`) has a fresh seed drawn from the searcher's
        generator, so its future chance is not the real game's."""
        s = self.state
        s.chance += 1
        return random.Random(f"beanframe/{s.seed}/{s.chance}")

    def end_game(self, now: bool = False) -> None:
        """Ask the game to end: at the end of this turn, or ``now``. Ending now takes effect when
        the running game code returns to the driver, which then clears the decision stack (and
        any waiting listener frames) and starts the end stage; until then the running step may
        still ``pop()`` or ``replace_top()`` its own frame, and ``interrupted()`` is True.
        Called from outside game code (a test, a tool), it takes effect at once."""
        s = self.state
        if s.stage == OVER:
            return
        if now:
            s.ending = END_NOW
            self._stop = self._interrupt = True
            if not self._driving and not self._listening:
                self._advance()
        elif s.ending == NOT_ENDING:
            s.ending = END_AFTER_TURN

    def cancel_end(self) -> None:
        """Withdraw an end asked for with ``end_game()`` (e.g. a variant that grants one more deck
        after the last sales: Prohibohn under ten buildings)."""
        self.state.ending = NOT_ENDING

    @property
    def ending(self) -> bool:
        return self.state.ending != NOT_ENDING

    def next_player(self) -> int:
        return (self.state.active + 1) % self.state.players

    def set_active(self, player: int) -> None:
        """Make ``player`` (0-based) the active player: for a starting player chosen during
        set-up (by a setup phase, step, option or listener). The first turn is theirs and play
        goes on from them in the usual order. Allowed only during set-up (ValueError otherwise:
        later the driver owns the turn order), with a player of this game (ValueError)."""
        s = self.state
        if s.stage != SETUP:
            raise ValueError(f"set_active({shorten(player)}) is only allowed during set-up, not in stage {self.stage_name}")
        if type(player) is not int or not 0 <= player < s.players:
            raise ValueError(f"set_active: no player {shorten(player, 30)} in a {s.players}-player game")
        s.active = player

    def set_next_player(self, player: int) -> None:
        """Make ``player`` (0-based) the one whose turn comes after the current turn, instead of
        the next player in order (a round's last mover hands the start to the poorest player);
        play goes on from them in the usual order. Only during the turns (ValueError otherwise:
        during set-up use ``set_active``) and with a player of this game (ValueError)."""
        s = self.state
        if s.stage != TURNS:
            raise ValueError(f"set_next_player({shorten(player)}) is only allowed during the turns, not in stage {self.stage_name}")
        if type(player) is not int or not 0 <= player < s.players:
            raise ValueError(f"set_next_player: no player {shorten(player, 30)} in a {s.players}-player game")
        s.next_active = player

    def _settle(self) -> None:
        """Carry out what waits for the driver: "end now" (clear the stack and the waiting
        frames; from set-up or the turns, go to the end stage), else stack the listener frames."""
        self._interrupt = False
        s = self.state
        if self._stop:
            self._stop = False
            self._deferred.clear()
            s.stack.clear()
            if s.stage <= TURNS:
                s.stage, s.phase = END, -1
        else:
            s.stack.extend(self._deferred)
            self._deferred.clear()

    def _advance(self) -> None:
        """Run automatic work until a decision is pending or the game is over."""
        s = self.state
        steps = self.ruleset.steps
        passive = self.ruleset.passive_steps
        stages = self.ruleset.stages
        # never nested: apply is driving already, and end_game / _notify call this only when not
        self._driving = True
        try:
            while True:
                if self._interrupt:
                    self._settle()
                stack = s.stack
                if stack:
                    frame = stack[-1]
                    kind = frame.kind
                    if kind in passive:  # Step.resolve: a decision is due, nothing to call
                        return
                    # a decision is due unless the step's work was interrupted (it is asked again)
                    if steps[kind].resolve(self, frame) and not self._interrupt:
                        return
                    continue
                if s.stage == OVER:
                    return
                phases = stages[s.stage]
                s.phase += 1
                if s.phase >= len(phases):
                    if s.stage == SETUP:
                        s.stage, s.phase, s.turn = TURNS, -1, 1
                        self.emit("turn", s.turn, s.active)
                    elif s.stage == TURNS:
                        if s.ending != NOT_ENDING:
                            s.stage, s.phase = END, -1
                        else:
                            s.turn += 1
                            s.phase = -1
                            if s.next_active < 0:
                                s.active = self.next_player()
                            else:  # chosen by game code (set_next_player): used once
                                s.active, s.next_active = s.next_active, -1
                            self.emit("turn", s.turn, s.active)
                    else:
                        s.stage, s.phase = OVER, -1
                        self.emit("game_over")
                        # nothing is decided after the end: frames or "end now" asked for by a
                        # game_over listener have nothing left to act on
                        self._deferred.clear()
                        self._stop = self._interrupt = False
                        return
                    continue
                phase = phases[s.phase]
                if phase.skip is not None and phase.skip(self):
                    continue
                phase.enter(self)
        finally:
            self._driving = False
