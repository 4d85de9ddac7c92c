"""Property tests (hypothesis): rounds take exactly the 24 movement cards and end on the start;
the game ends after two rounds; the round payout doubles exactly the complete groups; the
terminal shows the table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe.agents import make_bot, play_game
from beanframe.core.present import presentation
from beanframe_plugins.ali_baba.rules import loot

from .helpers import BOARD, events, part

RULESETS = {n: beanframe.compose(["ali_baba"], n) for n in range(2, 7)}


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10_000), st.sampled_from(["random", "greedy"]))
def test_two_rounds_of_52_steps_each_then_the_end(n, seed, bot):
    rules = RULESETS[n]
    game = play_game(rules.new_game(seed=seed), [make_bot(rules, bot, seed=seed + i) for i in range(n)])
    assert game.is_over
    moves = [e[2] for e in events(game, "move")]
    # RULES E: every round plays all 24 movement cards, 52 steps, and ends on the start field
    assert len(moves) == 2 * len(BOARD.movement) and sum(moves[:24]) == sum(moves[24:]) == 52
    starts = [i for i, e in enumerate(events(game, "arrive")) if e[1] == BOARD.start]
    assert starts == [23, 47]
    assert len(events(game, "round_payout")) == 2 * n
    assert all(m >= 0 for m in part(game).piasters)
    assert all(not b for b in part(game).bandits)  # the final sale
    assert game.result.scores == {f"p{p + 1}": part(game).piasters[p] for p in range(n)}


@given(st.sets(st.integers(0, 63)))
def test_round_payout_doubles_exactly_the_complete_groups(cards):
    cards = sorted(cards)
    plain = sum(BOARD.card_value[c] for c in cards)
    complete = [g for g in range(16) if all(g * 4 + i in cards for i in range(4))]
    extra = sum(BOARD.card_value[g * 4 + i] for g in complete for i in range(4))
    assert loot(BOARD, cards) == plain + extra


def test_the_renderer_shows_track_piles_bandits_and_piasters():
    from rich.console import Console

    game = RULESETS[3].new_game(seed=4)
    t = part(game)
    t.bandits[1] = [36]
    t.piles[2].remove(36)
    view = game.view(0)
    shown = presentation(game.ruleset).parts["ali_baba"](view["ali_baba"], view, None)
    console = Console(width=160, record=True)
    for r in shown:
        console.print(r)
    text = console.export_text()
    assert "[A]" in text and "district 4" in text  # the track, Ali Baba on the start
    assert "open piles" in text and "Smokkelaars" in text and "2500" in text
    assert "your movement cards" in text
