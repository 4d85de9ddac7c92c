"""The lobby (issue 19): a game is created in the page from the variants' own metadata (set,
options with their defaults and descriptions, player count, which seats are bots), with one
invitation link per human seat and a spectator link; opening a link seats you."""

from __future__ import annotations

from tests.browser.helpers import APP


def test_create_a_game_in_the_lobby_and_take_a_seat(server, pages):  # issue 19
    page = pages(server.url)
    page.wait_for_selector("form.create")
    with server.client() as client:
        sets = client.get("/api/variants").json()["sets"]
    index = next(i for i, s in enumerate(sets) if s["variants"] == ["bohnanza"])
    page.select_option("#set", str(index))
    page.select_option("#players", "3")
    # the options, with their defaults and their own descriptions
    run_outs = next(o for o in sets[index]["options"]["bohnanza"] if o["name"] == "run_outs")
    assert page.input_value("[data-option='bohnanza.run_outs']") == str(run_outs["default"])
    assert run_outs["help"] in page.inner_text("form.create")
    # a bad option is refused in one line, as the command line words it, and nothing is created
    pages.allowed.append(r"Failed to load resource: .* status of 400")  # the browser's own note of the refusal
    page.fill("[data-option='bohnanza.run_outs']", "99")
    page.click("form.create button[type=submit]")
    # a function, not an expression: Playwright polls an expression with eval, which the page's CSP refuses
    page.wait_for_function("() => document.querySelector('form.create .notice').textContent.length > 0")
    refusal = page.inner_text("form.create .notice")
    assert "run_outs" in refusal and "\n" not in refusal
    assert page.locator("section.invites").count() == 0
    page.fill("[data-option='bohnanza.run_outs']", "1")
    page.select_option("#seat1", "human")
    page.select_option("#seat2", "human")
    page.select_option("#seat3", "bot:random")
    page.click("form.create button[type=submit]")
    page.wait_for_selector("section.invites")
    links = page.eval_on_selector_all("input.link", "els => els.map(e => [e.dataset.link, e.value])")
    assert [key for key, _ in links] == ["p1", "p2", "spectator"]  # one per human seat, and spectators
    assert all("#room=" in url and "&token=" in url for _, url in links)
    # opening an invitation seats you
    page.click("a[data-open=p2]")
    page.wait_for_selector(f"{APP}[data-seat=p2][data-connection=open]")  # p1 decides first: p2 waits
    assert page.get_attribute(APP, "data-seat") == "p2"
    assert "p2 (you)" in page.inner_text("section.seat.me")
    # the spectator link: the public table, no moves
    spectator = pages(dict(links)["spectator"])
    spectator.wait_for_selector(f"{APP}[data-seat=spectator][data-connection=open]")
    assert spectator.locator("section.moves").count() == 0
