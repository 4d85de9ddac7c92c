"""The browser table's tests (issue 19): a real ``beanframe serve`` process on a free port with a
temporary SQLite store, driven by Debian's Chromium through Playwright.

Skipped, with the reason, when Chromium or Playwright is missing, except under ``CI=true``, where a
missing browser is a failure (the CI installs it: ``.ci/run``). Every page records its console:
an error there fails the test."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.helpers import ServerProcess

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None


def _missing() -> str | None:
    if sync_playwright is None:
        return "playwright is not installed (pip install -e '.[dev]')"
    if CHROMIUM is None:
        return "chromium is not installed (as root: apt-get install -y chromium)"
    return None


# package scope, not session: Playwright's sync API keeps an event loop running in this thread
# while it is open, so it must close when the browser tests end (the server tests' asyncio.run
# would fail after them otherwise)
@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    missing = _missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {missing}")
        pytest.skip(missing)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        )
        yield browser
        browser.close()


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("browser") / "rooms.db"
    with ServerProcess(str(db), bot_delay=0.0) as proc:
        yield proc


@pytest.fixture
def pages(browser: Any) -> Iterator[Any]:
    """``pages(url, width=1280)``: a new page in its own context (its own seat), whose console
    errors and page errors are collected and fail the test at the end, but those matching a
    pattern the test expects (``pages.allowed.append(regex)``: the browser's own report of a
    refused connection while the server is down)."""
    contexts, errors = [], []

    def open_page(url: str, width: int = 1280, height: int = 900) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)  # only bounds a hang
        page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.goto(url)
        return page

    open_page.allowed = []
    yield open_page
    for context in contexts:
        context.close()
    errors = [e for e in errors if not any(re.search(p, e) for p in open_page.allowed)]
    assert not errors, errors
