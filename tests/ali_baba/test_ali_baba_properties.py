"""Property tests (hypothesis): rounds take exactly the 24 movement cards and end on the start;
the game ends after two rounds; the round payout doubles exactly the complete groups (positions
generated with complete groups, so every example exercises it); the terminal shows the table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe.agents import make_bot, play_game
from beanframe.core.present import presentation
from .helpers import BOARD, events, part, situation

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


@st.composite
def holdings(draw):
    """Bandits of three players: some groups wholly held by one player (at least one: the case
    the property is about), every other card placed apart (a player's, or left in its pile), so
    groups are also split between players or held in part."""
    whole = draw(st.dictionaries(st.integers(0, 15), st.integers(0, 2), min_size=1, max_size=6))
    bandits: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for g in range(16):
        for i in range(4):
            owner = whole[g] if g in whole else draw(st.sampled_from((None, 0, 1, 2)))
            if owner is not None:
                bandits[owner].append(g * 4 + i)
    return bandits


@given(holdings())
def test_round_payout_doubles_exactly_the_complete_groups(bandits):
    # RULES E "Einde van een ronde": each card's loot; "Wie alle vier de leden van een groep bezit,
    # ontvangt zelfs de dubbele waarde" (whoever holds all four members of a group gets double);
    # 100 for everyone. Played through the round's end from a position, not through ``loot``.
    game = situation(3, at="4-12", hands=[[1], [], []], bandits=bandits)
    complete = 0
    expected = []
    for p in range(3):
        held = [sum(1 for c in bandits[p] if c // 4 == g) for g in range(16)]
        complete += held.count(4)
        # a group's four cards share one loot value (board.toml): k of them pay k values, all 4 pay 8
        expected.append(100 + sum(BOARD.card_value[4 * g] * (8 if k == 4 else k) for g, k in enumerate(held)))
    assert complete >= 1  # the doubling is exercised in every example
    game.apply("move c1")
    assert [e[2] for e in events(game, "round_payout")] == expected
    assert part(game).piasters == [2500 + m for m in expected]


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
    lines = text.splitlines()
    assert lines[1].startswith("d1 [A]")  # the track, Ali Baba on the start of district 1
    assert [line[:2] for line in lines[1:5]] == ["d1", "d2", "d3", "d4"]  # every district, one line each
    assert "open piles" in text and "Smugglers" in text and "2500" in text
    assert "your movement cards" in text
