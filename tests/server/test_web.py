"""The browser table's files (issue 19): the page and its ES modules come from package data, a
room's page learns which variant modules draw its game (``beanframe_register_web``), and
``/web/...`` serves only the folders a composed ruleset registered."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from beanframe.core.web import WebRegistry
from beanframe.errors import ConfigError

from .helpers import create_room, make_app, one_line_error

# an import, a style or a source loaded from another address
REMOTE = re.compile(
    r"""(from\s*["']https?:|import\(\s*["']https?:|url\(\s*["']?https?:|(src|href)=["']?https?:|@import)"""
)


@pytest.fixture
def client(tmp_path):
    with TestClient(make_app(tmp_path)) as c:
        yield c


def test_the_page_and_its_modules_are_served_from_the_package(client):  # issue 19: no CDN, no build
    page = client.get("/")
    assert page.status_code == 200 and 'src="static/app.js"' in page.text
    assert "http" not in page.text.split("<body>")[0].replace('href="data:,"', "")  # nothing from elsewhere
    for name in (
        "app.js",
        "table.js",
        "lobby.js",
        "connection.js",
        "moves.js",
        "offers.js",
        "parts.js",
        "dom.js",
        "table.css",
    ):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert not REMOTE.search(response.text), name


def test_a_room_lists_its_variants_modules_and_rule_data(client):  # issue 19: beanframe_register_web
    room = create_room(client, variants=["al_cabohne"], players=1)
    info = client.get(f"/api/rooms/{room['room']}/web").json()
    assert info["modules"] == [
        "web/beanframe.beans/static/beans.js",
        "web/beanframe_plugins.al_cabohne/static/mafia.js",
    ]
    assert "web/beanframe.beans/static/beans.css" in info["styles"]
    beans = {b["name"]: b for b in info["data"]["beans"]}
    assert beans["Chili Bean"]["meter"][0] > 0  # public rules: the bean-o-meter
    for url in info["modules"] + info["styles"]:
        response = client.get("/" + url)
        assert response.status_code == 200, url
        assert response.headers["content-type"].startswith(("text/javascript", "text/css"))


def test_ali_baba_names_its_cards_from_public_rule_data(client):  # issue 19: Ali Baba's table
    room = create_room(client, variants=["ali_baba"], players=3)
    info = client.get(f"/api/rooms/{room['room']}/web").json()
    assert info["modules"] == ["web/beanframe_plugins.ali_baba/static/alibaba.js"]
    board = info["data"]["ali_baba"]
    assert len(board["cards"]) == 64 and len(board["gangs"]) == 4 and board["fields"][0]["kind"] == "start"
    assert "seed" not in json.dumps(board) and "deck" not in json.dumps(board)  # rules only, nothing of a game


def test_prohibohn_draws_its_own_part_beside_al_cabohnes(client):  # issue 19: Prohibohn's table
    room = create_room(client, variants=["al_cabohne", "prohibohn"], players=2)
    info = client.get(f"/api/rooms/{room['room']}/web").json()
    assert info["modules"][-1] == "web/beanframe_plugins.prohibohn/static/prohibohn.js"
    assert "web/beanframe_plugins.al_cabohne/static/mafia.js" in info["modules"]  # the bosses stay Al Cabohne's
    cards = info["data"]["prohibohn"]["cards"]
    assert cards["3-Casino"]["price"] == 3 and cards["3-Casino"]["code"].startswith("c")
    assert cards["Razzia"]["group"] == "razzia" and cards["Police Station 3"]["group"] == "police"
    assert all(c["bean"].endswith(" Bean") for c in cards.values())  # the paying bean by the card's name, not its key
    for url in info["modules"] + info["styles"]:
        assert client.get("/" + url).status_code == 200, url


def test_web_serves_only_the_registered_folders(client):  # issue 18 §3: bad input through every door
    room = create_room(client, variants=["bohnanza"], players=3)
    client.get(f"/api/rooms/{room['room']}/web")
    for bad in (
        "/web/beanframe.beans/web.py",  # not in the registered folder
        "/web/beanframe.beans/static/../web.py",
        "/web/beanframe.server/static/index.html",  # a package no ruleset registered
        "/web/os/static/x.js",
        "/web/beanframe.beans/static/nothing.js",
    ):
        response = client.get(bad)
        assert response.status_code == 404, bad
        assert "Traceback" not in response.text


def test_a_bad_web_registration_is_a_one_line_error():  # issue 19: a plugin's mistake
    register = WebRegistry()
    register.variant = "my_rule"
    with pytest.raises(ConfigError, match="my_rule: a web module is a file in a folder"):
        register.module("my_rule", "../board.js")
    with pytest.raises(ConfigError, match="names a package"):
        register.module("not a package", "static/board.js")
    register.data("meters", lambda rs: [])
    with pytest.raises(ConfigError, match="registered twice"):
        register.data("meters", lambda rs: [])
    register.module("my_rule", "static/board.js")
    register.module("my_rule", "static/board.js")
    assert register.modules == [("my_rule", "static/board.js")]  # a file registered twice is kept once


def test_an_unknown_room_has_no_web(client):
    response = client.get("/api/rooms/nosuchroom12/web")
    assert response.status_code == 404
    one_line_error(response)
