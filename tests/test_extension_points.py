"""The extension points later variants rely on (docs/architecture.md, section 17): player counts of
an expansion, relaxed invariants, granting one more deck at a run-out, replacing an option."""

from __future__ import annotations

import random
from pathlib import Path

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


# -- frames pushed by listeners (issue 5 §2) ------------------------------------------------


def _ack_rule():
    """House rule: whoever plants a card from the hand acknowledges it (an "ack" decision pushed by
    a listener on Al Cabohne's "plant" event, handled by the rule's own step)."""
    from attrs import frozen

    from beanframe.core.actions import Action
    from beanframe.core.steps import Step

    @frozen(cache_hash=True)
    class Ack(Action):
        name = "ack"

    class AckStep(Step):
        kind = "ack"
        options = False

        def legal(self, game, frame):
            return [Ack()]

        def apply(self, game, frame, action):
            game.pop()

    def on_plant(game, player, field, card, source):
        if source == "hand":
            game.push("ack", player, card)

    return plugin(
        "ack_rule",
        requires=("al_cabohne",),
        beanframe_register_actions=lambda register: register(Ack),
        beanframe_register_steps=lambda register: register(AckStep()),
        beanframe_register_events=lambda events: events.on("plant", on_plant),
    )


def test_a_listener_frame_pushed_while_al_cabohne_plays_from_the_hand_lands_safely():
    # RULES A phase 3 "play": the front card must be planted, then the next one may be. The
    # house rule's ack comes after each planting; the play step still edits only its own frame.
    game = beanframe.compose(["al_cabohne"], 2, extra_plugins=[_ack_rule()]).new_game(seed=11)
    table = game.part(BEANS)
    assert game.to_act == 0 and game.frame.kind == "play" and game.frame.args == (0,)
    front, second = table.hands[0][:2]
    first = next(a for a in game.legal_actions() if a.name == "plant")
    game.apply(first)
    # the play frame remembers the first card's field and bean (F.21)
    assert [(f.kind, f.args) for f in game.state.stack] == [("play", (1, first.field, front)), ("ack", (front,))]
    assert [a.code for a in game.legal_actions()] == ["ack"]
    game.apply("ack")
    # back to the play step for the optional second card: not asked for the first card again
    assert game.frame.kind == "play" and game.frame.args[0] == 1 and "pass" in [a.code for a in game.legal_actions()]
    assert table.hands[0][0] == second
    game.apply(next(a for a in game.legal_actions() if a.name == "plant"))
    assert [(f.kind, f.args) for f in game.state.stack] == [("ack", (second,))]  # no stale play frame
    game.apply("ack")
    assert game.phase.name != "play" and all(f.kind != "play" for f in game.state.stack)
    assert invariants(game) == []


def test_al_cabohne_plays_to_the_end_with_the_ack_rule():
    rs = beanframe.compose(["al_cabohne"], 2, extra_plugins=[_ack_rule()])
    for seed in range(3):
        game = rs.new_game(seed=seed)
        play_out(game, seed)
        plants = sum(1 for e in game.events if e[0] == "plant" and e[4] == "hand")
        assert game.is_over and plants > 0
        assert sum(1 for a in game.actions if a.code == "ack") == plants
        assert invariants(game) == []


def test_the_bundled_plugins_import_under_one_name_only():
    # a second copy (plugins.al_cabohne from a checkout's root) would have its own action classes:
    # the first copy's greedy bot would recognize none of them and play at random, silently
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    code = "import plugins.al_cabohne"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False)
    assert out.returncode != 0
    assert out.stderr.strip().splitlines()[-1] == (
        "ImportError: import the bundled plugins as beanframe_plugins (e.g. beanframe_plugins.al_cabohne), not as plugins"
    )
