"""The house (issue 20.7): no import cycles among the project's modules, and no module past about
500 lines (split by concern). The core's layering is tests/core/test_core_layers.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# repository folder -> the name it is installed as
PACKAGES = {"beanframe": "beanframe", "plugins": "beanframe_plugins", "cli": "beanframe_cli"}
MAX_LINES = 500
# modules allowed past MAX_LINES, each with the reason (keep this short)
LONG_MODULES: dict[str, str] = {}


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Module name -> file, for every Python file of the project's packages."""
    out = {}
    for folder, top in PACKAGES.items():
        base = root / folder
        for path in sorted(base.rglob("*.py")):
            rel = path.relative_to(base).with_suffix("")
            if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
                continue
            parts = [top, *rel.parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the import nodes under ``if TYPE_CHECKING:`` (never run: not a dependency)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                out |= {id(n) for n in ast.walk(stmt)}
    return out


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports, at the top or inside a function (a lazy import is
    still a dependency), relative imports resolved, ``from package import module`` as the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        for target in targets:
            while target and target not in modules:  # a name inside a module: the module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = project_modules(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _describe(component: list[str], graph: dict[str, set[str]]) -> str:
    return "; ".join(f"{m} -> {', '.join(sorted(graph[m] & set(component)))}" for m in component)


def test_there_are_modules_and_imports_to_check():
    graph = import_graph()
    assert len(graph) > 100
    assert "beanframe.core.compose" in graph["beanframe.core.game"]
    assert "beanframe.core.game" in graph["beanframe.core.persist"]


def test_no_import_cycles():
    # STYLE: no import cycles, and no lazy import to break one (function-level imports count)
    graph = import_graph()
    found = cycles(graph)
    assert not found, "import cycles (move the shared thing into its own module): " + " | ".join(
        _describe(c, graph) for c in found
    )


def test_the_cycle_check_finds_lazy_and_relative_cycles(tmp_path):
    pkg = tmp_path / "beanframe" / "x"
    pkg.mkdir(parents=True)
    (tmp_path / "beanframe" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import thing\n")
    (pkg / "b.py").write_text("def f():\n    from beanframe.x import c\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\nimport beanframe.x.a\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    (tmp_path / "plugins").mkdir()
    (tmp_path / "cli").mkdir()
    graph = import_graph(tmp_path)
    assert cycles(graph) == [["beanframe.x.a", "beanframe.x.b", "beanframe.x.c"]]  # d: type hints only


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("name", sorted(project_modules()))
def test_no_module_is_past_500_lines(name):
    # STYLE: files under about 500 lines, split by concern (issue 20.7)
    path = project_modules()[name]
    n = _lines(path)
    if name in LONG_MODULES:
        return
    assert n <= MAX_LINES, f"{path.relative_to(ROOT)} has {n} lines (at most {MAX_LINES}): split it by concern"


def test_the_long_module_exceptions_are_still_long():
    modules = project_modules()
    stale = [n for n in LONG_MODULES if n not in modules or _lines(modules[n]) <= MAX_LINES]
    assert not stale, f"LONG_MODULES lists modules that are gone or short now: {stale}"


def test_the_search_bot_comes_from_a_default_plugin_outside_the_core():
    # issue 20.7: the core registers no search bot itself; the search package's plugin is found
    # through the entry-point group beanframe.defaults (pyproject.toml)
    from beanframe.core import builtin
    from beanframe.core.compose import default_plugins
    from beanframe.search import plugin as search_plugin

    names = dict(default_plugins())
    assert names.get("beanframe.search") is search_plugin, (
        "the search package's default plugin is not installed: reinstall the package (pip install -e .) "
        "so that its entry point in the group beanframe.defaults is registered"
    )
    assert next(iter(names)) == builtin.NAME  # the core's own plugin first
    assert not hasattr(builtin, "ISMCTSBot")
