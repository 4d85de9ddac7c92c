"""The table at a phone's width and from the keyboard (issue 19): 360 px wide without sideways
scrolling, every legal move reachable and sent with the keyboard, marks in words as well as colour."""

from __future__ import annotations

import pytest

from tests.browser.helpers import APP, create_room, version, wait_ready

PHONE = [(("bohnanza",), 4), (("bohnanza", "bohnaparte"), 4), (("ali_baba",), 3), (("al_cabohne", "prohibohn"), 2)]


@pytest.mark.parametrize(("variants", "players"), PHONE, ids=["+".join(v) for v, _ in PHONE])
def test_the_table_fits_a_phone(server, pages, variants, players):  # issue 19: works at 360 px wide
    room = create_room(server, variants, ["human"] + ["bot:greedy"] * (players - 1), seed=7)
    page = pages(room["seats"][0]["url"], width=360, height=780)
    wait_ready(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide at 360"
    # whose decision and the front card are said in words, not only by colour
    assert "your decision" in page.inner_text("section.turn")
    assert "deciding" in page.inner_text("section.seat.me header")


def test_moves_by_keyboard(server, pages):  # issue 19: keyboard use
    room = create_room(server, ["bohnanza"], ["human", "bot:greedy", "bot:greedy"], seed=7)
    page = pages(room["seats"][0]["url"])
    wait_ready(page)
    assert "front" in page.inner_text("[data-hand=h1]")
    before = version(page)
    page.locator("section.moves .group button.move").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) > v", arg=before)
    # "/" goes to the command box, where a move is typed by its number
    wait_ready(page)
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "command"
    before = version(page)
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) > v", arg=before)
