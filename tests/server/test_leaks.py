"""Secrets stay secret (issue 18 §3), and every variant set plays to the end over the protocol
(issue 18 "Done means"): network bots (``beanframe.client.play_bot``) on every seat of a real
``beanframe serve`` process, over real WebSockets, every variant set's game at the same time.

What each seat's connection received, added up update by update, must equal the one function of
(game, seat), :func:`beanframe.server.seat.seat_state`, at every position of the game; and that
function must not change when everything the seat cannot see is redealt
(``game.determinize(seat, rng)``), the way the conformance kit checks views."""

from __future__ import annotations

import asyncio
import random

import pytest

from beanframe.client import TableClient, play_bot
from beanframe.core.persist import load_game
from beanframe.core.game import compose
from beanframe.server.seat import changing_fields, rule_data, seat_state, seat_update

from .helpers import SETS, ServerProcess, create_room, normal, short_options

DETERMINIZED_POSITIONS = 12  # positions per game at which every seat's state is redealt
IDS = [f"{'+'.join(v)}-{n}p" for v, n in SETS]


async def _play_room(links: list[str], spectator: str, bot: str) -> tuple[dict, dict]:
    """Play every seat with a network bot; each connection's state at every version it saw."""
    seen: dict = {}

    def recorder(seat: int | None) -> object:
        def record(kind: str, data: dict) -> None:
            # the state at each version; its history and log grow in place, so their lengths
            # then (the lists themselves are compared with the final ones)
            if kind == "state":
                seen.setdefault(seat, {})[data["version"]] = (data, len(data["history"]), len(data["log"]))

        return record

    async def watch() -> dict:
        async with TableClient(spectator) as client:
            record = recorder(None)
            async for kind, data in client.events():
                record(kind, data)
            return client.state

    plays = [play_bot(link, bot, seed=p, on_event=recorder(p)) for p, link in enumerate(links)]
    finals = await asyncio.gather(watch(), *plays)
    return seen, finals[0]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Every variant set's game, played at once on one server: {id: (seen, final, save text)}."""
    db = tmp_path_factory.mktemp("leaks") / "rooms.db"
    with ServerProcess(db) as server, server.client() as http:
        offered = {tuple(s["variants"]): s["bots"] for s in http.get("/api/variants").json()["sets"]}
        rooms = {}
        for key, (variants, players) in zip(IDS, SETS):
            body = dict(variants=list(variants), players=players, seats=["human"] * players, seed=11, options=short_options(variants))
            rooms[key] = create_room(http, **body)

        async def everything() -> list:
            games = []
            for key, (variants, _) in zip(IDS, SETS):
                bot = "greedy" if "greedy" in offered[variants] else "random"
                room = rooms[key]
                games.append(_play_room([s["url"] for s in room["seats"]], room["spectator"]["url"], bot))
            return await asyncio.gather(*games)

        results = asyncio.run(everything())
        out = {}
        for key, (seen, final) in zip(IDS, results):
            save = http.get(f"/api/rooms/{rooms[key]['room']}/save")
            assert save.status_code == 200, save.text
            out[key] = (seen, final, save.text)
    return out


@pytest.mark.parametrize(("variants", "players"), SETS, ids=IDS)
def test_every_seat_receives_exactly_its_own_state(played, variants, players):  # issue 18 §3, "Done means"
    seen, final, save = played[f"{'+'.join(variants)}-{players}p"]
    assert final["over"] and final["result"] is not None, "the game was played to its end"
    game = load_game(save)  # the save of a finished game loads (and replays, checked)
    assert game.is_over and game.state.n_actions == final["version"]
    replay = game.ruleset.new_game(seed=game.state.seed)
    actors = game.actors
    every = max(1, final["version"] // DETERMINIZED_POSITIONS)
    seats = [None, *range(players)]
    # a seat's history and log only grow: built here as the replay goes (so every position is
    # checked without rebuilding them), and checked whole against seat_state below
    history = {seat: [] for seat in seats}
    log = {seat: replay.log_for(seat) for seat in seats}
    for version in range(final["version"] + 1):
        if version:
            since = replay.state.n_events
            replay.apply(game.actions[version - 1], actors[version - 1])
            for seat in seats:
                history[seat] += seat_update(replay, seat, 1, since)["history"]
                log[seat] += replay.log_for(seat, since=since)
        for seat in seats:
            assert version in seen[seat], f"seat {seat} never saw version {version}"
            got, n_history, n_log = seen[seat][version]
            expected = changing_fields(replay, seat)  # plain data already: lists, text keys
            assert {k: got[k] for k in expected} == expected, f"seat {seat} at version {version}"
            assert (n_history, n_log) == (len(history[seat]), len(log[seat])), f"seat {seat}'s record at version {version}"
            assert ("seed" in got) == replay.is_over, "the seed is served once the game is over, never before"
            assert got.get("sitting") is None, "no seat sat out: none is told it does (issue 24: told to that seat alone)"
        if not replay.is_over and version % every == 0:
            for seat in seats:
                state = normal(seat_state(replay, seat))
                assert state == {**normal(changing_fields(replay, seat)), "history": history[seat], "log": log[seat],
                                 "rule_data": normal(rule_data(replay.ruleset))}  # fmt: skip
                redealt = replay.determinize(seat, random.Random(version))
                assert normal(seat_state(redealt, seat)) == state, f"seat {seat}'s state at version {version} depends on what it cannot see"
    for seat in seats:  # the lists that grew in place: the seat's whole record, entry by entry
        final_state = seen[seat][final["version"]][0]
        assert final_state["history"] == history[seat] and final_state["log"] == log[seat], f"seat {seat}'s record"
        # issue 26 §1: the public rule data (bean-o-meters, prices) reached every seat, the same for each
        assert final_state["rule_data"] == normal(rule_data(game.ruleset)), f"seat {seat}'s rule data"


@pytest.mark.parametrize(("variants", "players"), [(["al_cabohne"], 1), (["bohnanza"], 4), (["bohnanza", "bohnaparte"], 3)])
def test_the_bean_o_meter_and_the_prices_are_in_every_seats_state(variants, players):  # issue 26 §1
    game = compose(variants, players).new_game(seed=5)
    states = [seat_state(game, seat)["rule_data"] for seat in [None, *range(players)]]
    assert all(s == states[0] for s in states), "rule data is public: the same for every seat and the spectator"
    meters = {bean["name"]: bean["meter"] for bean in states[0]["beans"]}
    beans = game.ruleset.config.params["beans"].cards.beans
    assert meters == {b.name: list(b.meter) for b in beans} and meters[next(b.name for b in beans if b.key == "fire")] == [3, 6, 8, 9]  # the Chili Bean's meter card
    if "bohnaparte" in variants:  # RULES D: a fortress 2 coins (quarry), a munitions depot 3, an attack 1
        assert states[0]["bohnaparte"]["prices"] == {"fortress": 2, "depot": 3, "merchant": 3, "attack": 1}
    redealt = game.determinize(0, random.Random(1))
    assert seat_state(redealt, 0)["rule_data"] == states[0]
