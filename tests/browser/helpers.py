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


def move(page: Any, code: str) -> Any:
    """The button of the legal move ``code`` where a player finds it: the grouped move list, the
    trade panel (issue 24), or else the list under "all moves" (collapsed while the trade panel is
    shown: opened here, as a player would)."""
    shown = page.locator(f"section.moves .group button.move[data-code='{code}'], .tradepanel button.move[data-code='{code}']")
    if shown.count():
        return shown.first
    page.eval_on_selector("section.moves details.all", "d => { d.open = true; }")
    return page.locator(f"section.moves details.all button.move[data-code='{code}']").first


def move_codes(page: Any) -> list[str]:
    """The codes of the page's legal moves (every one, from the list under "all moves")."""
    return page.eval_on_selector_all("section.moves details.all button.move", "els => els.map(e => e.dataset.code)")


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


# Clicks a legal move (the first, or one that ends a negotiation) whenever this page decides and nothing is in flight: the game is
# played by the page itself (fewer round trips than driving each click from the test).
AUTOPLAY = """() => { window.__autoplay = setInterval(() => {
  const a = document.querySelector("#app");
  if (a.dataset.over === "yes" || a.dataset.deciding !== "yes" || a.dataset.busy !== "no" || a.dataset.connection !== "open") return;
  const moves = [...a.querySelectorAll(".tradepanel button.move:not([disabled]), section.moves .group button.move:not([disabled])")];
  // a move that ends a negotiation first (pass, end-trading), else the first: short games
  const b = moves.find((m) => ["pass", "end-trading"].includes(m.dataset.code)) || moves[0];
  if (b) b.click();
}, 40); }"""


def autoplay(page: Any) -> None:
    page.evaluate(AUTOPLAY)


def create_room(server: Any, variants: tuple[str, ...] | list[str], seats: list[str], **body: Any) -> dict[str, Any]:
    with server.client() as client:
        response = client.post(
            "/api/rooms", json={"variants": list(variants), "players": len(seats), "seats": seats, **body}
        )
    assert response.status_code == 201, response.text
    return response.json()


def state_of(server: Any, room: str, token: str | None) -> dict[str, Any]:
    with server.client() as client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = client.get(f"/api/rooms/{room}/state", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def to_the_bazaar(server: Any, room: dict) -> bool:
    """Play p1 (its first move, or done) over the API until it may ask for another's bandit in
    the bazaar; False if the game ends first."""
    with server.client() as client:
        headers = {"Authorization": f"Bearer {room['seats'][0]['token']}"}
        url = f"/api/rooms/{room['room']}"
        for _ in range(3000):
            state = client.get(f"{url}/state", headers=headers).json()
            if state["over"]:
                return False
            codes = [a["code"] for a in state["legal"]]
            if any(c.startswith("ask k") for c in codes) and any(c.startswith("pay m") for c in codes):
                return True
            if codes:
                code = "done" if "done" in codes else codes[0]
                client.post(f"{url}/actions", headers=headers, json={"code": code, "version": state["version"]})
    return False
