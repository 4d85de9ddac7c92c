"""A seat of a table server for a model: :class:`TableSeat` plays the seat an invitation link
opens, through the table's own doors (the WebSocket of :class:`beanframe.client.TableClient`:
its state, its ``command`` answers, its ``action`` refusals). The model reads what the table
tells that seat, nothing more."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from typing import Any

from beanframe.agents import make_bot
from beanframe.client import TableClient, TableError, compose_table
from beanframe.core.view import View
from beanframe.modelseat.seat import FALLBACK_BOTS, Outcome, Seat, move_code, refusal_text
from beanframe.errors import BeanframeError
from beanframe.i18n import _, ngettext

ANSWER_TIMEOUT = 30.0  # seconds the table may take to answer a command or a move


class TableSeat(Seat):
    """The seat of ``link`` (see the module)."""

    def __init__(self, link: str, answer_timeout: float = ANSWER_TIMEOUT) -> None:
        self.client = TableClient(link)
        self.answer_timeout = answer_timeout
        self.seat = "?"
        self._refs = itertools.count(1)
        self._waiting: dict[Any, asyncio.Future] = {}
        self._changed = asyncio.Event()
        self._pump: asyncio.Task | None = None
        self._first: asyncio.Future | None = None
        self._ended: str | None = None

    async def start(self) -> None:
        if self._pump is not None:
            return
        self._first = asyncio.get_running_loop().create_future()
        await self.client.__aenter__()
        self._pump = asyncio.ensure_future(self._consume())
        await asyncio.wait_for(asyncio.shield(self._first), self.answer_timeout)
        if self.client.seat is None:
            raise TableError(_("the link opens no seat (a spectator cannot play): use a seat's invitation link"))
        self.seat = self.client.seat

    async def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pump
        await self.client.close()

    async def _consume(self) -> None:
        try:
            async for kind, data in self.client.events():
                if kind == "state":
                    if not self._first.done():
                        self._first.set_result(True)
                    self._changed.set()
                elif kind in ("error", "output", "why", "accepted"):
                    future = self._waiting.pop(data.get("ref"), None)
                    if future is not None and not future.done():
                        future.set_result((kind, data))
        except TableError as exc:
            self._ended = str(exc)
            if not self._first.done():
                self._first.set_exception(exc)
        finally:
            self._changed.set()
            for future in self._waiting.values():
                if not future.done():
                    future.set_result(("error", {"error": self._ended or "the connection to the table ended"}))

    async def _ask(self, message: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """Send ``message`` with a fresh ``ref`` and wait for the answer to it."""
        ref = next(self._refs)
        future = asyncio.get_running_loop().create_future()
        self._waiting[ref] = future
        if not await self.client.send({**message, "ref": ref}):
            self._waiting.pop(ref, None)
            return "error", {"error": "the connection to the table is down (it comes back by itself): try again"}
        try:
            return await asyncio.wait_for(future, self.answer_timeout)
        except TimeoutError:
            self._waiting.pop(ref, None)
            return "error", {"error": f"the table did not answer within {self.answer_timeout:g} s"}

    # -- reading ---------------------------------------------------------------------------
    def deciding(self) -> bool:
        return not self.over() and self.client.my_turn()

    def over(self) -> bool:
        return bool(self.client.state.get("over")) or self._ended is not None

    def legal(self) -> list[tuple[str, str]]:
        if not self.deciding():
            return []
        return [(m["code"], m["label"]) for m in self.client.state.get("legal", ())]

    def describe(self) -> str:
        state = self.client.state
        name = "+".join(state.get("variants", ()))
        return ngettext("{game}, {n} player; you are {seat} (player {number}).", "{game}, {n} players; you are {seat} (player {number}).", int(state.get("players") or 0)).format(game=name, n=state.get("players"), seat=self.seat, number=self.seat[1:])

    def reference_commands(self) -> list[str]:
        return [c["name"] for c in self.client.state.get("commands", ()) if c.get("kind") == "command"]

    def line_commands(self) -> list[str]:
        return [c["name"] for c in self.client.state.get("commands", ()) if c.get("kind") == "line"]

    async def words(self, line: str, width: int = 100) -> str:
        kind, data = await self._ask({"type": "command", "line": line, "width": width})
        if kind == "output":
            return str(data.get("text", ""))
        return f"refused: {data.get('error', 'no answer')}\n"

    # -- acting ----------------------------------------------------------------------------
    async def act(self, line: str) -> Outcome:
        if self.over():
            return Outcome(False, refusal_text(self, "the game is over"))
        if not self.deciding():
            return Outcome(False, refusal_text(self, "you do not decide now"))
        try:
            code = move_code(line, self.legal())
        except BeanframeError as exc:
            return Outcome(False, refusal_text(self, str(exc)))
        self._changed.clear()
        kind, data = await self._ask({"type": "action", "code": code, "version": self.client.state.get("version")})
        if kind == "accepted":
            return Outcome(True, f"played {code}")
        return Outcome(False, refusal_text(self, str(data.get("error", "refused"))))

    async def wait(self, timeout: float) -> bool:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (self.deciding() or self.over()):
            left = deadline - loop.time()
            if left <= 0:
                return False
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)
        return True

    async def fallback(self) -> str:
        state = self.client.state
        ruleset = compose_table(state)
        name = next(n for n in (*FALLBACK_BOTS, *sorted(ruleset.bots)) if n in ruleset.bots)
        bot = make_bot(ruleset, name, seed=state.get("version", 0))
        legal = [ruleset.actions.from_id(m["id"]) for m in state["legal"]]
        return bot.act(View.from_dict(ruleset, state["view"]), legal).code
