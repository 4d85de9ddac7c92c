"""Sitting out the rest of a decision at the table (``sit-out``, as at the terminal: issue 24).

A seat that sits out a decision a plugin lets one sit out (``register.sit_out(kind, fn, help)``,
Bohnanza's trade) has the server take ``fn(game, player)`` for it whenever it is asked again in
that decision, until ``fn`` says something needs the seat (an offer made to it: it answers as
usual, then sits out again) or the decision ends (the next trade is a new one). The flag is the
room's, per seat, kept in memory (a restart forgets it: the seat is simply asked again), and each
seat's state says whether it sits out (``sitting``), to that seat alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.core.present import presentation
from beanframe.i18n import _
from beanframe.server.refusals import Refused

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game
    from beanframe.server.rooms import Room

COMMAND = "sit-out"


def decision_kind(game: Game) -> tuple[str, int] | None:
    """The decision now, if a plugin lets one sit it out: (the phase's name, the turn)."""
    phase = game.phase
    if game.is_over or phase is None or phase.name not in presentation(game.ruleset).sit_outs:
        return None
    return phase.name, game.state.turn


class Sitting:
    """Which seats of a room sit out which decision, and the actions taken for them."""

    def __init__(self) -> None:
        self.kinds: dict[int, tuple[str, int]] = {}

    @staticmethod
    def is_command(code: Any) -> bool:
        return isinstance(code, str) and code.strip().lower() == COMMAND

    def of(self, game: Game | None, player: int | None) -> str | None:
        """What ``player`` sits out now (the decision's name, "trade"), or None."""
        kind = self.kinds.get(player) if player is not None else None
        if kind is None or game is None or kind != decision_kind(game):
            return None
        return kind[0]

    def start(self, game: Game, player: int) -> list[Action]:
        """The ``sit-out`` command of ``player`` (who decides now): the flag is set and the
        action it stands for now returned; Refused with one line (nothing set) when there is
        nothing to sit out or something needs the seat first."""
        kind = decision_kind(game)
        if kind is None:
            raise Refused(_("sit-out: there is nothing to sit out now (sit-out works in a trade): nothing done"), 409)
        action = self._action(game, player, kind)
        if action is None:
            raise Refused(
                _("sit-out: something needs your answer first (an offer to you, or your own offer): nothing done"), 409
            )
        self.kinds[player] = kind
        return [action]

    def _action(self, game: Game, player: int, kind: tuple[str, int]) -> Action | None:
        fn, _help = presentation(game.ruleset).sit_outs[kind[0]]
        action = fn(game, player)
        return action if action is not None and action in game.legal_actions(player) else None

    def due(self, game: Game) -> tuple[int, Action] | None:
        """A seat that sits out and decides now with nothing needing it, and its action; seats
        whose decision is over are forgotten."""
        if not self.kinds:
            return None
        kind = decision_kind(game)
        for player, sat in list(self.kinds.items()):
            if sat != kind:
                del self.kinds[player]
            elif player in game.deciders:
                action = self._action(game, player, kind)
                if action is not None:
                    return player, action
        return None

    async def follow(self, room: Room) -> None:
        """Take the actions of the seats that sit out, after another action (the room's lock
        held): each seat at most twice, a bound should a plugin ask a seat again after its pass."""
        for _round in range(2 * len(self.kinds)):
            due = self.due(room.game)
            if due is None:
                return
            player, action = due
            try:
                await room.commit(player, [action])
            except Refused:  # the action before it stands; the seat is simply asked
                return
