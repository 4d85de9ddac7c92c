"""Issue 20 section 4: install and tests as a newcomer meets them. The README's play command
installs the package alone (no development extras: Ray alone is 240 MB) and playing needs nothing
more; the test command, which .ci/run runs exactly, installs the extras; bare ``pytest`` from the
repository root collects the same tests as ``python -m pytest``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
HANG = 600  # seconds: bounds a hang only
DEV_ONLY = ("pytest", "_pytest", "hypothesis", "ray", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def two_commands() -> tuple[str, str]:
    """The README's play command and test command (the first two shell blocks of "The two commands")."""
    section = README.split("## The two commands", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)\n```", section, re.S)
    assert len(blocks) >= 2, "the README's section 'The two commands' lost its shell blocks"
    return blocks[0].strip(), blocks[1].strip()


def test_the_play_command_installs_the_package_alone():
    # issue 20: the play command installed .[dev], a 639 MB environment, to play a card game
    play, _ = two_commands()
    installs = re.findall(r"pip install (.*?) &&", play)
    assert installs == ["-q -e ."], play
    assert "[" not in play and "dev" not in play
    assert ".venv/bin/beanframe play " in play
    if "examples/house_rule" not in play:  # it plays only installed variants, none of the example's
        assert "cheap_field" not in play


def test_the_test_command_installs_the_extras_and_ci_runs_exactly_it():
    _, tests = two_commands()
    assert '-e ".[dev]" -e examples/house_rule' in tests and tests.endswith("-m pytest -q")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, "the README's test command is not what .ci/run runs"


def test_playing_needs_no_development_extra():
    # the play command's environment has none of them: a game starts and ends without importing one
    code = f"""
import sys
class NoDevExtras:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {DEV_ONLY!r}:
            raise ImportError(f"playing imported {{name}}, a development extra")
sys.meta_path.insert(0, NoDevExtras())
from beanframe_cli.app import main
sys.argv = ["beanframe", "play", "al_cabohne", "--players", "2", "--seat", "human", "--seat", "bot:greedy"]
main()
"""
    proc = subprocess.run([sys.executable, "-c", code], input="quit\n\n", capture_output=True, text=True,
                          timeout=HANG, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "game left unfinished" in proc.stdout and proc.stderr == ""


def collected(command: list[str]) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # a newcomer's shell
    proc = subprocess.run([*command, "--collect-only", "-q", "-p", "no:cacheprovider"], capture_output=True,
                          text=True, timeout=HANG, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stdout[-3000:]
    ids = [line for line in proc.stdout.splitlines() if "::" in line]
    assert ids and re.search(rf"^{len(ids)} tests? collected", proc.stdout, re.M), proc.stdout[-500:]
    return ids


def test_bare_pytest_collects_the_same_tests_as_python_m_pytest():
    # issue 20: bare pytest stopped at collection (No module named 'tests')
    pytest_script = Path(sys.executable).parent / "pytest"
    assert pytest_script.exists(), f"{pytest_script}: the test command's environment has a pytest script"
    assert collected([str(pytest_script)]) == collected([sys.executable, "-m", "pytest"])


def test_every_test_helper_is_imported_one_way():
    # tests/ is a package: helpers are imported relatively or as tests.<topic>.<module>, never by
    # a second name (core.fakes_group beside tests.core.fakes_group would be two modules)
    topics = {p.name for p in (ROOT / "tests").iterdir() if (p / "__init__.py").exists()}
    assert (ROOT / "tests" / "__init__.py").exists() and "cli" in topics and "core" in topics
    for path in (ROOT / "tests").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\s*(?:from|import) (\w+)", line)
            assert not (m and m.group(1) in topics), f"{path.relative_to(ROOT)}: {line.strip()}"
