"""The trade panel (issue 24 §1): a whole 4-player Bohnanza trade phase between two browser seats
and two bots, played only through the panel: an offer made in one tab, announced in the other
(highlighted, read by the live region, the tab's title while hidden) and accepted there with the
copy to give chosen inside the offer's card (F.27); an offer withdrawn, which disappears from the
other tab with a short note, never an error; a gift; sitting out; the panel in view at 1280x800
and 390x844. And Ali Baba's bazaar through the same panel: cards both ways plus piasters."""

from __future__ import annotations

from typing import Any

from tests.browser.helpers import APP, create_room, move, state_of, to_the_bazaar, version, wait_ready

BOHNANZA = {"bohnanza": {"run_outs": 1}}
PANEL = ".tradepanel"
# the document's `hidden`, under the test's control (a tab in the background)
HIDDEN = "Object.defineProperty(document, 'hidden', { configurable: true, get: () => Boolean(window.__hidden) });"
# the page's actions are held (not sent) until window.__release(): an answer that crosses a change
HOLD = """() => { const send = WebSocket.prototype.send; const held = []; window.__hold = true;
  WebSocket.prototype.send = function (text) {
    if (window.__hold && text.includes('"type":"action"')) { held.push([this, text]); return; }
    return send.call(this, text); };
  window.__release = () => { window.__hold = false; for (const [ws, text] of held.splice(0)) send.call(ws, text); }; }"""
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth; }"""


def moved(page: Any, before: int) -> None:
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) > v", arg=before)


def seen(page: Any, at_least: int) -> None:
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) >= v", arg=at_least)


def trade(server: Any, room: dict, seat: int) -> dict:
    return state_of(server, room["room"], room["seats"][seat]["token"])


def to_the_panel(page: Any) -> None:
    """The active page plants (its first move each time) until the trade panel shows."""
    for _ in range(10):
        wait_ready(page)
        if page.get_attribute(APP, "data-panel") == "yes":
            return
        before = version(page)
        page.locator("section.moves .group button.move").first.click()
        moved(page, before)
    raise AssertionError("no trade panel")


def no_error(page: Any) -> bool:
    """The page shows no refusal (a note is not one)."""
    return page.locator(".notice.error").count() == 0


def in_view(page: Any, selector: str) -> bool:
    return page.evaluate(IN_VIEW, selector)


def offer_to(server: Any, room: dict, maker: int, to: int) -> dict | None:
    offers = trade(server, room, to)["view"]["parts"]["trade"]["offers"]
    return next((o for o in offers if o["maker"] == maker and o["to"] == to), None)


def build(page: Any, give: list[str], ask: list[str], to: str | None) -> None:
    """Build an offer in the panel's builder by clicks and send it."""
    builder = page.locator(f"{PANEL} section.composer")
    for ref in give:
        builder.locator(f"[data-pick='give {ref}']").click()
    for key in ask:
        builder.locator(f"[data-pick='ask {key}'] button.more").click()
    if to:
        builder.locator(f"[data-to={to}]").click()
    before = version(page)
    builder.locator("button.send").click()
    moved(page, before)


def test_a_whole_trade_phase_through_the_panel(server, pages):  # issue 24 §1; RULES C (trade), F.27
    room = create_room(server, ["bohnanza"], ["human", "human", "bot:greedy", "bot:greedy"], options=BOHNANZA, seed=11)
    one = pages(room["seats"][0]["url"], width=1280, height=800)
    two = pages(room["seats"][1]["url"], width=390, height=844)
    two.evaluate(HIDDEN)
    to_the_panel(one)
    two.wait_for_selector(f"{APP}[data-panel=yes]")
    assert in_view(one, PANEL) and in_view(two, PANEL), "the panel is on the screen without scrolling"
    # the generic move list is collapsed under "all moves" while the panel is shown
    assert one.locator("section.moves .group").count() == 0
    assert one.eval_on_selector("section.moves details.all", "d => d.open") is False

    # p1 offers p2 its front card for a bean p2 holds; p2's tab is in the background
    beans = {b["name"]: b["key"] for b in _bean_data(one)}
    hand_two = trade(server, room, 1)["view"]["parts"]["beans"]["hand"]
    wanted = hand_two[-1]
    two.evaluate("() => { window.__hidden = true; }")
    title = two.title()
    build(one, ["h1"], [beans[wanted]], "p2")
    offer = offer_to(server, room, 0, 1)
    assert offer is not None and offer["asks"] == [wanted]
    name = f"o{offer['id'] + 1}"
    card = two.locator(f"{PANEL} [data-offer='{name}']")
    card.wait_for()
    # announced: highlighted, read out, and the hidden tab's title says so
    assert "toyou" in card.get_attribute("class") and "fresh" in card.get_attribute("class")
    two.wait_for_function(
        "(n) => document.querySelector('#announce').textContent.includes(n)", arg=f"new offer {name} to you from p1"
    )
    assert "offer to you" in two.title() and two.title() != title
    two.evaluate("() => { window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); }")
    assert two.title() == title
    assert in_view(two, f"{PANEL} [data-offer='{name}']"), "the offer to you is in view on the phone"
    # p2 accepts in the offer's card and chooses the copy there: its hand's asked beans light up
    wait_ready(two)
    before = version(two)
    card.locator(f"button[data-code='accept {name}']").click()
    moved(two, before)
    wait_ready(two)
    lit = card.locator(".choose button.copy.lit")
    codes = lit.evaluate_all("els => els.map(e => e.dataset.code)")
    positions = [int(c.split("h")[1]) - 1 for c in codes]
    assert codes and all(hand_two[p] == wanted for p in positions)  # F.27: only copies of the asked bean
    before = version(two)
    lit.last.click()
    moved(two, before)
    after = trade(server, room, 1)
    assert wanted in after["view"]["parts"]["trade"]["received"][0], "p1 received the asked bean"
    assert after["view"]["parts"]["trade"]["received"][1], "p2 received p1's card"
    assert no_error(two)

    # an offer withdrawn: it disappears from p2's tab with a short note, no error
    wait_ready(one)
    build(one, [], [beans[trade(server, room, 1)["view"]["parts"]["beans"]["hand"][0]]], "p2")
    offer = offer_to(server, room, 0, 1)
    name = f"o{offer['id'] + 1}"
    two.locator(f"{PANEL} [data-offer='{name}']").wait_for()
    wait_ready(one)
    before = version(one)
    one.locator(f"{PANEL} [data-offer='{name}'] button[data-code='withdraw {name}']").click()
    moved(one, before)
    seen(two, version(one))
    two.locator(f"{PANEL} [data-offer='{name}']").wait_for(state="detached")
    assert f"{name} (p1 → p2 (you)) was withdrawn" in two.inner_text(f"{PANEL} .tp-notes")
    assert no_error(two)

    # an answer crossing a withdrawal: p2's accept leaves after p1 withdrew (held in p2's page
    # until then): the refusal reads as a short note, never an error
    wait_ready(one)
    build(one, [], [beans[trade(server, room, 1)["view"]["parts"]["beans"]["hand"][0]]], "p2")
    offer = offer_to(server, room, 0, 1)
    name = f"o{offer['id'] + 1}"
    two.locator(f"{PANEL} [data-offer='{name}']").wait_for()
    wait_ready(two)
    two.evaluate(HOLD)
    two.locator(f"{PANEL} [data-offer='{name}'] button[data-code='accept {name}']").click()
    wait_ready(one)
    before = version(one)
    one.locator(f"{PANEL} [data-offer='{name}'] button[data-code='withdraw {name}']").click()
    moved(one, before)
    seen(two, version(one))
    two.evaluate("() => window.__release()")
    two.wait_for_selector(".notice.note")
    assert f"{name} is no longer open" in two.inner_text(".notice") and no_error(two)

    # a gift: p2 gives p1 a card for nothing (p2 trades with the active player only)
    wait_ready(two)
    build(two, ["h1"], [], None)
    gift = offer_to(server, room, 1, 0)
    assert gift is not None and gift["asks"] == []
    name = f"o{gift['id'] + 1}"
    card = one.locator(f"{PANEL} [data-offer='{name}']")
    card.wait_for()
    assert "nothing (a gift)" in card.inner_text()
    wait_ready(one)
    before = version(one)
    received = len(trade(server, room, 0)["view"]["parts"]["trade"]["received"][0])
    card.locator(f"button[data-code='accept {name}']").click()
    moved(one, before)
    assert len(trade(server, room, 0)["view"]["parts"]["trade"]["received"][0]) == received + 1

    # p2 sits out from the panel; p1 ends the trade from the panel: both panels close
    wait_ready(two)
    before = version(two)
    two.locator(f"{PANEL} button[data-code='sit-out']").click()
    moved(two, before)
    two.wait_for_selector(f"{PANEL} .tp-sitting")
    assert trade(server, room, 1)["sitting"] == "trade"
    wait_ready(one)
    before = version(one)
    move(one, "end-trading").click()
    moved(one, before)
    for page in (one, two):
        page.wait_for_selector(f"{APP}[data-panel=no]")
        assert no_error(page)


def _bean_data(page: Any) -> list[dict]:
    """The bean-o-meter rule data the page was given (names and keys of the beans)."""
    return page.evaluate(
        """async () => { const a = location.hash.slice(1); const q = new URLSearchParams(a);
        const r = await fetch(`api/rooms/${q.get('room')}/web`, { headers: { Authorization: `Bearer ${q.get('token')}` } });
        return (await r.json()).data.beans; }"""
    )


def test_the_bazaar_through_the_panel(server, pages):  # issue 24 §1; RULES E (the great bandit bazaar)
    page = None
    for seed in range(1, 12):  # a game where p1 may build a bazaar offer asking another's bandit
        room = create_room(server, ["ali_baba"], ["human", "bot:greedy", "bot:greedy"], seed=seed)
        if to_the_bazaar(server, room):
            page = pages(room["seats"][0]["url"], width=390, height=844)
            break
    assert page is not None, "no bazaar for p1 in these games"
    wait_ready(page)
    assert page.get_attribute(APP, "data-panel") == "yes" and in_view(page, PANEL)
    builder = page.locator(f"{PANEL} section.composer")
    asked = builder.locator("button.pick[data-code^='ask k']").first
    card = asked.get_attribute("data-code").split()[1]
    before = version(page)
    asked.click()
    moved(page, before)
    wait_ready(page)
    # the offer in the making, drawn as cards: the asked bandit; then piasters given with it
    draft = page.locator(f"{PANEL} [data-offer='draft']")
    assert draft.locator(f"[data-card='{card}']").count() == 1
    pay = builder.locator("button.ab-money[data-code^='pay m']")
    if pay.count():
        before = version(page)
        pay.first.click()
        moved(page, before)
        wait_ready(page)
        assert "piasters" in draft.locator(".side").first.inner_text()
    send = draft.locator("button[data-code^='send p']").first
    to = int(send.get_attribute("data-code").split("p")[1]) - 1
    before = version(page)
    send.click()
    moved(page, before)
    final = state_of(server, room["room"], room["seats"][0]["token"])
    assert any("player 1 offers" in line for line in final["log"])
    answered = [
        line for line in final["log"] if f"player {to + 1} accepts" in line or f"player {to + 1} declines" in line
    ]
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) >= v", arg=final["version"])
    if answered:  # the bot answered at once: the offer went, with a note in the panel or the panel closed
        assert no_error(page)


def test_an_offer_to_everyone_goes_to_each_other_player(server, pages):  # issue 24 §1; RULES C (trade)
    room = create_room(server, ["bohnanza"], ["human"] * 4, options=BOHNANZA, seed=11)
    one = pages(room["seats"][0]["url"], width=1280, height=800)
    to_the_panel(one)
    wait_ready(one)
    beans = _bean_data(one)
    start = version(one)
    build(one, ["h1"], [beans[0]["key"]], "all")
    seen(one, start + 3)  # one line per other player, each sent after the last one's update
    offers = [offer_to(server, room, 0, p) for p in (1, 2, 3)]
    assert all(o is not None for o in offers), offers
    assert {tuple(o["asks"]) for o in offers} == {(beans[0]["name"],)}
    assert len({o["id"] for o in offers}) == 3 and no_error(one)
