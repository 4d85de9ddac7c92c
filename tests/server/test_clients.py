"""Other programs at the table (issue 18 §2 "Done means"): the terminal client ``beanframe join``
driven with scripted input plays every variant set to the end against the server's bots, and
the commands ``beanframe join`` and ``beanframe bot`` run as processes; the save of a finished
game is what ``beanframe replay`` reads."""

from __future__ import annotations

import asyncio
import io
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from beanframe.client import Invitation, TableClient, TableError, play_bot
from beanframe.core.game import compose
from beanframe.core.persist import load_game
from beanframe.i18n import language
from beanframe_cli.prompt_line import CLEAR_LINE, PromptLine
from beanframe_cli.table import OVER, RemoteSession

from .helpers import ServerProcess, bearer, create_room, short_options

#: each variant set once, at its smallest player count, the terminal seat first, bots after it
JOIN_SETS = [("al_cabohne",), ("al_cabohne", "prohibohn"), ("ali_baba",), ("bohnanza",), ("bohnanza", "bohnaparte")]
PLAYERS = {("al_cabohne",): 1, ("al_cabohne", "prohibohn"): 2, ("ali_baba",): 2, ("bohnanza",): 3, ("bohnanza", "bohnaparte"): 3}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ServerProcess(tmp_path_factory.mktemp("clients") / "rooms.db") as process:
        yield process


def scripted(lines: list[str], client: TableClient):
    """A player typing ``lines``, then, whenever asked: ``end-trading`` or ``pass`` if the list
    on the screen offers it (a short game), else its first choice (``1``)."""
    queue = list(lines)

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        codes = {a["code"] for a in client.state.get("legal", ())}
        return next((code for code in ("end-trading", "pass") if code in codes), "1")

    return read


def join(link: str, lines: list[str], save: str | None = None) -> tuple[str, str]:
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, highlight=False)

    async def run() -> str:
        async with TableClient(link) as client:
            return await RemoteSession(client, console, scripted(lines, client), save_to=save).run()

    return asyncio.run(run()), out.getvalue()


@pytest.mark.parametrize("variants", JOIN_SETS, ids=["+".join(v) for v in JOIN_SETS])
def test_the_terminal_client_plays_every_variant_set_to_the_end(server, tmp_path, variants):  # issue 18 "Done means"
    players = PLAYERS[variants]
    with server.client() as http:
        bots = next(s for s in http.get("/api/variants").json()["sets"] if tuple(s["variants"]) == variants)["bots"]
        bot = "greedy" if "greedy" in bots else "random"
        room = create_room(http, variants=list(variants), players=players, seats=["human"] + [f"bot:{bot}"] * (players - 1),
                           seed=21, options=short_options(variants))  # fmt: skip
    save = tmp_path / "game.json"
    lines = ["help", "why", "board", "log 3", "99", "no-such-action", "save x.json"]
    outcome, text = join(room["seats"][0]["url"], lines, str(save))
    assert outcome == OVER, text[-2000:]
    assert "Commands:" in text and "no choice 99" in text and "winner" in text and "game seed 21" in text
    assert "Traceback" not in text
    game = load_game(save.read_text())  # the save beanframe replay reads
    assert game.is_over and game.state.seed == 21
    if variants == ("al_cabohne",):  # a variant's own command, answered by the server
        _, meter = join(create_room_link(server, variants), ["meter", "quit"])
        assert "Chili Bean" in meter


def create_room_link(server: ServerProcess, variants: tuple[str, ...]) -> str:
    with server.client() as http:
        return create_room(http, variants=list(variants), players=PLAYERS[variants], seed=3)["seats"][0]["url"]


def test_a_bad_link_is_one_line():  # issue 18 §3
    for link in ("ftp://x/#room=a&token=b", "http://host:1/", "not a link"):
        with pytest.raises(TableError):
            Invitation(link)


def test_quitting_keeps_the_seat_and_joining_again_continues(server):  # issue 18 §4: the same seat again
    link = create_room_link(server, ("al_cabohne",))
    first, _ = join(link, ["1", "1", "quit"])
    assert first == "quit"
    outcome, text = join(link, ["quit"])
    assert outcome == "quit" and "Turn" in text  # the game as it was left: two actions in
    with server.client() as http:
        room = Invitation(link)
        state = http.get(f"/api/rooms/{room.room}/state", headers={"Authorization": f"Bearer {room.token}"}).json()
        assert state["version"] == 2


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "beanframe_cli.app", *args], input=stdin, capture_output=True, text=True, timeout=300)


def test_the_join_and_bot_commands(server, tmp_path):  # issue 18 §2: beanframe join URL, beanframe bot URL --bot greedy
    with server.client() as http:
        room = create_room(http, variants=["al_cabohne"], players=2, seats=["human", "human"], seed=8)
    typed, shown = tmp_path / "typed.txt", tmp_path / "shown.txt"
    typed.write_text("1\n" * 5000)  # the first choice, whenever asked
    with typed.open() as stdin, shown.open("w") as stdout:  # files: a full pipe would stall the game
        command = [sys.executable, "-m", "beanframe_cli.app", "join", room["seats"][0]["url"], "--save", str(tmp_path / "s.json")]
        joiner = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT, text=True)
        bot = cli("bot", room["seats"][1]["url"], "--bot", "greedy", "--quiet", "--once")
        joiner.wait(timeout=300)
    out = shown.read_text()
    assert bot.returncode == 0, bot.stderr
    assert bot.stdout.startswith("p2 played greedy: game over")
    assert joiner.returncode == 0, out[-2000:]
    assert "winner" in out and "Traceback" not in out
    replay = cli("replay", str(tmp_path / "s.json"), "--as", "p1")
    assert replay.returncode == 0 and "winner" in replay.stdout


def test_the_commands_say_what_is_wrong_in_one_line(server):  # issue 18 §3
    bad = cli("join", "http://127.0.0.1:9/")
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and len(bad.stderr.strip().splitlines()) == 1
    link = create_room_link(server, ("al_cabohne",)).replace("token=", "token=wrong")
    refused = cli("bot", link)
    assert refused.returncode == 2 and "opens no seat" in refused.stderr and "Traceback" not in refused.stderr
    with pytest.raises(TableError, match="server instead"):  # a search bot needs the game: a server seat
        asyncio.run(play_bot(create_room_link(server, ("al_cabohne",)), "ismcts"))


#: the variant sets the protocol's example client plays (issue 24 §3), the client at seat 1
CLIENT_SETS = [(("al_cabohne",), 1), (("al_cabohne",), 2), (("al_cabohne", "prohibohn"), 2), (("bohnanza",), 3),
               (("bohnanza", "bohnaparte"), 3), (("ali_baba",), 2)]  # fmt: skip


def documented_client(tmp_path: Path) -> Path:
    """The code block of docs/protocol.md's "A complete client in Python", as the document has
    it now (read from the file, never a copy), written to a file to run."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    code = text.split("## A complete client in Python")[1].split("```python\n")[1].split("```")[0]
    assert len(code.strip().splitlines()) <= 55  # short enough to read and copy
    imports = {line.split()[1].split(".")[0] for line in code.splitlines() if line.startswith(("import ", "from "))}
    assert imports <= {"asyncio,", "asyncio", "json", "random", "sys", "urllib", "websockets"}
    path = tmp_path / "client.py"
    path.write_text(code)
    return path


@pytest.mark.parametrize("variants, players", CLIENT_SETS, ids=[f"{'+'.join(v)}-{n}" for v, n in CLIENT_SETS])
def test_the_documented_client_finishes_every_variant_set_with_few_refusals(server, tmp_path, variants, players):
    # issue 24 §3: against server bots at --bot-delay 0 (the module's server), refusals at most 5% of its actions
    with server.client() as http:
        bots = next(s for s in http.get("/api/variants").json()["sets"] if tuple(s["variants"]) == variants)["bots"]
        kinds = ["bot:greedy" if "greedy" in bots else "bot:random", "bot:random"]
        seats = ["human"] + [kinds[i % 2] for i in range(players - 1)]
        room = create_room(http, variants=list(variants), players=players, seats=seats, seed=5, options=short_options(variants))
        done = subprocess.run([sys.executable, str(documented_client(tmp_path)), room["seats"][0]["url"]],
                              capture_output=True, text=True, timeout=600)  # fmt: skip
        state = http.get(f"/api/rooms/{room['room']}/state", headers={"Authorization": f"Bearer {room['seats'][0]['token']}"}).json()
    assert done.returncode == 0, done.stderr[-2000:]
    assert state["over"] and "result:" in done.stdout
    taken = sum(1 for seat, _ in state["history"] if seat == "p1")
    refused = sum(1 for line in done.stdout.splitlines() if line.startswith("refused:"))
    assert taken > 0 and refused <= 0.05 * (taken + refused), f"{refused} of {taken + refused} actions refused"


def test_a_dropped_connection_is_announced_once_and_retried_with_backoff():  # issue 24 §3
    with socket.socket() as probe:  # a port nobody listens on: every attempt fails at once
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    waits: list[float] = []

    async def scenario() -> list[tuple[str, object]]:
        eight = asyncio.Event()

        async def sleep(seconds: float) -> None:  # the test's clock: no wall-clock waits
            waits.append(seconds)
            if len(waits) >= 8:
                eight.set()
            await asyncio.sleep(0)

        async with TableClient(f"http://127.0.0.1:{port}/#room=r&token=t", sleep=sleep) as client:
            await asyncio.wait_for(eight.wait(), 60)  # a bound against a hang only
            events = []
            while not client._queue.empty():
                events.append(client._queue.get_nowait())
        return events

    events = asyncio.run(scenario())
    assert events.count(("connection", "lost")) == 1  # once, however many attempts
    assert waits[:8] == [1, 2, 4, 8, 16, 30, 30, 30]


def test_the_bot_command_prints_a_refusal_of_its_own_race_only_when_verbose(monkeypatch):  # issue 24 §3
    from typer.testing import CliRunner

    from beanframe_cli.app import app
    from beanframe_cli.commands import bot as bot_command

    async def fake_play(link, bot, seed, delay, on_event, games, on_game_over):  # noqa: ANN001
        on_event("refused", {"type": "error", "error": "your state is out of date (version 3, the game is at 4): nothing done", "status": 409})
        on_event("error", {"type": "error", "error": "plant f9 is not possible now: no field 9", "status": 409})
        on_game_over({"seat": "p2", "result": {"winners": ["p2"], "scores": {"p2": 3}}})
        return {"seat": "p2", "result": {"winners": ["p2"], "scores": {"p2": 3}}}

    monkeypatch.setattr(bot_command, "play_bot", fake_play)
    monkeypatch.setattr(bot_command, "current_link", lambda link: link)  # no server to ask for a rematch
    link = "http://127.0.0.1:1/#room=r&token=t"
    quiet = CliRunner().invoke(app, ["bot", link])
    assert quiet.exit_code == 0 and "out of date" not in quiet.output and "no field 9" in quiet.output
    verbose = CliRunner().invoke(app, ["bot", link, "--verbose"])
    assert verbose.exit_code == 0 and "out of date" in verbose.output


def test_the_bot_command_plays_a_trade_against_fast_bots_without_a_refusal(server):  # issue 24 §3
    with server.client() as http:
        room = create_room(http, variants=["bohnanza"], players=3, seats=["human", "bot:random", "bot:greedy"], seed=9,
                           options=short_options(("bohnanza",)))  # fmt: skip
    kinds: list[str] = []
    final = asyncio.run(play_bot(room["seats"][0]["url"], "random", seed=4, on_event=lambda kind, data: kinds.append(kind)))
    assert final["over"]
    assert "error" not in kinds  # races are "refused" (quiet); nothing else was refused
    assert kinds.count("refused") <= 0.05 * sum(1 for seat, _ in final["history"] if seat == "p1")


def test_a_client_never_sends_faster_than_the_table_allows():  # docs/protocol.md (429), issue 28
    """However fast it is asked to send (a bot against fast bots on a quick server), the client's
    messages pass the server's own token bucket with its default limits: none is refused."""
    from beanframe.server.limits import Bucket, Limits

    async def send_many(n: int) -> list[float]:
        loop = asyncio.get_running_loop()
        sent: list[float] = []

        class Socket:
            async def send(self, text: str) -> None:
                sent.append(loop.time())

        client = TableClient("http://127.0.0.1:1/#room=r&token=t")
        client._ws = Socket()  # type: ignore[assignment] - only send is used
        for _ in range(n):
            assert await client.send({"type": "state"})
        return sent

    times = asyncio.run(send_many(60))
    now = [times[0]]
    limits = Limits()
    bucket = Bucket(limits.rate, limits.burst, clock=lambda: now[0])
    for at in times:
        now[0] = at
        assert bucket.allow()
    assert times[-1] - times[0] >= (60 - 20) / 40 - 0.01  # paced, not merely lucky


def test_printing_above_the_line_being_typed_draws_the_prompt_and_the_typed_text_again():  # issue 24 §3
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, highlight=False)
    line = PromptLine(out, buffer=lambda: "accept o", terminal=True)
    with line.above(console):  # nobody types: printed as it is
        console.print("turn 2")
    line.reading("p1> ")
    with line.above(console):  # printed nothing: nothing drawn again
        pass
    with line.above(console):
        console.print("    · p2 offers o1 to p1")
    assert out.getvalue() == "turn 2\n" + CLEAR_LINE + "    · p2 offers o1 to p1\n" + "p1> accept o"
    line.done()
    piped = io.StringIO()
    not_a_terminal = PromptLine(piped, buffer=lambda: "x", terminal=False)
    not_a_terminal.reading("p1> ")
    with not_a_terminal.above(Console(file=piped, color_system=None)):
        piped.write("event\n")
    assert piped.getvalue() == "event\n"


class _Seat:
    """What RemoteSession reads of a client, for its answers to errors."""

    seat = "p1"
    state = {"seat": "p1", "version": 9, "legal": [], "deciders": ["p2"]}

    def my_turn(self) -> bool:
        return False


def test_join_shows_a_refusal_of_its_own_race_only_when_verbose():  # issue 24 §3
    race = {"type": "error", "ref": "action", "status": 409, "error": "your state is out of date (version 7, the game is at 9): nothing done"}
    mistake = {"type": "error", "ref": "action", "status": 409, "error": "plant f9 is not possible now: no field 9"}
    texts = []
    for verbose in (False, True):
        out = io.StringIO()
        session = RemoteSession(_Seat(), Console(file=out, width=100, color_system=None), lambda prompt: None, verbose=verbose)
        session.on_event("error", race)
        session.on_event("error", mistake)
        texts.append(out.getvalue())
    assert "out of date" not in texts[0] and "no field 9" in texts[0]
    assert "out of date" in texts[1] and "no field 9" in texts[1]


def test_events_during_a_trade_are_printed_above_the_line_being_typed(server):  # issue 24 §3
    with server.client() as http:
        room = create_room(http, variants=["bohnanza"], players=3, seats=["human", "human", "bot:random"], seed=9,
                           options=short_options(("bohnanza",)))  # fmt: skip
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, highlight=False)
    p2 = Invitation(room["seats"][1]["url"]).token
    problems: list[str] = []  # errors in the typing thread (it turns them into the end of input)
    refused: list[str] = []  # p2's moves refused in a race with the bot

    async def run() -> str:
        async with TableClient(room["seats"][0]["url"]) as client:
            typed = {"waited": False}

            def read(prompt: str) -> str:
                try:
                    return slow_typist(prompt)
                except Exception as exc:  # noqa: BLE001 - kept for the assertion below
                    problems.append(repr(exc))
                    raise

            def slow_typist(prompt: str) -> str:
                # a slow typist: at the first trade, p2 makes p1 an offer while p1's line is open (p2 is a
                # person here, so the event comes while p1 types however busy the machine is)
                if not typed["waited"] and "end-trading" in {a["code"] for a in client.state.get("legal", ())}:
                    typed["waited"] = True
                    seen = len(client.state["log"])
                    with server.client() as http:  # p2 gives p1 a hand card: an offer p1 is told of
                        for code in ("give h1", "send p1"):
                            for _attempt in range(50):  # the bot p3 may act between p2's look and p2's move
                                state = http.get(f"/api/rooms/{room['room']}/state", headers=bearer(p2)).json()
                                answer = http.post(f"/api/rooms/{room['room']}/actions", headers=bearer(p2),
                                                   json={"code": code, "version": state["version"]})  # fmt: skip
                                if answer.status_code == 200:
                                    break
                                refused.append(answer.text)
                            else:
                                problems.append(f"p2 could not {code}: {refused}")
                    deadline = time.monotonic() + 60  # a bound against a hang only
                    while len(client.state["log"]) == seen and time.monotonic() < deadline:  # until p2's offer is told
                        time.sleep(0.01)
                    return "quit"  # p2 (absent) must answer the offer now: p1 leaves
                return "quit" if typed["waited"] else "1"

            line = PromptLine(out, buffer=lambda: "pas", terminal=True)
            return await RemoteSession(client, console, read, prompt_line=line).run()

    assert asyncio.run(run()) == "quit"
    assert problems == []
    text = out.getvalue()
    assert CLEAR_LINE in text  # an event came while p1 typed: printed above the line
    for above in text.split(CLEAR_LINE)[1:]:  # each time: what came, then the prompt and "pas" again
        assert above.index("p1> pas") > 0 and above.split("p1> pas")[0].strip()


def test_bots_follow_a_rematch_to_the_next_room_with_the_same_links(server):  # issue 25 §4
    with server.client() as http:
        room = create_room(http, variants=["al_cabohne"], players=2, seats=["human", "human"], seed=8,
                           options=short_options(("al_cabohne",)))  # fmt: skip
    links = [s["url"] for s in room["seats"]]
    ends: list[tuple[str, str]] = []

    def asked_again(final: dict) -> None:  # p1's end: p1 asks to play again (once)
        ends.append((final["seat"], final["room"]))
        if len(ends) == 1:
            with server.client() as http:
                token = Invitation(links[0]).token
                answer = http.post(f"/api/rooms/{room['room']}/rematch", headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 200, answer.text

    async def both() -> list[dict]:
        first = play_bot(links[0], "random", seed=1, games=2, on_game_over=asked_again)
        second = play_bot(links[1], "random", seed=2, games=2)
        return await asyncio.wait_for(asyncio.gather(first, second), 300)  # a bound against a hang only

    finals = asyncio.run(both())
    with server.client() as http:
        old = http.get(f"/api/rooms/{room['room']}/state").json()
    assert old["next_room"] and all(f["room"] == old["next_room"] and f["over"] for f in finals)
    assert {f["seat"] for f in finals} == {"p1", "p2"}  # each person has a seat of the new room


def test_join_offers_the_next_game_and_follows_it_with_the_same_link(server):  # issue 25 §4
    from beanframe_cli.again import AGAIN_PROMPT, play_table

    with server.client() as http:
        room = create_room(http, variants=["al_cabohne"], players=2, seats=["human", "bot:greedy"], seed=8,
                           options=short_options(("al_cabohne",)))  # fmt: skip
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, highlight=False)
    offers: list[str] = []

    async def run() -> None:
        client = TableClient(room["seats"][0]["url"])

        def read(prompt: str) -> str | None:
            if prompt == AGAIN_PROMPT:  # the end of a game: again once, then the input ends
                offers.append(prompt)
                return "again" if len(offers) == 1 else None
            codes = {a["code"] for a in client.state.get("legal", ())}
            return next((code for code in ("end-trading", "pass") if code in codes), "1")

        await asyncio.wait_for(play_table(client, console, read), 300)  # a bound against a hang only

    asyncio.run(run())
    with server.client() as http:
        old = http.get(f"/api/rooms/{room['room']}/state").json()
        new = http.get(f"/api/rooms/{old['next_room']}/state", headers={"Authorization": f"Bearer {room['seats'][0]['token']}"}).json()
    text = out.getvalue()
    assert len(offers) == 2 and text.count("the game is over: type again") == 2
    assert f"the next game of this table: room {old['next_room']}" in text
    assert new["over"] and new["seat"] == "p2"  # the person's seat of the next room, one seat on


def test_a_client_made_in_dutch_is_told_its_seat_in_dutch(server):  # issue 29: `beanframe --lang nl join`
    with server.client() as http:
        room = create_room(http, variants=["al_cabohne"], players=2, seats=["human", "human"], seed=4,
                           options=short_options(("al_cabohne",)))  # fmt: skip
    link = room["seats"][0]["url"]

    async def first_state(lang: str) -> dict:
        with language(lang):
            client = TableClient(link)  # the language of the context that makes it
        async with client:
            async for kind, data in client.events():
                if kind == "state":
                    return data
        raise AssertionError("no state came")

    english, dutch = asyncio.run(first_state("en")), asyncio.run(first_state("nl"))
    assert [a["code"] for a in english["legal"]] == [a["code"] for a in dutch["legal"]]  # codes never change
    with language("nl"):
        game = compose(["al_cabohne"], 2, short_options(("al_cabohne",))).new_game(seed=4)
        assert dutch["legal"][0]["label"] == game.describe(game.legal_actions()[0], game.to_act)
    assert dutch["legal"][0]["label"] != english["legal"][0]["label"]
