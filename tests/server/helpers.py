"""Shared pieces of the table server's tests: an in-process app, a real ``beanframe serve``
process, room creation, and shorter games (options) so every variant set plays to the end fast."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx2

from beanframe.adapters import variant_sets
from beanframe.server import Limits, SQLiteStore, create_app

#: options that shorten a game without changing how it is played (fewer run-outs of the deck)
SHORT = {
    "al_cabohne": {"run_outs": 1},
    "bohnanza": {"run_outs": 1},
    "bohnaparte": {"deck_runs": 3},
}

#: the variant sets of issue 18 (every installed set but the example house rule), per player count
SETS = [(v, n) for v, n in variant_sets() if "cheap_field" not in v]


def short_options(variants: tuple[str, ...]) -> dict[str, Any]:
    return {v: SHORT[v] for v in variants if v in SHORT}


#: the Host name starlette's TestClient sends: the in-process apps answer it as a server answers
#: the name it is reached by (``create_app(hosts=...)``), the check itself unchanged
TEST_HOST = "testserver"


def make_app(tmp_path: Path, bot_delay: float = 0.0, limits: Limits | None = None, **kwargs: Any) -> Any:
    kwargs.setdefault("hosts", (TEST_HOST,))
    return create_app(SQLiteStore(tmp_path / "rooms.db"), bot_delay=bot_delay, limits=limits, **kwargs)


def create_room(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def one_line_error(response: Any) -> str:
    """The error of a refused request, checked to be one short line with no traceback."""
    data = response.json()
    assert set(data) == {"error"}, data
    text = data["error"]
    assert "\n" not in text and "Traceback" not in text and len(text) <= 400, text
    return text


def normal(data: Any) -> Any:
    """Through JSON and back: tuples become lists, as on the wire."""
    return json.loads(json.dumps(data))


class ServerProcess:
    """``beanframe serve`` as a real process on a free port (its address read from what it
    prints); ``kill()`` sends SIGKILL, ``stop()`` SIGTERM."""

    def __init__(self, db: str, *args: str, bot_delay: float = 0.0, port: int = 0, env: dict[str, str] | None = None) -> None:
        self.command = [sys.executable, "-m", "beanframe_cli.app", "serve", "--port", str(port), "--db", str(db),
                        "--bot-delay", str(bot_delay), *args]  # fmt: skip
        self.env = {**os.environ, **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        self.proc = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)
        line = self.proc.stdout.readline()  # blocks until the address is printed (or the process ends)
        found = re.search(r"http://localhost:(\d+)/", line)
        if found is None:
            self.proc.kill()
            raise AssertionError(f"the server did not start: {line!r} {self.proc.stderr.read()[-2000:]}")
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"
        return self

    def __enter__(self) -> ServerProcess:
        return self if self.proc is not None else self.start()

    def __exit__(self, *exc: Any) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.stop()

    def stop(self) -> int:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(60)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no clean-up of any kind
        self.proc.wait(60)

    def client(self) -> httpx2.Client:
        return httpx2.Client(base_url=self.url, timeout=30)
