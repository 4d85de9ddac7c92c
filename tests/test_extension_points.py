"""The extension points later variants rely on (docs/architecture.md, section 17): player counts of
an expansion, relaxed invariants, granting one more deck at a run-out, replacing an option."""

from __future__ import annotations

import random

import attrs
import pytest

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.compose import validate
from beanframe.core.hookspecs import hookimpl
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError


def plugin(name: str, *, requires=(), players=(), **hooks) -> type:
    """A variant plugin (a class: pluggy needs hashable plugins) with the given hooks."""

    def beanframe_variant():
        return VariantInfo(name=name, version="1.0", requires=requires, players=players)

    hooks["beanframe_variant"] = beanframe_variant
    return type(name, (), {hook: staticmethod(hookimpl(fn)) for hook, fn in hooks.items()})


def invariants(game) -> list[str]:
    return [p for lst in game.ruleset.pm.hook.beanframe_invariants(game=game) for p in lst]


def play_out(game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


# -- player counts (O1) ------------------------------------------------------------------------


def test_an_expansion_s_player_counts_replace_those_it_requires():
    base = plugin("base_game", players=(3, 4, 5))
    expansion = plugin("expansion", requires=("base_game",), players=(3, 4, 5, 6))
    assert validate([base, expansion], 6).players == 6
    with pytest.raises(ConfigError, match="cannot be played by 2"):
        validate([base, expansion], 2)


def test_a_house_rule_without_counts_inherits_them():
    base = plugin("base_game", players=(3, 4, 5))
    house = plugin("house", requires=("base_game",))
    assert validate([base, house], 5).players == 5
    with pytest.raises(ConfigError, match=r"supported: 3, 4, 5"):
        validate([base, house], 6)


def test_independent_variants_must_all_support_the_count():
    one = plugin("one", players=(1, 2))
    two = plugin("two", players=(2, 3))
    assert validate([one, two], 2).players == 2
    with pytest.raises(ConfigError, match=r"supported: 2\)"):
        validate([one, two], 1)


# -- relaxed invariants (O2) ----------------------------------------------------------------


def _mix_a_field(game) -> None:
    table = game.part(BEANS)
    field = table.fields[0][0]
    for bean in (0, 1):  # move one Blaue and one Kidney from the deck: cards stay accounted for
        table.deck.remove(bean)
        field.append(bean)


def test_mixed_fields_break_al_cabohne_s_invariants():
    game = beanframe.new_game(["al_cabohne"], 2, seed=3)
    _mix_a_field(game)
    assert any("several beans" in p for p in invariants(game))


def test_a_variant_that_legalises_mixed_fields_relaxes_the_invariant():
    def beanframe_configure(config):
        config.params["beans"].mixed_fields = True

    nightbar = plugin("nightbar_rule", requires=("al_cabohne",), beanframe_configure=beanframe_configure)
    game = beanframe.compose(["al_cabohne"], 2, extra_plugins=[nightbar]).new_game(seed=3)
    _mix_a_field(game)
    assert invariants(game) == []


# -- one more deck at a run-out (O3) --------------------------------------------------------


def test_a_run_out_listener_can_grant_one_more_deck():
    # RULES A "Deck and game end": the game ends after the 3rd run-out; a variant (Prohibohn under
    # ten buildings) may grant another deck from a listener, which runs before the limit check.
    def grant(game, count):
        if count == 3:
            game.part(BEANS).run_out_limit = 4

    def beanframe_register_events(events):
        events.on("run_out", grant)

    extra = plugin("extra_deck", requires=("al_cabohne",), beanframe_register_events=beanframe_register_events)
    plain = beanframe.new_game(["al_cabohne"], 2, seed=11)
    longer = beanframe.compose(["al_cabohne"], 2, extra_plugins=[extra]).new_game(seed=11)
    play_out(plain, 5)
    play_out(longer, 5)
    assert plain.part(BEANS).run_outs == 3
    assert longer.part(BEANS).run_outs == 4
    assert sum(1 for e in longer.events if e[0] == "reshuffle") == 3
    assert invariants(longer) == []


def test_reshuffle_and_cancel_end_are_public():
    from beanframe.beans import reshuffle

    game = beanframe.new_game(["al_cabohne"], 2, seed=2)
    table = game.part(BEANS)
    table.discard.extend([table.deck.pop(0), table.deck.pop(0)])
    before = len(table.deck)
    reshuffle(game, table)
    assert len(table.deck) == before + 2 and table.discard == []
    game.end_game()
    assert game.ending
    game.cancel_end()
    assert not game.ending


# -- replacing an option (O6) ---------------------------------------------------------------


def test_registering_an_existing_option_needs_replace():
    from beanframe_plugins.al_cabohne import turn

    def clash(register):
        register(turn.HARVEST)

    bad = plugin("clash", requires=("al_cabohne",), beanframe_register_options=clash)
    with pytest.raises(ConfigError, match="option 'harvest' exists already"):
        beanframe.compose(["al_cabohne"], 2, extra_plugins=[bad])

    calls = []

    def counted_apply(game, action, player):
        calls.append(action.code)
        turn.harvest_apply(game, action, player)

    def replace(register):
        register(attrs.evolve(turn.HARVEST, apply=counted_apply), replace=True)

    good = plugin("counted_harvest", requires=("al_cabohne",), beanframe_register_options=replace)
    game = beanframe.compose(["al_cabohne"], 2, extra_plugins=[good]).new_game(seed=4)
    play_out(game, 4)
    harvests = [e for e in game.events if e[0] == "harvest" and game.is_over]
    assert calls and len(calls) <= len(harvests)  # the final harvest adds its own events


def test_no_card_is_drawn_once_the_game_ends_now():
    # open point O4: a listener ending the game "now" during a flip stops the flipping
    from beanframe.beans import draw

    game = beanframe.new_game(["al_cabohne"], 2, seed=6)
    table = game.part(BEANS)
    deck = len(table.deck)
    game.end_game(now=True)
    assert draw(game, table) is None
    assert len(table.deck) == deck
