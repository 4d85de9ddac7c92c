"""No page ever holds another seat's private things, in every variant set (issue 19; hidden
information): two browser seats play (bots in the rest), and at a few quiet moments of the game
the first page's HTML is searched for what only the second seat may see (its hand, its face-down
coins, Bohnaparte's depot, merchant and fight card, Ali Baba's movement cards) and for the second
seat's token."""

from __future__ import annotations

import json
from typing import Any

import pytest

from beanframe.adapters import variant_sets
from tests.browser.helpers import APP, autoplay, create_room, state_of, version
from tests.server.helpers import short_options

# each variant set once, at its smallest player count with two seats to compare
SETS = sorted({v: n for v, n in reversed(variant_sets()) if n >= 2}.items())
MOMENTS = 3  # checks after the first: the pages play a few moves between them
MOVES = 12  # about how many versions the game moves on between checks

STOP = "() => { clearInterval(window.__autoplay); }"
# the page's HTML without what names beans from the public rule data, the same for every seat and
# not cards anyone holds: the composer's beans one may ask for, Prohibohn's building cards and
# the bean that pays for each kind
RULE_DATA = ".picks.ask, [data-building], .pb-kind > .k"
PAGE = f"""() => {{ const copy = document.documentElement.cloneNode(true);
  copy.querySelectorAll("{RULE_DATA}").forEach((e) => e.remove());
  return copy.outerHTML; }}"""


def private(view: dict[str, Any]) -> list[str]:
    """What the seat's own view shows only to that seat: the named cards in its hand, its
    face-down coins, depot, merchant and fight card (Ali Baba's numbered movement cards are checked
    by what the page draws, a number being no name)."""
    parts = view["parts"]
    beans = parts.get("beans", {})
    board = parts.get("board", {})
    found = [*(beans.get("hand") or ()), *(beans.get("own_coins") or ())]
    found += [*(board.get("own_depot") or ()), *(board.get("own_merchant") or ())]
    found += list(board.get("own_fight_card") or ())
    return found


def quiet(server: Any, room: dict[str, Any], page: Any) -> tuple[dict, dict, str] | None:
    """The two seats' states and the first page's HTML, all at one version (the game waiting on a
    seat or over), or None when it keeps moving."""
    seats = room["seats"]
    for _ in range(200):
        mine = state_of(server, room["room"], seats[0]["token"])
        page.wait_for_function(
            f"(v) => Number(document.querySelector('{APP}').dataset.version) >= v", arg=mine["version"]
        )
        page.wait_for_selector(f"{APP}[data-busy=no]")
        html = page.evaluate(PAGE)
        theirs = state_of(server, room["room"], seats[1]["token"])
        if mine["version"] == theirs["version"] == version(page):
            return mine, theirs, html
        page.wait_for_timeout(100)
    return None


@pytest.mark.parametrize(("variants", "players"), SETS, ids=["+".join(v) for v, _ in SETS])
def test_no_page_holds_another_seats_private_things(server, pages, variants, players):  # issue 19; hidden information
    seats = ["human", "human"] + ["bot:random"] * (players - 2)
    room = create_room(server, variants, seats, options=short_options(variants), seed=21)
    one, two = (pages(s["url"]) for s in room["seats"])
    checked = 0
    for moment in range(MOMENTS + 1):
        if moment:  # both pages play on for a while, then stop
            at = version(one)
            for page in (one, two):
                autoplay(page)
            one.wait_for_function(
                f"(v) => {{ const a = document.querySelector('{APP}'); return a.dataset.over === 'yes' || Number(a.dataset.version) >= v; }}",
                arg=at + MOVES,
                timeout=300_000,
            )
            for page in (one, two):
                page.evaluate(STOP)
        seen = quiet(server, room, one)
        if seen is None:
            continue
        mine, theirs, html = seen
        # everything p1 is shown of this game (the public rule data names every bean: not a game fact)
        known = json.dumps({k: v for k, v in mine.items() if k != "rule_data"})
        secret = {item for item in private(theirs["view"]) if item not in known}
        for item in secret:
            assert item not in html, f"p1's page holds {item!r}, which only p2 may see"
        checked += len(secret)
        if "ali_baba" in variants:  # the movement cards on the page are exactly p1's own
            drawn = one.eval_on_selector_all("[data-move]", "els => els.map(e => Number(e.textContent))")
            assert drawn == mine["view"]["parts"]["ali_baba"]["hand"]
            assert theirs["view"]["parts"]["ali_baba"]["hand"] is not None
            checked += 1
        assert room["seats"][1]["token"] not in html and room["seats"][1]["token"] not in one.url
        assert one.get_attribute(APP, "data-seat") == "p1"
        if mine["over"]:
            break
    assert checked, "no moment where p2 held something p1 could not know: pick another seed"
