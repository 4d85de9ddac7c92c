"""``beanframe mcp``: one seat served to a model over the Model Context Protocol, on the
official ``mcp`` SDK (``pip install 'beanframe[agents]'``).

Tools (their names are the contract, README "Language models at the table"):

- ``state``: the seat's board in words, what it must decide and its legal moves, numbered;
- ``act(move)``: a number, a code or a one-line command; a refusal is an answer (the reason and
  the legal moves), never an error;
- ``why(code)``: why a move (or, without a code, a choice one misses) is not possible now;
- ``wait(timeout)``: until the seat must decide or the game is over (at most ``timeout`` s);
- ``rules``: the composed rules, as ``beanframe rules`` prints them.

Resources: ``beanframe://rules`` (the rules) and ``beanframe://log`` (the seat's log).
Everything comes from the seat's own answers (:mod:`beanframe.modelseat.seat`)."""

from __future__ import annotations

from typing import Any

from beanframe.errors import ConfigError
from beanframe.i18n import _
from beanframe.modelseat.seat import Seat, state_text

MAX_WAIT = 600.0  # seconds one ``wait`` may last
INSTRUCTIONS = """\
You play one seat of a bean card game (Uwe Rosenberg's Bohnanza family). Call `state` to read the
table and your numbered legal moves; `act` with a move's number, its code or a one-line command;
`wait` while other players decide; `why` to learn why a move is refused; `rules` for the rules."""


def load_sdk() -> Any:
    """The SDK's server class (mcp 2: MCPServer; mcp 1: FastMCP), or a one-line ConfigError."""
    try:
        from mcp.server.mcpserver import MCPServer  # noqa: PLC0415 - an optional extra
    except ImportError:
        try:
            from mcp.server.fastmcp import FastMCP as MCPServer  # noqa: PLC0415 - mcp 1.x
        except ImportError:
            raise ConfigError("beanframe mcp needs the MCP SDK: pip install 'beanframe[agents]'") from None
    return MCPServer


def build_server(seat: Seat) -> Any:
    """An MCP server whose tools play ``seat``."""
    server = load_sdk()("beanframe", instructions=INSTRUCTIONS)

    @server.tool(name="state", description="The table as your seat sees it, what you must decide and your legal moves, numbered.")
    async def state_tool() -> str:
        await seat.start()
        return await state_text(seat)

    @server.tool(name="act", description="Make a move: its number in the list of legal moves, its code (plant f1) or a one-line command of the game. A refused move is answered with the reason and the legal moves.")
    async def act_tool(move: str) -> str:
        await seat.start()
        outcome = await seat.act(str(move))
        if not outcome.ok:
            return outcome.text
        if seat.over() or seat.deciding():
            return f"{outcome.text}\n\n{await state_text(seat)}"
        return f"{outcome.text}\n" + _("Others decide now: call wait.")

    @server.tool(name="why", description="Why a move (a code such as 'buy-field') is not possible now; without a code, why a choice you look for is missing.")
    async def why_tool(code: str = "") -> str:
        await seat.start()
        return await seat.words(f"why {code}".strip())

    @server.tool(name="wait", description="Wait until your seat must decide or the game is over (at most timeout seconds), then the state.")
    async def wait_tool(timeout: float = 60.0) -> str:
        await seat.start()
        if not await seat.wait(max(0.0, min(MAX_WAIT, float(timeout)))):
            return "still waiting: others decide (call wait again)"
        return await state_text(seat)

    @server.tool(name="rules", description="The composed rules of this game: parameters, phases, any-time options, bots.")
    async def rules_tool() -> str:
        await seat.start()
        return await seat.words("rules")

    @server.resource("beanframe://rules", name="rules", description="The composed rules of this game.", mime_type="text/plain")
    async def rules_resource() -> str:
        await seat.start()
        return await seat.words("rules")

    @server.resource("beanframe://log", name="log", description="The events your seat may know, oldest first.", mime_type="text/plain")
    async def log_resource() -> str:
        await seat.start()
        return await seat.words("log 100000")

    return server

