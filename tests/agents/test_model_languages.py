"""A seat's words in the current language (issue 29): the text seat speaks the language of the
context it is asked in, the model's instructions stay English, a translated text passes the
same redeal check as the English one, and the person watching an agent reads their language."""

from __future__ import annotations

import asyncio
import random

import pytest

from beanframe.agents import make_bot
from beanframe.core.game import compose
from beanframe.i18n import language
from beanframe.modelseat.agent import MAX_REFUSALS, ChatModel, play_seat
from beanframe.modelseat.seat import LocalSeat, state_text


def _seat(seed: int = 3) -> LocalSeat:
    game = compose(["al_cabohne"], 1, {"al_cabohne": {"run_outs": 1}}).new_game(seed=seed)
    return LocalSeat(game, 0, {})


async def _texts(seat: LocalSeat) -> list[str]:
    legal = seat.legal()
    texts = [await state_text(seat), await seat.words("why"), await seat.words("help"), await seat.words("log 20")]
    texts += [await seat.words(f"why {code}") for code, _ in legal[:3]]
    texts.append(await seat.words("why harvest f3"))
    texts.append((await seat.act("teleport h1")).text)
    return texts


def test_the_text_seat_speaks_the_language_of_its_context():
    seat = _seat()
    english = asyncio.run(_texts(seat))
    with language("nl"):
        dutch = asyncio.run(_texts(seat))
    assert "Your choices (number or code):" in english[0]
    assert "Je keuzes (nummer of code):" in dutch[0] and "Your choices" not in dutch[0]
    assert "Commando's (in woorden beantwoord, alleen voor deze plaats):" in dutch[2]
    # the frame this module adds speaks the seat's language too (issue 29: every word a player
    # reads); "refused:" stays, a word a program looks for
    assert "You (p1) decide now: answer with the number of one move above" in english[0]
    assert "Jij (p1) beslist nu: antwoord met het nummer van een zet hierboven" in dutch[0]
    assert dutch[0].startswith("al_cabohne, 1 speler; jij bent p1 (speler 1).")
    assert dutch[-1].startswith("refused: onbekende actie 'teleport h1' (bekende acties: ")
    assert english[-1].startswith("refused: unknown action 'teleport h1' (known actions: ")


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_a_translated_text_says_no_more_than_the_english_one(lang):  # the redeal check, in every language
    ruleset = compose(["bohnanza"], 3, {})
    game = ruleset.new_game(seed=11)
    bots = [make_bot(ruleset, "random", seed=p) for p in range(3)]
    checked = 0
    for n in range(90):
        if game.is_over:
            break
        player = game.deciders[n % len(game.deciders)]
        if n % 30 == 0:
            with language(lang):
                here = asyncio.run(_texts(LocalSeat(game.clone(), player, {}, play_bots=False)))
                redealt = game.determinize(player, random.Random(n))
                there = asyncio.run(_texts(LocalSeat(redealt, player, {}, play_bots=False)))
            assert here == there, f"a {lang} text for p{player + 1} at action {n} depends on what it cannot see"
            checked += 1
        game.apply(bots[player].act(game.view(player), game.legal_actions(player)), player)
    assert checked == 3


def test_the_person_watching_an_agent_reads_their_language():
    def post(url, body, headers, timeout):
        return {"choices": [{"message": {"role": "assistant", "content": "I like beans very much"}}]}

    said: list[str] = []
    with language("de"):
        asyncio.run(play_seat(_seat(), ChatModel("http://unused/v1", "m", tools=False, post=post), say=said.append))
    assert said and said[0].startswith(f"p1: nach {MAX_REFUSALS} Ablehnungen in Folge wurde die gierige Wahl der Variante gespielt: ")
