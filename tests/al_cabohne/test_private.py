"""Private records in Al Cabohne (F.13: hands are private): which hand card a player gives a boss
is that player's secret (the bean itself is seen on the boss's field), and only the drawer learns
the cards drawn in phase 6. Replays the scripted opening of ``test_scripted_game``."""

from __future__ import annotations

import json

from .helpers import new
from .test_scripted_game import DECK


def opening():
    game = new(2, deck=DECK)
    for code in ("plant f1", "plant f1", "done", "plant-pile s1 f1", "give h2 b1", "done"):
        game.apply(code)
    return game


# F.13: the hand position of a gift is private; the gift itself (bean and boss) is public
def test_a_gift_shows_others_only_which_boss_got_a_hand_card():
    game = opening()
    gift = ("give h2 b1", "give h? b1")
    assert gift[0] in [code for _, code in game.history_for(0)]
    for other in (1, None):
        known = [code for _, code in game.history_for(other)]
        assert gift[1] in known and gift[0] not in known
        assert "player 1 gives Kidney Bean to Al Cabohne" in game.log_for(other)  # the bean is seen
    action = game.actions[4]
    assert action.public_code == "give h? b1" and action.describe_public(game) == "give a hand card to Al Cabohne"
    assert "h2" not in json.dumps(game.view(1).to_dict()["record"]["history"])


# F.13: the drawer knows the drawn beans, the others only that two cards were drawn (phase 6)
def test_only_the_drawer_learns_the_cards_drawn():
    game = opening()
    assert [e for e in game.events if e[0] == "draw"] == [("draw", 0, 4), ("draw", 0, 4)]  # Stink Bean x2
    assert game.log_for(0)[-3:-1] == ["player 1 draws Stink Bean"] * 2
    for other in (1, None):
        assert game.events_for(other).count(("draw", 0)) == 2
        assert game.log_for(other)[-3:-1] == ["player 1 draws a card"] * 2
        assert "Stink Bean" not in " ".join(line for line in game.log_for(other) if "draws" in line)
    assert "player 1 draws Stink Bean" in game.log  # the full record (saves, replays) keeps it
