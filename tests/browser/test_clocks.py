"""The table that keeps going, in the browser (issue 25 §6): a seat's clock ticks, its time runs
out in a real-time room, a bot plays for it and the person takes the seat back by clicking; a
second browser takes an open seat from the lobby at "/" and plays; "play again" follows both pages
to the next room. (Waits are bounded only to catch a hang; the clocks that run out are a second
long, and nothing is timed by a sleep.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.helpers import APP, autoplay, create_room, state_of, wait_ready
from tests.server.helpers import ServerProcess


@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[ServerProcess]:
    """A server whose bots think a second: a person has time to click between their moves."""
    with ServerProcess(str(tmp_path_factory.mktemp("clocks") / "rooms.db"), bot_delay=1.0) as proc:
        yield proc


def test_the_clock_ticks_on_the_deciding_seat(server, pages):  # issue 25 §1: a ticking clock per seat
    room = create_room(server, ["al_cabohne"], ["human", "human"], clock={"bank": 300, "increment": 10})
    page = pages(room["seats"][0]["url"])
    assert wait_ready(page) == "act"
    mine = page.locator("[data-clock=p1]")
    assert "running" in (mine.get_attribute("class") or "")  # the deciding seat's clock is emphasised
    assert "running" not in (page.get_attribute("[data-clock=p2]", "class") or "")
    first = mine.inner_text()
    assert first.startswith("⏱ 4:5") or first == "⏱ 5:00"
    page.wait_for_function("(t) => document.querySelector('[data-clock=p1]').textContent !== t", arg=first)
    assert page.inner_text("[data-clock=p2]") == "⏱ 5:00"  # p2's time does not run


def test_time_runs_out_a_bot_plays_and_a_click_takes_the_seat_back(slow_bots, pages):  # issue 25 §1, §6
    room = create_room(slow_bots, ["al_cabohne"], ["human"], clock={"bank": 1, "increment": 60, "cap": 600})
    page = pages(room["seats"][0]["url"])
    page.wait_for_selector(f"{APP}[data-connection=open]")
    # the second runs out: the table says so in words and a bot plays for p1
    page.wait_for_selector("[data-take-back=yes]", timeout=30_000)
    assert "p1 ran out of time: a greedy bot plays for p1" in page.inner_text("section.tablebar")
    assert page.locator("[data-bot-plays=p1]").count() == 1
    page.wait_for_function("() => Number(document.querySelector('#app').dataset.version) > 0", timeout=30_000)
    # the person clicks a move: the seat is theirs again (a bot's move in between refuses the
    # click as out of date; the page then shows the new state and the person clicks again)
    for _ in range(20):
        page.wait_for_selector(f"{APP}[data-deciding=yes][data-busy=no] section.moves .group button.move")
        page.locator("section.moves .group button.move").first.click()
        page.wait_for_selector(f"{APP}[data-busy=no]")
        if page.locator("[data-take-back=yes]").count() == 0:
            break
    state = state_of(slow_bots, room["room"], None)
    assert state["bot_plays"] == [] and "p1 is back: p1 plays again" in state["table_log"]
    assert state["clocks"]["p1"] > 30  # the comeback's time (the increment)
    assert page.locator("[data-bot-plays=p1]").count() == 0


def test_a_second_browser_takes_an_open_seat_from_the_lobby_and_plays(server, pages):  # issue 25 §3, §6
    creator = pages(server.url)
    creator.wait_for_selector("form.create")
    with server.client() as client:
        sets = client.get("/api/variants").json()["sets"]
    index = next(i for i, s in enumerate(sets) if s["variants"] == ["al_cabohne"])
    creator.select_option("#set", str(index))
    creator.select_option("#players", "2")
    creator.fill("[data-option='al_cabohne.run_outs']", "1")
    creator.select_option("#seat2", "open")
    creator.select_option("#clock", "fast")
    creator.click("form.create button[type=submit]")
    creator.wait_for_selector("section.invites")
    # the invitations are brought into view (they were below the fold)
    assert creator.evaluate("() => { const r = document.querySelector('section.invites').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }")
    creator.click("a[data-open=p1]")
    creator.wait_for_selector(f"{APP}[data-seat=p1][data-connection=open]")
    assert "waiting for players: p2 open" in creator.inner_text("section.tablebar")
    # a second browser: the lobby lists the room; one click takes the seat and shows its link once
    joiner = pages(server.url)
    joiner.wait_for_selector("[data-claim]")
    room_id = creator.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('room')")
    joiner.click(f"[data-claim='{room_id}:p2']")
    joiner.wait_for_selector("[data-link=p2]")
    assert "shown once" in joiner.inner_text("div.claimed")
    joiner.click("a[data-open=p2]")
    joiner.wait_for_selector(f"{APP}[data-seat=p2][data-connection=open]")
    creator.wait_for_function("() => !document.querySelector('section.tablebar')?.textContent.includes('waiting for players')")
    for page in (creator, joiner):
        autoplay(page)
    joiner.wait_for_selector(f"{APP}[data-over=yes]", timeout=600_000)
    final = state_of(server, room_id, None)
    assert final["over"] and any(seat == "p2" for seat, _ in final["history"])  # the joiner played
    # play again: both pages follow to the next room with their own tokens, one seat on
    joiner.evaluate("() => clearInterval(window.__autoplay)")
    creator.evaluate("() => clearInterval(window.__autoplay)")
    joiner.click("[data-rematch=yes]")
    joiner.wait_for_function("(r) => { const a = document.querySelector('#app'); return a.dataset.seat === 'p1' && a.dataset.version === '0' && !location.hash.includes(r); }", arg=room_id)
    creator.wait_for_function("(r) => { const a = document.querySelector('#app'); return a.dataset.seat === 'p2' && !location.hash.includes(r); }", arg=room_id, timeout=60_000)


def test_tie_break_offers_its_choices(server, pages):  # issue 27 §4: not a free-text field
    page = pages(server.url)
    page.wait_for_selector("form.create")
    with server.client() as client:
        sets = client.get("/api/variants").json()["sets"]
    index = next(i for i, s in enumerate(sets) if s["variants"] == ["bohnanza"])
    page.select_option("#set", str(index))
    field = page.locator("[data-option='bohnanza.tie_break']")
    assert field.evaluate("e => e.tagName") == "SELECT"
    assert field.evaluate("e => [...e.options].map(o => o.value)") == ["share", "hand_cards"]
    assert field.input_value() == "share"


def test_the_end_screen_marks_a_seat_given_up(server, pages):  # issue 25 §2: the result marks it
    room = create_room(server, ["al_cabohne"], ["human", "human"], seed=3, options={"al_cabohne": {"run_outs": 1}})
    with server.client() as client:
        left = client.post(f"/api/rooms/{room['room']}/leave", headers={"Authorization": f"Bearer {room['seats'][1]['token']}"})
    assert left.status_code == 200, left.text
    page = pages(room["seats"][0]["url"])
    autoplay(page)
    page.wait_for_selector(f"{APP}[data-over=yes]", timeout=120_000)
    assert page.inner_text("section.over table.scores [data-given-up=p2]").strip() == "(given up: a bot played it)"
    assert page.locator("section.over table.scores [data-given-up=p1]").count() == 0
