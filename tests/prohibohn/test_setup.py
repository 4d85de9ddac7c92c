"""RULES B "Set-up changes": 7 cards, two face-down starting coins with the hand order kept, no
third field, the building supply; the pub variant's set-up."""

import pytest

import beanframe
from beanframe.errors import ConfigError
from beanframe_plugins.prohibohn.cards import CARDS, cards_in_play

from .helpers import codes, mafia, named, new, part, play, table

DECK = ["fire", "kidney", "puff", "broad", "french", "runner", "blue"] * 2 + ["blue", "blue", "kidney", "fire"]


def test_each_player_gets_7_cards_and_lays_2_as_starting_coins_keeping_the_order():
    # RULES B "Set-up changes"
    game = new(deck=DECK)
    t = table(game)
    assert game.frame.kind == "starting_coins" and game.to_act == 0
    assert [len(h) for h in t.hands] == [7, 7]
    before = named(game, t.hands[0])
    play(game, "coin h2", "coin h3")  # hand cards 2, then the new 3rd (originally the 4th)
    assert named(game, t.coins[0]) == [before[1], before[3]]
    assert named(game, t.hands[0]) == [before[0], before[2], *before[4:]]
    assert game.to_act == 1
    play(game, "coin h1", "coin h6")  # the last card of the 6 left
    assert [len(h) for h in t.hands] == [5, 5] and [len(c) for c in t.coins] == [2, 2]
    assert game.frame.kind == "play"  # turn 1 starts with phase 3


def test_the_starting_coins_come_after_the_bosses_first_cards():
    game = new(deck=DECK)
    assert all(mafia(game).bosses)
    names = [p.name for p in game.ruleset.pipeline.stage(0)]
    assert names.index("starting_coins") == names.index("mafia_start") + 1


def test_the_opponent_sees_only_how_many_starting_coins():
    # F.13: face-down coins are hidden; only their number is public
    game = new(deck=DECK)
    play(game, "coin h1", "coin h1")
    other = game.view(1).parts["beans"]
    assert other.coins[0] == 2 and other.own_coins == ()
    assert "starting_coin" in [e[0] for e in game.events]
    assert all(len(e) == 2 for e in game.events if e[0] == "starting_coin")  # the player only


def test_no_third_field_can_be_bought():
    # RULES B "Set-up changes": the third field cannot be bought
    rs = beanframe.compose(["al_cabohne", "prohibohn"], 2)
    assert "buy_field" not in [o.name for o in rs.any_time]
    assert rs.config.params["beans"].fields == rs.config.params["beans"].max_fields == 2


def test_the_supply_lies_open_sorted_by_kind_and_price():
    game = new()
    assert part(game).supply == list(cards_in_play(pub=False))
    view = game.view(None).parts["prohibohn"]
    assert view.supply[:3] == ("1-Casino", "3-Casino", "4-Casino")
    assert view.supply[-3:] == ("Police Station 3", "Police Station 4", "Razzia")


def test_prohibohn_is_for_two_players_and_needs_al_cabohne():
    with pytest.raises(ConfigError):
        beanframe.compose(["al_cabohne", "prohibohn"], 1)
    with pytest.raises(ConfigError, match="requires al_cabohne"):
        beanframe.compose(["prohibohn"], 2)


def test_pub_variant_adds_cognac_the_pubs_joe_and_three_fields():
    # RULES B "Pub variant"
    game = new(pub=True, seed=3)
    cards = game.ruleset.config.params["beans"].cards
    assert cards.total == 138 and cards.names[-1] == "Cognac Bean"
    assert [len(f) for f in table(game).fields] == [3, 3]
    assert mafia(game).boss_names == ("Al Cabohne", "Don Corlebohne", "Joe Bohnano")
    assert all(mafia(game).bosses)  # the solo-style mafia start fed Joe too
    assert [CARDS[i].name for i in part(game).supply if CARDS[i].kind == "pub"] == ["1-Pub", "3-Pub", "4-Pub"]
    assert "coin h1" in codes(game)


def test_starting_coins_stay_hidden_under_determinization():
    # issue 7: the face-down starting coins are hidden from the opponent, also under determinization
    import random

    game = new(deck=DECK)
    play(game, "coin h1", "coin h2", "coin h1", "coin h2")
    mine = list(table(game).coins[1])
    seen = set()
    rng = random.Random(1)
    for _ in range(30):
        copy = game.determinize(1, rng)
        assert table(copy).coins[1] == mine  # the observer's own coins are known
        assert copy.view(1) == game.view(1)
        seen.add(tuple(table(copy).coins[0]))
    assert len(seen) > 1  # the opponent's face-down coins are redealt
    assert part(game).face_down == [2, 2]


def test_the_observation_shows_the_cards_and_own_coins_by_bean_only():
    # F.13: buildings are public; coins by bean only to their owner
    game = new(deck=DECK)
    play(game, "coin h1", "coin h1", "coin h1", "coin h1")
    names = [s.name for s in game.ruleset.observation.segments] if hasattr(game.ruleset, "observation") else []
    assert not names or {"prohibohn.cards", "prohibohn.razzia", "prohibohn.own_coins"} <= set(names)
    mine, other = game.observation(0), game.observation(1)
    assert len(mine) == len(other)
    assert (game.observation(None) >= 0).all()
