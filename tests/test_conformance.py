"""Al Cabohne under the conformance kit (beanframe.testing): whole random games, 2 players and
solo, with every check after every action; mid-game save/load and clones; and proof that the kit
catches faults a house rule could bring into Al Cabohne."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import VariantInfo
from beanframe.testing import (
    ConformanceError,
    check_clone,
    check_game,
    check_save_load,
    conformance_suite,
    continue_alike,
    games,
    playthroughs,
    replay,
)

AL = ["al_cabohne"]
# full games: 30 examples locally, fewer under the "ci" profile (tests/conftest.py)
FULL = min(30, settings.default.max_examples)
MID = min(25, settings.default.max_examples)


@settings(max_examples=FULL)
@given(playthroughs(AL, 2))
def test_two_player_games_conform(playthrough):
    game = playthrough.play()
    assert game.is_over and game.result.winners


@settings(max_examples=FULL)
@given(playthroughs(AL, 1))
def test_solo_games_conform(playthrough):
    game = playthrough.play()
    # RULES A "Solo game": the solo player plays against the mafia alone
    assert set(game.result.scores) == {"p1", "mafia"}


OPTIONS = st.fixed_dictionaries(
    {
        "al_cabohne": st.fixed_dictionaries(
            {"third_field_cost": st.integers(0, 6), "run_outs": st.integers(1, 3), "solo_mafia_factor": st.integers(1, 4)}
        )
    }
)


@settings(max_examples=min(8, FULL))
@given(st.sampled_from([1, 2]).flatmap(lambda n: playthroughs(AL, n, OPTIONS)))
def test_games_with_other_options_conform(playthrough):
    playthrough.play()


@settings(max_examples=MID)
@given(st.sampled_from([1, 2]).flatmap(lambda n: games(AL, n)), st.integers(0, 2**32 - 1))
def test_mid_game_save_load_round_trip(game, seed):
    loaded = check_save_load(game)  # same text, legal actions and views after loading
    assert loaded.to_json() == game.to_json()
    continue_alike(game, loaded, seed)  # and the same continued play to the same end


@settings(max_examples=MID)
@given(st.sampled_from([1, 2]).flatmap(lambda n: games(AL, n)), st.integers(0, 2**32 - 1))
def test_mid_game_clone_and_replay(game, seed):
    check_game(game)
    check_clone(game)
    before = game.to_json()
    copy = game.clone()
    continue_alike(copy, replay(game), seed)  # a clone and a replay play on alike
    assert game.to_json() == before  # playing the clone to its end left the original as it was
    continue_alike(game, game.clone(), seed)


# -------------------------------------------------------------------------------------------
# The kit catches faults in Al Cabohne house rules
# -------------------------------------------------------------------------------------------


def _house(name, **hooks):
    class House:
        @hookimpl
        def beanframe_variant(self):
            return VariantInfo(name=name, version="1", requires=("al_cabohne",))

    for hook, fn in hooks.items():
        setattr(House, hook, hookimpl(fn))
    return House()


def _draw_to_front(self, pipeline):
    def wrapper(game, inner):
        hand = game.part(BEANS).hands[game.state.active]
        kept = len(hand)
        inner(game)
        hand[:] = hand[kept:] + hand[:kept]  # drawn cards put in front: breaks the hand order

    pipeline.wrap("draw", wrapper)


def test_a_house_rule_that_draws_to_the_front_breaks_the_hand_order():
    # RULES A "Draw new beans": drawn beans go to the back of the hand, whose order is fixed
    house = _house("front_draw", beanframe_register_phases=_draw_to_front)
    with pytest.raises(ConformanceError, match=r"\[hand order\] beans: player \d's hand went from") as caught:
        conformance_suite([*AL, house], players=2, games=2)
    assert "al_cabohne + front_draw" in str(caught.value)


def _burn_a_card(self, pipeline):
    def burn(game):
        deck = game.part(BEANS).deck
        if len(deck) > 1:
            deck.pop(0)  # a card vanishes

    pipeline.add("turn", "burn", burn, after="draw")


def test_a_house_rule_that_loses_cards_breaks_the_invariants():
    house = _house("burner", beanframe_register_phases=_burn_a_card)
    # Al Cabohne's invariant: all 116 cards accounted for (RULES A "Cards")
    with pytest.raises(ConformanceError, match=r"\[invariants\] al_cabohne: .*cards accounted for, the game has"):
        conformance_suite([*AL, house], players=1, games=1)


def test_a_house_rule_whose_prompt_reveals_the_deck_leaks():
    def steps(self, register):
        from beanframe_plugins.al_cabohne import turn

        class Leaky(type(next(s for s in turn.STEPS if s.kind == "play"))):
            def prompt(self, game, frame):
                return f"play (the deck's top card is {game.part(BEANS).deck[-1]})"

        register(Leaky(), replace=True)

    house = _house("leaky_prompt", beanframe_register_steps=steps)
    with pytest.raises(ConformanceError, match=r"\[views\] view\(.*\) changes when hidden cards are redealt, at view\.prompt"):
        conformance_suite([*AL, house], players=2, games=1)


def test_views_show_other_hands_and_the_deck_only_as_sizes():
    game = beanframe.new_game(AL, 2, seed=8)
    rng = random.Random(8)
    for _ in range(40):
        table = game.part(BEANS)
        for p in (0, 1):
            v = game.view(p)[BEANS]
            names = game.ruleset.config.params["beans"].cards.names
            assert v.hand == tuple(names[c] for c in table.hands[p])
            assert v.hand_sizes == (len(table.hands[0]), len(table.hands[1]))
            assert v.deck_size == len(table.deck)
            other = game.view(p).to_dict()["parts"][BEANS]
            assert isinstance(other["deck_size"], int) and all(isinstance(n, int) for n in other["hand_sizes"])
        game.apply(rng.choice(game.legal_actions()))
