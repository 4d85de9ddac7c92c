"""Fair determinization (issue 5 §5) on the fake counter game: ``game.determinize(observer, rng)``
redeals what the observer cannot see, game-wide, keeps what was revealed and the observer's
view, draws future chance the observer cannot predict, and leaves the original alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import beanframe
from beanframe.core.determinize import Hidden, arrangements
from beanframe.errors import DeterminizedGameError
from beanframe.testing import play_to
from beanframe.testing.failures import _state_fingerprint
from beanframe.testing.determinize import check_determinize

from .fakes import PART, counter, plugin


def _game(*extra, players=2, steps=4, **hooks):
    rules = beanframe.compose([counter(**hooks), *extra], players)
    return play_to(rules, seed=3, steps=steps)


def _hidden(game, observer):
    tally = game.part(PART)
    return [*tally.pool, *(c for p, h in enumerate(tally.hands) if p != observer for c in h)]


def test_the_hidden_cards_are_redealt_and_the_view_kept():
    game = _game()
    before = _state_fingerprint(game)
    copy = game.determinize(0, random.Random(1))
    real, guess = game.part(PART), copy.part(PART)
    assert copy.view(0) == game.view(0)  # the observer sees no difference
    assert guess.hands[0] == real.hands[0]  # the own hand is known
    assert Counter(_hidden(copy, 0)) == Counter(_hidden(game, 0))  # the same cards, redealt
    assert guess.pool != real.pool and [len(h) for h in guess.hands] == [len(h) for h in real.hands]
    assert _state_fingerprint(game) == before  # the original is untouched
    assert copy.view(1) != game.view(1)  # player 2's hand was redealt


def test_a_spectator_knows_no_hand():
    game = _game()
    hands = {tuple(game.determinize(None, random.Random(k)).part(PART).hands[0]) for k in range(10)}
    assert len(hands) > 1


def _front_revealed(game, observer):
    # a house rule: every hand's front card lies face up, so everyone knows it
    tally = game.part(PART)
    return [Hidden("cards", h, {0: h[0]}) for p, h in enumerate(tally.hands) if p != observer and h]


def test_a_revealed_card_stays_and_the_rest_is_redealt():
    game = _game(plugin("face_up", beanframe_hidden=_front_revealed))
    real = game.part(PART).hands[1]
    copies = [game.determinize(0, random.Random(k)).part(PART).hands[1] for k in range(20)]
    assert all(hand[0] == real[0] for hand in copies)  # the revealed card is kept where it is
    assert len({tuple(hand[1:]) for hand in copies}) > 1  # the others are not
    # the zone another plugin declared is merged: the pool still holds every hidden card once
    copy = game.determinize(0, random.Random(5))
    assert Counter(_hidden(copy, 0)) == Counter(_hidden(game, 0))


def test_known_cards_may_name_another_card_of_the_pool():
    # a plugin that knows "player 2 holds the highest hidden card at the front" (not where it is)
    def knows_highest(game, observer):
        tally = game.part(PART)
        return [Hidden("cards", tally.hands[1], {0: max(_hidden(game, 0))})]

    game = _game(plugin("oracle", beanframe_hidden=knows_highest))
    copy = game.determinize(0, random.Random(2))
    assert copy.part(PART).hands[1][0] == max(_hidden(game, 0))
    assert Counter(_hidden(copy, 0)) == Counter(_hidden(game, 0))


def test_the_redeal_depends_only_on_what_the_observer_knows():
    # permuting the unseen cards of the real game gives the very same determinization
    game = _game()
    other = game.clone()
    tally = other.part(PART)
    unseen = [*tally.pool, *tally.hands[1]]
    random.Random(9).shuffle(unseen)
    tally.pool, tally.hands[1] = unseen[: len(tally.pool)], unseen[len(tally.pool) :]
    assert other.part(PART).pool != game.part(PART).pool
    a, b = game.determinize(0, random.Random(4)), other.determinize(0, random.Random(4))
    assert a.part(PART) == b.part(PART) and a.state.seed == b.state.seed


def test_future_chance_is_not_the_real_one():
    game = _game()
    real = game.clone().random().random()
    a = game.determinize(0, random.Random(1))
    b = game.determinize(0, random.Random(2))
    again = game.determinize(0, random.Random(1))
    assert a.clone().random().random() != real  # a clone would know it: a determinization does not
    assert game.clone().random().random() == real
    assert a.clone().random().random() != b.clone().random().random()
    assert a.clone().random().random() == again.clone().random().random()  # reproducible
    assert a.state.seed != game.state.seed and a.state.determinized and not game.state.determinized


def test_a_determinized_game_plays_on_but_is_not_saved():
    game = _game()
    copy = game.determinize(1, random.Random(3))
    with pytest.raises(DeterminizedGameError, match="a determinized game cannot be saved"):
        copy.to_json()
    with pytest.raises(DeterminizedGameError):
        copy.clone().to_json()  # a clone of a guess is a guess
    game.to_json()  # the real game still saves
    while not copy.is_over:
        copy.apply(copy.legal_actions()[0])
    assert copy.result is not None


def test_the_determinize_hook_runs_once_per_plugin_in_dependency_order_after_the_redeal():
    calls = []

    def record(name):
        def hook(game, observer, rng):
            calls.append((name, observer, game.state.determinized, isinstance(rng, random.Random)))

        return hook

    from beanframe.core.variant import VariantInfo

    late = plugin(
        "a_late",
        beanframe_variant=lambda: VariantInfo(name="a_late", version="1", requires=("b_early",)),
        beanframe_determinize=record("a_late"),
    )
    early = plugin("b_early", beanframe_determinize=record("b_early"))
    game = _game(late, early)
    game.determinize(1, random.Random(0))
    assert calls == [("b_early", 1, True, True), ("a_late", 1, True, True)]


def test_plugin_mistakes_are_named():
    wrong = plugin("wrong", beanframe_hidden=lambda game: [Hidden("cards", game.part(PART).pool, {99: 1})])
    with pytest.raises(ValueError, match=r"wrong: beanframe_hidden names known position\(s\) \[99\]"):
        _game(wrong).determinize(0, random.Random(0))
    alien = plugin("alien", beanframe_hidden=lambda game: [Hidden("cards", game.part(PART).pool, {0: 999})])
    with pytest.raises(ValueError, match=r"alien: the known card 999 is not among the hidden cards of pool 'cards'"):
        _game(alien).determinize(0, random.Random(0))
    with pytest.raises(ValueError, match="no player 2 in a 2-player game"):
        _game().determinize(2, random.Random(0))


def test_a_decision_that_needs_a_hidden_card_is_kept_possible():
    # a house rule: only even cards may be played, and there is no passing. The pending decision
    # tells everyone the decider holds an even card, so a redeal without one is drawn again
    from .fakes import Play, TurnStep

    class EvenStep(TurnStep):
        def legal(self, game, frame):
            hand = game.state.parts[PART].hands[frame.player]
            return [Play(h) for h, card in enumerate(hand) if card % 2 == 0]

    even = plugin("even", beanframe_register_steps=lambda register: register(EvenStep(), replace=True))
    game = beanframe.compose([counter(), even], 2).new_game(seed=0)
    assert game.legal_actions()  # the seed deals player 1 an even card
    tries = [game.determinize(None, random.Random(k)) for k in range(30)]
    assert all(copy.legal_actions() for copy in tries)
    assert len({tuple(copy.part(PART).hands[0]) for copy in tries}) > 1


def test_arrangements_and_the_kit_check():
    game = _game()
    assert arrangements(game, 0) == 10**9  # capped: many
    check_determinize(game, random.Random(0))
    end = _game(steps=400)
    assert end.is_over
    check_determinize(end, random.Random(0))


def _loses_a_card(game):
    tally = game.part(PART)
    if tally.pool:
        tally.pool.pop()


def _uses_global_random(game):
    random.shuffle(game.part(PART).pool)  # not the searcher's generator: not reproducible


@pytest.mark.parametrize(
    ("hook", "message"),
    [
        (_loses_a_card, r"redealing the hidden cards for observer None breaks invariants: counter: cards accounted for"),
        (_uses_global_random, r"determinize\(None\) with the same generator seed gives different games"),
    ],
)
def test_the_kit_catches_an_unfair_determinization(hook, message):
    from beanframe.testing import ConformanceError, conformance_suite

    with pytest.raises(ConformanceError, match=message) as caught:
        conformance_suite([counter(), plugin("faulty", beanframe_determinize=hook)], players=2, games=1)
    assert caught.value.check in ("determinize", "views")
