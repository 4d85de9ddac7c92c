"""The attack phase through the engine (RULES D "Attack", "Landscapes", F.26). standard_4 numbers
its landscapes row by row: l2 is an army camp touching the monastery l1, the iron mine l3, the farm
l7 and the village l8."""

import random

import pytest

from beanframe.testing import check_save_load

from .helpers import board, codes, new, situation, table

CAMP, MONASTERY, IRON, FARM, VILLAGE, SWAMP_CAMP = 1, 0, 2, 6, 7, 16
OTHERS = {24: 2, 27: 3}  # players 3 and 4 keep a landscape far away (else the game would end at once)


def test_rulebook_example_fire_against_depot_fire_holds_then_deck_brech_loses():
    # RULES D "Attack", rulebook example: Marc attacks Carl's farm with a Chili Bean from his hand;
    # Carl lays a Chili Bean from his depot: a tie, Carl holds. Marc pays again and lays another
    # Chili Bean; Carl takes the deck top unseen: a Green Bean (14): Marc conquers the farm.
    g = situation(
        owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1},
        hands=[["Green Bean", "fire", "fire"], ["Garden Bean"], [], []],
        coins=[2, 0, 0, 0],
        depots={1: ["fire"]},
        deck=["Green Bean"],
    )
    b, t = board(g), table(g)
    assert "attack l7" in codes(g)
    discard = len(t.discard)
    g.apply("attack l7")
    assert len(t.coins[0]) == 1 and len(t.discard) == discard + 1  # the coin goes onto the discard
    assert g.to_act == 0 and "fight-hand h3" in codes(g)  # the attacker lays first, any position
    g.apply("fight-hand h2")
    assert g.to_act == 1 and {"fight-depot d1", "fight-deck", "fight-hand h1"} <= set(codes(g))
    g.apply("fight-depot d1")
    assert b.owners[FARM] == 1 and b.depots[1] == []  # 18 against 18: the defender holds
    assert g.frame.kind == "attack"  # the attacker may attack again
    g.apply("attack l7")
    g.apply("fight-hand h2")
    g.apply("fight-deck")
    assert b.owners[FARM] == 0  # 18 against the deck's Green Bean 14
    assert b.markers == [10, 11, 11, 11]  # Carl's marker returned, Marc's placed
    assert t.coins[0] == []
    assert g.frame.kind != "attack" or codes(g) == ["stop-attacking"]


def test_neutral_land_defends_with_the_deck_top():
    # RULES D "Attack": a neutral landscape always defends with the top deck card.
    g = situation(owners={**OTHERS, CAMP: 0}, hands=[["Stink Bean"], [], [], []], coins=[1, 0, 0, 0], deck=["fire"])
    g.apply("attack l7")
    assert g.to_act == 0
    g.apply("fight-hand h1")  # no defender's decision follows
    assert board(g).owners[FARM] == -1  # Stink Bean 16 against Chili Bean 18
    assert g.frame is None or g.frame.kind != "defend_card"


def test_targets_touch_own_land_and_never_rivers():
    g = situation(owners={**OTHERS, CAMP: 0}, coins=[1, 0, 0, 0])
    assert sorted(c for c in codes(g) if c.startswith("attack")) == ["attack l1", "attack l3", "attack l7", "attack l8"]


def test_no_coin_no_attack():
    # RULES D "Attack": each attack costs a coin; without one the phase passes.
    g = situation(owners={**OTHERS, CAMP: 0}, coins=[0, 0, 0, 0])
    assert g.frame is None or g.frame.kind != "attack"


def test_village_defends_at_least_sixteen():
    g = situation(owners={**OTHERS, CAMP: 0, VILLAGE: 1, 16: 1}, hands=[["Stink Bean"], ["Garden Bean"], [], []], coins=[1, 0, 0, 0])
    g.apply("attack l8")
    g.apply("fight-hand h1")
    g.apply("fight-hand h1")
    assert board(g).owners[VILLAGE] == 1  # 16 against a Garden Bean raised to 16


def test_cannon_wins_the_tie_against_a_village():
    # RULES D "Iron mine": with a cannon the attacker wins ties against a village.
    g = situation(owners={**OTHERS, CAMP: 0, IRON: 0, VILLAGE: 1, 16: 1}, hands=[["Stink Bean"], ["Garden Bean"], [], []], coins=[1, 0, 0, 0])
    g.apply("attack l8")
    g.apply("fight-hand h1")
    g.apply("fight-hand h1")
    assert board(g).owners[VILLAGE] == 0


def test_fortress_adds_two():
    # RULES D "Quarry": a fortress raises the defence by 2.
    g = situation(
        owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1}, hands=[["Stink Bean"], ["Green Bean"], [], []], coins=[1, 0, 0, 0], fortresses=[FARM]
    )
    g.apply("attack l7")
    g.apply("fight-hand h1")
    g.apply("fight-hand h1")
    assert board(g).owners[FARM] == 1  # 16 against 14 + 2


def test_swamp_forbids_depot_cards():
    # RULES D "Landscapes": no depot cards on either side when a swamp is attacked. l12 is a swamp
    # next to the farm l7 (row 2 of standard_4).
    g = situation(
        owners={**OTHERS, FARM: 0, 11: 1, 16: 1}, hands=[["Stink Bean"], ["Green Bean"], [], []], coins=[1, 0, 0, 0],
        depots={0: ["blue"], 1: ["blue"]},
    )
    g.apply("attack l12")
    assert not [c for c in codes(g) if c.startswith("fight-depot")]
    g.apply("fight-hand h1")
    assert not [c for c in codes(g) if c.startswith("fight-depot")]


def test_losing_the_camp_keeps_a_player_with_land_in_the_game():
    # RULES D "Attack": a player who lost the camp plays on while owning any landscape.
    g = situation(owners={**OTHERS, FARM: 0, CAMP: 1, 0: 1, 16: 2}, hands=[["blue"], ["Garden Bean"], [], []], coins=[1, 0, 0, 0])
    g.apply("attack l2")
    g.apply("fight-hand h1")
    g.apply("fight-hand h1")
    assert board(g).owners[CAMP] == 0 and not g.is_over


def test_a_player_with_no_landscape_ends_the_game():
    # RULES D "Game end": the game ends when a player owns none; "most victory points wins", not
    # the player who ended it. Player 3 holds the camp l17 and the city l6, player 4 the camp l25
    # with a fortress under it.
    g = situation(
        owners={CAMP: 0, FARM: 1, 16: 2, 5: 2, 24: 3}, fortresses=[24],
        hands=[["blue"], ["Garden Bean"], [], []], coins=[1, 0, 0, 0],
    )  # fmt: skip
    g.apply("attack l7")
    g.apply("fight-hand h1")
    g.apply("fight-hand h1")  # Blue Bean 20 against Garden Bean 6: player 2 loses the farm, the last
    assert g.is_over
    # by hand, rulebook "Landschapskaarten": farm 1 flag, city 3; F.10: a camp 1; a fortress +1
    assert g.result.scores == {"p1": 1 + 1, "p2": 0, "p3": 1 + 3, "p4": 1 + 1}
    assert g.result.winners == ("p3",)


def test_twelve_landscapes_end_the_game():
    # RULES D "Game end": earlier when a player owns 12 landscapes.
    own = {i: 0 for i in (0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11)}
    g = situation(owners={**own, 16: 1, 24: 2, 26: 3}, hands=[["blue"], [], [], []], coins=[1, 0, 0, 0], deck=["Garden Bean"])
    g.apply("attack l13")  # the neutral quarry below the swamp
    g.apply("fight-hand h1")
    assert g.is_over and g.result.winners == ("p1",)


def test_fifth_deck_only_for_the_attack_in_progress():
    # F.26: the fourth deck runs out during an attack: a fifth deck for that attack's cards only;
    # the game ends when the attack is over.
    g = situation(owners={**OTHERS, CAMP: 0}, coins=[1, 0, 0, 0], deck=["fire"], deck_size=1, run_outs=3)
    g.apply("attack l7")
    g.apply("fight-deck")  # the last card of the fourth deck: it runs out
    assert g.is_over
    assert table(g).run_outs == 4
    assert any(e[0] == "fifth_deck" for e in g.events)


def test_no_attack_after_the_last_run_out():
    # F.26: outside an attack, the turn is finished, but no attack starts after the last run-out.
    g = situation(owners={**OTHERS, CAMP: 0}, coins=[3, 0, 0, 0], run_outs=4, ending="after_turn")
    assert not [c for c in codes(g) if c.startswith("attack")]


def mid_attack(seed: int, stop_at: str):
    """A random 4-player game stopped at a fight card decision (None if it never came)."""
    g = new(4, seed=seed, options={"bohnanza": {"offers_per_turn": 1}})
    rng = random.Random(seed)
    while not g.is_over:
        if g.frame.kind == stop_at:
            return g
        p = rng.choice(g.deciders)
        legal = g.legal_actions(p)
        attacks = [a for a in legal if a.code.startswith("attack")]
        g.apply(rng.choice(attacks or legal), p)
    return None


@pytest.mark.parametrize("stop_at", ["attack_card", "defend_card"])
def test_save_and_load_in_the_middle_of_an_attack(stop_at):
    games = (mid_attack(seed, stop_at) for seed in range(10))
    g = next(g for g in games if g is not None)
    check_save_load(g)


def test_views_hide_the_fight_card_and_depots():
    # F.13: depot contents and face-down fight cards are hidden from the others.
    g = situation(
        owners={**OTHERS, CAMP: 0, FARM: 1, 16: 1}, hands=[["fire"], ["Green Bean"], [], []], coins=[1, 0, 0, 0], depots={1: ["blue"]}
    )
    g.apply("attack l7")
    g.apply("fight-hand h1")
    mine, theirs, spectator = g.view(0)["board"], g.view(1)["board"], g.view(None)["board"]
    assert mine.own_fight_card == ("Chili Bean",)
    assert theirs.own_fight_card is None and spectator.own_fight_card is None
    assert theirs.attack_laid and not theirs.defence_laid
    assert theirs.own_depot == ("Blue Bean",) and mine.own_depot == () and mine.depots[1] == 1
    assert "Chili Bean" not in repr(g.view(1)["board"]) and "Blaue" not in repr(g.view(2)["board"])


def test_city_defends_at_least_eighteen():
    # RULES D "Landscapes": a city's defence is at least 18: a Chili Bean only ties.
    g = situation(owners={**OTHERS, 4: 0}, hands=[["fire"], [], [], []], coins=[1, 0, 0, 0], deck=["Garden Bean"])
    g.apply("attack l6")
    g.apply("fight-hand h1")
    assert board(g).owners[5] == -1


def test_fourth_run_out_ends_the_game_after_the_turn():
    # RULES D "Game end": after the deck runs out for the fourth time (outside an attack: F.26, the
    # turn is finished with the cards there are).
    g = situation(at="draw", owners={**OTHERS, CAMP: 0, 16: 1}, hands=[[], ["fire"], [], []], deck=["fire"], deck_size=1, run_outs=3)
    assert table(g).run_outs == 4
    assert g.is_over
