"""Issue 6 "Players": pile codes stay stable while a player plants. A planted flipped pile (or a
used-up leftover pile) leaves its slot empty until the decision ends, so ``s2`` means the same pile
before and after ``s1`` is planted; the rules are unchanged."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import beanframe
from beanframe.agents import RandomBot, make_bot
from beanframe.beans.render import render_beans

from .helpers import check, codes, many, named, play, situation, table

BOSSES3 = [["runner"], ["broad"], ["puff"]]


def board_text(game, player: int = 0) -> str:
    console = Console(width=100, record=True)
    for item in render_beans(game.view(player)["beans"], game.view(player), None):
        console.print(item)
    return console.export_text()


def test_planting_p1_leaves_p2_and_p3_their_codes_and_the_board_says_so():
    game = situation(at="plant", piles=[many("fire", 2), ["blue"], many("kidney", 2)], hands=[["puff"], []])
    assert "s1:" in board_text(game)
    play(game, "plant-pile s1 f1")
    assert [named(p) for p in table(game).piles] == [[], ["blue"], ["kidney", "kidney"]]
    pile_codes = {c.split()[1] for c in codes(game) if c.startswith(("plant-pile", "give-pile"))}
    assert pile_codes == {"s2", "s3"}
    text = board_text(game)
    assert "s2:" in text and "s3:" in text and "s1:" not in text  # the planted pile is gone, not renumbered
    play(game, "plant-pile s3 f2")
    assert named(table(game).fields[0][1]) == ["kidney", "kidney"]
    play(game, "done")
    # "done" closes the gaps: the unplanted Blue Bean is pile 1 now (the opponent's leftover s1)
    assert [named(p) for p in table(game).piles + table(game).leftovers] == [["blue"]]
    check(game)


def test_solo_planting_keeps_codes_until_every_pile_is_planted():
    game = situation(1, at="plant", piles=[["blue"], many("fire", 2)], bosses=BOSSES3, hands=[["kidney"]],
                     fields=[[[], [], []]])
    play(game, "plant-pile s2 f1")
    assert "done" not in codes(game) and {c.split()[1] for c in codes(game) if c.startswith("plant-pile")} == {"s1"}
    play(game, "plant-pile s1 f2")
    assert "done" in codes(game)
    check(game)


def _bean_at_slots(game):
    return {k: p[0] for k, p in enumerate(table(game).piles) if p}, {k: p[0] for k, p in enumerate(table(game).leftovers) if p}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([1, 2]))
def test_within_one_plant_or_leftovers_decision_a_code_always_names_the_same_pile(seed, players):
    # issue 6: a property over random games: while one plant (or leftovers) decision lasts, every
    # pile code that is still offered names the pile (bean) it named when the decision began
    game = beanframe.new_game(["al_cabohne"], players=players, seed=seed)
    bot = RandomBot(seed)
    start = None
    for _ in range(3000):
        if game.is_over:
            break
        frame = game.frame
        key = (game.state.turn, frame.kind) if frame.kind in ("plant", "leftovers") else None
        if key is None:
            start = None
        elif start is None or start[0] != key:
            start = (key, _bean_at_slots(game))
        else:
            piles, leftovers = _bean_at_slots(game)
            before = start[1][0] if frame.kind == "plant" else start[1][1]
            now = piles if frame.kind == "plant" else leftovers
            assert all(before.get(k) == bean for k, bean in now.items()), (before, now)
        legal = game.legal_actions()
        game.apply(bot.act(game.view(game.to_act), legal))
    check(game)


def test_the_greedy_bot_plants_by_stable_codes():
    # the bot's model closes the empty slots and maps the codes back (plugins/al_cabohne/bots.py)
    game = situation(at="plant", piles=[many("fire", 2), ["blue"], many("kidney", 2)], hands=[["puff"], []])
    play(game, "plant-pile s1 f1")
    bot = make_bot(game.ruleset, "greedy", 1)
    legal = game.legal_actions()
    action = bot.act(game.view(0), legal)
    assert action in legal
    game.apply(action)
    check(game)
