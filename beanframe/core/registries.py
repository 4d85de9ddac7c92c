"""What a plugin's hooks receive while a ruleset is composed: the :class:`Config` being built
and the registries for parts, positions, actions, steps, options, seats, events and bots. The
composition itself (discovery, order, options, validation) is :mod:`beanframe.core.compose`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
import inspect
from typing import Any

import attrs
from attrs import define, field, frozen

from beanframe.core.actions import Action, shorten
from beanframe.core.params import close_names
from beanframe.core.position import CORE_KEYS
from beanframe.core.scoring import is_player_seat
from beanframe.core.steps import Option, Step
from beanframe.core.view import view_takes_game
from beanframe.errors import ConfigError


@define
class Config:
    """The ruleset being composed: variants, options, player count, and free-form parameters."""

    variants: tuple[str, ...]
    players: int
    options: dict[str, Any]
    params: dict[str, Any] = field(factory=dict)
    variant: str = ""  # the plugin being called right now


class _Registry:
    def __init__(self) -> None:
        self.variant = ""

    def _missing(self, what: str, name: str, known: Iterable[str], verb: str) -> ConfigError:
        return ConfigError(f"{self.variant}: cannot {verb} {what} {shorten(name)}: there is none{close_names(name, known)}")


class PartRegistry(_Registry):
    """``register(name, factory, cls)``; ``register(name, factory, cls, replace=True)`` puts a
    later variant's part in place of one a requirement registered (same name, same place)."""

    def __init__(self) -> None:
        super().__init__()
        self.factories: dict[str, Callable[[Config], Any]] = {}
        self.classes: dict[str, type] = {}
        self.view_takes_game: dict[str, bool] = {}
        self.variants: dict[str, str] = {}  # part -> the variant whose registration counts

    def __call__(self, name: str, factory: Callable[[Config], Any], cls: type, replace: bool = False) -> None:
        if replace and name not in self.factories:
            raise self._missing("state part", name, self.factories, "replace")
        if name in self.factories and not replace:
            raise ConfigError(f"{self.variant}: state part {shorten(name)} is registered twice (use replace=True)")
        if name in CORE_KEYS:
            raise ConfigError(f"{self.variant}: state part {name!r}: the name is a key of positions (reserved: {', '.join(CORE_KEYS)})")
        try:
            takes_game = view_takes_game(cls)
        except ValueError as exc:
            raise ConfigError(f"{self.variant}: state part {shorten(name)}: {exc}") from None
        self.factories[name] = factory
        self.classes[name] = cls
        self.view_takes_game[name] = takes_game
        self.variants[name] = self.variant


@frozen
class PartPosition:
    """How a part reads and writes positions (``beanframe_register_positions``)."""

    write: Callable[[Any], Any]
    read: Callable[[Any, Any, Any], None]
    complete: Callable[[Any, Any], None] | None = None


class PositionRegistry(_Registry):
    """``register(part, write, read, complete=None, replace=False)``: how a registered part
    reads and writes positions. ``parts`` are the parts registered (a missing one is an error)."""

    def __init__(self, parts: Iterable[str]) -> None:
        super().__init__()
        self.parts = tuple(parts)
        self.positions: dict[str, PartPosition] = {}

    def __call__(
        self,
        part: str,
        write: Callable[[Any], Any],
        read: Callable[[Any, Any, Any], None],
        complete: Callable[[Any, Any], None] | None = None,
        replace: bool = False,
    ) -> None:
        if part not in self.parts:
            raise self._missing("state part", part, self.parts, "read and write positions of")
        if part in self.positions and not replace:
            raise ConfigError(f"{self.variant}: positions of part {part!r} are registered twice (use replace=True)")
        if not callable(write) or not callable(read) or (complete is not None and not callable(complete)):
            raise ConfigError(f"{self.variant}: positions of part {part!r}: write, read and complete must be functions")
        self.positions[part] = PartPosition(write, read, complete)


class ActionRegistry(_Registry):
    def __init__(self) -> None:
        super().__init__()
        self.classes: list[type[Action]] = []

    def __call__(self, cls: type[Action]) -> None:
        if cls not in self.classes:
            self.classes.append(cls)


class StepRegistry(_Registry):
    """``register(step)``; ``register(step, replace=True)`` changes how a requirement's decision
    works; ``register.remove(kind)`` drops one. Replacing or removing a kind that does not exist is
    a ConfigError naming it."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: dict[str, Step] = {}

    def __call__(self, step: Step, replace: bool = False) -> None:
        if replace and step.kind not in self.steps:
            raise self._missing("step", step.kind, self.steps, "replace")
        if step.kind in self.steps and not replace:
            raise ConfigError(f"{self.variant}: step {shorten(step.kind)} exists already (use replace=True)")
        self.steps[step.kind] = step

    def remove(self, kind: str) -> None:
        if kind not in self.steps:
            raise self._missing("step", kind, self.steps, "remove")
        del self.steps[kind]


class OptionRegistry(_Registry):
    """``register(option)``; ``register(option, replace=True)``; ``register.remove(name)``.
    Replacing or removing an option that does not exist is a ConfigError naming it."""

    def __init__(self) -> None:
        super().__init__()
        self.options: dict[str, Option] = {}

    def __call__(self, option: Option, replace: bool = False) -> None:
        if replace and option.name not in self.options:
            raise self._missing("option", option.name, self.options, "replace")
        if option.name in self.options and not replace:
            raise ConfigError(f"{self.variant}: option {shorten(option.name)} exists already (use replace=True)")
        self.options[option.name] = option

    def remove(self, name: str) -> None:
        if name not in self.options:
            raise self._missing("option", name, self.options, "remove")
        del self.options[name]


class SeatRegistry(_Registry):
    """``register(seat, title)``: a seat on the score sheet that is not a player (Al Cabohne's
    "mafia"). Player seats ("p1", "p2", ...) exist always and cannot be registered."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: dict[str, str] = {}  # seat -> title

    def __call__(self, seat: str, title: str = "") -> None:
        if type(seat) is not str or not seat or not seat.isidentifier():
            raise ConfigError(f"{self.variant}: a seat is a name such as 'dealer', not {shorten(seat)}")
        if is_player_seat(seat):
            raise ConfigError(f"{self.variant}: seat {shorten(seat)} is a player's seat (they exist already)")
        if seat in self.seats:
            raise ConfigError(f"{self.variant}: seat {shorten(seat)} is registered twice")
        self.seats[seat] = title


class EventRegistry(_Registry):
    def __init__(self) -> None:
        super().__init__()
        self.formats: dict[str, Callable[..., str] | str] = {}
        self.listeners: dict[str, list[Callable[..., None]]] = {}

    def describe(self, kind: str, fmt: Callable[..., str] | str) -> None:
        """``fmt`` is a format string over the event's arguments ({0}, {1}, ...) or a function
        ``fmt(game, *args) -> str``."""
        self.formats[kind] = fmt

    def on(self, kind: str, listener: Callable[..., None]) -> None:
        self.listeners.setdefault(kind, []).append(listener)


@attrs.frozen
class BotSpec:
    name: str
    factory: Callable[..., Any]
    description: str
    variant: str


class BotRegistry(_Registry):
    def __init__(self) -> None:
        super().__init__()
        self.bots: dict[str, BotSpec] = {}
        self.action_values: dict[type[Action], Callable[..., Any]] = {}
        self.rollout_policy: Callable[..., Any] | None = None

    def __call__(self, name: str, factory: Callable[..., Any], description: str = "") -> None:
        # ``description``: English, marked N_("..."); ``beanframe rules`` says it in the reader's language
        # make_bot calls factory(seed=..., ruleset=...): refuse a factory that cannot take them now
        try:
            inspect.signature(factory).bind(seed=None, ruleset=None)
        except TypeError:
            raise ConfigError(
                f"{self.variant}: bot {shorten(name)}: its factory must accept the keywords seed and ruleset"
            ) from None
        except ValueError:  # no signature to inspect (a builtin): trust it
            pass
        self.bots[name] = BotSpec(name, factory, description, self.variant)

    def action_value(self, cls: type[Action], value: Callable[..., Any], replace: bool = False) -> None:
        """Teach bots an action class: ``value(ruleset, view, action)`` is its worth in coins to the
        acting player compared with not taking it (None: no opinion)."""
        if cls in self.action_values and not replace:
            raise ConfigError(f"{self.variant}: a bot value for {cls.__name__} exists already (use replace=True)")
        self.action_values[cls] = value

    def search_policy(self, factory: Callable[..., Any], replace: bool = False) -> None:
        """Give search bots a fast policy over sampled games: ``factory(ruleset, seed)`` makes an
        object with ``act(game, legal_actions)`` (and optionally ``evaluate(game, player)``, a
        worth in points). It reads a determinized copy's state, never the real game's."""
        if self.rollout_policy is not None and not replace:
            raise ConfigError(f"{self.variant}: a search policy exists already (use replace=True)")
        self.rollout_policy = factory
