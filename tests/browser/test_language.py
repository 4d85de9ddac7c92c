"""The page in the reader's language (issue 29): a selector of the four languages in their own
names; choosing Dutch asks the state again in Dutch, the page's own words become Dutch,
``<html lang>`` follows, and the choice is kept for the next page."""

from __future__ import annotations

from tests.browser.helpers import APP, create_room

WORDS = """() => ({ lang: document.documentElement.lang,
  moves: document.querySelector("section.movebox h3").textContent,
  log: document.querySelector("section.log h3").textContent,
  phase: document.querySelector("section.turn .phase").textContent,
  names: [...document.querySelectorAll("#language option")].map((o) => o.textContent) })"""


def test_the_page_follows_the_language_selector(server, pages):
    room = create_room(server, ["bohnanza"], ["human", "human", "human"], seed=5)
    page = pages(room["seats"][0]["url"])
    page.wait_for_selector(f"{APP}[data-connection=open] section.movebox")
    english = page.evaluate(WORDS)
    assert english["lang"] == "en" and english["moves"].startswith("your moves")
    assert english["names"] == ["English", "Nederlands", "Français", "Deutsch"]
    page.select_option("#language", "nl")
    page.wait_for_function("() => document.documentElement.lang === 'nl' && document.querySelector('section.turn .phase').textContent.includes('fase')")
    dutch = page.evaluate(WORDS)
    assert dutch["moves"].startswith("je zetten") and dutch["log"].startswith("logboek (")
    assert "fase 1" in dutch["phase"]  # the state asked again in Dutch: the server's words too
    page.reload()  # the choice is kept in this browser
    page.wait_for_selector(f"{APP}[data-connection=open] section.movebox")
    kept = page.evaluate(WORDS)
    assert kept["lang"] == "nl" and kept["moves"].startswith("je zetten") and page.input_value("#language") == "nl"
