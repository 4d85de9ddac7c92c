"""Issue 20.3: every variant set's board and ``help`` fit an 80x24 terminal (the README's promise):
what does not fit is folded (``present.Fold``) or paged, never cut or scrolled away."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import beanframe
from beanframe.core.compose import installed_variants
from beanframe_cli.config import Seat
from beanframe_cli.session import PlaySession

WIDTH, HEIGHT = 80, 24
MARK = "<<prompt>>"


def variant_sets() -> list[tuple[tuple[str, ...], int]]:
    """Every installed variant with what it requires, at every player count it allows (a house
    rule without its own counts: its base game's)."""
    infos = {info.name: info for info in installed_variants()}
    out = []
    for info in infos.values():
        names = (*info.requires, info.name)
        counts = info.players or next((infos[r].players for r in info.requires if infos[r].players), ())
        out += [(names, n) for n in counts]
    return out


SETS = variant_sets()


def session(game, lines=()):
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, highlight=False, color_system=None)
    it = iter(lines)

    def read(prompt):
        out.write(MARK + "\n")  # where the terminal's input line is
        return next(it, None)

    return PlaySession(game, [Seat()] * game.players, console, read), out


def size(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return len(lines), max((len(line) for line in lines), default=0)


def test_the_sets_cover_every_installed_variant_and_count():
    names = {n for names, _ in SETS for n in names}
    assert {"al_cabohne", "prohibohn", "bohnanza", "bohnaparte", "ali_baba"} <= names
    assert (("bohnanza", "bohnaparte"), 6) in SETS and (("ali_baba",), 6) in SETS and (("ali_baba",), 2) in SETS


@pytest.mark.parametrize(("names", "players"), SETS, ids=lambda x: "+".join(x) if isinstance(x, tuple) else str(x))
def test_random_positions_fit_80x24(names, players):
    # issue 20.3: Prohibohn's screen was 31+ lines, Bohnaparte 28, Ali Baba 27 (and 40 with six)
    seed = 7 * players + len(names)
    game = beanframe.new_game(list(names), players, seed=seed)
    s, out = session(game)
    rng = random.Random(seed)
    shown = 0
    for step in range(1, 241):
        if game.is_over:
            break
        if step % 9 == 1:
            for p in game.deciders:
                out.seek(0)
                out.truncate()
                s.show_board(p)
                height, width = size(out.getvalue())
                where = f"{'+'.join(names)} {players} players, seed {seed}, step {step}, player {p + 1}"
                assert width <= WIDTH, (where, out.getvalue())
                assert height + 1 <= HEIGHT, (where, out.getvalue())  # and the input line
                assert "... 0 more" not in out.getvalue()
                beans = game.view(p).parts.get("beans")
                if beans is not None and beans.hand:  # the hand never folds or scrolls away
                    assert f"h1 {beans.hand[0]}" in out.getvalue(), (where, out.getvalue())
                shown += 1
        p = rng.choice(game.deciders)
        game.apply(rng.choice(game.legal_actions(p)), p)
    assert shown >= 5


@pytest.mark.parametrize(("names", "players"), [max((s for s in SETS if s[0] == names), key=lambda s: s[1]) for names in dict.fromkeys(n for n, _ in SETS)],
                         ids=lambda x: "+".join(x) if isinstance(x, tuple) else str(x))
def test_help_is_paged_in_screens_of_80x24(names, players):
    # issue 20.3: help was 27+ lines; now a screenful at a time, Enter for the next
    game = beanframe.new_game(list(names), players, seed=3)
    s, out = session(game, [""] * 20)
    s.show_help(game.deciders[0])
    pages = out.getvalue().split(MARK + "\n")
    assert "Commands:" in pages[0] and "Now: turn" in "".join(pages)
    for page in pages:
        height, width = size(page)
        assert height + 1 <= HEIGHT and width <= WIDTH, page


def test_a_command_typed_at_the_more_prompt_is_taken_not_swallowed():
    # issue 20.3: nothing typed at a prompt is lost silently: at "more", a command stops the
    # listing and is taken as the next command
    game = beanframe.new_game(["bohnanza", "bohnaparte"], 6, seed=3)
    s, out = session(game, ["help", "meter", "quit", "n"])
    s.human_decision(game.deciders[0])
    board, help_page, after_more, *_ = out.getvalue().split(MARK + "\n")
    assert "Commands:" in help_page and "Now: turn" not in help_page + after_more  # stopped
    assert "Chili Bean" in after_more and "Commands:" not in after_more  # meter ran
    assert s.queued is None


def test_quit_typed_at_the_more_prompt_leaves_the_game():
    # issue 20.3: "q" stops the listing; "quit" there is the command, not a stop of the listing
    # (the answers after it were taken as moves: "n" became "unknown action 'n'")
    game = beanframe.new_game(["bohnanza", "bohnaparte"], 6, seed=3)
    s, out = session(game, ["help", "quit", "n"])
    assert s.human_decision(game.deciders[0]) == "quit"
    assert "unknown action" not in out.getvalue() and "game left unfinished" in out.getvalue()
