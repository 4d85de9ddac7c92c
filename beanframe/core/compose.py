"""Discovery of variant plugins, the plugin-manager factory, and composition of a ruleset.

Variant plugins are found through the entry-point group ``beanframe.plugins``; the built-in
variants are registered there by beanframe's own package metadata, exactly as a third-party package
would register a house rule. Composition validates the variant set (unknown names, missing
requirements, conflicts, player counts, options) and raises :class:`ConfigError` naming the problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
import inspect
from importlib.metadata import entry_points
from typing import Any

import attrs
import cattrs
import pluggy
from attrs import define, field, frozen

from beanframe.core import builtin, hookspecs
from beanframe.core.actions import Action, clip, shorten
from beanframe.core.params import close_names
from beanframe.core.position import CORE_KEYS
from beanframe.core.scoring import is_player_seat
from beanframe.core.steps import Option, Step
from beanframe.core.strict import problems, strict_converter
from beanframe.core.variant import VariantInfo
from beanframe.core.view import view_takes_game
from beanframe.errors import ConfigError

ENTRY_POINT_GROUP = "beanframe.plugins"

_discovered: dict[str, Any] | None = None


def discover(refresh: bool = False) -> dict[str, Any]:
    """The installed variant plugins by name (loaded from the entry-point group once)."""
    global _discovered
    if _discovered is None or refresh:
        found: dict[str, Any] = {}
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            try:
                found[ep.name] = ep.load()
            except Exception as exc:  # a broken third-party plugin must not hide the others
                raise ConfigError(f"variant plugin {shorten(ep.name)} ({ep.value}) failed to load: {exc}") from exc
        _discovered = dict(sorted(found.items()))
    if _added:
        return {**_discovered, **{name: plugin for name, (plugin, _) in _added.items()}}
    return _discovered


#: variant plugins added at run time, not installed (the CLI's ``--plugin FILE`` and
#: ``beanframe.toml``): name -> (plugin, where it came from); :func:`discover` lists them too
_added: dict[str, tuple[Any, str]] = {}


def add_plugin(plugin: Any, source: str) -> str:
    """Make a plugin object discoverable by its variant name (``source`` says where it came
    from, e.g. a file path); returns the name. ConfigError if that name is taken already."""
    name = variant_info(plugin).name
    if name in discover():
        where = _added[name][1] if name in _added else "an installed package"
        raise ConfigError(f"{source}: variant {shorten(name)} exists already (from {where})")
    _added[name] = (plugin, source)
    return name


def remove_plugin(name: str) -> None:
    """Undo :func:`add_plugin`."""
    _added.pop(name, None)


def added_plugins() -> dict[str, tuple[Any, str]]:
    """The plugins added with :func:`add_plugin`: name -> (plugin, source)."""
    return dict(_added)


#: entry-point group of the plugins registered before any variant that are not variants (the
#: search package's ``ismcts`` bot): the core finds them there instead of importing them
DEFAULTS_GROUP = "beanframe.defaults"

_defaults: tuple[tuple[str, Any], ...] | None = None


def default_plugins() -> tuple[tuple[str, Any], ...]:
    """The plugins (name, plugin) registered before any variant: the core's own, then those of
    the entry-point group :data:`DEFAULTS_GROUP` by name (loaded once)."""
    global _defaults
    if _defaults is None:
        found = []
        for ep in sorted(entry_points(group=DEFAULTS_GROUP), key=lambda ep: ep.name):
            try:
                found.append((ep.name, ep.load()))
            except Exception as exc:
                raise ConfigError(f"default plugin {shorten(ep.name)} ({ep.value}) failed to load: {exc}") from exc
        _defaults = ((builtin.NAME, builtin), *found)
    return _defaults


def get_plugin_manager(plugins: Iterable[Any] = ()) -> pluggy.PluginManager:
    """A fresh plugin manager with beanframe's hookspecs, the core's default plugins and the
    given variant plugins registered.

    ``check_pending()`` runs at once: a hook implementation whose name matches no hookspec (a
    misspelling) fails loudly here instead of being silently ignored.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name, plugin in default_plugins():
        pm.register(plugin, name=name)
    for plugin in plugins:
        info = variant_info(plugin)
        try:
            pm.register(plugin, name=info.name)
        except pluggy.PluginValidationError as exc:
            raise ConfigError(f"plugin {shorten(info.name)}: {_pluggy_says(exc)}") from exc
        except ValueError as exc:  # the same plugin or name twice
            raise ConfigError(f"plugin {shorten(info.name)} cannot be registered: {exc}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        who = getattr(exc.plugin, "__name__", None) or type(exc.plugin).__name__
        raise ConfigError(f"plugin {clip(who)}: {_pluggy_says(exc)}") from exc
    return pm


def _pluggy_says(exc: Exception) -> str:
    # pluggy's text names the hook first, then repeats the plugin's repr (a module with its path)
    return clip(" ".join(str(exc).split(" in plugin <")[0].split()), 200)


def variant_info(plugin: Any) -> VariantInfo:
    """The VariantInfo a plugin object declares."""
    fn = getattr(plugin, "beanframe_variant", None)
    if fn is None:
        raise ConfigError(f"{shorten(plugin)} is not a beanframe variant plugin (it has no beanframe_variant hook)")
    info = fn()
    if not isinstance(info, VariantInfo):
        raise ConfigError(f"{shorten(plugin)}: beanframe_variant() must return a VariantInfo, not {type(info).__name__}")
    return info


def installed_variants() -> list[VariantInfo]:
    return [variant_info(p) for p in discover().values()]


# --------------------------------------------------------------------------------------------
# What composition hooks receive
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------

_options_converter = strict_converter()


def _resolve(variants: Sequence[Any]) -> list[Any]:
    if isinstance(variants, str):
        variants = [variants]
    if not variants:
        raise ConfigError(f"no variant given (installed variants: {', '.join(discover()) or 'none'})")
    plugins = []
    installed = None
    for item in variants:
        if isinstance(item, str):
            if installed is None:
                installed = discover()
            name = item.strip().lower().replace("-", "_")
            if name not in installed:
                known = ", ".join(installed) or "none"
                raise ConfigError(f"unknown variant {shorten(item)} (installed variants: {known})")
            plugins.append(installed[name])
        else:
            plugins.append(item)
    return plugins


def _dependency_order(infos: dict[str, VariantInfo]) -> list[str]:
    """Requirements before the variants that need them; otherwise alphabetical."""
    order: list[str] = []
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in done:
            return
        if name in path:
            raise ConfigError(f"variants require each other in a cycle: {' -> '.join((*path, name))}")
        for req in sorted(infos[name].requires):
            visit(req, (*path, name))
        done.add(name)
        order.append(name)

    for name in sorted(infos):
        visit(name, ())
    return order


def _structure_options(info: VariantInfo, given: Mapping[str, Any] | Any) -> Any:
    if isinstance(given, info.options):
        return given
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise ConfigError(f"options of {info.name} must be a table of names and values, not {shorten(given)}")
    known = {f.name for f in attrs.fields(info.options)}
    for key in given:
        if key not in known:
            choices = ", ".join(sorted(known)) or "none"
            raise ConfigError(f"unknown option {info.name}.{clip(key)} (options of {info.name}: {choices})")
    try:
        return _options_converter.structure(dict(given), info.options)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        where, what = problems(exc, info.name)[0]
        raise ConfigError(f"bad option for {where}: {what}") from None


def supported_players(infos: Mapping[str, VariantInfo], order: Sequence[str]) -> set[int] | None:
    """The player counts a variant set supports (None: any). A variant that declares counts
    replaces those of the variants it requires (Bohnaparte, 3-6, on Bohnanza, 3-5, plays with 6);
    one that declares none inherits them; independent variants must all support the count."""
    effective: dict[str, set[int] | None] = {}
    for name in order:  # requirements come first
        info = infos[name]
        if info.players:
            effective[name] = set(info.players)
            continue
        inherited: set[int] | None = None
        for req in info.requires:
            counts = effective.get(req)
            if counts is not None:
                inherited = set(counts) if inherited is None else inherited & counts
        effective[name] = inherited
    required = {req for info in infos.values() for req in info.requires}
    supported: set[int] | None = None
    for name in order:
        if name in required or effective[name] is None:
            continue  # a requirement's counts are decided by the variants built on it
        supported = set(effective[name]) if supported is None else supported & effective[name]
    return supported


@define
class Composition:
    """A validated variant set, before the composition hooks ran."""

    plugins: dict[str, Any]  # name -> plugin object, in dependency order
    infos: dict[str, VariantInfo]
    players: int
    options: dict[str, Any]


def validate(variants: Sequence[Any], players: int, options: Mapping[str, Any] | None = None) -> Composition:
    plugins = _resolve(variants)
    infos: dict[str, VariantInfo] = {}
    by_name: dict[str, Any] = {}
    for plugin in plugins:
        info = variant_info(plugin)
        if info.name in infos:
            raise ConfigError(f"variant {shorten(info.name)} is given twice")
        infos[info.name] = info
        by_name[info.name] = plugin
    for info in infos.values():
        for req in info.requires:
            if req not in infos:
                raise ConfigError(f"variant {info.name} requires {req}: add {req} to the variant set")
        for other in info.conflicts:
            if other in infos:
                raise ConfigError(f"variants {info.name} and {other} conflict and cannot be played together")
    order = _dependency_order(infos)
    if not isinstance(players, int) or isinstance(players, bool):
        raise ConfigError(f"the number of players must be a whole number, not {shorten(players)}")
    if players < 1:
        raise ConfigError(f"a game needs at least one player, not {players}")
    supported = supported_players(infos, order)
    if supported is not None and players not in supported:
        allowed = ", ".join(map(str, sorted(supported))) or "none"
        raise ConfigError(f"{' + '.join(order)} cannot be played by {shorten(players)} player(s) (supported: {allowed})")
    options = dict(options or {})
    for key in options:
        if key not in infos:
            raise ConfigError(f"options given for {shorten(key)}, which is not in the variant set ({', '.join(order)})")
    structured = {name: _structure_options(infos[name], options.get(name)) for name in order}
    return Composition(
        plugins={name: by_name[name] for name in order},
        infos={name: infos[name] for name in order},
        players=players,
        options=structured,
    )


def call_in_order(pm: pluggy.PluginManager, order: Sequence[str], hook: str, registry: Any = None, **kwargs: Any) -> list:
    """Call ``hook`` one plugin at a time, in ``order``; ``registry.variant`` names the caller."""
    results = []
    plugins = {name: pm.get_plugin(name) for name in order}
    for name in order:
        others = [p for n, p in plugins.items() if n != name]
        caller = pm.subset_hook_caller(hook, remove_plugins=others)
        if registry is not None:
            registry.variant = name
        results.extend(caller(**kwargs))
    return results
