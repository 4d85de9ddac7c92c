"""The seat in words (issue 26 §1): ``POST /api/rooms/ID/command`` answers ``board``, ``log [N]``,
``help``, ``rules`` and ``why [CODE]`` in every variant set, for a seat token (its own view) and
a spectator (the public view), as :func:`beanframe.text.commands.seat_command` says them; and
every answer is the same when everything the asker cannot see is redealt (the redeal check of
tests/server/test_leaks.py)."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from beanframe.core.game import compose
from beanframe.server import Limits
from beanframe.text.commands import SEAT_COMMANDS, seat_command

from .helpers import SETS, bearer, create_room, make_app, one_line_error, short_options

IDS = [f"{'+'.join(v)}-{n}p" for v, n in SETS]
LINES = ["board", "log", "log 3", "help", "rules", "why"]
ACTIONS = 40  # actions played per game; the words are checked every CHECK_EVERY of them
CHECK_EVERY = 13


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("words"), limits=Limits(rate=100_000, burst=100_000))
    with TestClient(app) as c:
        yield c


def answers(client, url: str, token: str | None, lines: list[str], width: int = 80) -> dict[str, str]:
    out = {}
    headers = bearer(token) if token else {}
    for line in lines:
        response = client.post(f"{url}/command", headers=headers, json={"line": line, "width": width})
        assert response.status_code == 200, (line, response.text)
        out[line] = response.json()["text"]
    return out


@pytest.mark.parametrize(("variants", "players"), SETS, ids=IDS)
def test_every_seat_reads_its_game_in_words_and_nothing_more(client, variants, players):  # issue 26 §1, §4
    options = short_options(variants)
    room = create_room(client, variants=list(variants), players=players, seats=["human"] * players, seed=5, options=options)
    url = f"/api/rooms/{room['room']}"
    tokens = {p: s["token"] for p, s in enumerate(room["seats"])}
    tokens[None] = room["spectator"]["token"]
    game = compose(list(variants), players, options).new_game(seed=5)  # the room's game, followed here
    for n in range(ACTIONS + 1):
        if n % CHECK_EVERY == 0 or game.is_over:
            for seat, token in tokens.items():
                # a code of a move the seat has now (or another's) asks why about a real action
                codes = [f"why {a.code}" for a in game.legal_actions(game.deciders[0])[:1]] if game.deciders else []
                got = answers(client, url, token, LINES + codes)
                redealt = game.determinize(seat, random.Random(n))
                for line, text in got.items():
                    word, _, rest = line.partition(" ")
                    assert text == seat_command(game, seat, word, rest, 80), f"{line} for seat {seat}"
                    assert seat_command(redealt, seat, word, rest, 80) == text, f"{line} for seat {seat} depends on what it cannot see"
                if seat is None:
                    assert "Your choices" not in got["board"]  # a spectator decides nothing
        if game.is_over:
            break
        player = game.deciders[0]
        state = client.get(f"{url}/state", headers=bearer(tokens[player])).json()
        code = state["legal"][0]["code"]
        response = client.post(f"{url}/actions", headers=bearer(tokens[player]), json={"code": code, "version": state["version"]})
        assert response.status_code == 200, response.text
        game.apply(game.ruleset.actions.coerce(code), player)


def test_board_is_drawn_at_the_width_asked_and_names_the_choices(client):  # issue 26 §1
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    url = f"/api/rooms/{room['room']}"
    token = room["seats"][0]["token"]
    narrow = answers(client, url, token, ["board"], width=40)["board"]
    wide = answers(client, url, token, ["board"], width=120)["board"]
    assert max(len(line) for line in narrow.splitlines()) <= 40 < max(len(line) for line in wide.splitlines())
    state = client.get(f"{url}/state", headers=bearer(token)).json()
    for i, move in enumerate(state["legal"], 1):  # every choice numbered as the legal list counts them
        assert f"{i}. {move['code']} - " in wide


def test_unknown_words_and_bad_arguments_are_one_line(client):  # issue 26 §1
    room = create_room(client, variants=["al_cabohne"], players=1, seed=3)
    url = f"/api/rooms/{room['room']}"
    headers = bearer(room["seats"][0]["token"])
    unknown = client.post(f"{url}/command", headers=headers, json={"line": "teleport"})
    message = one_line_error(unknown)
    assert unknown.status_code == 400 and all(word in message for word in (*SEAT_COMMANDS, "meter"))
    bad = client.post(f"{url}/command", headers=headers, json={"line": "log many"})
    assert bad.status_code == 400 and "log takes a number" in one_line_error(bad)


def test_the_view_names_players_as_seats_too(client):  # issue 26 §1: one numbering for clients
    room = create_room(client, variants=["bohnanza"], players=3, seats=["human"] * 3, seed=2)
    state = client.get(f"/api/rooms/{room['room']}/state", headers=bearer(room["seats"][1]["token"])).json()
    view = state["view"]
    assert view["seats"] == {"player": "p2", "active": f"p{view['active'] + 1}", "to_act": f"p{view['to_act'] + 1}",
                             "deciders": [f"p{p + 1}" for p in view["deciders"]]}  # fmt: skip
    assert view["seats"]["deciders"] == state["deciders"]
