"""Driving the browser table: create a room over the API, wait for a page's decision, click."""

from __future__ import annotations

from typing import Any

APP = "#app"
# the state moved past version v, the game ended, or the page shows a refusal
MOVED_ON = """(v) => { const a = document.querySelector("#app");
  const refused = a.querySelector(".notice.error");
  return a.dataset.over === "yes" || Number(a.dataset.version) > v || Boolean(refused && refused.textContent); }"""


def wait_ready(page: Any) -> str:
    """Wait until the page may act (its decision, nothing in flight) or the game is over;
    returns "act" or "over"."""
    page.wait_for_selector(
        f"{APP}[data-over=yes], {APP}[data-deciding=yes][data-busy=no][data-connection=open]", timeout=120_000
    )
    return "over" if page.get_attribute(APP, "data-over") == "yes" else "act"


def version(page: Any) -> int:
    return int(page.get_attribute(APP, "data-version") or -1)


def click_first_move(page: Any) -> None:
    """Click the first legal move of the list of buttons, and wait until the state moved on."""
    before = version(page)
    page.locator("section.moves .group button.move").first.click()
    page.wait_for_function(MOVED_ON, arg=before, timeout=120_000)


def play_to_end(*pages: Any, limit: int = 3000) -> None:
    """Each page clicks its first legal move whenever it decides, until the game is over."""
    for _ in range(limit):
        acted = False
        for page in pages:
            if page.get_attribute(APP, "data-over") == "yes":
                return
            if page.get_attribute(APP, "data-deciding") == "yes" and page.get_attribute(APP, "data-busy") == "no":
                click_first_move(page)
                acted = True
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end")
