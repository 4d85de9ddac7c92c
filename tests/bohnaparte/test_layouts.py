"""Layout files (issue 9 "The board as data"): shipped layouts are fair; bad files get one-line errors."""

import random

import pytest

from beanframe_plugins.bohnaparte.landscapes import material
from beanframe_plugins.bohnaparte.layout import (
    LayoutError,
    fairness,
    is_fair,
    load_layout,
    parse_layout,
    shipped,
    shipped_names,
    shuffled,
)


@pytest.mark.parametrize("name", shipped_names())
def test_shipped_layout_is_fair_and_valid(name):
    # RULES D "Board": every army camp on the edge; resources spread fairly (same distance from each
    # camp to a village, a farm and a city); rivers are obstacles; counts within the box.
    layout = shipped(name)
    geo = layout.geometry
    assert len(layout.camps) == layout.players
    assert all(geo.edge[c] for c in layout.camps)
    assert is_fair(layout), fairness(layout)
    assert max(fairness(layout)[0]) <= 2
    assert "river" in layout.kinds
    box = material(layout.variant)
    for kind in set(layout.kinds):
        assert layout.kinds.count(kind) <= box[kind]
    assert parse_layout(layout.to_toml()).kinds == layout.kinds  # round trip


def test_every_player_count_and_variant_is_shipped():
    names = set(shipped_names())
    for n in (3, 4, 5, 6):
        assert {f"standard_{n}", f"checkerboard_{n}", f"riders_{n}", f"realm_{n}"} <= names
        assert shipped(f"standard_{n}").players == n
        assert shipped(f"checkerboard_{n}").pattern == "checkerboard"
        assert shipped(f"riders_{n}").variant == "riders"
        # the larger realm has more land than the rider layout (rulebook "Varianten")
        assert len(shipped(f"realm_{n}").kinds) > len(shipped(f"riders_{n}").kinds)
    assert {"pyramid_5", "pyramid_6"} <= names
    assert len(shipped("pyramid_5").kinds) == 15 and len(shipped("pyramid_6").kinds) == 21


def test_base_layouts_use_no_rider_cards_and_back():
    for n in (3, 4, 5, 6):
        assert not {"forest", "horse_team"} & set(shipped(f"standard_{n}").kinds)
        assert "iron_mine" not in shipped(f"riders_{n}").kinds


@pytest.mark.parametrize(
    "text, message",
    [
        ('players = 3\nrows = ["A F X", "A V A"]', "unknown landscape 'X'"),
        ('players = 3\nrows = ["V V V V", "V A M M", "C C C C", "A F A F"]', "not on the edge"),
        ('players = 3\nrows = ["A F R A V", "A R F"]', "not connected"),
        ('players = 4\nrows = ["A F V", "A V A"]', "3 army camps for 4 players"),
        ('players = 3\nrows = ["A C C C C C A", "A F V"]', "5 city cards, but the box holds 4"),
        ('players = 3\nrows = ["A W V", "A V A"]', "forest is not used in the base variant"),
        ('players = 7\nrows = ["A"]', "players must be"),
        ('players = 3\npattern = "hex"\nrows = ["A"]', "unknown pattern 'hex'"),
        ('players = 3\nrows = "A F"', "rows must be a list"),
        ("players = 3\nrows = [", "not valid TOML"),
        ('players = 3\ncolour = 1\nrows = ["A"]', "unknown key(s) colour"),
    ],
)
def test_bad_layout_gets_one_line_error(text, message):
    with pytest.raises(LayoutError) as err:
        parse_layout(text, "my.toml")
    assert message in str(err.value)
    assert str(err.value).startswith("my.toml: ")
    assert "\n" not in str(err.value)


def test_load_layout_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(shipped("standard_3").to_toml())
    assert load_layout(path).kinds == shipped("standard_3").kinds
    with pytest.raises(LayoutError, match="cannot read the layout file"):
        load_layout(tmp_path / "missing.toml")


def test_unknown_shipped_layout_names_the_choices():
    with pytest.raises(LayoutError, match="standard_4"):
        shipped("nope")


def test_random_layout_keeps_cards_and_validity():
    # rulebook "Varianten": the landscape cards may be laid at random.
    template = shipped("standard_4")
    for seed in range(5):
        layout = shuffled(template, random.Random(seed))
        assert sorted(layout.kinds) == sorted(template.kinds)
        assert all(layout.geometry.edge[c] for c in layout.camps)
        assert layout.geometry.connected()
    assert shuffled(template, random.Random(1)).kinds == shuffled(template, random.Random(1)).kinds
