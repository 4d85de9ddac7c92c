"""``beanframe mcp`` (issue 26 §2): the MCP server played with the SDK's own client over stdio,
as a model's host would: a whole local game through the tools, refusals that are answers, the
resources, and a seat of a real table server."""

from __future__ import annotations

import asyncio
import re
import time
import sys

import pytest

mcp = pytest.importorskip("mcp")  # the optional extra 'agents' (in dev)
from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from tests.server.helpers import ServerProcess, create_room  # noqa: E402

TOOLS = {"state", "act", "why", "wait", "rules"}
CALLS = 2000  # a bound that only catches a game that never ends


def server(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "beanframe_cli.app", "mcp", *args])


async def text(client: Client, tool: str, **arguments) -> str:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result
    return result.content[0].text


def moves(state: str) -> list[str]:
    """The numbered moves of a state text: ``1. plant f1 - ...`` -> ["plant f1", ...]."""
    return re.findall(r"^\d+\. (.+?) - ", state, flags=re.M)


async def play_to_the_end(client: Client, pick) -> tuple[str, int]:
    state = await text(client, "state")
    for calls in range(CALLS):
        if "The game is over." in state:
            return state, calls
        if "decide now" not in state:
            state = await text(client, "wait", timeout=30)
            continue
        answer = await text(client, "act", move=pick(moves(state)))
        assert answer.startswith("played "), answer
        state = answer if ("decide now" in answer or "game is over" in answer) else await text(client, "wait", timeout=30)
    raise AssertionError("the game did not end")


def test_a_whole_solo_game_is_played_through_the_tools():  # issue 26 §2
    async def run():
        async with Client(server("--variants", "al_cabohne", "--players", "1", "--seed", "3", "-o", "al_cabohne.run_outs=1")) as client:
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
            first = await text(client, "state")
            assert "you are p1" in first and "Bean-o-meter" in first and moves(first)
            refused = await text(client, "act", move="harvest f9")  # a refusal is an answer, not an error
            assert refused.startswith("refused: ") and "Your legal moves:" in refused and moves(refused) == moves(first)
            assert (await text(client, "act", move="17")).startswith("refused: no move number 17")
            assert "is possible now" in await text(client, "why", code=moves(first)[0])
            assert "phases" in await text(client, "rules")
            final, calls = await play_to_the_end(client, lambda legal: "1")  # the first move, by its number
            assert "Game over. Scores: p1 " in final and calls > 10
            log = (await client.read_resource("beanframe://log")).contents[0].text
            assert "turn 1: player 1" in log and log.count("\n") > 20
            rules = (await client.read_resource("beanframe://rules")).contents[0].text
            assert rules.startswith("al_cabohne for 1 player(s)")

    asyncio.run(run())


def test_a_seat_against_bots_waits_while_they_play():  # issue 26 §2: the other seats are bots
    async def run():
        args = ("--variants", "bohnanza", "--players", "3", "--seed", "4", "--seat", "bot:greedy", "--seat", "human",
                "--bot-seed", "1", "-o", "bohnanza.run_outs=1")  # fmt: skip
        async with Client(server(*args)) as client:
            state = await text(client, "state")
            assert "you are p2" in state
            final, _ = await play_to_the_end(client, lambda legal: legal[-1])  # the last move: trades are ended
            assert "Game over. Scores:" in final

    asyncio.run(run())


def test_a_seat_of_a_table(tmp_path):  # issue 26 §2: beanframe mcp LINK
    with ServerProcess(tmp_path / "rooms.db") as table, table.client() as http:
        room = create_room(http, variants=["al_cabohne"], players=1, seed=3, options={"al_cabohne": {"run_outs": 1}})
        link = room["seats"][0]["url"]

        async def run():
            async with Client(server(link)) as client:
                state = await text(client, "state")
                assert "you are p1" in state and "Bean-o-meter" in state
                assert (await text(client, "act", move="buy-field")).startswith("refused: ")
                answer = await text(client, "act", move="1")
                assert answer.startswith("played ")
                return answer

        asyncio.run(run())
        after = http.get(f"/api/rooms/{room['room']}/state").json()
        assert after["version"] == 1 and after["history"][0][0] == "p1"


def test_a_missing_game_is_one_line(tmp_path):  # issue 26 §2: bad input, one line
    import subprocess

    done = subprocess.run([sys.executable, "-m", "beanframe_cli.app", "mcp"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.startswith("error: give a table's invitation link") and done.stderr.count("\n") == 1


def test_streamable_http_serves_the_same_tools(tmp_path):  # issue 26 §2: beanframe mcp --http PORT
    import socket
    import subprocess

    with socket.socket() as probe:  # a free port for the server to listen on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    args = ["mcp", "--variants", "al_cabohne", "--players", "1", "--seed", "3", "-o", "al_cabohne.run_outs=1", "--http", str(port)]
    errors = tmp_path / "stderr.txt"  # a file, not a pipe: the server's log lines never block it
    with errors.open("w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "beanframe_cli.app", *args], stdout=subprocess.DEVNULL, stderr=err)
    try:
        for _ in range(1200):  # until it listens (a bound that only catches a server that never starts)
            assert proc.poll() is None, errors.read_text()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("beanframe mcp --http never listened")

        async def run():
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                assert {t.name for t in (await client.list_tools()).tools} == TOOLS
                first = await text(client, "state")
                assert "you are p1" in first and moves(first)
                assert (await text(client, "act", move="17")).startswith("refused: no move number 17")
                played = await text(client, "act", move="1")
                assert played.startswith("played ")
                log = (await client.read_resource("beanframe://log")).contents[0].text
                assert "turn 1: player 1" in log

        asyncio.run(run())
    finally:
        proc.terminate()
        proc.wait(timeout=60)
