"""A request must be complete in time, and a client that hangs up is no error (issue 27 §1): the
server as ``beanframe serve`` runs it (uvicorn with :func:`beanframe.server.transport.uvicorn_config`)
drops a connection trickling its headers and answers a body that does not come with a 408; a
client that hangs up mid-body leaves no error in the log. The limits are injected small; the
socket timeouts only catch a hang."""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time

import pytest
import uvicorn

from beanframe.server import Limits, SQLiteStore, create_app
from beanframe.server.transport import uvicorn_config

SMALL = Limits(header_seconds=0.3, body_seconds=0.3, keep_alive_seconds=0.3)
HANG = 20.0  # seconds: only to catch a server that never closes


@pytest.fixture
def server(tmp_path):
    """The application on uvicorn in a thread, on a free port; yields the port."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    app = create_app(SQLiteStore(tmp_path / "rooms.db"), bot_delay=0.0, limits=SMALL)
    runner = uvicorn.Server(uvicorn_config(app, SMALL))
    thread = threading.Thread(target=lambda: asyncio.run(runner.serve(sockets=[sock])), daemon=True)
    thread.start()
    deadline = time.monotonic() + HANG
    while not runner.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    yield sock.getsockname()[1]
    runner.should_exit = True
    thread.join(HANG)
    sock.close()


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=HANG)


def read_all(conn: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := conn.recv(4096):
        data += chunk
    return data


def test_a_complete_request_is_served(server):  # issue 27 §1 (read timeouts)
    with connect(server) as conn:
        conn.sendall(b"GET /api HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert read_all(conn).startswith(b"HTTP/1.1 200")


def test_headers_trickling_in_are_dropped(server):  # issue 27 §1 (read timeouts)
    with connect(server) as conn:
        conn.sendall(b"GET /api HTTP/1.1\r\nHost: localhost\r\n")
        conn.settimeout(0.05)
        closed = False
        for n in range(int(HANG / 0.05)):  # a header line at a time, never the end of them
            try:
                closed = conn.recv(4096) == b""
            except TimeoutError:
                try:
                    conn.sendall(f"X-Slow-{n}: 1\r\n".encode())
                except OSError:
                    closed = True
            if closed:
                break
        assert closed


def test_a_body_that_does_not_come_is_answered_408(server):  # issue 27 §1 (read timeouts)
    with connect(server) as conn:
        head = b"POST /api/rooms HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        conn.sendall(head + b"{")
        answer = read_all(conn)  # answered, and then closed (keep-alive ends: the body never came)
    assert answer.startswith(b"HTTP/1.1 408")
    assert b"did not come within 0.3 seconds" in answer


def test_a_client_that_hangs_up_mid_body_is_not_an_error(tmp_path, caplog):  # issue 27 §1
    app = create_app(SQLiteStore(tmp_path / "rooms.db"), bot_delay=0.0)
    incoming = [{"type": "http.request", "body": b"{", "more_body": True}, {"type": "http.disconnect"}]
    sent: list[dict] = []

    async def receive() -> dict:
        return incoming.pop(0)

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": "/api/rooms", "raw_path": b"/api/rooms", "query_string": b"", "root_path": "",
        "headers": [(b"host", b"localhost"), (b"content-type", b"application/json"), (b"content-length", b"100")],
        "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000),
    }  # fmt: skip
    with caplog.at_level(logging.INFO):
        asyncio.run(app(scope, receive, send))
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert "Traceback" not in caplog.text
    assert sent[0]["status"] != 500
