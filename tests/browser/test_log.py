"""The log at a game's end (issue 27 §4): a long game's log shows its last lines, numbered as they
are in the whole log, scrolled to the end."""

from __future__ import annotations

from tests.browser.helpers import APP, autoplay, create_room, state_of

LOG = """() => { const ol = document.querySelector("section.log ol");
  const items = [...ol.querySelectorAll("li")];
  return { start: ol.start, count: items.length, first: items[0].textContent, last: items[items.length - 1].textContent,
           title: document.querySelector("section.log h3").textContent,
           scrollable: ol.scrollHeight > ol.clientHeight + 8,
           atEnd: ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 8 }; }"""


def test_a_long_games_log_shows_its_end_numbered_truly(server, pages):  # issue 27 §4
    room = create_room(server, ["al_cabohne"], ["human", "bot:random"], seed=1, options={"al_cabohne": {"run_outs": 1}})
    player = pages(room["seats"][0]["url"])  # plays to the end (its first moves), the log growing
    watcher = pages(room["spectator"]["url"], width=390, height=800)  # a phone, watching, scrolled back
    autoplay(player)
    player.wait_for_function("() => document.querySelector('section.log ol').childElementCount >= 120")
    watcher.evaluate("() => { document.querySelector('section.log ol').scrollTop = 0; }")  # reading back
    player.wait_for_selector(f"{APP}[data-over=yes]", timeout=300_000)
    watcher.wait_for_selector(f"{APP}[data-over=yes]")
    later = pages(room["spectator"]["url"])  # opened once the game is over
    later.wait_for_selector(f"{APP}[data-over=yes]")
    lines = state_of(server, room["room"], None)["log"]
    assert len(lines) > 300
    for page in (player, watcher, later):
        log = page.evaluate(LOG)
        assert log["title"] == f"log ({len(lines)})"
        assert log["count"] == 300 and log["first"] == lines[-300] and log["last"] == lines[-1]
        assert log["start"] == len(lines) - 300 + 1  # numbered as in the whole log, not from 1
        assert log["scrollable"] and log["atEnd"], log  # the end is in sight
