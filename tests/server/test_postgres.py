"""More than one machine (issue 18 §6): PostgreSQL as the store, the database the authority for
each room, LISTEN/NOTIFY between processes. Against a real throwaway PostgreSQL cluster
(``postgres_cluster``): skipped without its binaries, except in CI."""

from __future__ import annotations

import asyncio

import pytest

from beanframe.client import TableClient, play_bot
from beanframe.core.persist import load_game
from beanframe.server.postgres import PostgresStore
from beanframe.server.store import ActionRow, RoomRecord

from .helpers import ServerProcess, create_room, short_options
from .postgres_cluster import cluster


@pytest.fixture(scope="module")
def postgres():
    yield from cluster()


def record(room_id: str) -> RoomRecord:
    return RoomRecord(id=room_id, variants=["al_cabohne"], players=1, options={}, plugins={}, seed=1, seeded=False,
                      seats=["human"], tokens=[None], spectator="x", bot_seed=2, created=0.0)  # fmt: skip


def test_the_database_accepts_one_action_per_version_and_tells_the_others(postgres):  # issue 18 §6
    async def scenario() -> tuple[list, list, list]:
        first, second = PostgresStore(postgres), PostgresStore(postgres)
        await asyncio.gather(first.start(), second.start())  # both create the tables: once
        heard: list = []

        async def listener(room: str, message: dict) -> None:
            heard.append((room, message))

        await second.listen(listener)
        await asyncio.sleep(0.5)  # the LISTEN is in place (bounds nothing: a late LISTEN only delays)
        await first.create_room(record("one-version"))
        both = await asyncio.gather(
            first.append("one-version", 0, [ActionRow(1, 0, "plant f1", "a")], False, None),
            second.append("one-version", 0, [ActionRow(1, 0, "plant f2", "b")], False, None),
        )
        again = await first.append("one-version", 1, [ActionRow(2, 0, "plant f1", "c")], False, None)
        for _ in range(100):
            if any(m.get("version") == 2 for _, m in heard):
                break
            await asyncio.sleep(0.05)
        stored = await second.actions("one-version")
        await first.close()
        await second.close()
        return [*both, again], heard, stored

    results, heard, stored = asyncio.run(scenario())
    assert sorted(results[:2]) == [False, True] and results[2] is True  # never both at one version
    assert [row.version for row in stored] == [1, 2]
    assert ("one-version", {"version": 2, "process": heard[-1][1]["process"]}) in heard  # the other process heard


def test_two_server_processes_serve_one_room(postgres):  # issue 18 §6 (and presence, §2): clients of one room on both
    with ServerProcess(postgres) as first, ServerProcess(postgres) as second:
        with first.client() as http:
            room = create_room(http, variants=["bohnanza"], players=3, seats=["human", "human", "bot:greedy"], seed=41,
                               options=short_options(("bohnanza",)))  # fmt: skip
        links = [seat["url"] for seat in room["seats"]]
        on_second = links[1].replace(first.url, second.url)  # the same invitation, served by the other process
        watcher = room["spectator"]["url"].replace(first.url, second.url)
        seen: dict = {}

        def recorder(name: str):
            def record(kind: str, data: dict) -> None:
                if kind == "state":
                    seen.setdefault(name, []).append(data["version"])

            return record

        together = []  # presence: p1 (connected to the first process) and p2 (the second) at once

        async def watch() -> dict:
            async with TableClient(watcher) as client:
                async for kind, data in client.events():
                    recorder("spectator")(kind, data)
                    together.append([s["connected"] for s in client.state.get("seats", ())][:2] == [True, True])
                return client.state

        async def everyone() -> list:
            return await asyncio.gather(
                play_bot(links[0], "greedy", seed=1, on_event=recorder("p1 on the first")),
                play_bot(on_second, "greedy", seed=2, on_event=recorder("p2 on the second")),
                watch(),
            )

        finals = asyncio.run(everyone())
        assert all(final["over"] for final in finals)
        last = finals[0]["version"]
        for name, versions in seen.items():  # versions only grow (an update may bring several actions)
            assert versions == sorted(versions) and versions[-1] == last, name
        with first.client() as a, second.client() as b:
            save_a, save_b = a.get(f"/api/rooms/{room['room']}/save"), b.get(f"/api/rooms/{room['room']}/save")
        assert save_a.status_code == save_b.status_code == 200 and save_a.text == save_b.text
        game = load_game(save_a.text)
        assert game.is_over
        for final in finals:  # a client on either process has every action of the game, in order
            player = None if final["seat"] is None else int(final["seat"][1:]) - 1
            assert final["history"] == [[f"p{a + 1}", code] for a, code in game.history_for(player)]
        assert any(together), "the spectator on the second process saw p1 connected to the first"
