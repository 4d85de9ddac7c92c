"""Option errors at the command line's doors (issue 27 §3): ``-o``, the variants' own flags and a
TOML config name the option, the value and what is allowed in one line, never Python's insides."""

from __future__ import annotations

import pytest

from .test_cli_app import assert_one_line_error, run

SET = ["bohnanza", "bohnaparte", "--players", "4"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["rules", *SET, "-o", "bohnaparte.deck_runs=7"], "bad option for bohnaparte.deck_runs: 7 is not allowed (allowed: 3, 4, 5)"),
        (["play", *SET, "-o", "bohnanza.tie_break=coin"], "bohnanza.tie_break: 'coin' is not allowed (allowed: share, hand_cards)"),
        (["rules", *SET, "-o", "bohnaparte.layout=hex"], "bohnaparte.layout: 'hex' is not allowed (allowed: standard, random"),
    ],
)
def test_option_flags(args, fragment):
    result = run(*args)
    assert_one_line_error(result, fragment)
    assert "Attribute(" not in result.output


@pytest.mark.parametrize(
    ("table", "fragment"),
    [
        ("[options.bohnaparte]\ndeck_runs = 7", "bohnaparte.deck_runs: 7 is not allowed (allowed: 3, 4, 5)"),
        ('[options.bohnanza]\ntie_break = "coin"', "bohnanza.tie_break: 'coin' is not allowed (allowed: share, hand_cards)"),
    ],
)
def test_config_files(tmp_path, table, fragment):
    config = tmp_path / "table.toml"
    config.write_text(f'variants = ["bohnanza", "bohnaparte"]\nplayers = 4\n{table}\n')
    result = run("play", "--config", str(config))
    assert_one_line_error(result, fragment)
    assert "Attribute(" not in result.output
