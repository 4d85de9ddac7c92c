"""``beanframe new-plugin NAME``: write a ready-to-edit house-rule package.

The package is installable (``pip install -e DIR``; its entry point in the group
``beanframe.plugins`` names the variant), implements ``beanframe_variant`` and one more hook
(``beanframe_configure``), and holds a conformance test that passes as written, installed or not.
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from typing import Annotated

import typer

from beanframe.core.actions import shorten
from beanframe.core.compose import discover
from beanframe.errors import ConfigError

NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,39}")

MODULE = '''"""House rule ``{name}`` for {base}, written by ``beanframe new-plugin``: edit freely.

The rule: at the end of a turn the player draws ``draw`` cards (option, default 3) instead of the
rulebook's 2. It is one composition hook: {base} keeps the bean family's parameters in
``config.params["beans"]`` (a :class:`beanframe.beans.BeanRules`); this plugin requires
{base}, so composition calls it later, and it replaces that record with a copy whose ``draw``
is this rule's option. The plugin-author guide (docs/plugins.md in beanframe) lists every hook,
every parameter and a worked example of each.
"""

from __future__ import annotations

import attrs
from attrs.validators import and_, ge, instance_of, le

from beanframe import VariantInfo, hookimpl

NAME = "{name}"
VERSION = "0.1.0"


@attrs.frozen
class Options:
    """Options of {name}: ``beanframe play {base} {name} -o {name}.draw=4``."""

    draw: int = attrs.field(default=3, validator=and_(instance_of(int), ge(1), le(5)))


@hookimpl
def beanframe_variant():
    return VariantInfo(
        name=NAME,
        version=VERSION,
        description="house rule: draw more cards at the end of a turn (option draw, default 3)",
        requires=("{base}",),
        options=Options,
    )


@hookimpl
def beanframe_configure(config):
    beans = config.params["beans"]
    config.params["beans"] = attrs.evolve(beans, draw=config.options[NAME].draw)
'''

TEST = '''"""Tests of {name}; they pass as written: ``python -m pytest`` in this folder (installed or not)."""

import beanframe
from beanframe.testing import conformance_suite

import {module} as plugin


def test_the_option_sets_the_parameter():
    rules = beanframe.compose(["{base}", plugin], 2, {{"{name}": {{"draw": 4}}}})
    assert rules.config.params["beans"].draw == 4


def test_the_house_rule_conforms():
    # random games under every check of the kit, and games of every registered bot
    report = conformance_suite(["{base}", plugin], players={players}, games=3)
    assert report.variants == ("{base}", "{name}")
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

# beanframe finds variants through this entry-point group; the entry point's name is the
# variant's name, the value is the module that implements the hooks.
[project.entry-points."beanframe.plugins"]
{name} = "{module}"

[tool.setuptools]
packages = ["{module}"]

[tool.pytest.ini_options]
testpaths = ["tests"]
pythonpath = ["."]  # the tests import the plugin from this folder, installed or not
'''

README = '''# {name}

A beanframe house rule for {base}, made with `beanframe new-plugin {name}`: at the end of a
turn the player draws `draw` cards (default 3) instead of 2.

```sh
pip install -e .                                 # registers the variant {name}
beanframe plugins                                # {name} is listed, with its entry point
beanframe rules {base} {name}                # the effective parameters: draw=3, set by {name}
beanframe play {base} {name} -o {name}.draw=4
python -m pytest                                 # the conformance test (also without installing)
```

Without installing: `beanframe --plugin {module}/__init__.py play {base} {name}`, or list the
file in a `beanframe.toml` (`plugins = ["{module}/__init__.py"]`) in the folder you run beanframe
from.

The rule is in `{module}/__init__.py`; beanframe's plugin-author guide (`docs/plugins.md`) shows
every hook with a worked example.
'''


def check_name(name: str) -> None:
    """ConfigError (one line) unless ``name`` can be a new variant's name."""
    if not NAME_RE.fullmatch(name) or keyword.iskeyword(name) or name.endswith("_"):
        raise ConfigError(
            f"bad plugin name {shorten(name)}: use lower-case letters, digits and _, starting with a letter (e.g. cheap_field)"
        )
    if name in discover():
        raise ConfigError(f"bad plugin name {shorten(name)}: a variant of that name exists already")


def base_variant(requires: str | None = None) -> tuple[str, list[int]]:
    """The variant the house rule builds on (``requires``, else the first installed variant that
    requires none) and the player counts its test plays."""
    from beanframe.core.compose import variant_info

    installed = {name: variant_info(plugin) for name, plugin in discover().items()}
    if requires is None:
        bases = sorted(name for name, info in installed.items() if not info.requires)
        if not bases:
            raise ConfigError("no installed variant to build a house rule on: give --requires VARIANT")
        requires = bases[0]
    if requires not in installed:
        raise ConfigError(f"unknown variant {shorten(requires)} for --requires (installed: {', '.join(installed) or 'none'})")
    counts = list(installed[requires].players) or [2]
    return requires, counts[:2]


def write_plugin(name: str, directory: str | Path = ".", requires: str | None = None) -> Path:
    """Write the package for house rule ``name`` (on the bean game ``requires``) into
    ``directory/name``; returns that folder."""
    check_name(name)
    root = Path(directory) / name
    if root.exists():
        raise ConfigError(f"{root} exists already: choose another name or --dir")
    base, players = base_variant(requires)
    module = f"beanframe_house_{name}"
    values = {"name": name, "module": module, "dist": name.replace("_", "-"), "base": base, "players": players}
    files = {
        "pyproject.toml": PYPROJECT,
        "README.md": README,
        f"{module}/__init__.py": MODULE,
        f"tests/test_{name}.py": TEST,
    }
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
    requires: Annotated[
        str | None,
        typer.Option("--requires", help="The bean game the rule changes (default: the first installed base variant).", show_default=False),
    ] = None,
) -> None:
    """Write a house-rule package NAME: pyproject with its entry point, a module with two hooks,
    a README and a conformance test that passes as written."""
    root = write_plugin(name, dir, requires)
    typer.echo(f"wrote {root}: run `python -m pytest {root}`, then `pip install -e {root}`")
