"""Every room's bots get a fair share of the bot threads (issue 27 §1): a search bot thinks at
most its budget per decision, and the threads serve the waiting rooms least used first, in turn
among equals, so rooms of search bots cannot starve a room of greedy bots. Counted, not timed."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from beanframe.server import SQLiteStore
from beanframe.server.bots import BotTurns
from beanframe.server.hub import Hub
from beanframe.server.setup import parse_setup

HANG = 60.0  # seconds: only to catch a hang


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def greedy_waits(order: list[str]) -> list[int]:
    """How many search decisions ran between two decisions of the greedy room, after its first."""
    first = order.index("greedy")
    waits, n = [], 0
    for name in order[first + 1 :]:
        if name == "greedy":
            waits.append(n)
            n = 0
        else:
            n += 1
    return waits


def test_rooms_of_search_bots_do_not_starve_a_room_of_greedy_bots():  # issue 27 §1 (bot fairness)
    clock, order = Clock(), []

    def decide(room: str, cost: float) -> str:  # a decision that takes ``cost`` seconds of a thread
        clock.now += cost
        order.append(room)
        return room

    async def room(turns: BotTurns, name: str, cost: float, decisions: int) -> None:
        for _ in range(decisions):
            assert await turns.run(name, decide, name, cost) == name

    async def scenario() -> None:
        with ThreadPoolExecutor(1) as pool:
            turns = BotTurns(pool, workers=1, clock=clock)
            searches = [room(turns, f"search{i}", 1.0, 4) for i in range(5)]
            await asyncio.gather(*searches, room(turns, "greedy", 0.001, 12))

    asyncio.run(scenario())
    assert len(order) == 5 * 4 + 12  # everyone played every decision: nobody starves
    assert sorted(order[:5]) == [f"search{i}" for i in range(5)]  # equals are served in turn
    waits = greedy_waits(order)
    assert len(waits) == 11 and max(waits) <= 1  # one search at most (the one running) before its turn


def test_with_two_threads_searches_leave_one_to_the_light_rooms():  # issue 27 §1 (bot fairness)
    lock, at_work, most, light_done = threading.Lock(), [0], [0], []
    release = threading.Event()

    def search() -> None:
        with lock:
            at_work[0] += 1
            most[0] = max(most[0], at_work[0])
        release.wait(HANG)  # a search that does not end while the light room plays
        with lock:
            at_work[0] -= 1

    def greedy(n: int) -> int:
        light_done.append(n)
        return n

    async def scenario() -> None:
        with ThreadPoolExecutor(2) as pool:
            turns = BotTurns(pool, workers=2)
            searches = [asyncio.ensure_future(turns.run(f"search{i}", search, heavy=True)) for i in range(6)]
            for n in range(20):  # every greedy decision is served while the searches hold their thread
                assert await asyncio.wait_for(turns.run("greedy", greedy, n), HANG) == n
            release.set()
            await asyncio.gather(*searches)

    asyncio.run(scenario())
    assert light_done == list(range(20))
    assert most[0] == 1  # never more than one search at once: the other thread is the light rooms'


def test_search_bots_think_within_the_budget_and_share_the_threads(tmp_path):  # issue 27 §1 (bot fairness)
    async def scenario() -> tuple[list[str], Hub, list[str]]:
        with ThreadPoolExecutor(1) as pool:
            # a search's budget well above a greedy decision's time, also in a large busy process:
            # the greedy room stays the least used (the rule it is served first by) to its end
            hub = Hub(SQLiteStore(tmp_path / "rooms.db"), bot_delay=0.0, executor=pool, bot_workers=1, bot_seconds=0.05)
            await hub.store.start()
            order: list[tuple[str, str]] = []  # ("ask" or "start", room): asked for a thread, got one
            run = hub.bot_turns.run

            async def counted(room_id, fn, *args, **options):
                order.append(("ask", room_id))

                def started(*work):
                    order.append(("start", room_id))
                    return fn(*work)

                return await run(room_id, started, *args, **options)

            hub.bot_turns.run = counted
            search = [parse_setup({"variants": ["al_cabohne"], "players": 2, "seats": ["bot:ismcts", "bot:ismcts"], "seed": s},
                                  hub.plugin_of) for s in range(4)]  # fmt: skip
            greedy = parse_setup({"variants": ["al_cabohne"], "players": 2, "seats": ["bot:greedy", "bot:greedy"], "seed": 9}, hub.plugin_of)
            rooms = [(await hub.create(s))[0] for s in search]
            budgets = [agent.seconds for r in rooms for agent in r.bots.agents.values()]
            fair = (await hub.create(greedy))[0]
            for _ in range(100_000):  # until the greedy game ends (bounded: only to catch a hang)
                if fair.game.is_over:
                    break
                await asyncio.sleep(0.001)
            over = fair.game.is_over
            await hub.close()
            return order, fair, budgets if over else []

    order, fair, budgets = asyncio.run(scenario())
    assert budgets and set(budgets) == {0.05}  # every search bot: its budget per decision
    events = [(kind, "greedy" if room == fair.id else "search") for kind, room in order]
    asks = [i for i, event in enumerate(events) if event == ("ask", "greedy")]
    assert len(asks) >= 10  # the greedy room asked for a thread at every decision of its game
    # each time the greedy room asked, it waited behind no search that had not begun yet (first
    # come, first served made it wait behind every search room's next one): counted, not timed
    behind = []
    for i in asks:
        start = events.index(("start", "greedy"), i)
        behind.append(sum(1 for event in events[i:start] if event == ("start", "search")))
    # first come, first served would put it behind all four search rooms at nearly every ask; the
    # least-used rule lets it pass them, bar a rare ask where a busy process made one of its own
    # decisions slow enough to lose that rank for a moment (seen in the full suite on 2 cores)
    assert sum(behind) / len(behind) < 1 and sorted(behind)[len(behind) // 2] == 0, behind
