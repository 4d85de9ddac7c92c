"""Set-up, the turn's landscape effects, depots, fortresses, scoring and options through the engine
(RULES D "Board", "Turn", "Landscapes", "Munitions depot", "Game end"; F.10, F.11, F.22)."""

import pytest

import beanframe
from beanframe.errors import ConfigError

from .helpers import VARIANTS, board, codes, new, situation, table

OTHERS = {24: 2, 27: 3}
CAMP, MONASTERY, FARM, VILLAGE, QUARRY = 1, 0, 6, 7, 12


def test_camps_chosen_counter_clockwise_and_last_chooser_starts():
    # RULES D "Board": camps chosen counter-clockwise; 1 marker on the camp, 11 kept; the last
    # chooser starts; play is clockwise.
    g = new(4)
    order = []
    while g.stage_name == "setup":
        order.append(g.to_act)
        g.apply(codes(g)[0])
    assert order == [0, 3, 2, 1]
    b = board(g)
    assert b.markers == [11, 11, 11, 11]
    assert sorted(b.camps) == sorted(i for i, k in enumerate(b.kinds) if k == "camp")
    assert g.state.active == 1
    assert all(len(f) == 2 for f in table(g).fields)  # no third field


def test_third_field_is_not_offered():
    g = situation(at="plant", owners={**OTHERS, CAMP: 0}, hands=[["fire"], [], [], []], coins=[5, 0, 0, 0])
    assert "buy-field" not in codes(g)


@pytest.mark.parametrize("card, coin", [("Garden Bean", True), ("Soy Bean", True), ("Green Bean", False), ("fire", False)])
def test_monastery_flips_before_phase_one(card, coin):
    # F.11: strength 6-12 becomes a coin, anything else goes to the discard.
    g = situation(at="monastery", owners={**OTHERS, CAMP: 0, MONASTERY: 0}, hands=[["blue"], [], [], []], deck=[card])
    t = table(g)
    assert (len(t.coins[0]) == 1) is coin
    assert any(e[0] == "monastery" for e in g.events)


def test_farm_turns_up_one_more_card():
    # RULES D "Turn" 2: each owned farm flips one extra card.
    g = situation(at="trade", owners={**OTHERS, CAMP: 0, FARM: 0, 9: 0}, deck=["fire", "blue", "Stink Bean", "Green Bean"])
    assert len(g.part("trade").face_up) == 4


def test_village_draws_one_more_card():
    # RULES D "Turn" 5: three cards plus one per owned village.
    g = situation(at="draw", owners={**OTHERS, CAMP: 0, VILLAGE: 0}, hands=[[], ["fire"], [], []])
    assert len(table(g).hands[0]) == 4


def test_depot_bought_outside_the_own_turn():
    # RULES D "Munitions depot", F.22: bought any time, also outside the own turn, 3 coins, one each.
    g = situation(at="trade", owners={**OTHERS, CAMP: 0, 16: 1}, coins=[0, 3, 0, 0], hands=[["fire"], ["blue"], [], []])
    assert "buy-depot" in codes(g, 1)
    g.apply("buy-depot", 1)
    b = board(g)
    assert b.has_depot[1] and table(g).coins[1] == []
    assert "buy-depot" not in codes(g, 1)


def test_depot_takes_planted_cards_up_to_the_player_count():
    # RULES D "Munitions depot": phase-1 cards may go to the depot; it holds as many cards as players.
    g = situation(
        at="plant", owners={**OTHERS, CAMP: 0}, hands=[["fire", "blue", "Stink Bean"], [], [], []],
        depots={0: ["blue", "blue", "blue"]},
    )
    assert "depot" in codes(g)
    g.apply("depot")
    b = board(g)
    assert len(b.depots[0]) == 4
    assert "depot" not in codes(g)  # full at 4 players


def test_fortress_built_from_a_quarry():
    # RULES D "Quarry": the owner pays 2 coins, empties the quarry, builds a fortress under an own
    # landscape (+1 VP).
    g = situation(at="plant", owners={**OTHERS, CAMP: 0, QUARRY - 1: 0, QUARRY: 0}, hands=[["fire"], [], [], []], coins=[2, 0, 0, 0])
    assert "fortress l2" in codes(g) and "fortress l25" not in codes(g)
    g.apply("fortress l2")
    b = board(g)
    assert b.fortresses == [CAMP] and b.empty_quarries == [QUARRY] and table(g).coins[0] == []
    assert not [c for c in codes(g) if c.startswith("fortress")]


def test_score_is_victory_points_and_coins_are_worthless():
    # RULES D: coins are worth nothing; city 3, camp F.10; most VP wins.
    g = situation(owners={CAMP: 0, 5: 0, 16: 1, 24: 2, 27: 3}, coins=[0, 9, 0, 0], run_outs=4)
    g.end_game(now=True)
    assert g.result.winners == ("p1",)
    assert g.result.scores["p1"] == 4 and g.result.scores["p2"] == 1


def test_camp_vp_option():
    g = situation(owners={CAMP: 0, 16: 1, 17: 1, 24: 2, 27: 3}, options={"bohnaparte": {"camp_vp": 0}})
    g.end_game(now=True)
    assert g.result.scores["p1"] == 0 and g.result.scores["p2"] == 1


@pytest.mark.parametrize("runs", [3, 4, 5])
def test_deck_runs_option(runs):
    # RULES D "Game end": the fourth run-out (variants: third, fifth).
    g = new(4, options={"bohnaparte": {"deck_runs": runs}})
    assert table(g).run_out_limit == runs


def test_layout_options_and_errors(tmp_path):
    assert len(new(3, options={"bohnaparte": {"layout": "pyramid5"}}).part("board").kinds) == 15
    assert new(4, options={"bohnaparte": {"layout": "checkerboard"}}).ruleset.config.params["bohnaparte"].layout.pattern == "checkerboard"
    a = new(4, seed=1, options={"bohnaparte": {"layout": "random"}}).part("board").kinds
    b = new(4, seed=2, options={"bohnaparte": {"layout": "random"}}).part("board").kinds
    assert sorted(a) == sorted(b) and a != b
    with pytest.raises(ConfigError, match="for 3 players"):
        beanframe.compose(VARIANTS, 4, {"bohnaparte": {"layout": "pyramid6"}})
    bad = tmp_path / "bad.toml"
    bad.write_text('players = 4\nrows = ["A A A Z"]')
    with pytest.raises(ConfigError, match="unknown landscape 'Z'"):
        beanframe.compose(VARIANTS, 4, {"bohnaparte": {"layout_file": str(bad)}})
    good = tmp_path / "good.toml"
    good.write_text('players = 3\nrows = ["A F V C", "M S Q", "A F V C A"]')
    assert beanframe.compose(VARIANTS, 3, {"bohnaparte": {"layout_file": str(good)}}).new_game(seed=1).part("board").kinds[0] == "camp"
    with pytest.raises(ConfigError, match="for 3 players, not 4"):
        beanframe.compose(VARIANTS, 4, {"bohnaparte": {"layout_file": str(good)}})


def test_at_most_one_fortress_under_a_landscape():
    # RULES D "Quarry" (rulebook "De bouw van een vesting"): one fortress per landscape. Two full
    # quarries and four coins: after a fortress under the camp, the second quarry still builds,
    # but not under the camp again.
    second_quarry = 25
    owners = {**OTHERS, CAMP: 0, MONASTERY: 0, QUARRY: 0, second_quarry: 0}
    g = situation(at="plant", owners=owners, hands=[["fire"], [], [], []], coins=[4, 0, 0, 0])
    g.apply("fortress l2")
    fortress_codes = [c for c in codes(g) if c.startswith("fortress")]
    assert "fortress l1" in fortress_codes  # a full quarry and the price are there...
    assert "fortress l2" not in fortress_codes  # ...but the camp has its fortress
    done = len(g.actions)
    with pytest.raises(beanframe.IllegalActionError):
        g.apply("fortress l2")
    assert len(g.actions) == done and board(g).fortresses == [CAMP] and len(table(g).coins[0]) == 2


def test_the_invariants_catch_two_fortresses_under_one_landscape():
    # RULES D "Quarry": the board invariant the conformance kit checks after every action
    from beanframe.testing import invariant_problems

    g = situation(owners={**OTHERS, CAMP: 0}, fortresses=[CAMP])
    assert invariant_problems(g) == []
    board(g).fortresses.append(CAMP)
    assert any("two fortresses under one landscape" in p for p in invariant_problems(g))
