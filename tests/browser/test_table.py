"""The browser table's behaviour at a real table (issue 19): two browser seats trade in
Bohnanza, a page reloads and loses its connection mid-game and keeps its seat, an illegal or
stale click is refused in one line with nothing changed, and no page ever holds another seat's
private cards."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.browser.helpers import APP, create_room, move, move_codes, state_of, version, wait_ready
from tests.server.helpers import ServerProcess

BOHNANZA = {"bohnanza": {"run_outs": 1}}


def click(page: Any, code: str) -> None:
    before = version(page)
    move(page, code).click()
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) > v", arg=before)


def to_trade(page: Any) -> None:
    """The active page plays its planting until the trade phase offers its face-up cards."""
    for _ in range(10):
        wait_ready(page)
        if page.locator("button.move[data-code='give-face u1']").count():
            return
        codes = move_codes(page)
        click(page, "pass" if "pass" in codes else codes[0])
    raise AssertionError("no trade phase")


def test_two_browser_seats_trade(server, pages):  # issue 19: trading between two devices; RULES B
    room = create_room(server, ["bohnanza"], ["human", "human", "bot:random"], options=BOHNANZA, seed=11)
    one, two = (pages(s["url"]) for s in room["seats"])
    to_trade(one)
    face_up = state_of(server, room["room"], room["seats"][0]["token"])["view"]["parts"]["trade"]["face_up"]
    click(one, "give-face u1")
    click(one, "send p2")
    # p2 sees the offer to them (numbered after the bot's) and answers it with one click
    offer = next(o for o in state_of(server, room["room"], room["seats"][1]["token"])["view"]["parts"]["trade"]["offers"]
                 if o["maker"] == 0 and o["to"] == 1)  # fmt: skip
    name = f"o{offer['id'] + 1}"
    two.wait_for_selector(f".tradepanel [data-offer='{name}'] button.move[data-code='accept {name}']")  # issue 24: in the offer's card
    assert "accept" in two.inner_text(f".tradepanel [data-offer='{name}'] button.move[data-code='accept {name}']")
    assert face_up[0] in two.inner_text("section.log")  # the offer, in words, on p2's page
    click(two, f"accept {name}")
    seen = state_of(server, room["room"], room["seats"][1]["token"])
    assert face_up[0] in seen["view"]["parts"]["trade"]["received"][1]
    for page in (one, two):
        page.wait_for_function(
            f"(v) => Number(document.querySelector('{APP}').dataset.version) >= v", arg=seen["version"]
        )
        assert f"{name} accepted" in page.inner_text("section.log")


def test_reload_and_a_dropped_connection_keep_the_seat(tmp_path, pages):  # issue 19, issue 18 section 4
    with ServerProcess(str(tmp_path / "rooms.db")) as first:
        port = first.port
        room = create_room(first, ["bohnanza"], ["human", "bot:random", "bot:random"], options=BOHNANZA, seed=5)
        page = pages(room["seats"][0]["url"])
        wait_ready(page)
        codes = page.eval_on_selector_all("section.moves .group button.move", "els => els.map(e => e.dataset.code)")
        click(page, codes[0])
        at = version(page)
        page.reload()
        wait_ready(page)
        assert page.get_attribute(APP, "data-seat") == "p1" and version(page) == at
        pages.allowed.append(r"WebSocket connection to .* failed: .*ERR_CONNECTION_REFUSED")  # the server is down
        first.kill()  # the connection drops (SIGKILL: no goodbye)
        page.wait_for_selector(f"{APP}[data-connection=reconnecting]")
        assert "reconnecting" in page.inner_text("header.bar")
        with ServerProcess(str(tmp_path / "rooms.db"), port=port):
            page.wait_for_selector(f"{APP}[data-connection=open]", timeout=60_000)
            assert page.get_attribute(APP, "data-seat") == "p1" and version(page) == at
            assert wait_ready(page) == "act"


def test_an_illegal_or_stale_click_is_refused_in_one_line(server, pages):  # issue 19, issue 18 section 2
    room = create_room(server, ["bohnanza"], ["human", "bot:random", "bot:random"], options=BOHNANZA, seed=3)
    seat = room["seats"][0]
    held: list[Any] = []
    hold = {"on": False, "page": None}

    def route(ws: Any) -> None:  # hold what the server says while "hold" is on: the page falls behind
        upstream = ws.connect_to_server()
        ws.on_message(lambda m: upstream.send(m))

        def down(message: Any) -> None:
            if hold["on"]:
                held.append(message)
            else:
                ws.send(message)

        upstream.on_message(down)
        hold["page"] = ws

    page = pages("about:blank")
    page.route_web_socket(re.compile(r".*/ws$"), route)
    page.goto(seat["url"])
    wait_ready(page)
    # illegal: a typed move that is not legal now
    page.fill("#command", "harvest f9")
    page.press("#command", "Enter")
    page.wait_for_selector(".notice.error")
    notice = page.inner_text(".notice.error")
    assert notice and "\n" not in notice and "Traceback" not in notice
    at = version(page)
    assert state_of(server, room["room"], seat["token"])["version"] == at
    # stale: the same seat acts from another device while this page is behind, then it clicks
    hold["on"] = True
    code = page.get_attribute("section.moves .group button.move", "data-code")
    with server.client() as client:
        response = client.post(f"/api/rooms/{room['room']}/actions", json={"code": code, "version": at},
                               headers={"Authorization": f"Bearer {seat['token']}"})  # fmt: skip
    assert response.status_code == 200, response.text
    page.locator(f"section.moves .group button.move[data-code='{code}']").first.click()
    page.wait_for_timeout(300)  # the refusal is on its way (held)
    hold["on"] = False
    for message in held:
        hold["page"].send(message)
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) > v", arg=at)
    page.wait_for_selector(".notice.error")
    assert state_of(server, room["room"], seat["token"])["version"] >= at + 1
    with server.client() as client:
        history = client.get(
            f"/api/rooms/{room['room']}/state", headers={"Authorization": f"Bearer {seat['token']}"}
        ).json()["history"]
    assert history[at] == ["p1", code] and history[at + 1 : at + 2] != [["p1", code]]  # applied once


def hidden_cards(state: dict[str, Any]) -> list[str]:
    return list(state["view"]["parts"]["beans"]["hand"])


def test_a_page_never_holds_another_seats_private_cards(server, pages):  # issue 19; hidden information
    room = create_room(server, ["bohnanza"], ["human", "human", "bot:random"], options=BOHNANZA, seed=21)
    one = pages(room["seats"][0]["url"])
    wait_ready(one)
    mine = state_of(server, room["room"], room["seats"][0]["token"])
    theirs = state_of(server, room["room"], room["seats"][1]["token"])
    # the cards in p2's hand that p1 cannot know of from anything it is shown
    known = json.dumps({k: v for k, v in mine.items() if k != "rule_data"})  # the rule data names every bean
    secret = [card for card in set(hidden_cards(theirs)) if card not in known]
    assert secret, "pick a seed where p2 holds a bean p1 sees nowhere"
    html = one.content()
    for card in secret:
        assert card not in html, f"p1's page holds {card}, which only p2 may see"
    assert room["seats"][1]["token"] not in html and room["seats"][1]["token"] not in one.url
    assert one.get_attribute(APP, "data-seat") == "p1"


def test_an_offer_built_with_the_hand_in_the_composer(server, pages):  # issue 19: trading built for the hand
    room = create_room(server, ["bohnanza"], ["human", "human", "bot:random"], options=BOHNANZA, seed=11)
    one, two = (pages(s["url"]) for s in room["seats"])
    to_trade(one)
    hand = state_of(server, room["room"], room["seats"][0]["token"])["view"]["parts"]["beans"]["hand"]
    composer = one.locator("section.composer")
    composer.locator("[data-pick='give h1']").click()
    composer.locator("[data-pick='ask blue'] button[aria-label='ask one Blue Bean more']").click()
    composer.locator("[data-to=p2]").click()
    assert "you give" in composer.locator("p.summary").inner_text()
    composer.locator("button.send").click()
    offers = []
    for _ in range(100):  # the offer reaches p2's page: an accept button for it
        offers = [o for o in state_of(server, room["room"], room["seats"][1]["token"])["view"]["parts"]["trade"]["offers"]
                  if o["maker"] == 0 and o["to"] == 1]  # fmt: skip
        if offers:
            break
        one.wait_for_timeout(100)
    assert offers and offers[0]["gives"] == [hand[0]] and offers[0]["asks"] == ["Blue Bean"]
    name = f"o{offers[0]['id'] + 1}"
    two.wait_for_selector(f"section.offers [data-offer='{name}']")
    assert "to you" in two.inner_text(f"section.offers [data-offer='{name}']")
    assert "yours" in one.inner_text(f"section.offers [data-offer='{name}']")
    assert two.locator(f"section.offers [data-offer='{name}'] button[data-code^='reject']").count() == 1
