"""Ali Baba's segments of the observation vector (issue 10 "Observations and returns", issue 11):
their content on stacked positions, and that nothing hidden (other players' movement cards, the
order of a pile's face-down cards) reaches an observer's vector."""

from __future__ import annotations

import random

import numpy as np
import pytest

from beanframe.testing.observation import observation_problems
from beanframe_plugins.ali_baba.data import CARDS, EVENTS

from .helpers import BOARD, before, field, new, part, situation

SEGMENTS = (
    "ali_baba.field", "ali_baba.district", "ali_baba.lap", "ali_baba.moves", "ali_baba.moves_played",
    "ali_baba.moves_held", "ali_baba.piasters", "ali_baba.cards", "ali_baba.arrested", "ali_baba.piles",
    "ali_baba.dice", "ali_baba.hunted", "ali_baba.negotiation", "ali_baba.offer_piasters", "ali_baba.decision",
)  # fmt: skip


def seg(game, player):
    return game.ruleset.observation_layout.split(game.observation(player))


def where(game, player):
    """``ali_baba.cards`` as one row per card: [seat 0..n-1, open, face down, shed under]."""
    return seg(game, player)["ali_baba.cards"].reshape(CARDS, game.players + 3)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_layout_has_every_segment_with_its_documented_size(players):
    rules = new(players).ruleset
    layout = rules.observation_layout
    n = players
    sizes = {s.name: s.size for s in layout if s.variant == "ali_baba"}
    assert tuple(sizes) == SEGMENTS
    assert sizes["ali_baba.field"] == len(BOARD.field_ids)
    assert sizes["ali_baba.cards"] == CARDS * (n + 3)
    assert sizes["ali_baba.negotiation"] == 3 * n + 131
    assert sizes["ali_baba.offer_piasters"] == 2
    assert sizes["ali_baba.decision"] == n + 18
    assert rules.observation_shape == (layout.size,)


def test_table_position_piasters_and_bandits_in_relative_seats():
    # RULES E: Ali Baba's field, everyone's piasters and bandits are open on the table
    game = situation(3, at="3-02", bandits={0: [36, 37], 2: [50]}, piasters={1: 1234, 2: 99})
    t = part(game)
    for p in range(3):
        s = seg(game, p)
        assert s["ali_baba.field"].tolist() == [1.0 if f == field("3-02") else 0.0 for f in range(len(BOARD.field_ids))]
        assert s["ali_baba.district"].tolist() == [0, 0, 1, 0]
        assert s["ali_baba.piasters"].tolist() == [t.piasters[(p + k) % 3] for k in range(3)]
        rows = where(game, p)
        assert rows[36, (0 - p) % 3] == 1 and rows[37, (0 - p) % 3] == 1 and rows[50, (2 - p) % 3] == 1
        assert (rows.sum(axis=1) == 1).all()  # every card is in exactly one place
    assert where(game, 1)[36].tolist() == [0, 0, 1, 0, 0, 0]  # for player 2, player 1 sits two seats on


def test_open_cards_face_down_cards_and_cards_shed_under_a_pile():
    # a card back to the bank goes face up under its pile: everyone knows it is there
    # sold or shed earlier: card 5 lies face up under the swindlers' pile (its known bottom card)
    swindlers = ["k8", *(f"k{c + 1}" for c in range(16) if c not in (5, 7)), "k6"]  # the open card first
    others = [[f"k{c + 1}" for c in range(g * 16, g * 16 + 16)] for g in (1, 2, 3)]
    game = situation(at="1-01", hand=(1,), piles=[swindlers, *others], known_bottom=[1, 0, 0, 0])
    t = part(game)
    rows = where(game, 1)
    n = 2
    assert rows[7, n] == 1  # the open card of the swindlers' pile
    assert rows[5, n + 2] == 1  # shed under it
    face_down = [c for c in t.piles[0] if c not in (5, 7)]
    assert all(rows[c, n + 1] == 1 for c in face_down)
    assert seg(game, 1)["ali_baba.piles"].tolist() == [len(p) for p in t.piles]


def test_own_movement_cards_in_full_others_only_as_counts():
    # the cards no one holds were played this round (24 movement cards: RULES E "Spelmateriaal")
    game = situation(3, at="1-01", hands=[[1, 2, 2, 5], [1, 1, 3], [4]])
    t = part(game)
    s = seg(game, 0)
    assert s["ali_baba.moves"].tolist() == [1, 2, 0, 0, 1]
    assert s["ali_baba.moves_held"].tolist() == [4, 3, 1]
    assert s["ali_baba.moves_played"].tolist() == [7, 4, 3, 1, 1] == [t.played.count(v) for v in range(1, 6)]
    assert s["ali_baba.lap"].tolist() == [1, 52 - 19, 8]  # round, steps walked, cards in hands
    assert seg(game, 1)["ali_baba.moves"].tolist() == [2, 0, 1, 0, 0]
    assert not seg(game, None)["ali_baba.moves"].any()  # a spectator holds no cards


def test_dice_hunted_gangs_and_arrested_cards():
    game = situation(at="1-01", bandits={1: [46]}, black=4, white=3, hunted=["deceivers"], arrested=[[], ["k47"]])
    s = seg(game, 0)
    assert s["ali_baba.dice"].tolist() == [0, 0, 0, 1, 0, 0] + [0, 0, 1, 0, 0, 0]
    assert s["ali_baba.hunted"].tolist() == [0, 0, 1, 0]
    assert np.flatnonzero(s["ali_baba.arrested"]).tolist() == [46]


def test_the_offer_on_the_table_and_the_offers_made_are_public():
    # RULES E: bandit cards lie open, so an offer is public as it is built and once it is sent
    f = BOARD.event_of.index(EVENTS.index("bazaar"))
    game = situation(3, at=BOARD.field_ids[before(BOARD.field_ids[f])], hand=(1,), bandits={0: [1, 2], 1: [20], 2: [40]})
    game.apply("move c1")
    n = 3
    # layout: offers made (n), last chance (1), built / sent (2), maker (n), addressee (n), given (64), asked (64)
    built, maker, to, given = n + 1, n + 3, 2 * n + 3, 3 * n + 3
    asked = given + CARDS

    def neg(p):
        return seg(game, p)["ali_baba.negotiation"]

    for code in ("offer k2", "offer k3", "pay m50"):
        game.apply(code, player=0)
    for p in range(3):
        v = neg(p)
        assert v[:n].tolist() == [1.0 if (p + k) % 3 == 0 else 0.0 for k in range(n)]  # player 1 started one
        assert v[built : built + 2].tolist() == [1, 0]  # being built
        assert np.flatnonzero(v[maker : maker + n]).tolist() == [(0 - p) % 3]
        assert not v[to : to + n].any()  # no addressee yet
        assert np.flatnonzero(v[given : given + CARDS]).tolist() == [1, 2]
        assert not v[asked:].any()
        assert seg(game, p)["ali_baba.offer_piasters"].tolist() == [50, 0]
    game.apply("send p3")
    v = neg(1)
    assert v[built : built + 2].tolist() == [0, 1]  # sent, awaiting the answer
    assert np.flatnonzero(v[to : to + n]).tolist() == [(2 - 1) % 3]
    game.apply("decline")
    assert not neg(0)[built:].any() and not seg(game, 0)["ali_baba.offer_piasters"].any()
    for code in ("ask k21", "charge m10", "offer k3", "send p2"):
        game.apply(code, player=0)
    v = neg(1)
    assert np.flatnonzero(v[given : given + CARDS]).tolist() == [2]
    assert np.flatnonzero(v[asked:]).tolist() == [20]
    assert seg(game, 1)["ali_baba.offer_piasters"].tolist() == [0, 10]
    assert v[(0 - 1) % 3] == 2  # player 1 made two offers


def test_the_pending_decision_shows_its_public_arguments():
    f = BOARD.event_of.index(EVENTS.index("gain_200"))
    game = situation(3, at=BOARD.field_ids[before(BOARD.field_ids[f])], hand=(1,))
    game.apply("move c1")
    dec = seg(game, 0)["ali_baba.decision"]
    assert np.flatnonzero(dec).tolist() == [9 + EVENTS.index("gain_200")]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_redealing_what_a_player_cannot_see_never_changes_the_vector(players):
    # hidden: other players' movement cards, the order of each pile's face-down part
    rules = new(players).ruleset
    for seed in range(2):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        for step in range(300):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            if step % 25 == 0:
                assert observation_problems(game, random.Random(step)) == []
