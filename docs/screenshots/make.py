"""Screenshots of the browser table for every variant set, at desktop and phone width (issue 19).

Run from the repository root (needs the dev extras and Debian's chromium):

    .venv/bin/python docs/screenshots/make.py

It starts ``beanframe serve`` on a free port with a throwaway store, creates one room per variant
set (seat 1 the browser, greedy bots in the others, a fixed seed), plays a few moves from the page
so the table has something on it, and writes ``docs/screenshots/SET-desktop.png`` (1280x960) and
``SET-phone.png`` (390x844). Bohnanza's stop in the trade, whose panel (issue 24) is the centre of
the screen, an offer picked in its builder; ``ali_baba-bazaar-desktop.png`` and ``-phone.png`` show
Ali Baba's bazaar in the same panel, an offer in the making. Only what seat 1 may see is on them.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.helpers import create_room, move, move_codes, to_the_bazaar, wait_ready  # noqa: E402
from tests.server.helpers import ServerProcess  # noqa: E402

OUT = Path(__file__).resolve().parent
# variant set, players, moves played from the page before the picture, the codes the page plays
# first (by prefix; else its first move) and a selector that ends the play early when it shows
BUY = ("buy",)
ATTACK = ("attack", "fight-hand", "buy-depot", "depot ", "plant ", "plant-traded", "pass", "end-trading", "camp")
SETS = [
    (("al_cabohne",), 2, 3, (), None),
    (("al_cabohne", "prohibohn"), 2, 60, BUY, None),  # a few buildings bought
    (("bohnanza",), 4, 3, (), "#app[data-panel=yes][data-deciding=yes]"),
    (("bohnanza", "bohnaparte"), 3, 400, ATTACK, "#app[data-deciding=yes] .bp-attack [data-fight]"),  # an attack
    (("ali_baba",), 3, 4, (), None),
]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(str(Path(tmp) / "rooms.db"), bot_delay=0.0) as server:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
            for variants, players, moves, prefer, until in SETS:
                name = "+".join(variants)
                room = create_room(server, variants, ["human"] + ["bot:greedy"] * (players - 1), seed=7)
                url = room["seats"][0]["url"]
                desktop = browser.new_context(viewport={"width": 1280, "height": 960}).new_page()
                desktop.goto(url)
                for _ in range(moves):
                    if wait_ready(desktop) == "over" or (until and desktop.locator(until).count()):
                        break
                    version = desktop.get_attribute("#app", "data-version")
                    codes = move_codes(desktop)
                    code = next((c for p in prefer for c in codes if c.startswith(p)), codes[0])
                    move(desktop, code).click()
                    desktop.wait_for_function(
                        "(v) => document.querySelector('#app').dataset.version !== v", arg=version
                    )
                wait_ready(desktop)
                if desktop.get_attribute("#app", "data-panel") == "yes" and desktop.locator(".tradepanel section.composer [data-pick='give h1']").count():
                    builder = desktop.locator(".tradepanel section.composer")  # an offer in the making
                    builder.locator("[data-pick='give h1']").click()
                    builder.locator("[data-pick^='ask'] button.more").first.click()
                    builder.locator("[data-to]").first.click()
                desktop.screenshot(path=str(OUT / f"{name}-desktop.png"))
                phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1).new_page()
                phone.goto(url)
                wait_ready(phone)
                phone.screenshot(path=str(OUT / f"{name}-phone.png"))
                print(f"{name}: {OUT / name}-desktop.png, -phone.png")
            bazaar(server, browser)
            browser.close()


def bazaar(server: ServerProcess, browser: object) -> None:
    """Ali Baba's bazaar in the trade panel: seat 1 asks a bandit and adds piasters."""
    for seed in range(1, 12):
        room = create_room(server, ["ali_baba"], ["human", "bot:greedy", "bot:greedy"], seed=seed)
        if to_the_bazaar(server, room):
            break
    else:
        print("ali_baba: no bazaar for seat 1 in these games")
        return
    url = room["seats"][0]["url"]
    desktop = browser.new_context(viewport={"width": 1280, "height": 960}).new_page()
    desktop.goto(url)
    for selector in ("button.pick[data-code^='ask k']", "button.ab-money[data-code^='pay m']"):
        wait_ready(desktop)
        found = desktop.locator(f".tradepanel section.composer {selector}")
        if found.count():
            version = desktop.get_attribute("#app", "data-version")
            found.first.click()
            desktop.wait_for_function("(v) => document.querySelector('#app').dataset.version !== v", arg=version)
    wait_ready(desktop)
    desktop.screenshot(path=str(OUT / "ali_baba-bazaar-desktop.png"))
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1).new_page()
    phone.goto(url)
    wait_ready(phone)
    phone.screenshot(path=str(OUT / "ali_baba-bazaar-phone.png"))
    print(f"ali_baba bazaar: {OUT}/ali_baba-bazaar-desktop.png, -phone.png")


if __name__ == "__main__":
    main()
