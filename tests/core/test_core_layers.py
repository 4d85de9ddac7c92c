"""The layers: the core imports nothing above it, and the core, the conformance kit and
``simulate`` name no game (seats, statistics and game checks come from the variants' hooks)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "beanframe" / "core"

# what importing the core must never load: everything built on it
ABOVE_THE_CORE = (
    "beanframe.agents",
    "beanframe.beans",
    "beanframe.infoset",
    "beanframe.search",
    "beanframe.testing",
    "beanframe.simulate",
    "beanframe.tournament",
    "beanframe_plugins",
    "beanframe_cli",
)
# what the core may import of beanframe outside beanframe.core: the errors and the languages,
# leaf modules that import nothing of beanframe (test_the_errors_module_is_a_leaf)
BELOW_THE_CORE = ("beanframe.errors", "beanframe.i18n")

# words that name a game, its parts or its pieces
GAME_WORDS = {
    "mafia", "bean", "beans", "boss", "bosses", "cabohne", "bohnanza", "prohibohn", "bohnaparte",
    "bohnano", "corlebohne", "alibaba",
}  # fmt: skip


def _imports(path: Path, root: Path = ROOT) -> list[str]:
    """Every module name an import in ``path`` names (absolute, relative ones resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
            found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names]  # from beanframe import agents
    return found


def _within(name: str, tops: tuple[str, ...]) -> bool:
    return any(name == top or name.startswith(top + ".") for top in tops)


def _forbidden(name: str) -> bool:
    """The core imports nothing of beanframe outside beanframe.core (issue 20.7), but the errors."""
    if _within(name, ("beanframe_plugins", "beanframe_cli")):
        return True
    return _within(name, ("beanframe",)) and not _within(name, ("beanframe.core", *BELOW_THE_CORE))


@pytest.mark.parametrize("path", sorted(CORE.glob("*.py")), ids=lambda p: p.name)
def test_the_core_imports_nothing_above_it(path):
    bad = [name for name in _imports(path) if _forbidden(name)]
    assert not bad, f"beanframe/core/{path.name} imports {bad}: the core must not depend on what is built on it"


def test_the_import_check_can_fail(tmp_path):
    path = tmp_path / "beanframe" / "core" / "x.py"
    path.parent.mkdir(parents=True)
    path.write_text("from ..agents import play_game\nimport beanframe_plugins.al_cabohne\nfrom beanframe import testing\n")
    names = [n for n in _imports(path, tmp_path) if _forbidden(n)]
    assert names == ["beanframe.agents", "beanframe.agents.play_game", "beanframe_plugins.al_cabohne", "beanframe", "beanframe.testing"]
    assert _forbidden("beanframe.search.ismcts") and _forbidden("beanframe")  # issue 20.7: builtin imported ismcts
    assert not _forbidden("beanframe.core.game") and not _forbidden("beanframe.errors")


@pytest.mark.parametrize("leaf", ["errors.py", "i18n/__init__.py", "token_bucket.py"])
def test_the_errors_module_is_a_leaf(leaf):  # and the languages' (issue 29): the core uses both; the token bucket (the server and its client)
    path = ROOT / "beanframe" / leaf
    assert not [n for n in _imports(path) if _within(n, ("beanframe",))]


def test_importing_the_core_loads_nothing_above_it():
    code = (
        "import sys, beanframe.core, beanframe.core.game, beanframe.core.builtin, beanframe.core.persist\n"
        f"loaded = [m for m in sys.modules if m.startswith({ABOVE_THE_CORE!r})]\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


def test_the_random_bot_lives_in_the_core_and_agents_re_exports_it():
    from beanframe import agents
    from beanframe.core import bots, builtin

    assert agents.RandomBot is bots.RandomBot
    assert builtin.RandomBot is bots.RandomBot


# --------------------------------------------------------------------------------------------
# No game names in the core, the kit and simulate
# --------------------------------------------------------------------------------------------


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (module, class, function)."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    ids.add(id(body[0].value))
    return ids


def _words(text: str) -> list[str]:
    # identifiers and text split into lower-case words: plant_beans -> plant, beans; BeanTable -> bean, table
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return re.findall(r"[a-z]+", spaced.lower())


def game_names(source: str) -> list[tuple[int, str]]:
    """(line, word) for every game word in code: names, attributes, arguments, strings; comments
    and docstrings are prose and may give examples."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, ast.arg):
            texts = [node.arg]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts = [node.name]
        elif isinstance(node, ast.alias):
            texts = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or ""]
        elif isinstance(node, ast.keyword):
            texts = [node.arg or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            texts = [node.value]
        for text in texts:
            found += [(getattr(node, "lineno", 0), w) for w in _words(text) if w in GAME_WORDS]
    return found


LAYERS = sorted([*CORE.glob("*.py"), *(ROOT / "beanframe" / "testing").glob("*.py"), ROOT / "beanframe" / "simulate.py"])


@pytest.mark.parametrize("path", LAYERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_core_the_kit_and_simulate_name_no_game(path):
    found = game_names(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)} names a game in code (line, word): {found}"


def test_the_game_name_check_can_fail_and_ignores_prose():
    source = '''"""A module about beans (prose may give examples)."""

# the mafia may win: a comment
def score(sheet):
    """Bosses score here."""
    sheet.add("mafia", "treasury", 3)
    return BeanTable, plant_beans, f"{boss} wins"
'''
    assert game_names(source) == [(6, "mafia"), (7, "bean"), (7, "beans"), (7, "boss")]
