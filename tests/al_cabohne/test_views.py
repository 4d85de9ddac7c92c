"""Hidden information (F.13): own hand in order, other hands only as sizes, the deck only as a
count, the discard fully visible."""

from __future__ import annotations

from .helpers import many, situation


def _game(p2_hand, seed):
    return situation(
        at="play",
        hands=[["fire", "blue", "kidney"], p2_hand],
        fields=[[many("puff", 2), []], [["french"], []]],
        bosses=[["runner"], ["broad"]],
        discard=["blue", "fire", "kidney"],
        coins=[["blue"], 2],  # one's own coins' beans are one's own to see
        treasury=3,
        seed=seed,
    )


# F.13: a player's view holds the own hand in order, the other hands only as sizes, the deck as a
# count, and the whole discard in order
def test_view_contents():
    game = _game(["puff", "puff"], seed=1)
    v = game.view(0)["beans"]
    assert v.hand == ("Chili Bean", "Blue Bean", "Kidney Bean")
    assert v.hand_sizes == (3, 2)
    assert v.deck_size == len(game.part("beans").deck)
    assert v.discard[-3:] == ("Kidney Bean", "Chili Bean", "Blue Bean")  # bottom first, top last
    assert len(v.discard) == len(game.part("beans").discard)
    assert v.coins == (1, 2)
    m = game.view(0)["mafia"]
    assert m.fields == (("Runner Bean",), ("Stink Bean",)) and m.treasury == 3
    assert game.view(1)["beans"].hand == ("Fava Bean", "Fava Bean")
    assert game.view(None)["beans"].hand is None


def _position(view):
    data = view.to_dict()
    del data["record"]  # the two games were set up from different seeds: their histories differ
    return data


# F.13: what a player may not see (the other hand, the deck order) does not change the view
def test_view_leaks_no_hidden_information():
    a = _game(["puff", "puff"], seed=1)
    b = _game(["blue", "kidney"], seed=2)
    assert a.part("beans").hands[1] != b.part("beans").hands[1]
    assert a.part("beans").deck != b.part("beans").deck
    assert _position(a.view(0)) == _position(b.view(0))
    assert _position(a.view(None)) == _position(b.view(None))
    assert _position(a.view(1)) != _position(b.view(1))
