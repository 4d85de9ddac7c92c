"""The worked examples of docs/plugins.md are real code: each ``# plugin: NAME`` block is loaded
as a plugin file (as ``--plugin`` does), passes the conformance kit with Al Cabohne (solo and 2
players, every registered bot included), and its ``# check: NAME`` block runs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import attrs
import pytest

import beanframe
from beanframe.testing import conformance_suite
from beanframe_cli.config import load_plugin_file

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "plugins.md"
BLOCK = re.compile(r"```python\n(# (plugin|check): (\w+)\n.*?)```", re.S)


def blocks(kind: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for code, k, name in BLOCK.findall(GUIDE.read_text(encoding="utf-8")):
        if k == kind:
            assert name not in found, f"two '# {kind}: {name}' blocks in docs/plugins.md"
            found[name] = code
    return found


PLUGINS = blocks("plugin")
CHECKS = blocks("check")


def test_the_guide_has_the_worked_examples_the_issue_asks_for():
    # a parameter change, a phase change, a new any-time action with its own step, a listener, scoring
    code = "\n".join(PLUGINS.values())
    for needle in ("def beanframe_configure", "pipeline.add(", "Option(", "class TossStep(Step)", "events.on(", "def beanframe_score"):
        assert needle in code, needle
    assert set(PLUGINS) == set(CHECKS), "every example has a check block and every check an example"


@pytest.fixture
def load(tmp_path):
    loaded = []

    def _load(name):
        path = tmp_path / f"{name}.py"
        path.write_text(PLUGINS[name], encoding="utf-8")
        module = load_plugin_file(path)
        loaded.append(module.__name__)
        return module

    yield _load
    for name in loaded:
        sys.modules.pop(name, None)


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_a_worked_example_conforms_and_its_check_passes(name, load):
    plugin = load(name)
    assert beanframe.compose(["al_cabohne", plugin], 2).order == ("al_cabohne", name)
    report = conformance_suite(["al_cabohne", plugin], players=[1, 2], games=2, bot_games=1)
    assert report.bot_games >= 4
    exec(compile(CHECKS[name], f"docs/plugins.md (check: {name})", "exec"), {"beanframe": beanframe, "plugin": plugin})


def test_a_new_plugin_ships_a_locale_folder_its_hook_hands_to_beanframe(tmp_path):
    # issue 29: beanframe new-plugin writes the catalogs to fill in, the hook and the package data
    from babel.messages.pofile import read_po

    from beanframe.core.compose import variant_info
    from beanframe_cli.commands.new_plugin import write_plugin

    root = write_plugin("worded", tmp_path, "al_cabohne")
    module = root / "beanframe_house_worded"
    assert '[tool.setuptools.package-data]\nbeanframe_house_worded = ["locale/*/LC_MESSAGES/*"]' in (root / "pyproject.toml").read_text(encoding="utf-8")
    plugin = load_plugin_file(module / "__init__.py")
    try:
        assert plugin.beanframe_catalogs() == module / "locale"
        info = variant_info(plugin)
        wanted = {info.description, attrs.fields(info.options)[0].metadata["help"]}
        for lang in ("nl", "fr", "de"):
            with (module / "locale" / lang / "LC_MESSAGES" / "worded.po").open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            assert {m.id for m in catalog if m.id} == wanted  # the marked words, to translate
    finally:
        sys.modules.pop(plugin.__name__, None)
