"""Variant flags (``VariantInfo.flags``): ``--layout FILE`` (Bohnaparte, issue 9) and ``--board FILE``
(Ali Baba, issue 11) on every command that takes ``-o``, while the CLI names no variant."""

from __future__ import annotations

import textwrap
from importlib import resources

import pytest
from typer.testing import CliRunner

from beanframe import VariantInfo
from beanframe.core import Flag
from beanframe_cli.app import app

runner = CliRunner()
WIDE = {"COLUMNS": "250"}
BOHNAPARTE = ("bohnanza", "bohnaparte")


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env=WIDE)


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


def one_line_error(result, *fragments: str) -> str:
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def shipped(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


@pytest.fixture
def layout(tmp_path):
    """A user's layout file: the shipped 4-player standard layout, renamed."""
    text = shipped("beanframe_plugins.bohnaparte", "layouts/standard_4.toml")
    path = tmp_path / "my layout.toml"  # a space: the value is a path, taken as typed
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text(shipped("beanframe_plugins.ali_baba", "board.toml"), encoding="utf-8")
    return path


# -- --layout FILE (issue 9) -----------------------------------------------------------------


@pytest.mark.parametrize("form", ["separate", "joined"])
def test_layout_flag_sets_bohnapartes_layout_file(layout, form):
    args = ["--layout", str(layout)] if form == "separate" else [f"--layout={layout}"]
    out = ok("rules", *BOHNAPARTE, "--players", "4", *args)
    assert f"layout_file='{layout}'" in " ".join(out.split()).replace("' ", "'")


def test_layout_flag_works_for_simulate_and_tournament(layout, tmp_path):
    out = ok("simulate", *BOHNAPARTE, "--players", "4", "-n", "1", "--seed", "3", "--layout", str(layout))
    assert "1 game" in out or "games" in out
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nplayers = 4\n', encoding="utf-8")
    for command in ("simulate", "tournament", "play"):
        # the plugin's own one-line validation error, whatever the command
        one_line_error(run(command, *BOHNAPARTE, "--players", "4", "--layout", str(bad)), str(bad))


def test_a_bad_layout_file_is_the_plugins_one_line_error(tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text("[x", encoding="utf-8")
    one_line_error(run("rules", *BOHNAPARTE, "--players", "4", "--layout", str(bad)), "broken.toml", "TOML")
    one_line_error(run("rules", *BOHNAPARTE, "--players", "4", "--layout", str(tmp_path / "none.toml")), "none.toml")


def test_a_flag_of_a_variant_not_played_is_refused_naming_it(layout):
    one_line_error(run("rules", "bohnanza", "--layout", str(layout)), "--layout is a flag of bohnaparte", "not played")
    one_line_error(run("rules", *BOHNAPARTE, "--players", "4", "--layout"), "--layout needs a value", "FILE")


def test_a_misspelt_flag_is_one_line_with_a_suggestion(layout):
    line = one_line_error(run("play", *BOHNAPARTE, "--players", "4", "--layuot", str(layout)), "--layuot")
    assert "--layout" in line
    assert "--board" in one_line_error(run("simulate", "ali_baba", "--boadr", "x"))


def test_flags_are_listed_by_variants_and_help():
    out = " ".join(ok("variants").split())  # the options wrap at the terminal's width
    assert "layout_file='' (--layout FILE)" in out and "board='' (--board FILE)" in out
    for command in ("play", "simulate", "rules", "tournament"):
        text = ok(command, "--help")
        assert "Variant flags" in text and "--layout FILE" in text and "bohnaparte:" in text, command
        assert "--board FILE" in text and "ali_baba:" in text


# -- --board FILE (issue 11) -----------------------------------------------------------------


def test_board_flag_loads_another_board(board):
    out = ok("rules", "ali_baba", "--players", "3", "--board", str(board))
    assert f"board='{board}'" in " ".join(out.split()).replace("' ", "'")
    ok("simulate", "ali_baba", "--players", "3", "-n", "1", "--seed", "2", f"--board={board}")


def test_a_bad_board_file_is_the_plugins_one_line_error(tmp_path):
    bad = tmp_path / "b.toml"
    bad.write_text("[x", encoding="utf-8")
    one_line_error(run("rules", "ali_baba", "--board", str(bad)), "b.toml", "not valid TOML")
    one_line_error(run("simulate", "ali_baba", "-n", "1", "--board", str(tmp_path / "gone.toml")), "gone.toml")


# -- a third-party plugin's flag ---------------------------------------------------------------

FLAGGED = '''
import attrs

from beanframe import VariantInfo, hookimpl
from beanframe.core import Flag


@attrs.frozen
class Options:
    draw: int = 2


@hookimpl
def beanframe_variant():
    return VariantInfo(name="flagged", version="0.1", requires=("al_cabohne",), options=Options,
                       flags=(Flag("--draw", "draw", "cards drawn per turn", "N"),))


@hookimpl
def beanframe_configure(config):
    config.params["beans"] = attrs.evolve(config.params["beans"], draw=config.options["flagged"].draw)
'''


def test_a_plugin_files_flag_maps_to_its_option_and_a_number_stays_a_number(tmp_path):
    path = tmp_path / "flagged.py"
    path.write_text(textwrap.dedent(FLAGGED), encoding="utf-8")
    out = ok("--plugin", str(path), "rules", "al_cabohne", "flagged", "--draw", "3")
    assert "draw=3" in out and "draw='3'" not in out
    assert "--draw N" in ok("--plugin", str(path), "play", "--help")
    one_line_error(run("--plugin", str(path), "rules", "al_cabohne", "flagged", "--draw", "x"), "draw")


@pytest.mark.parametrize(
    "flag, problem",
    [(Flag("layout", "x"), "bad or duplicate flag name"), (Flag("--Lay", "x"), "bad or duplicate"),
     (Flag("--draw", "nope"), "not one of its options"), ("--draw", "Flag objects")],
)
def test_a_bad_flag_declaration_is_refused_when_the_plugin_says_it(flag, problem):
    import attrs

    @attrs.frozen
    class Options:
        x: int = 1

    with pytest.raises((ValueError, TypeError), match=problem):
        VariantInfo(name="v", version="1", options=Options, flags=(flag,))
