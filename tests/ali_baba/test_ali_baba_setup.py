"""Set-up, the board file (shipped reconstruction, --board style option, one-line errors), hidden
movement cards, and the promise that Ali Baba runs on the core alone."""

from __future__ import annotations

import ast
import json
import pathlib
import random
import subprocess
import sys

import pytest

import beanframe
from beanframe.core import installed_variants
from beanframe_plugins.ali_baba import data

from .helpers import BOARD, new, part

PLUGIN = pathlib.Path(data.__file__).parent
SHIPPED = (PLUGIN / "board.toml").read_text(encoding="utf-8")


def test_the_plugin_never_imports_the_bean_family():
    # issue 11: a game with no beans, on the core alone
    for path in PLUGIN.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n == "beanframe.beans" or n.startswith("beanframe.beans.") for n in names), path
    code = (
        "import sys, beanframe\n"
        "import beanframe_plugins.ali_baba.plugin as ali_baba\n"
        "from beanframe.agents import make_bot, play_game\n"
        "r = beanframe.compose([ali_baba], 3)  # the module itself: no other plugin is imported\n"
        "play_game(r.new_game(seed=1), [make_bot(r, 'greedy', seed=i) for i in range(3)])\n"
        "from beanframe.core.present import presentation\n"
        "presentation(r)\n"
        "print([m for m in sys.modules if m.startswith('beanframe.beans')])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_set_up():
    # RULES E set-up: 2500 each; four piles, each open; movement cards dealt evenly
    for n in range(2, 7):
        t = part(new(n))
        assert t.piasters == [2500] * n
        assert [len(p) for p in t.piles] == [16] * 4
        assert sorted(v for h in t.hands for v in h) == sorted(BOARD.movement)
        assert max(len(h) for h in t.hands) - min(len(h) for h in t.hands) <= 1
        assert t.field == BOARD.start


def test_every_route_takes_52_steps():
    def routes(f, steps):
        if steps and f == BOARD.start:
            yield steps
            return
        for n in BOARD.nexts[f]:
            yield from routes(n, steps + 1)

    assert set(routes(BOARD.start, 0)) == {52}
    assert len(list(routes(BOARD.start, 0))) == 8  # three forks, two ways each


def test_reconstruction_is_marked():
    assert "RECONSTRUCTED" in SHIPPED
    (info,) = [v for v in installed_variants() if v.name == "ali_baba"]
    assert "RECONSTRUCTED" in info.description


def test_another_board_file_loads(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text(SHIPPED.replace("piasters = 2500", "piasters = 3000"), encoding="utf-8")
    game = beanframe.compose(["ali_baba"], 2, {"ali_baba": {"board": str(path)}}).new_game(seed=1)
    assert part(game).piasters == [3000, 3000]
    assert beanframe.load_game(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize(
    "change, message",
    [
        (("movement = [1, 1,", "movement = [1, 2,"), "the movement cards sum to 53, not 52"),
        (('next = ["1-01"]', 'next = ["1-02"]'), "a route returns to the start after 51 steps, not 52"),
        (('gang = "swindlers", next = ["1-03"]', 'gang = "pirates", next = ["1-03"]'), "gang must be one of"),
        (('event = "bazaar"', 'event = "party"'), "event must be one of"),
        (("[1, 2, 3, 4, 5, 6],", "[1, 2, 3, 4, 5],"), "fate_grid must be 6 rows of 6"),
        (('{ id = "1-05b", district = 1', '{ id = "1-05b", district = 2'), "so in district 1, not 2"),
        (("title =", "title = = "), "not valid TOML"),
    ],
)
def test_a_bad_board_file_is_one_line_of_error(tmp_path, change, message):
    path = tmp_path / "bad.toml"
    assert change[0] in SHIPPED
    path.write_text(SHIPPED.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(beanframe.ConfigError) as err:
        beanframe.compose(["ali_baba"], 2, {"ali_baba": {"board": str(path)}})
    assert message in str(err.value) and "\n" not in str(err.value) and str(path) in str(err.value)


def test_a_missing_board_file():
    with pytest.raises(beanframe.ConfigError, match="cannot read it"):
        beanframe.compose(["ali_baba"], 2, {"ali_baba": {"board": "/no/such/board.toml"}})


def test_movement_cards_in_hand_are_private():
    game = new(4)
    t = part(game)
    view = game.view(1)["ali_baba"]
    assert view.hand == tuple(t.hands[1]) and view.hand_sizes == tuple(len(h) for h in t.hands)
    assert game.view(None)["ali_baba"].hand is None
    seen = set()
    for s in range(30):
        copy = game.determinize(1, random.Random(s))
        assert copy.view(1) == game.view(1)
        assert part(copy).hands[1] == t.hands[1]
        seen.add(tuple(map(tuple, part(copy).hands)))
        assert part(copy).piles[0][-1] == t.piles[0][-1]  # the open card stays
    assert len(seen) > 1  # the other hands are guessed anew


@pytest.mark.parametrize("deck", [["nonsense", 42, None], ["junk"] * 100_000, []])
def test_a_deck_is_refused_in_one_line_ali_baba_has_none_to_stack(deck):
    # issue 17: a junk deck was accepted and kept (and a save with 100,000 junk entries loaded)
    with pytest.raises(beanframe.ConfigError, match=r"^Ali Baba has no deck to stack") as info:
        beanframe.new_game(["ali_baba"], 3, seed=1, deck=deck)
    assert len(str(info.value)) < 200
    game = beanframe.new_game(["ali_baba"], 3, seed=1)
    data = json.loads(game.to_json())
    data["deck"] = deck
    with pytest.raises(beanframe.SaveFileError, match="Ali Baba has no deck to stack|expected text, not 42") as info:
        beanframe.load_game(json.dumps(data))
    assert len(str(info.value)) < 250
    data["deck"] = None
    assert beanframe.load_game(json.dumps(data)).to_json() == game.to_json()
