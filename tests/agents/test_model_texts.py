"""Nothing leaks to a model (issue 26 §4): every text the MCP server and the agent send a model
about a seat (its state, a refusal with the legal moves, why, wait, the rules, the log) is the
same when everything the seat cannot see is redealt (``game.determinize``), in every variant
set, at many positions: the redeal check of tests/server/test_leaks.py, held to the model's door.

A table's seat (:class:`~beanframe.modelseat.table.TableSeat`) builds the same texts from the
table's own answers (its state and the ``command`` door), which tests/server/test_leaks.py and
tests/server/test_seat_words.py hold to the same check."""

from __future__ import annotations

import asyncio
import random

import pytest

from beanframe.agents import make_bot
from beanframe.core.game import compose
from beanframe.modelseat.agent import turn_messages
from beanframe.modelseat.seat import LocalSeat, state_text
from tests.server.helpers import SETS, short_options

IDS = [f"{'+'.join(v)}-{n}p" for v, n in SETS]
POSITIONS = 6  # positions per game at which each deciding seat's texts are redealt
ACTIONS = 240  # the game is followed this far (enough for every phase of a turn or two)


async def model_texts(seat: LocalSeat) -> list[str]:
    """Everything a model may be sent at this position (no move is taken: refusals only)."""
    legal = seat.legal()
    texts = [await state_text(seat), await seat.words("why"), await seat.words("log 50"), await seat.words("rules")]
    texts += [(await seat.act(bad)).text for bad in (str(len(legal) + 1), "teleport h1", "")]
    texts += [await seat.words(f"why {code}") for code, _ in legal[:3]]
    assert await seat.wait(0)  # this seat decides: wait returns at once
    texts.append(await state_text(seat))
    refusal = (await seat.act("teleport h1")).text  # the agent's prompts: the state, then after a refusal
    texts += [m["content"] for refused in (None, refusal) for m in turn_messages(await state_text(seat), refused)]
    return texts


@pytest.mark.parametrize(("variants", "players"), SETS, ids=IDS)
def test_every_text_for_a_model_passes_the_redeal_check(variants, players):  # issue 26 §4
    ruleset = compose(list(variants), players, short_options(variants))
    game = ruleset.new_game(seed=17)
    name = "greedy" if "greedy" in ruleset.bots else "random"
    bots = [make_bot(ruleset, name, seed=p) for p in range(players)]
    checked = 0
    for n in range(ACTIONS):
        if game.is_over:
            break
        player = game.deciders[n % len(game.deciders)]
        if n % (ACTIONS // POSITIONS) == 0:
            here = asyncio.run(model_texts(LocalSeat(game.clone(), player, {}, play_bots=False)))
            redealt = game.determinize(player, random.Random(n))
            there = asyncio.run(model_texts(LocalSeat(redealt, player, {}, play_bots=False)))
            for mine, other in zip(here, there, strict=True):
                assert mine == other, f"a text for seat p{player + 1} at action {n} depends on what it cannot see"
            checked += 1
        game.apply(bots[player].act(game.view(player), game.legal_actions(player)), player)
    assert checked >= 3
