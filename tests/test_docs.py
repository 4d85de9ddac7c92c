"""Documentation and packaging checks.

- Every hook has a docstring stating its result rule ("Result:") and is described in
  docs/architecture.md.
- Every phase of the composed Al Cabohne pipelines (2 players and solo) is named in
  docs/architecture.md.
- Every package directory of the repository is listed in pyproject.toml, so that a fresh,
  non-editable install ships all the code (an editable install hides a missing entry).
- The plugin-author guide docs/plugins.md documents every hook (with a worked example defining
  it), every public name of beanframe, beanframe.core, beanframe.beans and beanframe.testing,
  every parameter of the built-in variants (``BeanRules.draw``, ``Boss.threshold``...), and Al
  Cabohne's phases, frame kinds and event kinds. Hooks, names and parameters are read from the
  code, so a new one fails here until the guide describes it. (The examples themselves run in
  tests/test_plugin_guide.py.)
"""

from __future__ import annotations

import fnmatch
import inspect
import re
import tomllib
from pathlib import Path

import pytest

import beanframe
from beanframe.core import hookspecs

ROOT = Path(__file__).resolve().parent.parent
ARCH = ROOT / "docs" / "architecture.md"
GUIDE = ROOT / "docs" / "plugins.md"
PYPROJECT = ROOT / "pyproject.toml"

# repository folder -> the top-level import name it is installed as (pyproject's package-dir)
TOP_LEVEL = {"beanframe": "beanframe", "plugins": "beanframe_plugins", "cli": "beanframe_cli"}
# data files that code reads at run time through importlib.resources must be shipped too
DATA_SUFFIXES = {".toml", ".json", ".csv", ".txt", ".yaml", ".yml"}


def _doc() -> str:
    assert ARCH.is_file(), "docs/architecture.md is missing"
    return ARCH.read_text(encoding="utf-8")


def _mentions(doc: str, name: str) -> bool:
    """``name`` appears as code in the doc: `name`, or as a whole word inside a code span."""
    return re.search(r"`[^`\n]*(?<![\w.])" + re.escape(name) + r"(?![\w])[^`\n]*`", doc) is not None


# --------------------------------------------------------------------------------------------
# Hooks
# --------------------------------------------------------------------------------------------


def test_there_are_hooks_to_check():
    names = hookspecs.hook_names()
    assert "beanframe_variant" in names and "beanframe_configure" in names
    assert len(names) >= 10


@pytest.mark.parametrize("hook", hookspecs.hook_names())
def test_every_hook_states_its_result_rule(hook):
    doc = inspect.getdoc(getattr(hookspecs, hook)) or ""
    assert doc.strip(), f"hook {hook} has no docstring"
    assert "Result:" in doc, f"the docstring of hook {hook} does not state its result rule ('Result: ...')"


@pytest.mark.parametrize("hook", hookspecs.hook_names())
def test_every_hook_is_described_in_the_architecture_doc(hook):
    assert _mentions(_doc(), hook), f"docs/architecture.md does not mention hook `{hook}`"


def test_the_doc_names_no_hook_that_does_not_exist():
    # a renamed hook must not linger in the doc under its old name
    known = set(hookspecs.hook_names())
    # hook names are written as code: `beanframe_score` or `beanframe_register_steps(replace=True)`
    named = set(re.findall(r"`(beanframe_[a-z_]+)(?=[`(])", _doc()))
    stale = sorted(n for n in named if n not in known)
    assert not stale, f"docs/architecture.md names hooks that do not exist: {stale}"


# --------------------------------------------------------------------------------------------
# Phases of the composed Al Cabohne pipelines
# --------------------------------------------------------------------------------------------


def _phase_names(players: int) -> list[str]:
    pipeline = beanframe.compose(["al_cabohne"], players).pipeline
    return [p.name for stage in (pipeline.setup, pipeline.turn, pipeline.end) for p in stage]


@pytest.mark.parametrize("players", [1, 2])
def test_every_al_cabohne_phase_is_named_in_the_architecture_doc(players):
    names = _phase_names(players)
    assert names, "the composed pipeline has no phases"
    doc = _doc()
    missing = [n for n in names if not _mentions(doc, n)]
    assert not missing, f"docs/architecture.md does not name these {players}-player phases: {missing}"


def test_the_mention_check_can_fail():
    assert not _mentions("the `deal` phase", "dea")
    assert not _mentions("we deal cards", "deal")
    assert _mentions('pipeline.replace("flip", ...) in `pipeline.replace("flip", f)`', "flip")


# --------------------------------------------------------------------------------------------
# Packaging: every package and data file reaches a non-editable install
# --------------------------------------------------------------------------------------------


def _setuptools() -> dict:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["setuptools"]


def _package_dirs() -> dict[str, Path]:
    """Installed package name -> repository folder, for every folder with an ``__init__.py``."""
    out: dict[str, Path] = {}
    for folder, top in TOP_LEVEL.items():
        base = ROOT / folder
        for init in sorted(base.rglob("__init__.py")):
            pkg_dir = init.parent
            rel = pkg_dir.relative_to(base)
            if any(part.startswith((".", "__pycache__")) or part.endswith(".egg-info") for part in rel.parts):
                continue
            out[".".join((top, *rel.parts))] = pkg_dir
    return out


def test_the_package_dir_mapping_matches_the_repository_layout():
    # pyproject maps installed name -> folder
    assert _setuptools()["package-dir"] == {top: folder for folder, top in TOP_LEVEL.items()}


def test_every_package_directory_is_listed_in_pyproject():
    listed = set(_setuptools()["packages"])
    found = _package_dirs()
    assert {"beanframe", "beanframe.core", "beanframe_plugins.al_cabohne"} <= set(found)
    missing = sorted(set(found) - listed)
    assert not missing, (
        f"package directories missing from [tool.setuptools] packages in pyproject.toml "
        f"(a non-editable install would not ship them): {missing}"
    )
    ghosts = sorted(listed - set(found))
    assert not ghosts, f"pyproject.toml lists packages that do not exist: {ghosts}"


def _glob_matches(pattern: str, rel: str) -> bool:
    # setuptools package-data globs: '*' does not cross '/', '**' does
    if "**" in pattern:
        return fnmatch.fnmatch(rel, pattern.replace("**/", "*").replace("**", "*"))
    return rel.count("/") == pattern.count("/") and fnmatch.fnmatch(rel, pattern)


def test_every_data_file_of_a_package_is_shipped():
    package_data: dict[str, list[str]] = _setuptools().get("package-data", {})
    packages = _package_dirs()
    dirs = {path: name for name, path in packages.items()}
    unshipped = []
    for name, pkg_dir in packages.items():
        for path in sorted(pkg_dir.rglob("*")):
            if not path.is_file() or path.suffix not in DATA_SUFFIXES:
                continue
            # a file belongs to its nearest package
            owner = next(p for p in [path.parent, *path.parents] if p in dirs)
            if owner != pkg_dir:
                continue
            rel = path.relative_to(pkg_dir).as_posix()
            patterns = package_data.get(name, []) + package_data.get("*", [])
            if not any(_glob_matches(p, rel) for p in patterns):
                unshipped.append(f"{name}: {rel}")
    assert not unshipped, f"data files not covered by [tool.setuptools.package-data]: {unshipped}"


# --------------------------------------------------------------------------------------------
# The plugin-author guide
# --------------------------------------------------------------------------------------------

PUBLIC_MODULES = ("beanframe", "beanframe.core", "beanframe.beans", "beanframe.testing")


def _guide() -> str:
    assert GUIDE.is_file(), "docs/plugins.md is missing"
    return GUIDE.read_text(encoding="utf-8")


def _example_code() -> str:
    """The worked examples of the guide (code blocks starting with ``# plugin: NAME``)."""
    return "\n".join(re.findall(r"```python\n(# plugin: \w+\n.*?)```", _guide(), re.S))


@pytest.mark.parametrize("hook", hookspecs.hook_names())
def test_every_hook_is_in_the_plugin_guide_with_a_worked_example(hook):
    assert _mentions(_guide(), hook), f"docs/plugins.md does not mention hook `{hook}`"
    assert re.search(rf"^def {hook}\(", _example_code(), re.M), (
        f"no worked example in docs/plugins.md implements hook {hook} (a '# plugin: NAME' block with def {hook}(...))"
    )


def test_the_plugin_guide_names_no_hook_that_does_not_exist():
    named = set(re.findall(r"(beanframe_[a-z_]+)(?=[`(])", _guide()))
    stale = sorted(n for n in named if n not in set(hookspecs.hook_names()))
    assert not stale, f"docs/plugins.md names hooks that do not exist: {stale}"


def _public_names() -> list[tuple[str, str]]:
    import importlib

    return [(m, name) for m in PUBLIC_MODULES for name in importlib.import_module(m).__all__]


@pytest.mark.parametrize(("module", "name"), _public_names())
def test_every_public_name_is_in_the_plugin_guide(module, name):
    assert _mentions(_guide(), name), f"docs/plugins.md does not document {module}.{name}"


def _builtin_variants() -> list[str]:
    """The variants beanframe's own distribution registers (not third-party or example ones)."""
    from importlib.metadata import entry_points

    from beanframe.core.compose import ENTRY_POINT_GROUP

    names = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(ep, "dist", None)
        if dist is not None and dist.metadata["Name"] == "beanframe":
            names.append(ep.name)
    return sorted(names)


def _rulesets(variant: str) -> list:
    from beanframe.core.compose import discover, variant_info

    installed = discover()
    infos = {n: variant_info(p) for n, p in installed.items()}
    wanted, todo = [], [variant]
    while todo:  # the variant and everything it requires
        name = todo.pop()
        if name not in wanted:
            wanted.append(name)
            todo += list(infos[name].requires)
    counts = infos[variant].players or (1, 2, 3, 4, 5)
    out = []
    for n in counts:
        try:
            out.append(beanframe.compose(wanted, n))
        except beanframe.ConfigError:
            continue
    return out


def _documented_fields(value, seen: set) -> list[str]:
    """``Class.field`` for every field of an attrs record, and of the records its fields hold."""
    import attrs

    out = []
    items = value if isinstance(value, (tuple, list)) else (value,)
    for item in items:
        cls = type(item)
        if not attrs.has(cls) or cls in seen:
            continue
        seen.add(cls)
        for f in attrs.fields(cls):
            if f.name.startswith("_"):
                continue
            out.append(f"{cls.__name__}.{f.name}")
            out += _documented_fields(getattr(item, f.name), seen)
    return out


def _builtin_parameters() -> list[tuple[str, str]]:
    out: dict[tuple[str, str], None] = {}
    for variant in _builtin_variants():
        for ruleset in _rulesets(variant):
            seen: set = set()
            for key, value in ruleset.config.params.items():
                names = _documented_fields(value, seen)
                if not names:  # a plain value or a dict: its key
                    names = [key] if not isinstance(value, dict) else [f"{key}.{k}" for k in value]
                for name in names:
                    out[(variant, name)] = None
    return list(out)


def test_there_are_built_in_parameters_to_check():
    found = {name for _, name in _builtin_parameters()}
    assert {"BeanRules.draw", "MafiaRules.bosses", "Boss.threshold", "AlCabohneRules.solo_mafia_factor"} <= found


@pytest.mark.parametrize(("variant", "parameter"), _builtin_parameters())
def test_every_built_in_parameter_is_in_the_plugin_guide(variant, parameter):
    assert _mentions(_guide(), parameter), f"docs/plugins.md does not document {parameter} (a parameter of {variant})"


@pytest.mark.parametrize("players", [1, 2])
def test_al_cabohne_frame_kinds_events_and_phases_are_in_the_plugin_guide(players):
    ruleset = beanframe.compose(["al_cabohne"], players)
    guide = _guide()
    kinds = list(ruleset.steps)
    events = list(ruleset.event_formats)
    phases = [p.name for stage in (ruleset.pipeline.setup, ruleset.pipeline.turn, ruleset.pipeline.end) for p in stage]
    options = [o.name for o in ruleset.any_time]
    missing = [n for n in (*kinds, *events, *phases, *options) if not _mentions(guide, n)]
    assert not missing, f"docs/plugins.md does not name these Al Cabohne frame kinds, events, phases or options: {missing}"
