"""The hot path's plain functions, collected once per ruleset (architecture.md section 15).

A decision costs what ``legal_actions`` and ``apply`` call. Composition knows every step and
every any-time option, so it fuses, per frame kind, the step's own legal actions and the
options' into one plain function (:func:`fused_legal`): ``legal_actions`` then makes one call
where it used to ask the step which method it overrides, whether it offers options, and which
options there are. Nothing of a game moves here: the function calls the step's and the options'
own code, in the same order.

An option may offer a function bound to the composed parameters (``Option.bind(config)``, see
:class:`beanframe.core.steps.Option`): the option's rule read once, not at every decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game
    from beanframe.core.registries import Config
    from beanframe.core.state import Frame
    from beanframe.core.steps import Option, Step

Legal = Callable[["Game", "Frame", int], tuple]


def option_legals(options: Sequence[Option], config: Config) -> tuple[Callable[[Game, int], Sequence[Action]], ...]:
    """Each option's legal function for ``config``: its bound one where it offers ``bind``."""
    return tuple(o.legal if o.bind is None else o.bind(config) for o in options)


def fused_legal(step: Step, options: tuple[Callable[[Game, int], Sequence[Action]], ...]) -> Legal:
    """``legal(game, frame, player)``: the step's own legal actions for ``player``, then the
    options' (where the step offers them), as one tuple."""
    per_player = step.per_player
    own_for = step.legal_for
    own = step.legal
    if not step.options or not options:
        if per_player:
            return lambda game, frame, player: tuple(own_for(game, frame, player))
        return lambda game, frame, player: tuple(own(game, frame))
    if len(options) == 1:
        (first,) = options

        def legal_one(game: Game, frame: Frame, player: int) -> tuple:
            mine = own_for(game, frame, player) if per_player else own(game, frame)
            more = first(game, player)
            # tuple + tuple: cheaper than unpacking both into a new one
            if more:
                return tuple(mine) + (more if more.__class__ is tuple else tuple(more))
            return tuple(mine)

        return legal_one
    if len(options) == 2:
        first, second = options

        def legal_two(game: Game, frame: Frame, player: int) -> tuple:
            mine = own_for(game, frame, player) if per_player else own(game, frame)
            more = first(game, player)
            other = second(game, player)
            legal = tuple(mine)
            if more:
                legal += more if more.__class__ is tuple else tuple(more)
            if other:
                legal += other if other.__class__ is tuple else tuple(other)
            return legal

        return legal_two

    def legal_many(game: Game, frame: Frame, player: int) -> tuple:
        mine = own_for(game, frame, player) if per_player else own(game, frame)
        extra: Any = None  # the options' actions, joined only when there are some (often none)
        for option_legal in options:
            more = option_legal(game, player)
            if more:
                extra = more if extra is None else (*extra, *more)
        return tuple(mine) if extra is None else (*mine, *extra)

    return legal_many
