"""What a game remembers and shows: its full record (actions, history, events, log), what each
player may know of it, views and observations. A base class of :class:`beanframe.core.game.Game`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.core.actions import Action
from beanframe.core.limits import check_player
from beanframe.core.observation import information_state as _information_state
from beanframe.core.observation import observation as _observation
from beanframe.core.observation import returns as _returns
from beanframe.core.records import Record, full_event, iter_history, known_lists
from beanframe.core.records import events_for as _events_for
from beanframe.core.records import history_for as _history_for
from beanframe.core.state import (
    State,
    iter_linked,
    linked_items,
)
from beanframe.core.view import make_view

if TYPE_CHECKING:
    from beanframe.core.game import Ruleset


class Knowledge:
    """The record and the views of a game, for :class:`~beanframe.core.game.Game` (see there)."""

    __slots__ = ()
    ruleset: Ruleset
    state: State

    # -- history, log, views, copies ----------------------------------------------------------
    # ``actions``, ``history``, ``events`` and ``log`` are the full record, for the engine, saves,
    # replays and tests: they hold private parameters and private events and are not for players.
    # What a player may know: ``history_for``, ``events_for``, ``log_for``, ``view(p).record``.
    @property
    def actions(self) -> list[Action]:
        """Every action applied so far, oldest first (the full record: not for players)."""
        return linked_items(self.state.history)

    @property
    def actors(self) -> list[int]:
        """Who took each action of ``actions`` (same order): replaying a group decision needs it
        (``game.apply(action, player)``)."""
        out = []
        linked = self.state.history
        while linked is not None:
            out.append(linked[2])
            linked = linked[1]
        out.reverse()
        return out

    @property
    def history(self) -> list[tuple[int, Action]]:
        """``(actor, action)`` for every action applied so far, oldest first (the full record:
        not for players; see :meth:`history_for`)."""
        out = list(iter_history(self.state.history))
        out.reverse()
        return out

    def _observer(self, player: int | None) -> int | None:
        return check_player(player, self.state.players)

    def history_for(self, player: int | None) -> list[tuple[int, str]]:
        """The history as ``player`` may know it (None: a spectator): ``(actor, code)`` per action,
        oldest first, where another player's private parameters read ``prefix?`` (``give h? b1``).
        An information-state record, as OpenSpiel keeps one."""
        return _history_for(self.state.history, self._observer(player))

    def events_for(self, player: int | None, since: int = 0) -> list[tuple]:
        """The events ``player`` may know (None: a spectator), oldest first: public events, the
        private events sent to ``player`` whole, the public forms of the others. ``since``: only
        of the events emitted after the game had ``since`` events (a past ``n_events``)."""
        count = max(0, self.state.n_events - since) if since else None
        return _events_for(self.state.events, self._observer(player), count)

    def log_for(self, player: int | None, since: int = 0) -> list[str]:
        """The readable log as ``player`` may know it (None: a spectator); see :meth:`events_for`."""
        describe = self.ruleset.describe_event
        return [describe(self, e) for e in self.events_for(player, since)]

    def record_for(self, player: int | None) -> Record:
        """What ``player`` may know of the history, as views carry it: it holds the player's
        redacted lists only (cheap: brought up to date since the player's last record)."""
        known = known_lists(self.state, self._observer(player))
        return Record(player, known.history, known.events)

    def describe_for(self, action: Action, observer: int | None, actor: int | None = None) -> str:
        """``action`` in words as ``observer`` knows it when ``actor`` (default: ``to_act``) takes
        it: the actor's own description (:meth:`describe`) for the actor, else its public form
        (``action.describe_public``), which never reads what only the actor sees."""
        self._observer(observer)
        if actor is None:
            actor = self.to_act
        else:
            check_player(actor, self.state.players, spectator=False)
        if observer is not None and observer == actor:
            return self.describe(action, actor)
        return action.describe_public(self)

    @property
    def n_events(self) -> int:
        """How many events were emitted so far (``game.events[n:]`` are the newer ones)."""
        return self.state.n_events

    @property
    def events(self) -> list[tuple]:
        """Every event, whole, oldest first (the full record: not for players; see
        :meth:`events_for`)."""
        return [full_event(e) for e in linked_items(self.state.events)]

    @property
    def log(self) -> list[str]:
        """The event log as readable lines, oldest first (the full record, private events whole:
        not for players; see :meth:`log_for`)."""
        describe = self.ruleset.describe_event
        return [describe(self, full_event(e)) for e in linked_items(self.state.events)]

    def recent_events(self, n: int) -> list[tuple]:
        """The newest ``n`` events, whole (the full record: not for players)."""
        out = []
        for e in iter_linked(self.state.events):
            if len(out) == n:
                break
            out.append(full_event(e))
        out.reverse()
        return out

    def view(self, player: int | None) -> Any:
        """What ``player`` may see (None: a spectator). See :class:`beanframe.core.view.View`."""
        return make_view(self, player)

    def observation(self, player: int | None) -> Any:
        """What ``player`` sees, as a float32 numpy vector of ``ruleset.observation_shape``
        (segments: ``ruleset.observation_layout``; see :mod:`beanframe.core.observation`)."""
        return _observation(self, player)

    def information_state(self, player: int) -> str:
        """Everything ``player`` knows, as a string (equal strings: states they cannot tell apart)."""
        return _information_state(self, player)

    def returns(self, mode: str = "win") -> list[float]:
        """Per player: ``"win"`` 1 (split 1/k in a k-seat shared win) or -1; ``"score"`` the score
        lead over the best other seat. Zeros until the game is over."""
        return _returns(self, mode)
