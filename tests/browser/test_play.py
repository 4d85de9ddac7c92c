"""Every variant set of ``beanframe variants`` is created, joined and played to the end in a real
browser (issue 19): one page is a seat, bots fill the others; the page clicks its first legal
move whenever it decides. Short options (fewer run-outs) keep the games small."""

from __future__ import annotations

import pytest

from beanframe.adapters import variant_sets
from tests.browser.helpers import APP, autoplay, create_room, state_of, wait_ready
from tests.server.helpers import short_options

# each variant set once, at its smallest player count
SETS = sorted({v: n for v, n in reversed(variant_sets())}.items())


@pytest.mark.parametrize(("variants", "players"), SETS, ids=["+".join(v) for v, _ in SETS])
def test_a_whole_game_in_the_browser(server, pages, variants, players):  # issue 19
    room = create_room(server, variants, ["human"] + ["bot:greedy"] * (players - 1), options=short_options(variants))
    page = pages(room["seats"][0]["url"])
    assert wait_ready(page) == "act"
    # the table: whose decision, the phase, the moves with their labels from the server
    state = state_of(server, room["room"], room["seats"][0]["token"])
    labels = page.locator("section.moves .group button.move").all_inner_texts()
    assert [label.split(" ", 1)[1] for label in labels] == [
        a["label"]
        for a in state["legal"]
        if a["code"]
        in page.eval_on_selector_all("section.moves .group button.move", "els => els.map(e => e.dataset.code)")
    ]
    assert "your decision" in page.inner_text("section.turn")
    assert state["phase_label"] in page.inner_text("section.turn")
    autoplay(page)
    page.wait_for_selector(f"{APP}[data-over=yes]", timeout=600_000)
    final = state_of(server, room["room"], None)
    assert final["over"] and final["result"]["winners"]
    end = page.inner_text("section.over")
    assert "game over" in end
    for seat, score in final["result"]["scores"].items():
        assert seat in end and str(score) in end
    assert page.get_attribute("a.replay", "href").endswith(f"/api/rooms/{room['room']}/save")
