"""Game set-up from the command line and from TOML config files: variants, players, seed, seats,
options. Every problem is a :class:`ConfigError` with a one-line message."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve, field, frozen

from beanframe.agents import seat_bot
from beanframe.core.actions import clip, shorten
from beanframe.core.compose import discover, variant_info
from beanframe.core.game import Ruleset
from beanframe.core.limits import check_seed, loads_toml
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError
from beanframe.i18n import N_, _

from .flags import resolve_flag
from .values import parse_value as parse_value  # re-exported: users import it from here

HUMAN = "human"
CONFIG_KEYS = ("variants", "players", "seed", "seats", "options")


@frozen
class Settings:
    """What a command was asked to set up (None/empty: not given)."""

    variants: tuple[str, ...] = ()
    players: int | None = None
    seed: int | None = None
    seats: tuple[str, ...] = ()
    options: dict[str, dict[str, Any]] = field(factory=dict)

    def override(self, other: Settings) -> Settings:
        """These settings with everything ``other`` gives put over them (options key by key)."""
        options = {name: dict(values) for name, values in self.options.items()}
        for name, values in other.options.items():
            options.setdefault(name, {}).update(values)
        return Settings(
            variants=other.variants or self.variants,
            players=other.players if other.players is not None else self.players,
            seed=other.seed if other.seed is not None else self.seed,
            seats=other.seats or self.seats,
            options=options,
        )


# --------------------------------------------------------------------------------------------
# Config files
# --------------------------------------------------------------------------------------------


def load_config(path: str | Path) -> Settings:
    """Read a TOML config file: ``variants`` (list), ``players``, ``seed``, ``seats`` (list of
    "human" / "bot:NAME") and ``[options.VARIANT]`` tables. OSError if it cannot be read."""
    path = Path(path)
    data = path.read_bytes()
    try:
        raw = loads_toml(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(_("config file {file} is not UTF-8 text").format(file=path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_("config file {file} is not valid TOML: {problem}").format(file=path, problem=exc)) from None
    except ValueError as exc:  # thousands of digits, deep nesting
        raise ConfigError(_("config file {file}: {problem}").format(file=path, problem=exc)) from None
    return settings_from_mapping(raw, _("config file {file}").format(file=path))


def settings_from_mapping(raw: Mapping[str, Any], where: str = "config") -> Settings:
    unknown = [k for k in raw if k not in CONFIG_KEYS]
    if unknown:
        raise ConfigError(_("{where}: unknown key {key} (keys: {keys})").format(where=where, key=shorten(unknown[0]), keys=", ".join(CONFIG_KEYS)))
    variants = raw.get("variants", [])
    if isinstance(variants, str):
        variants = [variants]
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ConfigError(_("{where}: 'variants' must be a list of variant names, e.g. [\"VARIANT\"]").format(where=where))
    players = raw.get("players")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool) or players < 1):
        raise ConfigError(_("{where}: 'players' must be a whole number of at least 1, not {value}").format(where=where, value=shorten(players)))
    seed = raw.get("seed")
    if seed is not None:
        check_seed(seed, f"{where}: 'seed'")
    seats = raw.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ConfigError(_("{where}: 'seats' must be a list like [\"human\", \"bot:greedy\"]").format(where=where))
    options = raw.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, dict) for v in options.values()):
        raise ConfigError(_("{where}: 'options' must hold one table per variant, e.g. [options.VARIANT]").format(where=where))
    return Settings(tuple(variants), players, seed, tuple(seats), {k: dict(v) for k, v in options.items()})


# --------------------------------------------------------------------------------------------
# Command-line pieces
# --------------------------------------------------------------------------------------------


def parse_options(assignments: Iterable[str], variants: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``VARIANT.NAME=VALUE`` assignments (``NAME=VALUE`` when only one variant is played)."""
    out: dict[str, dict[str, Any]] = {}
    for item in assignments:
        key, sep, value = item.partition("=")
        key = key.strip()
        if key.startswith("--") and sep:  # a variant's flag (--layout FILE), see flags.py
            variant, name, found = resolve_flag(key, value, variants)
            out.setdefault(variant, {})[name] = found
            continue
        if not sep or not key:
            raise ConfigError(_("bad option {option}: write VARIANT.NAME=VALUE, e.g. VARIANT.OPTION=3").format(option=shorten(item)))
        variant, dot, name = key.rpartition(".")
        if not dot:
            if len(variants) != 1:
                raise ConfigError(_("option {option}: say which variant it belongs to (VARIANT.{name}=...)").format(option=shorten(key), name=key))
            variant = variants[0]
        variant = normalise_variant(variant)
        out.setdefault(variant, {})[name] = parse_value(value.strip())
    return out


def normalise_variant(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def variant_infos(variants: Sequence[str]) -> list[VariantInfo]:
    """The installed variants named (ConfigError for an unknown one)."""
    installed = discover()
    infos = []
    for item in variants:
        name = normalise_variant(item)
        if name not in installed:
            known = ", ".join(installed) or _("none")
            raise ConfigError(_("unknown variant {variant} (installed variants: {known})").format(variant=shorten(item), known=known))
        infos.append(variant_info(installed[name]))
    return infos


def supported_players(variants: Sequence[str]) -> list[int] | None:
    """The player counts every named variant supports (None: no variant restricts them)."""
    supported: set[int] | None = None
    for info in variant_infos(variants):
        if info.players:
            supported = set(info.players) if supported is None else supported & set(info.players)
    return None if supported is None else sorted(supported)


def default_players(variants: Sequence[str]) -> int:
    """The smallest player count of at least 2 the variants support, else 1 (solo-only sets)."""
    counts = supported_players(variants)
    if counts is None:
        return 2
    at_least_two = [c for c in counts if c >= 2]
    if at_least_two:
        return at_least_two[0]
    return counts[0] if counts else 2  # no common count: composing will name the problem


def require_variants(settings: Settings) -> Settings:
    if not settings.variants:
        installed = ", ".join(discover()) or _("none")
        raise ConfigError(_("no variant given (installed variants: {known}); e.g. beanframe play VARIANT").format(known=installed))
    variant_infos(settings.variants)
    return settings


def with_default_players(settings: Settings) -> Settings:
    if settings.players is not None:
        return settings
    return evolve(settings, players=default_players(settings.variants))


# --------------------------------------------------------------------------------------------
# Seats
# --------------------------------------------------------------------------------------------


@frozen
class Seat:
    """Who plays a seat: a human at the terminal (``bot`` None) or a named bot."""

    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None

    def __str__(self) -> str:
        # what a player reads (the result table, the bot-move lines): "human" in their language
        return _("human") if self.bot is None else f"bot:{self.bot}"


def parse_seat(text: str, ruleset: Ruleset) -> Seat:
    return Seat(seat_bot(text, ruleset))


def default_bot(ruleset: Ruleset) -> str:
    return "greedy" if "greedy" in ruleset.bots else "random"


def make_seats(specs: Sequence[str], ruleset: Ruleset) -> list[Seat]:
    """One seat per player: those given, then seat 1 human (if none was given) and bots."""
    if len(specs) > ruleset.players:
        raise ConfigError(_("{n} seats given for a {players}-player game").format(n=len(specs), players=ruleset.players))
    seats = [parse_seat(s, ruleset) for s in specs]
    if not seats:
        seats.append(Seat())
    while len(seats) < ruleset.players:
        seats.append(Seat(default_bot(ruleset)))
    return seats


# --------------------------------------------------------------------------------------------
# Putting it together
# --------------------------------------------------------------------------------------------


def gather(
    variants: Sequence[str] | None = None,
    players: int | None = None,
    seed: int | None = None,
    seats: Sequence[str] | None = None,
    option_assignments: Sequence[str] | None = None,
    config_file: str | Path | None = None,
) -> Settings:
    """The settings of a command: the config file's, with the command line's put over them."""
    base = load_config(config_file) if config_file is not None else Settings()
    names = tuple(variants or ()) or base.variants
    if seed is not None:
        check_seed(seed, "--seed")
    given = Settings(
        variants=tuple(variants or ()),
        players=players,
        seed=seed,
        seats=tuple(seats or ()),
        options=parse_options(option_assignments or (), names),
    )
    return base.override(given)


def compose_settings(settings: Settings) -> Ruleset:
    """The ruleset the settings describe (players defaulting as :func:`default_players` says)."""
    from beanframe.core.game import compose

    settings = with_default_players(require_variants(settings))
    assert settings.players is not None
    return compose(list(settings.variants), settings.players, settings.options)


def read_text_file(path: str | Path, what: str = N_("file")) -> str:
    """A UTF-8 text file's content (OSError if it cannot be read; ConfigError if not text).
    ``what`` (marked with ``N_``) names the kind of file in the reader's language."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ConfigError(_("{what} {file} is not UTF-8 text").format(what=_(what), file=path)) from None


# --------------------------------------------------------------------------------------------
# Plugins that are not installed: --plugin FILE (any command) and beanframe.toml
# --------------------------------------------------------------------------------------------

#: the file in the current directory that lists plugin files, as pytest has conftest.py
LOCAL_CONFIG = "beanframe.toml"
PLUGIN_OPTION = "--plugin"
_META = "beanframe.plugin_files"


def split_plugin_args(args: Sequence[str]) -> tuple[list[str], list[str], str | None]:
    """Take every ``--plugin FILE`` / ``--plugin=FILE`` out of a command line (before ``--``):
    (the other arguments, the files, a problem or None)."""
    rest: list[str] = []
    files: list[str] = []
    problem = None
    items = list(args)
    i = 0
    while i < len(items):
        arg = items[i]
        if arg == "--":
            rest += items[i:]
            break
        if arg == PLUGIN_OPTION:
            if i + 1 >= len(items) or items[i + 1].startswith("--"):
                problem = f"option {PLUGIN_OPTION} needs a file: {PLUGIN_OPTION} path/to/plugin.py"
                i += 1
                continue
            files.append(items[i + 1])
            i += 2
            continue
        if arg.startswith(PLUGIN_OPTION + "="):
            files.append(arg.split("=", 1)[1])
        else:
            rest.append(arg)
        i += 1
    return rest, files, problem


def local_plugin_files(directory: str | Path = ".") -> list[Path]:
    """The plugin files a ``beanframe.toml`` in ``directory`` lists (``plugins = ["house.py",
    "more/"]``: files, or folders whose ``*.py`` files are all plugins), relative to it."""
    path = Path(directory) / LOCAL_CONFIG
    if not path.is_file():
        return []
    try:
        raw = tomllib.loads(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    unknown = [k for k in raw if k != "plugins"]
    if unknown:
        raise ConfigError(f"{path}: unknown key {shorten(unknown[0])} (keys: plugins)")
    listed = raw.get("plugins", [])
    if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
        raise ConfigError(f'{path}: \'plugins\' must be a list of files or folders, e.g. plugins = ["house.py"]')
    out: list[Path] = []
    for item in listed:
        target = path.parent / item
        if target.is_dir():
            out += sorted(p for p in target.glob("*.py") if not p.name.startswith("_"))
        else:
            out.append(target)
    return out


def load_plugin_file(path: str | Path) -> Any:
    """Import one plugin file as a module (importlib: the file is Python code the user chose to
    run, as pytest's conftest.py) and check it is a beanframe plugin; ConfigError if not."""
    import hashlib
    import importlib.util
    import sys

    from beanframe.core.compose import get_plugin_manager

    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"plugin file {path} does not exist")
    if path.suffix != ".py":
        raise ConfigError(f"plugin file {path} is not a Python file (*.py)")
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
    stem = "".join(c if c.isalnum() else "_" for c in path.stem)
    name = f"beanframe_plugin_file_{stem}_{digest}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ConfigError(f"plugin file {path} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # attrs and cattrs look classes' modules up here
    try:
        spec.loader.exec_module(module)
        if not callable(getattr(module, "beanframe_variant", None)):
            raise ConfigError("it defines no beanframe_variant hook, so it is not a beanframe plugin")
        get_plugin_manager([module])  # misspelt hooks, a bad VariantInfo: fail now, in one line
    except Exception as exc:  # noqa: BLE001 - any problem of the file is one line
        sys.modules.pop(name, None)
        what = str(exc) if isinstance(exc, ConfigError) else f"{type(exc).__name__}: {exc}"
        raise ConfigError(f"plugin file {clip(str(path), 120)} failed to load: {clip(what, 200)}") from None
    module.__beanframe_source__ = str(path)
    return module


def activate_plugin_files(files: Sequence[str | Path], directory: str | Path = ".") -> list[str]:
    """Load the files of ``beanframe.toml`` in ``directory`` and ``files`` (``--plugin``), and
    make their variants discoverable by name; returns the names (for
    :func:`deactivate_plugins`)."""
    from beanframe.core.compose import add_plugin

    names: list[str] = []
    try:
        for path in [*local_plugin_files(directory), *map(Path, files)]:
            module = load_plugin_file(path)
            names.append(add_plugin(module, str(path)))
    except BaseException:
        deactivate_plugins(names)
        raise
    return names


def deactivate_plugins(names: Iterable[str]) -> None:
    import sys

    from beanframe.core.compose import added_plugins, remove_plugin

    added = added_plugins()
    for name in names:
        plugin = added.get(name, (None, ""))[0]
        remove_plugin(name)
        if plugin is not None:
            sys.modules.pop(plugin.__name__, None)


def use_plugin_files(ctx: Any) -> None:
    """For the CLI: load the plugin files the command line named (``--plugin``, taken out by
    :func:`split_plugin_args` into ``ctx.meta``) and those of ``./beanframe.toml`` for the
    duration of the command."""
    files, problem = ctx.meta.get(_META, ([], None))
    if problem:
        raise ConfigError(problem)
    names = activate_plugin_files(files)
    if names:
        ctx.call_on_close(lambda: deactivate_plugins(names))


def remember_plugin_args(ctx: Any, args: list[str]) -> list[str]:
    """Take ``--plugin`` out of the command line into ``ctx.meta``; the other arguments."""
    rest, files, problem = split_plugin_args(args)
    if problem:  # said at once: without it, "beanframe --plugin" would show the help
        raise ConfigError(problem)
    ctx.meta[_META] = (files, problem)
    return rest
