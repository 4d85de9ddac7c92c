"""Following a table to its next game (issue 25 §4) from a program: a seat's link of a finished
room whose state names a ``next_room`` leads on to that room with the same token (the server moves
each seat's token hash along to its person's new seat; docs/protocol.md, "Rematches").
``beanframe join`` and ``beanframe bot`` call :func:`current_link` before they connect."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from urllib.parse import quote, urlsplit, urlunsplit

from beanframe.client import Invitation, TableError, answer_body


def next_room(invitation: Invitation, timeout: float = 30) -> str | None:
    """The room that follows the invitation's room (its state's ``next_room``), or None."""
    headers = {"Accept": "application/json"}
    if invitation.token:
        headers["Authorization"] = f"Bearer {invitation.token}"
    request = urllib.request.Request(invitation.api("state"), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - an http(s) link
            state = json.loads(response.read())
    except urllib.error.HTTPError:
        return None  # the connection says what is wrong, in its own words
    except (OSError, ValueError) as exc:
        raise TableError(f"cannot reach the server: {exc}") from None
    found = state.get("next_room") if state.get("over") else None
    return found if isinstance(found, str) and found else None


def current_link(link: str, hops: int = 50) -> str:
    """``link``, or the link of the newest room of its table (following rematches)."""
    for _ in range(hops):
        invitation = Invitation(link)
        following = next_room(invitation)
        if following is None:
            return link
        parts = urlsplit(link.strip())
        fragment = f"room={quote(following)}" + (f"&token={quote(invitation.token)}" if invitation.token else "")
        link = urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, fragment))
    return link


def ask_rematch(invitation: Invitation, timeout: float = 30) -> str:
    """Ask for the table's next game with the seat's token (``POST .../rematch``): its room."""
    request = urllib.request.Request(
        invitation.api("rematch"), data=b"{}", method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {invitation.token}"},
    )  # fmt: skip
    body = answer_body(request, timeout, "no rematch")
    try:
        return str(json.loads(body)["room"])
    except (ValueError, KeyError) as exc:
        raise TableError(f"cannot reach the server: {exc}") from None
