"""Variant drawings on the browser table (issue 19): Bohnaparte's open attack with its fight cards
and rider troops (rider variant), depots as counts; Prohibohn's supply and buildings, each card
buying when clicked."""

from __future__ import annotations

from typing import Any

from tests.browser.helpers import APP, create_room, move, move_codes, state_of, version, wait_ready

ATTACK = ("attack", "fight-hand", "buy-depot", "depot ", "plant ", "plant-traded", "pass", "end-trading", "camp")


def play_until(page: Any, prefer: tuple[str, ...], selector: str, limit: int = 600) -> None:
    """The page plays its preferred moves (by code prefix; else its first) until `selector` shows."""
    for _ in range(limit):
        assert wait_ready(page) == "act", "the game ended first"
        if page.locator(selector).count():
            return
        codes = move_codes(page)
        code = next((c for p in prefer for c in codes if c.startswith(p)), codes[0])
        before = version(page)
        move(page, code).click()
        page.wait_for_function(
            f"(v) => {{ const a = document.querySelector('{APP}'); return a.dataset.over === 'yes' || Number(a.dataset.version) > v; }}",
            arg=before,
        )
    raise AssertionError(f"{selector} never showed")


def test_bohnapartes_attack_riders_and_depots(server, pages):  # issue 19; RULES D "Rider variant", F.13
    options = {"bohnaparte": {"riders": True, "deck_runs": 3}}
    room = create_room(
        server, ["bohnanza", "bohnaparte"], ["human", "bot:greedy", "bot:greedy"], options=options, seed=7
    )
    page = pages(room["seats"][0]["url"])
    play_until(page, ATTACK, f"{APP}[data-deciding=yes] .bp-attack [data-fight]")
    board = state_of(server, room["room"], room["seats"][0]["token"])["view"]["parts"]["board"]
    assert board["attacker"] == 0 and not board["attack_laid"]
    attack = page.inner_text(".bp-attack")
    assert f"on l{board['target'] + 1}" in attack and "not laid yet" in attack
    defender = f"p{board['defender'] + 1}" if board["defender"] >= 0 else "neutral land"
    assert f"defence: {defender}" in page.inner_text(".bp-attack [data-fight=defence]")
    teams = [i for i, k in enumerate(board["kinds"]) if k == "horse_team"]
    assert teams and page.locator("[data-troop]").count() == len(teams)
    for i in teams:
        state = "tired" if i in board["tired"] else "fresh"
        assert state in page.inner_text(f"[data-troop=l{i + 1}]")
    for p, n in enumerate(board["depots"]):  # counts, never landscapes or contents
        seat = page.inner_text(f"section.seat[data-seat=p{p + 1}] .bp-seat")
        assert (f"depot {n} card" in seat) == (n >= 0), seat


def test_prohibohns_supply_buys_when_clicked(server, pages):  # issue 19; RULES B
    room = create_room(server, ["al_cabohne", "prohibohn"], ["human", "bot:greedy"], seed=7)
    page = pages(room["seats"][0]["url"])
    play_until(page, (), f"{APP}[data-deciding=yes] .pb-supply [data-acts^='buy ']", limit=80)
    supply = state_of(server, room["room"], room["seats"][0]["token"])["view"]["parts"]["prohibohn"]["supply"]
    assert page.locator(".pb-supply [data-building]").count() == len(supply)
    card = page.locator(".pb-supply [data-acts^='buy ']").first
    code = card.get_attribute("data-building")
    assert "paid in" in page.inner_text(".pb-supply")
    before = version(page)
    card.click()
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) > v", arg=before)
    seen = state_of(server, room["room"], room["seats"][0]["token"])
    bought = seen["view"]["parts"]["prohibohn"]["owned"][0]
    assert bought and bought[-1] not in seen["view"]["parts"]["prohibohn"]["supply"]
    assert ["p1", f"buy {code}"] in seen["history"]
    page.wait_for_function(f"(v) => Number(document.querySelector('{APP}').dataset.version) >= v", arg=seen["version"])
    assert bought[-1].split(" ")[0] in page.inner_text("section.seat[data-seat=p1] .pb-owned")
