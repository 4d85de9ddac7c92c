"""Server bots in a group decision (issue 24 §3): a bot answers an offer made to it within its
think time, even while a person keeps acting, and before the other bots whose choices did not
change. The think time waits on the test's own clock (``RoomBots.think``), never the wall's."""

from __future__ import annotations

import asyncio

from beanframe.server.hub import Hub
from beanframe.server.setup import parse_setup
from beanframe.server.sqlite import SQLiteStore


def test_a_bot_answers_an_offer_made_to_it_within_one_think_time(tmp_path):  # issue 24 §3
    async def scenario() -> tuple[list[int], list[tuple[int, str]], int]:
        hub = Hub(SQLiteStore(tmp_path / "rooms.db"), bot_delay=5.0)
        await hub.start()
        try:
            setup = parse_setup({"variants": ["bohnanza"], "players": 3, "seats": ["human", "bot:random", "bot:random"], "seed": 3})
            room, _, _ = await hub.create(setup)
            thinks: list[int] = []

            async def think(seconds: float) -> None:
                thinks.append(room.version)
                if len(thinks) == 1:  # while the bots think, p1 offers a card to p3 and goes on building
                    for code in ("give h1", "send p3", "give h1"):
                        await room.act(0, room.version, code=code)

            room.bots.think = think
            while len(room.game.deciders) < 3:  # p1 plants until the trade (every seat decides)
                await room.act(0, room.version, code=room.game.legal_actions(0)[0].code)
            start = room.version
            for _ in range(2000):  # a bound against a hang only: the bot task runs on this loop
                bots = [(v, actor) for v, (actor, _) in enumerate(room.game.history_for(None)) if v >= start and actor != 0]
                if bots:
                    return thinks, bots, start
                await asyncio.sleep(0.005)
            raise AssertionError("no bot acted")
        finally:
            await hub.close()

    thinks, bots, start = asyncio.run(scenario())
    first, actor = bots[0]  # the first bot action: its version, its seat
    assert [v for v in thinks if v <= first] == [start]  # p1's three actions during the think time did not start it again
    assert first == start + 3  # right after them
    assert actor == 2  # p3, to whom the offer was made, before p2 (next in turn) whose choices stood
