"""Al Cabohne under composition (issue 5 section 6): house rules with bad parameters fail in
``compose``; a misspelt removal is named; the mafia is a registered seat with its own statistic;
the bean family's kit checks come from the plugin."""

from __future__ import annotations

import attrs
import pytest

import beanframe
from beanframe.beans import PART as BEANS
from beanframe.core.hookspecs import hookimpl
from beanframe.core.scoring import game_stats
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError
from beanframe.testing import registered_checks
from beanframe_plugins.al_cabohne import mafia as m
from beanframe_plugins.al_cabohne.plugin import MAFIA

AL = ["al_cabohne"]


def house(name="house", **hooks):
    class House:
        @hookimpl
        def beanframe_variant(self):
            return VariantInfo(name=name, version="1", requires=("al_cabohne",))

    for hook, fn in hooks.items():
        setattr(House, hook, hookimpl(fn))
    return House()


def _bots_play(rs, seed=1):
    from beanframe.agents import make_bot, play_game

    game = rs.new_game(seed=seed)
    return play_game(game, [make_bot(rs, "greedy", seed + p) for p in range(rs.players)])


# -- parameters are validated in compose, never mid-game or inside a bot --------------------------


def test_a_house_rule_that_draws_three_as_text_fails_in_compose():
    def evolve(self, config):
        config.params[BEANS] = attrs.evolve(config.params[BEANS], draw="3")

    with pytest.raises(ConfigError, match=r"beanframe_configure of house: draw must be a whole number, not '3' \(str\)"):
        beanframe.compose([*AL, house(beanframe_configure=evolve)], 2)

    def assign(self, config):
        config.params[BEANS].draw = "3"

    with pytest.raises(ConfigError, match=r"draw must be a whole number, not '3'"):
        beanframe.compose([*AL, house(beanframe_configure=assign)], 2)


def test_a_drawn_count_set_behind_the_validators_is_caught_at_compose():
    def sneak(self, config):
        object.__setattr__(config.params[BEANS], "draw", "3")

    with pytest.raises(ConfigError, match=r"bad parameters for al_cabohne \+ house: beans\.draw: draw must be a whole number"):
        beanframe.compose([*AL, house(beanframe_configure=sneak)], 2)


# RULES A "Harvest and sell": a boss harvests when its field is worth its threshold; the best
# bean-o-meter of the card set pays 4 coins, so a threshold above 4 is never reached
def test_a_mafia_threshold_the_bean_o_meter_never_reaches_fails_in_compose():
    def nine(self, config):
        config.params[m.PART] = m.MafiaRules(bosses=(m.Boss("Al Cabohne", 9), m.DON))

    with pytest.raises(ConfigError) as caught:
        beanframe.compose([*AL, house(beanframe_configure=nine)], 2)
    message = str(caught.value)
    assert message == (
        "bad parameters for al_cabohne + house: al_cabohne: mafia.bosses[0].threshold: Al Cabohne's threshold 9 "
        "is never reached (the bean-o-meter pays at most 4 coins)"
    )


def test_the_highest_reachable_threshold_is_accepted_and_played():
    def four(self, config):
        config.params[m.PART] = m.MafiaRules(bosses=(m.Boss("Al Cabohne", 4), m.DON))

    rs = beanframe.compose([*AL, house(beanframe_configure=four)], 2)
    assert rs.new_game(seed=1).part(m.PART).thresholds == (4, 2)
    assert _bots_play(rs).is_over


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: m.MafiaRules(bosses=(m.Boss("Al", "3"),)), r"threshold must be a whole number, not '3' \(str\)"),
        (lambda: m.MafiaRules(bosses=(m.Boss("Al", 0),)), r"threshold must be at least 1, not 0"),
        (lambda: m.MafiaRules(bosses=()), r"bosses"),
        (lambda: m.MafiaRules(bosses=[m.AL]), r"bosses"),
        (lambda: m.MafiaRules(bosses=(m.AL, "Don")), r"bosses"),
    ],
)
def test_bad_mafia_rules_fail_in_compose(make, message):
    def configure(self, config):
        config.params[m.PART] = make()

    with pytest.raises(ConfigError, match=r"beanframe_configure of house: .*" + message):
        beanframe.compose([*AL, house(beanframe_configure=configure)], 2)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hand_size": 0}, r"hand_size must be at least 1, not 0"),
        ({"fields": True}, r"fields must be a whole number, not True \(bool\)"),
        ({"reshuffle": 1}, r"reshuffle must be true or false, not 1 \(int\)"),
        ({"run_out_limit": 2.0}, r"run_out_limit must be a whole number"),
        ({"cards": "all"}, r"cards"),
    ],
)
def test_bad_bean_rules_fail_in_compose(changes, message):
    def configure(self, config):
        config.params[BEANS] = attrs.evolve(config.params[BEANS], **changes)

    with pytest.raises(ConfigError, match=message):
        beanframe.compose([*AL, house(beanframe_configure=configure)], 2)


def test_more_starting_fields_than_allowed_fail_in_compose():
    def configure(self, config):
        config.params[BEANS].fields = 4  # max_fields stays 3

    with pytest.raises(ConfigError, match=r"al_cabohne: beans\.max_fields 3 is below beans\.fields 4"):
        beanframe.compose([*AL, house(beanframe_configure=configure)], 2)


# -- strict removal ----------------------------------------------------------------------------


def test_removing_a_misspelt_option_is_named_and_the_third_field_stays_honest():
    # RULES A "Third field": a house rule meant to drop it must not silently leave it buyable
    typo = house(beanframe_register_options=lambda self, register: register.remove("buy_feild"))
    with pytest.raises(ConfigError, match=r"house: cannot remove option 'buy_feild': there is none \(did you mean 'buy_field'\?"):
        beanframe.compose([*AL, typo], 2)
    right = house(beanframe_register_options=lambda self, register: register.remove("buy_field"))
    rs = beanframe.compose([*AL, right], 2)
    assert [o.name for o in rs.any_time] == ["harvest"]
    assert _bots_play(rs, 3).is_over


def test_a_misspelt_phase_or_step_is_named():
    phase = house(beanframe_register_phases=lambda self, pipeline: pipeline.remove("flp"))
    with pytest.raises(ConfigError, match=r"beanframe_register_phases of house: no phase named 'flp' \(did you mean 'flip'\?"):
        beanframe.compose([*AL, phase], 2)
    step = house(beanframe_register_steps=lambda self, register: register.remove("plnat"))
    with pytest.raises(ConfigError, match=r"house: cannot remove step 'plnat': there is none \(did you mean 'plant'\?"):
        beanframe.compose([*AL, step], 2)


# -- the mafia's seat and statistic; the bean family's checks ----------------------------------


@pytest.mark.parametrize("players", [1, 2])
def test_the_mafia_is_a_registered_seat(players):
    rs = beanframe.compose(AL, players)
    assert rs.seats == (*(f"p{p + 1}" for p in range(players)), MAFIA)
    assert rs.seat_titles == {MAFIA: "the bean mafia"}


def test_the_mafia_win_rate_is_al_cabohne_s_statistic():
    rs = beanframe.compose(AL, 2)
    outcomes = set()
    for seed in range(12):
        game = _bots_play(rs, seed)
        won = game.result.won(MAFIA)
        outcomes.add(won)
        assert game_stats(game) == {"mafia win rate": 1.0 if won else 0.0}
    assert outcomes == {True, False}  # the statistic can be either


def test_al_cabohne_registers_the_bean_family_checks():
    assert registered_checks(beanframe.compose(AL, 2)).names == {"views", "hand order"}
