"""Discovery of variant plugins, the plugin-manager factory, and composition of a ruleset.

Variant plugins are found through the entry-point group ``beanframe.plugins``; the built-in
variants are registered there by beanframe's own package metadata, exactly as a third-party package
would register a house rule. Composition validates the variant set (unknown names, missing
requirements, conflicts, player counts, options) and raises :class:`ConfigError` naming the problem.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any

import attrs
import cattrs
import pluggy
from attrs import define

import beanframe.i18n as i18n
from beanframe.i18n import _
from beanframe.core import builtin, hookspecs
from beanframe.core.actions import clip, shorten
from beanframe.core.params import validator_problem
from beanframe.core.strict import problems, strict_converter
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError

# the registries live in registries.py; re-exported here, where plugins and tests import them from
from beanframe.core.registries import Config as Config
from beanframe.core.registries import PartRegistry as PartRegistry
from beanframe.core.registries import PartPosition as PartPosition
from beanframe.core.registries import PositionRegistry as PositionRegistry
from beanframe.core.registries import ActionRegistry as ActionRegistry
from beanframe.core.registries import StepRegistry as StepRegistry
from beanframe.core.registries import OptionRegistry as OptionRegistry
from beanframe.core.registries import SeatRegistry as SeatRegistry
from beanframe.core.registries import EventRegistry as EventRegistry
from beanframe.core.registries import BotSpec as BotSpec
from beanframe.core.registries import BotRegistry as BotRegistry

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
                raise ConfigError(_("variant plugin {name} ({where}) failed to load: {problem}").format(name=shorten(ep.name), where=ep.value, problem=exc)) from exc
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
        where = _added[name][1] if name in _added else _("an installed package")
        raise ConfigError(_("{source}: variant {name} exists already (from {where})").format(source=source, name=shorten(name), where=where))
    _added[name] = (plugin, source)
    i18n.reload()  # its words too
    return name


def remove_plugin(name: str) -> None:
    """Undo :func:`add_plugin`."""
    _added.pop(name, None)
    i18n.reload()


def _find_catalogs() -> None:
    """Register every installed plugin's catalogs (its ``beanframe_catalogs`` hook; issue 29),
    under the variant's name (the catalog files are named after the variant)."""
    for plugin in discover().values():
        hook = getattr(plugin, "beanframe_catalogs", None)
        folder = hook() if hook is not None else None
        if folder:
            i18n.register_catalogs(variant_info(plugin).name, folder)


i18n.add_finder(_find_catalogs)


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
                raise ConfigError(_("default plugin {name} ({where}) failed to load: {problem}").format(name=shorten(ep.name), where=ep.value, problem=exc)) from exc
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
            raise ConfigError(_("plugin {name}: {problem}").format(name=shorten(info.name), problem=_pluggy_says(exc))) from exc
        except ValueError as exc:  # the same plugin or name twice
            raise ConfigError(_("plugin {name} cannot be registered: {problem}").format(name=shorten(info.name), problem=exc)) from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        who = getattr(exc.plugin, "__name__", None) or type(exc.plugin).__name__
        raise ConfigError(_("plugin {name}: {problem}").format(name=clip(who), problem=_pluggy_says(exc))) from exc
    return pm


def _pluggy_says(exc: Exception) -> str:
    # pluggy's text names the hook first, then repeats the plugin's repr (a module with its path)
    return clip(" ".join(str(exc).split(" in plugin <")[0].split()), 200)


def variant_info(plugin: Any) -> VariantInfo:
    """The VariantInfo a plugin object declares."""
    fn = getattr(plugin, "beanframe_variant", None)
    if fn is None:
        raise ConfigError(_("{plugin} is not a beanframe variant plugin (it has no beanframe_variant hook)").format(plugin=shorten(plugin)))
    info = fn()
    if not isinstance(info, VariantInfo):
        raise ConfigError(_("{plugin}: beanframe_variant() must return a VariantInfo, not {kind}").format(plugin=shorten(plugin), kind=type(info).__name__))
    return info


def installed_variants() -> list[VariantInfo]:
    return [variant_info(p) for p in discover().values()]


# --------------------------------------------------------------------------------------------
# What composition hooks receive
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------

_options_converter = strict_converter()


def _resolve(variants: Sequence[Any]) -> list[Any]:
    if isinstance(variants, str):
        variants = [variants]
    if not variants:
        raise ConfigError(_("no variant given (installed variants: {known})").format(known=", ".join(discover()) or _("none")))
    plugins = []
    installed = None
    for item in variants:
        if isinstance(item, str):
            if installed is None:
                installed = discover()
            name = item.strip().lower().replace("-", "_")
            if name not in installed:
                known = ", ".join(installed) or _("none")
                raise ConfigError(_("unknown variant {name} (installed variants: {known})").format(name=shorten(item), known=known))
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
            raise ConfigError(_("variants require each other in a cycle: {cycle}").format(cycle=" -> ".join((*path, name))))
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
        raise ConfigError(_("options of {variant} must be a table of names and values, not {value}").format(variant=info.name, value=shorten(given)))
    known = {f.name for f in attrs.fields(info.options)}
    for key in given:
        if key not in known:
            choices = ", ".join(sorted(known)) or _("none")
            raise ConfigError(_("unknown option {variant}.{option} (options of {variant}: {known})").format(
                variant=info.name, option=clip(key), known=choices))
    try:
        return _options_converter.structure(dict(given), info.options)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        where, what = validator_problem(exc, info.name) or problems(exc, info.name)[0]
        raise ConfigError(_("bad option for {option}: {problem}").format(option=where, problem=what)) from None


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
            raise ConfigError(_("variant {name} is given twice").format(name=shorten(info.name)))
        infos[info.name] = info
        by_name[info.name] = plugin
    for info in infos.values():
        for req in info.requires:
            if req not in infos:
                raise ConfigError(_("variant {name} requires {required}: add {required} to the variant set").format(name=info.name, required=req))
        for other in info.conflicts:
            if other in infos:
                raise ConfigError(_("variants {name} and {other} conflict and cannot be played together").format(name=info.name, other=other))
    order = _dependency_order(infos)
    if not isinstance(players, int) or isinstance(players, bool):
        raise ConfigError(_("the number of players must be a whole number, not {value}").format(value=shorten(players)))
    if players < 1:
        raise ConfigError(_("a game needs at least one player, not {n}").format(n=players))
    supported = supported_players(infos, order)
    if supported is not None and players not in supported:
        allowed = ", ".join(map(str, sorted(supported))) or _("none")
        raise ConfigError(_("{variants} cannot be played by {n} player(s) (supported: {allowed})").format(
            variants=" + ".join(order), n=shorten(players), allowed=allowed))
    options = dict(options or {})
    for key in options:
        if key not in infos:
            raise ConfigError(_("options given for {name}, which is not in the variant set ({variants})").format(name=shorten(key), variants=", ".join(order)))
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
