"""Steps: the handlers of decision-stack frames, and the any-time options.

A :class:`Step` is registered for a frame ``kind``. When its frame is on top of the stack the core
calls ``resolve``: the step either does automatic work and pops or replaces itself (returns False),
or says a decision is due (returns True); then ``legal`` lists what the frame's player may do and
``apply`` carries out the chosen action. A frame may have several deciders (``Frame.group``, a
group decision): a step for such frames overrides ``legal_for`` and ``apply_for``, which also get
the player asking or acting. Any-time options (harvest, buy a field, buy a building) are
:class:`Option` providers: they add actions to every decision of every decider where the step's
``options`` flag allows them, and apply those actions themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from beanframe.core.actions import Action

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.registries import Config
    from beanframe.core.state import Frame


class Step:
    """Base class for frame handlers; subclasses override what they need.

    One-decider steps override ``legal`` and ``apply``. Steps whose frames have several deciders
    override ``legal_for`` and ``apply_for`` (the defaults call ``legal`` and ``apply``). Which
    pair the core calls is fixed when the class is defined (``per_player``), so one-decider steps
    pay nothing for group decisions.

    Code that runs inside a step (``resolve``, ``apply``, ``apply_for``) edits only its own frame
    with ``game.pop()`` / ``game.replace_top(...)``: frames that event listeners push meanwhile
    wait and are stacked on top when the step returns to the driver.
    """

    kind: str = ""
    #: whether any-time options are offered at this step's decisions
    options: bool = True
    #: True when the class overrides ``legal_for`` or ``apply_for`` (set for every subclass)
    per_player: bool = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # decided once per class, not per call: the hot path reads one attribute
        cls.per_player = cls.legal_for is not Step.legal_for or cls.apply_for is not Step.apply_for

    def resolve(self, game: Game, frame: Frame) -> bool:
        """Automatic work. Return True if the frame's deciders must now decide (the frame stays on
        top), False once the step has popped or replaced its frame or pushed others.

        It may be called again for the same frame (after frames pushed by listeners were
        resolved): keep progress in the state (the frame's args or a part), not in locals."""
        return True

    def legal(self, game: Game, frame: Frame) -> Sequence[Action]:
        """The step's own legal actions (options are added by the core)."""
        return ()

    def apply(self, game: Game, frame: Frame, action: Action) -> None:
        """Carry out one of this step's legal actions."""
        raise NotImplementedError

    def legal_for(self, game: Game, frame: Frame, player: int) -> Sequence[Action]:
        """The step's own legal actions for ``player``, one of ``frame.deciders``. Override it for
        group decisions where deciders have different choices; the default is ``legal``."""
        return self.legal(game, frame)

    def apply_for(self, game: Game, frame: Frame, player: int, action: Action) -> None:
        """Carry out ``action``, taken by ``player`` (one of ``frame.deciders``). Override it for
        group decisions; the default is ``apply``. A step that lets a decider drop out replaces
        its frame with the smaller group (``game.replace_top(kind, owner, *args, group=...)``)
        and pops it when nobody is left."""
        self.apply(game, frame, action)

    def prompt(self, game: Game, frame: Frame) -> str:
        """A short human description of the decision. It is public (every player's view shows it),
        so it must not depend on hidden cards; the conformance kit checks this."""
        return self.kind.replace("_", " ")


@frozen
class Option:
    """An any-time option: ``legal(game, player)`` lists its actions for ``player`` now;
    ``apply(game, action, player)`` performs one, taken by ``player``.

    ``classes`` are the action classes it owns: the core sends those actions to ``apply``. The
    core asks ``legal`` for every decider of a pending decision whose step allows options (so in
    a group decision every decider is offered them); ``legal`` checks the rulebook's conditions
    itself ("own turn", coins...). ``apply`` may push frames (a nested decision after a purchase).

    ``bind(config)``, if given, returns a legal function equal to ``legal`` for the composed
    ``config`` (its parameters read once, at composition): the core's hot path calls that one.
    Code that asks an option directly may keep calling ``legal``.
    """

    name: str
    classes: tuple[type[Action], ...]
    legal: Callable[[Game, int], Sequence[Action]]
    apply: Callable[[Game, Action, int], None]
    bind: Callable[[Config], Callable[[Game, int], Sequence[Action]]] | None = None
