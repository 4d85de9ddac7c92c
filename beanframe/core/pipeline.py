"""The phase pipeline: the ordered phases of set-up, of every turn, and of the game end.

A phase is a named function ``enter(game)`` that does the phase's automatic work and may push
decision frames; the phase is over when the decision stack is empty again. Plugins build the
pipeline at composition time through :class:`PipelineBuilder`: they add a phase at an explicit
place (``after="plant"``), replace one, wrap one, or remove one. Every change is recorded with the
variant that made it, so ``beanframe rules`` can show who contributes what.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from attrs import evolve, field, frozen

from beanframe.core.actions import shorten
from beanframe.core.params import close_names

if TYPE_CHECKING:
    from beanframe.core.compose import Config
    from beanframe.core.game import Game

STAGES = ("setup", "turn", "end")

Enter = Callable[["Game"], None]
Wrapper = Callable[["Game", Enter], None]


@frozen
class Phase:
    """One phase. ``skip(game)``, if given, is asked before entering: True skips the phase.

    ``number`` is the phase's number as the rulebook counts it (0 for phases the rulebook does not
    number); a plugin that inserts a phase renumbers nothing, the rulebook's numbers stay (an
    expansion whose rulebook numbers them anew says so with ``PipelineBuilder.relabel``).
    """

    name: str
    enter: Enter
    title: str = ""
    number: int = 0
    skip: Callable[[Game], bool] | None = None
    variant: str = ""  # who added it
    changes: tuple[str, ...] = ()  # "replaced by X", "wrapped by Y", in order

    @property
    def label(self) -> str:
        return self.title or self.name.replace("_", " ")


def _wrapped(wrapper: Wrapper, inner: Enter) -> Enter:
    def enter(game: Game) -> None:
        wrapper(game, inner)

    return enter


@frozen
class Pipeline:
    """The composed, immutable pipeline of a ruleset."""

    setup: tuple[Phase, ...] = field(converter=tuple)
    turn: tuple[Phase, ...] = field(converter=tuple)
    end: tuple[Phase, ...] = field(converter=tuple)

    def stage(self, index: int) -> tuple[Phase, ...]:
        return (self.setup, self.turn, self.end)[index]


class PipelineBuilder:
    """What ``beanframe_register_phases(pipeline)`` receives.

    Plugins are called in dependency order (a variant after the variants it requires), so a plugin
    may refer to phases its requirements added. Naming a phase that does not exist is an error.
    """

    def __init__(self, config: Config) -> None:
        self._stages: dict[str, list[Phase]] = {s: [] for s in STAGES}
        self.config = config  # the ruleset being composed (players, options, params)
        self.variant = ""  # set by the composer before each plugin is called

    # -- queries ---------------------------------------------------------------------------
    def names(self, stage: str = "turn") -> list[str]:
        return [p.name for p in self._list(stage)]

    def get(self, name: str) -> Phase:
        stage, index = self._find(name)
        return self._stages[stage][index]

    def __contains__(self, name: str) -> bool:
        return any(p.name == name for phases in self._stages.values() for p in phases)

    # -- edits -----------------------------------------------------------------------------
    def add(
        self,
        stage: str,
        name: str,
        enter: Enter,
        *,
        title: str = "",
        number: int = 0,
        skip: Callable[[Game], bool] | None = None,
        after: str | None = None,
        before: str | None = None,
    ) -> None:
        """Add a phase to ``stage`` ("setup", "turn" or "end"): at the end, or ``after`` /
        ``before`` a named phase of that stage."""
        phases = self._list(stage)
        if name in self:
            raise ValueError(f"phase {shorten(name)} exists already")
        if after is not None and before is not None:
            raise ValueError("give after= or before=, not both")
        phase = Phase(name, enter, title, number, skip, self.variant)
        if after is None and before is None:
            phases.append(phase)
            return
        anchor = after if after is not None else before
        index = self._index_in(stage, anchor)
        phases.insert(index + 1 if after is not None else index, phase)

    def replace(self, name: str, enter: Enter, *, title: str | None = None, skip=None) -> None:
        """Replace a phase's behaviour; it keeps its place, number and name."""
        stage, index = self._find(name)
        old = self._stages[stage][index]
        self._stages[stage][index] = evolve(
            old,
            enter=enter,
            title=old.title if title is None else title,
            skip=old.skip if skip is None else skip,
            changes=(*old.changes, f"replaced by {self.variant}"),
        )

    def wrap(self, name: str, wrapper: Wrapper) -> None:
        """Wrap a phase: ``wrapper(game, inner)`` runs instead and calls ``inner(game)`` when it
        wants the wrapped behaviour (before, after, or not at all)."""
        stage, index = self._find(name)
        old = self._stages[stage][index]
        self._stages[stage][index] = evolve(
            old, enter=_wrapped(wrapper, old.enter), changes=(*old.changes, f"wrapped by {self.variant}")
        )

    def relabel(self, name: str, *, number: int | None = None, title: str | None = None) -> None:
        """Give a phase the number and title an expansion's rulebook uses for it (None keeps
        them): an expansion that inserts a numbered phase renumbers the ones after it
        (Bohnaparte's attack is phase 4, so Bohnanza's draw becomes phase 5), and may name a
        phase after what it now does. Behaviour, place and name stay."""
        if number is not None and (type(number) is not int or number < 0):
            raise ValueError(f"phase {shorten(name)}: a phase number is a whole number >= 0, not {shorten(number)}")
        stage, index = self._find(name)
        old = self._stages[stage][index]
        changes = list(old.changes)
        if number is not None and number != old.number:
            changes.append(f"numbered {number} by {self.variant}")
        if title is not None and title != old.title:
            changes.append(f"retitled by {self.variant}")
        self._stages[stage][index] = evolve(
            old,
            number=old.number if number is None else number,
            title=old.title if title is None else title,
            changes=tuple(changes),
        )

    def set_skip(self, name: str, skip: Callable[[Game], bool] | None) -> None:
        stage, index = self._find(name)
        old = self._stages[stage][index]
        self._stages[stage][index] = evolve(old, skip=skip, changes=(*old.changes, f"skip rule by {self.variant}"))

    def remove(self, name: str) -> None:
        stage, index = self._find(name)
        del self._stages[stage][index]

    def build(self) -> Pipeline:
        return Pipeline(self._stages["setup"], self._stages["turn"], self._stages["end"])

    # -- helpers ---------------------------------------------------------------------------
    def _list(self, stage: str) -> list[Phase]:
        try:
            return self._stages[stage]
        except KeyError:
            raise ValueError(f"unknown stage {shorten(stage)} (stages: {', '.join(STAGES)})") from None

    def _index_in(self, stage: str, name: str) -> int:
        for i, p in enumerate(self._list(stage)):
            if p.name == name:
                return i
        raise ValueError(f"no phase {shorten(name)} in stage {shorten(stage)}{close_names(name, self.names(stage))}")

    def _find(self, name: str) -> tuple[str, int]:
        for stage, phases in self._stages.items():
            for i, p in enumerate(phases):
                if p.name == name:
                    return stage, i
        known = [p.name for phases in self._stages.values() for p in phases]
        raise ValueError(f"no phase named {shorten(name)}{close_names(name, known)}")
