"""The server's JSON (issue 28 §2): seat messages written by orjson say what the standard library's
encoder said (keys in order, non-ASCII as is, part views as their fields, no NaN), and the state
digest is a function of the state alone."""

from __future__ import annotations

import json
import math
import random

import pytest

from beanframe.core.game import new_game
from beanframe.core.persist import load_game
from beanframe.server.seat import seat_state, seat_update, to_json, view_data
from beanframe.adapters import variant_sets
from beanframe.core.saves import snapshot
from beanframe.server.store import (
    DIGEST_PREFIX,
    SNAPSHOT_PREFIX,
    digest_matches,
    legacy_digest,
    snapshot_digest,
    state_digest,
    state_text,
)


def _played(seed: int, actions: int):
    game = new_game(["bohnanza"], players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        player = game.deciders[0]
        game.apply(rng.choice(game.legal_actions(player)), player)
    return game


def test_seat_messages_decode_as_the_standard_encoder_wrote_them():
    game = _played(5, 40)
    for player in (0, 3, None):
        sent: dict = {}
        message = {"type": "state", **seat_state(game, player, sent)}
        text = to_json(message)
        plain = seat_state(game, player)  # plain data throughout
        assert json.loads(text) == json.loads(json.dumps({"type": "state", **plain}))
        assert list(json.loads(text)) == list(message)  # the keys' order is kept
        update = seat_update(game, player, 1, game.state.n_events - 1, sent)
        assert json.loads(to_json(update))["view"]["parts"] == {}  # nothing changed since the state


@pytest.mark.parametrize(("variants", "players"), [(("al_cabohne",), 1), (("bohnanza",), 4), (("bohnanza", "bohnaparte"), 3), (("ali_baba",), 3)])
def test_a_seat_is_told_the_view_without_its_record(variants, players):  # issue 18 §3 (seat.py builds it itself)
    rng = random.Random(4)
    game = new_game(list(variants), players=players, seed=4)
    for _ in range(60):
        for seat in (None, *range(players)):
            whole = game.view(seat).to_dict()
            told = view_data(game, seat)
            assert {k: v for k, v in told.items() if k != "seats"} == {k: v for k, v in whole.items() if k != "record"}
        if game.is_over:
            break
        player = game.deciders[0]
        game.apply(rng.choice(game.legal_actions(player)), player)


def test_a_push_views_again_only_the_parts_that_changed(monkeypatch):  # issue 28 §2
    """A room applies each action to a copy: a part equal to the one its seat's views were taken
    from is not viewed again, and the seat still gets every part that changed. A game changed in
    place (the same parts) has every part looked at."""
    from beanframe.beans.table import BeanTable

    rng = random.Random(2)
    game = new_game(["bohnanza"], players=4, seed=2)
    while True:  # a position where some action changes the trade part but not the beans
        player = game.deciders[0]
        trade_only = []
        for action in game.legal_actions(player):
            trial = game.clone()
            trial.apply(action, player)
            if trial.state.parts["beans"] == game.state.parts["beans"] and trial.state.parts["trade"] != game.state.parts["trade"]:
                trade_only.append(action)
        if trade_only:
            break
        game.apply(rng.choice(game.legal_actions(player)), player)
    sent: dict = {}
    seat_state(game, player, sent)
    viewed: list = []
    real_view = BeanTable.view
    monkeypatch.setattr(BeanTable, "view", lambda self, p: viewed.append(p) or real_view(self, p))
    trial = game.clone()
    since = trial.state.n_events
    trial.apply(trade_only[0], player)
    update = seat_update(trial, player, 1, since, sent)
    assert viewed == [] and list(update["view"]["parts"]) == ["trade"]
    assert update["view"]["parts"]["trade"] == trial.view(player).parts["trade"]
    while True:  # on, in place, to an action that changes the beans (the parts the views came from)
        actor = trial.deciders[0]
        action = rng.choice(trial.legal_actions(actor))
        before, since = trial.state.parts["beans"].clone(), trial.state.n_events
        viewed.clear()
        trial.apply(action, actor)
        update = seat_update(trial, player, 1, since, sent)
        if trial.state.parts["beans"] != before:
            break
    assert viewed == [player] and "beans" in update["view"]["parts"]
    assert update["view"]["parts"]["beans"] == trial.view(player).parts["beans"]


def test_text_stays_unescaped_and_odd_data_still_encodes():
    assert to_json({"b": "Feuerbohne ä", "a": 1}) == '{"b":"Feuerbohne ä","a":1}'
    assert to_json({"x": math.nan}) == '{"x":null}'  # never NaN, which is not JSON
    assert json.loads(to_json({"by_seat": {1: "p2", 0: "p1"}})) == {"by_seat": {"1": "p2", "0": "p1"}}  # int keys


def test_the_digest_depends_on_the_state_alone_and_every_kind_is_checked():
    game = _played(7, 30)
    again = load_game(game.to_json())
    digest = state_digest(game)
    assert digest.startswith(DIGEST_PREFIX) and digest == state_digest(again)
    earlier = (snapshot_digest(game), legacy_digest(game))  # rows stored by the earlier versions
    assert earlier[0].startswith(SNAPSHOT_PREFIX)
    assert digest_matches(again, digest) and all(digest_matches(again, d) for d in earlier)
    later = _played(7, 31)
    assert not digest_matches(later, digest) and not any(digest_matches(later, d) for d in earlier)


def test_the_digest_covers_what_a_save_snapshot_holds_in_every_variant_set():
    # the digest's text is written from the state's records directly (cheaper than the snapshot):
    # read back, it is the snapshot's data, along whole games of every variant set
    for variants, players in variant_sets():
        game = new_game(list(variants), players=players, seed=11)
        rng = random.Random(11)
        for step in range(400):
            if step % 7 == 0 or game.is_over:
                text = state_text(game)
                assert text is not None, (variants, step)
                assert json.loads(text) == json.loads(json.dumps(snapshot(game))), (variants, step)
            if game.is_over:
                break
            player = rng.choice(list(game.deciders))
            game.apply(rng.choice(game.legal_actions(player)), player)
