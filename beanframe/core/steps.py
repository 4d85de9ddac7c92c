"""Steps: the handlers of decision-stack frames, and the any-time options.

A :class:`Step` is registered for a frame ``kind``. When its frame is on top of the stack the core
calls ``resolve``: the step either does automatic work and pops or replaces itself (returns False),
or says a decision is due (returns True); then ``legal`` lists what the frame's player may do and
``apply`` carries out the chosen action. Any-time options (harvest, buy a field, buy a building)
are :class:`Option` providers: they add actions to every decision of a player where the step's
``options`` flag allows them, and apply those actions themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.core.actions import Action

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame


class Step:
    """Base class for frame handlers; subclasses override what they need."""

    kind: str = ""
    #: whether any-time options are offered at this step's decisions
    options: bool = True

    def resolve(self, game: Game, frame: Frame) -> bool:
        """Automatic work. Return True if ``frame.player`` must now decide (the frame stays on top),
        False once the step has popped or replaced its frame or pushed others."""
        return True

    def legal(self, game: Game, frame: Frame) -> Sequence[Action]:
        """The step's own legal actions (options are added by the core)."""
        return ()

    def apply(self, game: Game, frame: Frame, action: Action) -> None:
        """Carry out one of this step's legal actions."""
        raise NotImplementedError

    def prompt(self, game: Game, frame: Frame) -> str:
        """A short human description of the decision. It is public (every player's view shows it),
        so it must not depend on hidden cards; the conformance kit checks this."""
        return self.kind.replace("_", " ")


@frozen
class Option:
    """An any-time option: ``legal(game, player)`` lists its actions now; ``apply`` performs one.

    ``classes`` are the action classes it owns: the core sends those actions to ``apply``.
    """

    name: str
    classes: tuple[type[Action], ...]
    legal: Callable[[Game, int], Sequence[Action]]
    apply: Callable[[Game, Action], None]
