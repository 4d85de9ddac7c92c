"""Composition, issue 5 section 6: views that read the game, parts replaced by a later variant,
strict removal and replacement (a misspelt name is a ConfigError naming it), and parameters
validated at composition. All on the fake counter game: no beans."""

from __future__ import annotations

import inspect

import attrs
import pytest
from attrs import define, field, frozen

import beanframe
from beanframe.core.actions import Action
from beanframe.core.params import whole
from beanframe.core.steps import Option, Step
from beanframe.core.variant import VariantInfo
from beanframe.errors import ConfigError
from beanframe.testing import conformance_suite

from .fakes import PART, Tally, counter, plugin


def house(name="house", requires=("counter",), **hooks):
    """A variant that requires the counter game (or ``requires``) and implements ``hooks``."""
    return plugin(name, beanframe_variant=lambda: VariantInfo(name=name, version="1", requires=requires), **hooks)


# --------------------------------------------------------------------------------------------
# 1. A part's view may read the rest of the game
# --------------------------------------------------------------------------------------------


@frozen
class BoardView:
    leaders: tuple[int, ...]  # read from the tally part: who has the highest count now
    own: int | None  # read from the tally part: the observer's own count


@define
class Board:
    """A part with no data of its own: its view reads another part through the game."""

    def clone(self) -> Board:
        return Board()

    def view(self, player: int | None, game) -> BoardView:
        counts = game.part(PART).counts
        best = max(counts)
        return BoardView(
            leaders=tuple(p for p, c in enumerate(counts) if c == best),
            own=None if player is None else counts[player],
        )


def board_plugin(name="board"):
    return house(name, beanframe_register_parts=lambda register: register("board", lambda config: Board(), Board))


def test_a_part_view_may_read_the_rest_of_the_game():
    game = beanframe.compose([counter(), board_plugin()], 2).new_game(seed=3)
    game.apply("play h1")
    counts = game.part(PART).counts
    view = game.view(0)
    assert view["board"] == BoardView(leaders=(0,) if counts[0] > 0 else (0, 1), own=counts[0])
    assert game.view(None)["board"].own is None  # the spectator has no own count
    assert view["tally"].counts == tuple(counts)  # the one-argument view of the counter game still works
    assert view.to_dict()["parts"]["board"] == {"leaders": list(view["board"].leaders), "own": counts[0]}


def test_a_game_reading_view_passes_the_conformance_kit():
    # views stay put after the game moves on, leak nothing, survive save/load and clones
    conformance_suite([counter(), board_plugin()], players=[1, 2], games=2)


def test_the_view_form_is_decided_at_registration_not_per_call(monkeypatch):
    rs = beanframe.compose([counter(), board_plugin()], 2)
    assert rs.part_view_takes_game == {"tally": False, "board": True}
    game = rs.new_game(seed=1)

    def no_inspection(*args, **kwargs):
        raise AssertionError("a view signature was inspected per call")

    monkeypatch.setattr(inspect, "signature", no_inspection)
    assert game.view(1)["board"].own == 0


def test_a_view_of_another_form_is_a_config_error_naming_the_part():
    class Odd(Tally):
        def view(self, player, other):  # a second parameter that is not named "game"
            return None

    odd = house(beanframe_register_parts=lambda register: register("odd", Tally.empty, Odd))
    with pytest.raises(ConfigError, match=r"house: state part 'odd': Odd\.view\(player, other\) must take \(player\) or \(player, game\)"):
        beanframe.compose([counter(), odd], 2)
    blind = house(beanframe_register_parts=lambda register: register("blind", dict, dict))
    with pytest.raises(ConfigError, match=r"house: state part 'blind': its class 'dict' has no view\(player\) method"):
        beanframe.compose([counter(), blind], 2)


# --------------------------------------------------------------------------------------------
# 2. Parts can be replaced by a later variant
# --------------------------------------------------------------------------------------------


@frozen
class SecretTallyView:
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    deck_size: int
    played: tuple[int, ...]
    total: int  # only the sum of the counts is public in this house rule


@define(slots=True)
class SecretTally(Tally):
    @classmethod
    def empty(cls, config) -> SecretTally:
        base = Tally.empty(config)
        return cls(base.counts, base.hands, bug=base.bug)

    def clone(self) -> SecretTally:
        return SecretTally(self.counts.copy(), [h.copy() for h in self.hands], self.pool.copy(), self.played.copy(), self.bug)

    def view(self, player, game) -> SecretTallyView:
        full = super().view(player)
        return SecretTallyView(full.hand, full.hand_sizes, full.deck_size, full.played, sum(self.counts))


def secret_plugin():
    return house("secret", beanframe_register_parts=lambda register: register(PART, SecretTally.empty, SecretTally, replace=True))


def test_a_later_variant_replaces_a_part():
    rs = beanframe.compose([secret_plugin(), counter()], 2)
    assert rs.part_classes[PART] is SecretTally and rs.part_view_takes_game[PART] is True
    game = rs.new_game(seed=2)
    assert type(game.part(PART)) is SecretTally
    game.apply("play h1")
    view = game.view(1)[PART]
    assert isinstance(view, SecretTallyView) and view.total == sum(game.part(PART).counts)
    assert not hasattr(view, "counts")
    loaded = beanframe.load_game(game.to_json(), plugins=[counter(), secret_plugin()])  # saves use the new class
    assert type(loaded.part(PART)) is SecretTally and loaded.to_json() == game.to_json()


def test_the_replaced_part_plays_under_every_check():
    conformance_suite([counter(), secret_plugin()], players=2, games=2)


def test_a_part_registered_twice_needs_replace():
    twice = house(beanframe_register_parts=lambda register: register(PART, SecretTally.empty, SecretTally))
    with pytest.raises(ConfigError, match=r"house: state part 'tally' is registered twice \(use replace=True\)"):
        beanframe.compose([counter(), twice], 2)


def test_replacing_a_part_that_does_not_exist_names_it():
    typo = house(beanframe_register_parts=lambda register: register("taly", SecretTally.empty, SecretTally, replace=True))
    with pytest.raises(ConfigError, match=r"house: cannot replace state part 'taly': there is none \(did you mean 'tally'\?"):
        beanframe.compose([counter(), typo], 2)


# --------------------------------------------------------------------------------------------
# 3. Removing or replacing what does not exist is a ConfigError naming it
# --------------------------------------------------------------------------------------------


@frozen(cache_hash=True)
class Bonus(Action):
    name = "bonus"


def _bonus_legal(game, player):
    return [Bonus()] if game.part(PART).counts[player] == 0 else []


def _bonus_apply(game, action, player):
    game.part(PART).counts[player] += 1


BONUS = Option("bonus", (Bonus,), _bonus_legal, _bonus_apply)


def bonus_plugin():
    return house(
        "bonus_rule",
        beanframe_register_actions=lambda register: register(Bonus),
        beanframe_register_options=lambda register: register(BONUS),
    )


def test_removing_an_option_removes_it():
    gone = house("zzz", requires=("bonus_rule",), beanframe_register_options=lambda register: register.remove("bonus"))
    rs = beanframe.compose([counter(), bonus_plugin(), gone], 2)
    assert rs.any_time == ()
    assert "bonus" not in [a.code for a in rs.new_game(seed=1).legal_actions()]


def test_removing_a_misspelt_option_names_it_and_suggests_the_close_name():
    typo = house("zzz", requires=("bonus_rule",), beanframe_register_options=lambda register: register.remove("bonsu"))
    with pytest.raises(ConfigError, match=r"zzz: cannot remove option 'bonsu': there is none \(did you mean 'bonus'\? known: bonus\)"):
        beanframe.compose([counter(), bonus_plugin(), typo], 2)


def test_replacing_an_option_that_does_not_exist_is_refused():
    typo = house(
        "zzz",
        requires=("bonus_rule",),
        beanframe_register_options=lambda register: register(attrs.evolve(BONUS, name="bonuss"), replace=True),
    )
    with pytest.raises(ConfigError, match=r"zzz: cannot replace option 'bonuss': there is none \(did you mean 'bonus'\?"):
        beanframe.compose([counter(), bonus_plugin(), typo], 2)


class Other(Step):
    kind = "count_trun"  # misspelt


def test_steps_can_be_removed_and_a_misspelt_step_is_named():
    def swap(register):
        register.remove("count_turn")

    rs = beanframe.compose([counter(), house(beanframe_register_steps=swap)], 2)
    assert "count_turn" not in rs.steps
    typo = house(beanframe_register_steps=lambda register: register.remove("count_trun"))
    with pytest.raises(ConfigError, match=r"house: cannot remove step 'count_trun': there is none \(did you mean 'count_turn'\?"):
        beanframe.compose([counter(), typo], 2)
    replace_typo = house(beanframe_register_steps=lambda register: register(Other(), replace=True))
    with pytest.raises(ConfigError, match=r"house: cannot replace step 'count_trun': there is none \(did you mean 'count_turn'\?"):
        beanframe.compose([counter(), replace_typo], 2)


@pytest.mark.parametrize(
    "edit",
    [
        lambda pipeline: pipeline.remove("cuont"),
        lambda pipeline: pipeline.replace("cuont", lambda game: None),
        lambda pipeline: pipeline.wrap("cuont", lambda game, inner: inner(game)),
        lambda pipeline: pipeline.set_skip("cuont", None),
    ],
)
def test_editing_a_misspelt_phase_names_variant_phase_and_close_name(edit):
    typo = house(beanframe_register_phases=edit)
    with pytest.raises(ConfigError, match=r"beanframe_register_phases of house: no phase named 'cuont' \(did you mean 'count'\?"):
        beanframe.compose([counter(), typo], 2)


# --------------------------------------------------------------------------------------------
# 4. Parameters are validated at composition
# --------------------------------------------------------------------------------------------


@frozen
class Prize:
    points: int = field(validator=whole(1, 10))


@define
class Rules:
    draw: int = field(default=2, validator=whole(0))
    prizes: tuple[Prize, ...] = field(factory=lambda: (Prize(1), Prize(2)))


def rules_plugin(validate=None):
    hooks = {"beanframe_configure": lambda config: config.params.__setitem__("rules", Rules())}
    if validate is not None:
        hooks["beanframe_validate_config"] = validate
    return house("rules_base", **hooks)


def test_a_bad_parameter_set_in_configure_fails_in_compose_naming_it():
    def configure(config):
        config.params["rules"].draw = "3"  # the record's validator refuses it at once

    bad = house("zzz", requires=("rules_base",), beanframe_configure=configure)
    with pytest.raises(ConfigError, match=r"beanframe_configure of zzz: draw must be a whole number, not '3' \(str\)"):
        beanframe.compose([counter(), rules_plugin(), bad], 2)

    def evolve(config):
        config.params["rules"] = attrs.evolve(config.params["rules"], draw=-1)

    worse = house("zzz", requires=("rules_base",), beanframe_configure=evolve)
    with pytest.raises(ConfigError, match=r"beanframe_configure of zzz: draw must be at least 0, not -1"):
        beanframe.compose([counter(), rules_plugin(), worse], 2)


def test_every_params_record_is_validated_again_after_configure():
    # a record whose validators were bypassed (and a nested record in a tuple) is still caught
    def configure(config):
        rules = config.params["rules"]
        object.__setattr__(rules, "draw", 2.5)
        object.__setattr__(rules.prizes[1], "points", 11)

    sneaky = house("zzz", requires=("rules_base",), beanframe_configure=configure)
    with pytest.raises(ConfigError) as caught:
        beanframe.compose([counter(), rules_plugin(), sneaky], 2)
    message = str(caught.value)
    assert message.startswith("bad parameters for counter + rules_base + zzz: ")
    assert "rules.draw: draw must be a whole number, not 2.5 (float)" in message
    assert "rules.prizes[1].points: points must be from 1 to 10, not 11" in message
    assert "\n" not in message


def test_validate_config_sees_the_final_parameters_and_names_its_variant():
    seen = []

    def validate(config):
        seen.append(config.params["rules"].draw)
        return [] if config.params["rules"].draw < 5 else [f"rules.draw: {config.params['rules'].draw} is too many"]

    def configure(config):
        config.params["rules"].draw = 7

    later = house("zzz", requires=("rules_base",), beanframe_configure=configure)
    with pytest.raises(ConfigError, match=r"bad parameters for .*: rules_base: rules.draw: 7 is too many"):
        beanframe.compose([counter(), rules_plugin(validate), later], 2)
    assert seen == [7]  # called once, after every configure hook
    assert beanframe.compose([counter(), rules_plugin(validate)], 2).config.params["rules"].draw == 2


def test_validate_config_must_return_a_list():
    with pytest.raises(ConfigError, match=r"rules_base: beanframe_validate_config returned None, not a list of problems"):
        beanframe.compose([counter(), rules_plugin(lambda config: None)], 2)
