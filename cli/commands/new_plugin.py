"""``beanframe new-plugin NAME``: write a ready-to-edit house-rule package.

The package is installable (``pip install -e DIR``; its entry point in the group
``beanframe.plugins`` names the variant), implements ``beanframe_variant`` and one more hook
(``beanframe_configure``), and holds a conformance test that passes as written, installed or not.
Its words are marked for translation and it ships a ``locale/`` folder (Dutch, French and German
catalogs to fill in) that the ``beanframe_catalogs`` hook hands to beanframe.
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from typing import Annotated

import attrs
import typer
from attrs import frozen

from beanframe.core.actions import shorten
from beanframe.core.compose import discover, supported_players, variant_info
from beanframe.core.game import compose
from beanframe.errors import ConfigError

NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,39}")

MODULE = '''"""House rule ``{name}`` for {base}, written by ``beanframe new-plugin``: edit freely.

The rule: {rule}. It is one composition hook: {base} keeps that parameter in
``config.params["{key}"]`` (an attrs record); this plugin requires {base}, so composition calls
it later, and it replaces that record with a copy whose ``{path}`` is this rule's option. The
plugin-author guide (docs/plugins.md in beanframe) lists every hook, every parameter and a worked
example of each.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from attrs.validators import and_, ge, instance_of, le

from beanframe import VariantInfo, hookimpl
from beanframe.i18n import N_

NAME = "{name}"
VERSION = "0.1.0"
#: the rule's words in Dutch, French and German: ``locale/<lang>/LC_MESSAGES/{name}.po`` (see README.md)
LOCALE = Path(__file__).resolve().parent / "locale"


@attrs.frozen
class Options:
    """Options of {name}: ``beanframe play {command} -o {name}.{option}={other}``."""

    {option}: int = attrs.field(
        default={new}, validator=and_(instance_of(int), ge({low}), le({high})), metadata={{"help": N_("{option_help}")}}
    )


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description=N_("house rule: {rule} (option {option})"),
        requires=("{base}",),
        options=Options,
    )


@hookimpl
def beanframe_catalogs():
    return LOCALE


@hookimpl
def beanframe_configure(config):
{configure}
'''

#: a language's catalog of the rule's words, to fill in (``msgstr``) and compile (README.md)
CATALOG = '''# {language} words of the house rule {name}: fill in each msgstr, then compile (README.md).
msgid ""
msgstr ""
"Language: {lang}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: {plural}\\n"

#: {module}/__init__.py
msgid "{option_help}"
msgstr ""

#: {module}/__init__.py
msgid "house rule: {rule} (option {option})"
msgstr ""
'''
#: the plural rules of the catalogs' languages (as Babel writes them)
PLURALS = {
    "nl": ("Dutch", "nplurals=2; plural=(n != 1);"),
    "fr": ("French", "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;"),
    "de": ("German", "nplurals=2; plural=(n != 1);"),
}

TEST = '''"""Tests of {name}; they pass as written: ``python -m pytest`` in this folder (installed or not)."""

import beanframe
from beanframe.testing import conformance_suite

import {module} as plugin

VARIANTS = [{variant_list}, plugin]


def test_the_option_sets_the_parameter():
    rules = beanframe.compose(VARIANTS, {players[0]}, {{"{name}": {{"{option}": {other}}}}})
    assert rules.config.params{access} == {other}


def test_the_house_rule_conforms():
    # random games under every check of the kit, and games of every registered bot
    report = conformance_suite(VARIANTS, players={players}, games=3)
    assert report.variants[-1] == "{name}"
'''

PYPROJECT = '''[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "beanframe-{dist}"
version = "0.1.0"
description = "A beanframe house rule for {base}: {name}"
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["beanframe>=0.1", "attrs>=23.1"]

[project.optional-dependencies]
test = ["beanframe[kit]"]  # pytest and hypothesis: pip install -e '.[test]'

# beanframe finds variants through this entry-point group; the entry point's name is the
# variant's name, the value is the module that implements the hooks.
[project.entry-points."beanframe.plugins"]
{name} = "{module}"

[tool.setuptools]
packages = ["{module}"]

# the rule's words in Dutch, French and German (the compiled catalogs) ship in the wheel
[tool.setuptools.package-data]
{module} = ["locale/*/LC_MESSAGES/*"]

[tool.pytest.ini_options]
testpaths = ["tests"]
pythonpath = ["."]  # the tests import the plugin from this folder, installed or not
'''

README = '''# {name}

A beanframe house rule for {base}, made with `beanframe new-plugin {name}`: {rule}.

```sh
pip install 'beanframe[kit]'                     # pytest and hypothesis, for the tests
pip install -e .                                 # registers the variant {name}
beanframe plugins                                # {name} is listed, with its entry point
beanframe rules {command}   # the effective parameters: {key}.{path}={new}, set by {name}
beanframe play {command} -o {name}.{option}={other}
python -m pytest                                 # the conformance test (also without installing)
```

Without installing: `beanframe --plugin {module}/__init__.py play {command}`, or list the
file in a `beanframe.toml` (`plugins = ["{module}/__init__.py"]`) in the folder you run beanframe
from.

The rule is in `{module}/__init__.py`; beanframe's plugin-author guide (`docs/plugins.md`) shows
every hook with a worked example.

Its words (the description and the option's help) are marked `N_("...")`; their Dutch, French
and German go into `{module}/locale/<nl|fr|de>/LC_MESSAGES/{name}.po` (fill in each `msgstr`),
which the hook `beanframe_catalogs` hands to beanframe. After changing a text (needs
`pip install babel`):

```sh
python -m beanframe.i18n update --domain {name} --source {module}    # new texts into the .po files
python -m beanframe.i18n compile --domain {name} --source {module}   # .po -> .mo, what beanframe reads
python -m beanframe.i18n check --domain {name} --source {module}     # prints nothing when all is done
beanframe --lang nl variants                                         # the rule in Dutch
```
'''


def check_name(name: str) -> None:
    """ConfigError (one line) unless ``name`` can be a new variant's name."""
    if not NAME_RE.fullmatch(name) or keyword.iskeyword(name) or name.endswith("_"):
        raise ConfigError(
            f"bad plugin name {shorten(name)}: use lower-case letters, digits and _, starting with a letter (e.g. cheap_field)"
        )
    if name in discover():
        raise ConfigError(f"bad plugin name {shorten(name)}: a variant of that name exists already")


@frozen
class Target:
    """What a new house rule builds on: the variant, the set it needs (its requirements first),
    the player counts its test plays, and the whole-number parameter the rule changes."""

    base: str
    variants: tuple[str, ...]
    players: list[int]
    path: tuple[str, ...]  # ("beans", "draw"): config.params["beans"].draw
    value: int  # the parameter's value without the rule


def target(variant: str | None = None) -> Target:
    """The target of a rule on ``variant`` (default: the first installed variant that requires
    none); ConfigError (one line) for an unknown variant or one without a whole-number parameter."""
    installed = {name: variant_info(plugin) for name, plugin in discover().items()}
    if variant is None:
        bases = sorted(name for name, info in installed.items() if not info.requires)
        if not bases:
            raise ConfigError("no installed variant to build a house rule on: give --variant VARIANT")
        variant = bases[0]
    variant = variant.strip().lower().replace("-", "_")
    if variant not in installed:
        raise ConfigError(f"unknown variant {shorten(variant)} for --variant (installed: {', '.join(installed) or 'none'})")
    order: list[str] = []

    def visit(name: str) -> None:  # requirements first, as composition orders them
        if name in order or name not in installed:
            return
        for required in sorted(installed[name].requires):
            visit(required)
        order.append(name)

    visit(variant)
    counts = supported_players({n: installed[n] for n in order}, order)
    players = sorted(counts)[:2] if counts else [2]
    params = compose(order, players[0]).config.params
    path = _parameter(params, order)
    if path is None:
        raise ConfigError(f"{variant} has no whole-number parameter a generated rule could change: write the rule by hand (docs/plugins.md)")
    value = params[path[0]]
    for name in path[1:]:
        value = getattr(value, name)
    return Target(variant, tuple(order), players, path, value)


def _parameter(params: dict, order: list[str]) -> tuple[str, ...] | None:
    """The parameter a generated rule changes: the cards drawn at the end of a turn in a bean
    game, else the first whole number in the variants' own records (one level deep too)."""
    beans = params.get("beans")
    if attrs.has(type(beans)) and type(getattr(beans, "draw", None)) is int:
        return ("beans", "draw")
    for key in reversed(order):
        record = params.get(key)
        if not attrs.has(type(record)):
            continue
        for f in attrs.fields(type(record)):
            value = getattr(record, f.name)
            if type(value) is int and f.init:
                return (key, f.name)
            if attrs.has(type(value)):
                inner = next((g.name for g in attrs.fields(type(value)) if g.init and type(getattr(value, g.name)) is int), None)
                if inner is not None:
                    return (key, f.name, inner)
    return None


def _configure(path: tuple[str, ...], option: str) -> str:
    """The body of the generated ``beanframe_configure``: a copy of the record with the option's value."""
    key, *names = path
    value = f"config.options[NAME].{option}"
    if len(names) == 1:
        return f'    config.params["{key}"] = attrs.evolve(config.params["{key}"], {names[0]}={value})'
    outer, inner = names
    return (f'    record = config.params["{key}"]\n'
            f'    config.params["{key}"] = attrs.evolve(record, {outer}=attrs.evolve(record.{outer}, {inner}={value}))')  # fmt: skip


def write_plugin(name: str, directory: str | Path = ".", variant: str | None = None) -> Path:
    """Write the package for house rule ``name`` (on the game ``variant``) into
    ``directory/name``; returns that folder."""
    check_name(name)
    root = Path(directory) / name
    if root.exists():
        raise ConfigError(f"{root} exists already: choose another name or --dir")
    aim = target(variant)
    module = f"beanframe_house_{name}"
    option = aim.path[-1]
    new = aim.value + 1
    words = "the cards drawn at the end of a turn" if aim.path == ("beans", "draw") else ".".join(aim.path)
    values = {
        "name": name, "module": module, "dist": name.replace("_", "-"), "base": aim.base, "players": aim.players,
        "command": " ".join((*aim.variants, name)), "variant_list": ", ".join(f'"{v}"' for v in aim.variants),
        "key": aim.path[0], "path": ".".join(aim.path[1:]), "option": option,
        "new": new, "other": new + 1, "low": 1 if aim.value >= 1 else 0, "high": max(5, 2 * new),
        "rule": f"{words}: {new} instead of {aim.value}", "configure": _configure(aim.path, option),
        "access": "".join([f'["{aim.path[0]}"]', *(f".{n}" for n in aim.path[1:])]),
        "option_help": f"{words} under this rule",
    }  # fmt: skip
    files = {
        "pyproject.toml": PYPROJECT,
        "README.md": README,
        f"{module}/__init__.py": MODULE,
        f"tests/test_{name}.py": TEST,
    }
    for lang, (language, plural) in PLURALS.items():
        files[f"{module}/locale/{lang}/LC_MESSAGES/{name}.po"] = CATALOG.replace("{language}", language).replace(
            "{lang}", lang).replace("{plural}", plural)  # fmt: skip
    for rel, template in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(template.format(**values), encoding="utf-8")
    return root


def new_plugin_cli(
    name: Annotated[str, typer.Argument(help="The new variant's name, e.g. cheap_field.", show_default=False)],
    dir: Annotated[
        Path, typer.Option("--dir", "-d", help="Where to create the package folder NAME.", show_default=False)
    ] = Path("."),
    variant: Annotated[
        str | None,
        typer.Option("--variant", "--requires", help="The installed variant the rule changes, as `beanframe variants` names it (default: the first installed base variant).", show_default=False),
    ] = None,
) -> None:
    """Write a house-rule package NAME: pyproject with its entry point, a module with two hooks,
    a README and a conformance test that passes as written."""
    root = write_plugin(name, dir, variant)
    typer.echo(f"wrote {root}: run `python -m pytest {root}`, then `pip install -e {root}`")
