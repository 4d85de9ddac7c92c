"""The server's front door: which Host names it answers, and the headers every response carries.

A page on another site must not drive a table: the Host header is checked on every request and
WebSocket (a DNS-rebinding page reaches a server on localhost under its own name, and invitation
links are built from the Host unless ``--url`` is set), and the security headers keep the page
from being framed, its files from being sniffed as another type, and its scripts from loading
anything from elsewhere (it loads nothing from elsewhere: every file comes from this server).
Bodies must be ``application/json`` (:func:`is_json`): a cross-origin form or ``text/plain``
POST is a "simple" request browsers send without asking the server first.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

#: every file the page loads (scripts, styles, the variants' modules) comes from this server;
#: ``data:`` only for the empty icon; the WebSocket is the page's own origin ('self' covers ws/wss)
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"referrer-policy", b"no-referrer"),  # the page's address holds the invitation token
]
#: the names this machine always answers to
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
#: a bound address that is every interface, not a name anyone asks for
WILDCARDS = ("0.0.0.0", "::", "")


def host_name(header: str) -> str:
    """The name in a Host header, lower-case, without the port or IPv6 brackets ("" if malformed)."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        return header[1:end] if end > 0 else ""
    name, _, port = header.partition(":")
    if port and not port.isdigit():
        return ""
    return name.rstrip(".")


def allowed_hosts(public_url: str | None = None, bound: str | None = None, more: Iterable[str] = ()) -> frozenset[str]:
    """The Host names a server answers: ``public_url``'s, the ``bound`` address (unless it is a
    wildcard), ``more`` (this machine's own names, a test client's) and localhost."""
    names = set(LOCAL_HOSTS)
    if public_url:
        names.add((urlsplit(public_url).hostname or "").lower())
    if bound and bound not in WILDCARDS:
        names.add(_address(bound))
    names.update(_address(n) for n in more)
    names.discard("")
    return frozenset(names)


def _address(name: str) -> str:
    """A configured name or address as :func:`host_name` reads it from a header (a bare IPv6
    address such as ``fe80::1`` too, which a Host header always brackets)."""
    name = name.strip()
    return name.strip("[]").lower() if name.count(":") > 1 else host_name(name)


def is_json(content_type: str | None) -> bool:
    """True for ``application/json`` (with or without parameters such as a charset)."""
    return (content_type or "").split(";", 1)[0].strip().lower() == "application/json"


class Gate:
    """ASGI middleware: refuse a request or WebSocket whose Host is not one of ``hosts`` (one
    line, 421), and add the security headers to every HTTP response."""

    def __init__(self, app: Any, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(hosts)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        if host_name(host) not in self.hosts:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "this server does not answer to that host name"})
                return
            await self._refuse(host, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _refuse(self, host: str, send: Any) -> None:
        shown = " ".join(host.split())[:60] or "none"
        text = f"this server does not answer to the host name {shown!r} (start it with --url for the name it is reached by)"
        body = json.dumps({"error": text}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]
        await send({"type": "http.response.start", "status": 421, "headers": headers})
        await send({"type": "http.response.body", "body": body})
