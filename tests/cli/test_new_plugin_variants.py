"""``beanframe new-plugin --variant NAME`` (issue 27 §4): a house rule on any installed variant,
its requirements included, whose test passes as written; the author's kit is one documented extra,
``beanframe[kit]``, and the guide says a running server needs a restart to offer a new plugin."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import beanframe
from beanframe_cli.config import load_plugin_file

from .test_cli_plugins import ok, one_line_error, row, run

ROOT = Path(__file__).resolve().parents[2]


def generated(tmp_path: Path, name: str, variant: str):
    ok("new-plugin", name, "--dir", str(tmp_path), "--variant", variant)
    root = tmp_path / name
    module = root / f"beanframe_house_{name}" / "__init__.py"
    return root, module, load_plugin_file(module)


def run_generated_test(root: Path, keyword: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", keyword, str(root)],
        cwd=root.parent, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "variants", "players", "draw"),
    [("bohnanza", ["bohnanza"], 3, 4), ("bohnaparte", ["bohnanza", "bohnaparte"], 3, 4), ("prohibohn", ["al_cabohne", "prohibohn"], 2, 3)],
)
def test_a_rule_on_a_bean_game_changes_its_draw(tmp_path, variant, variants, players, draw):
    root, module, plugin = generated(tmp_path, "more_beans", variant)
    text = module.read_text(encoding="utf-8")
    assert f'requires=("{variant}",)' in text
    rules = beanframe.compose([*variants, plugin], players)
    assert rules.config.params["beans"].draw == draw  # one card more than the variant draws
    assert beanframe.compose([*variants, plugin], players, {"more_beans": {"draw": 5}}).config.params["beans"].draw == 5
    test = (root / "tests" / "test_more_beans.py").read_text(encoding="utf-8")
    assert f"VARIANTS = [{', '.join(repr(v).replace(chr(39), chr(34)) for v in variants)}, plugin]" in test
    done = run_generated_test(root, "option")  # the conformance test is long at 3-4 players
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout + done.stderr
    line = row(ok("rules", *variants, "more_beans", "--plugin", str(module), "--players", str(players)), "beans.draw")
    assert f"│ {draw} " in line and "changed by more_beans" in line


def test_a_rule_on_ali_baba_changes_one_of_its_own_numbers(tmp_path):
    root, module, plugin = generated(tmp_path, "rich_start", "ali_baba")
    rules = beanframe.compose(["ali_baba", plugin], 2)
    assert rules.config.params["ali_baba"].board.piasters == beanframe.compose(["ali_baba"], 2).config.params["ali_baba"].board.piasters + 1
    done = run_generated_test(root, "option or conforms")
    assert done.returncode == 0 and "2 passed" in done.stdout, done.stdout + done.stderr


def test_an_unknown_variant_is_one_line(tmp_path):
    one_line_error(run("new-plugin", "other", "--dir", str(tmp_path), "--variant", "nope"), "unknown variant 'nope'", "--variant")
    assert not (tmp_path / "other").exists()


def test_the_authors_kit_is_one_extra_and_the_guide_says_so():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    kit = project["optional-dependencies"]["kit"]
    assert {k.split(">")[0] for k in kit} == {"pytest", "hypothesis"}
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    start = guide[: guide.index("## 2.")]
    assert "pip install 'beanframe[kit]'" in start
    assert start.index("beanframe[kit]") < start.index("python -m pytest my_rule")  # before the test it enables
    assert "--variant" in start and "restart the server" in start
