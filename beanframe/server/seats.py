"""What people do with seats, beside playing (issue 25 §2-§4): claim an open seat, fill the open
seats with bots and start, hand an absent person's seat to a bot, give a seat up, play again.

Each changes the room's table state (:mod:`beanframe.server.seating`) under the room's lock, stores
it, and tells everyone (a state update and the table log). Who may do what:

- an **open** seat is claimed by anyone who asks (no token): the answer holds the seat's token,
  shown once; a seat already taken answers 409;
- the room's **creator** (the first seat created ``human``) may fill the open seats with bots, and
  hand a seat whose person has been gone longer than the room's ``absent`` seconds to a bot; when
  the creator is the one gone, any other person at the table may (so a table never waits for its
  creator). The person takes the seat back by acting;
- a seat's own token may **give it up** (a bot plays it to the end; the result says so);
- any seat's token, once the game is over, asks for a **rematch**: one new room (asking again
  answers the same room), the same variants, options and clock, a fresh seed, each seat's
  person one seat on (old ``p2`` is new ``p1``: the next game starts with the next player), and
  each old token opens its person's new seat (the token hashes move along; no new links).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from beanframe.core.scoring import seat_name
from beanframe.i18n import N_, _
from beanframe.server.refusals import Refused
from beanframe.server.seating import OPEN
from beanframe.server.setup import RoomSetup
from beanframe.server.tokens import new_token, token_hash
from beanframe.server.words import table_line

if TYPE_CHECKING:
    from beanframe.server.hub import Hub
    from beanframe.server.rooms import Room

def seat_index(room: Room, seat: str) -> int:
    """The player (0-based) a seat name ("p2") means in this room (404 if none)."""
    if seat[:1] == "p" and seat[1:].isdigit() and 1 <= int(seat[1:]) <= room.record.players:
        return int(seat[1:]) - 1
    raise Refused(_("room {room} has no seat {seat} (seats p1 to {last})").format(room=room.id, seat=repr(seat[:20]), last=f"p{room.record.players}"), 404)


def _playing(room: Room) -> None:
    if room.game is None:
        raise Refused(room.broken or _("this room cannot be played"), 409)
    if room.game.is_over:
        raise Refused(_("the game is over"), 409)


async def claim(room: Room, player: int) -> str:
    """Take an open seat: its new token (the only copy), or 409 if it was taken."""
    async with room.lock:
        _playing(room)
        if room.record.seats[player] != OPEN:
            raise Refused(_("seat {seat} is not open (it was taken, or never was): choose another").format(seat=seat_name(player)), 409)
        token = new_token()
        rec = room.record
        seats, tokens = list(rec.seats), list(rec.tokens)
        seats[player], tokens[player] = "human", token_hash(token)
        room.record = attrs.evolve(rec, seats=tuple(seats), tokens=tuple(tokens))
        text = N_("{seat} sits down: every seat is taken, the game begins") if not room.seating.open_seats() else N_("{seat} sits down")
        await room.seating.changed(table_line(text, seat=seat_name(player)))
        return token


def _creator_or_stand_in(room: Room, actor: int | None, absent: int | None = None) -> None:
    creator = room.record.creator
    if actor is None:
        raise Refused(_("only a seated player may do this: open your invitation link"), 403)
    if actor == creator:
        return
    if creator is not None and absent == creator and actor != absent:
        return  # the creator is the one gone: any other person may
    if creator is None:
        raise Refused(_("only the room's creator may do this"), 403)
    raise Refused(_("only the room's creator ({seat}) may do this").format(seat=seat_name(creator)), 403)


async def fill(room: Room, actor: int | None) -> list[str]:
    """The creator starts now: every open seat gets a bot. Returns the seats filled."""
    _creator_or_stand_in(room, actor)
    async with room.lock:
        _playing(room)
        open_seats = room.seating.open_seats()
        if not open_seats:
            raise Refused(_("no seat is open: the game has begun"), 409)
        bot = room.seating.profile.bot if room.seating.profile else _default_bot(room)
        seats = list(room.record.seats)
        for p in open_seats:
            seats[p] = f"bot:{bot}"
        room.record = attrs.evolve(room.record, seats=tuple(seats))
        _add_bots(room, open_seats)
        names = [seat_name(p) for p in open_seats]
        await room.seating.changed(table_line(N_("{seats}: a {bot} bot sits down; the game begins"), seats=", ".join(names), bot=bot))
        return names


async def hand_over(room: Room, actor: int | None, player: int) -> None:
    """A person gone longer than the room's ``absent`` seconds: a bot plays their seat until
    they act again."""
    _creator_or_stand_in(room, actor, player)
    async with room.lock:
        _playing(room)
        seating = room.seating
        if room.record.seats[player] != "human" or player in seating.given_up:
            raise Refused(_("{seat} is not a person's seat").format(seat=seat_name(player)), 409)
        if player == actor:
            raise Refused(_("you are here: a seat is handed to a bot only when its person is gone"), 409)
        gone = seating.gone_since.get(player)
        absent = room.record.absent
        if gone is None or seating.now() - gone < absent:
            raise Refused(_("{seat} is connected or gone for less than {seconds} s: wait for them").format(seat=seat_name(player), seconds=f"{absent:g}"), 409)
        if player in seating.handed:
            return
        seating.handed.add(player)
        await seating.changed(table_line(N_("{seat} is away: a {bot} bot plays for {seat} until they are back"), seat=seat_name(player), bot=_bot_name(room)))


async def give_up(room: Room, player: int | None) -> None:
    """The seat's person leaves: a bot plays it to the end (the result marks it)."""
    if player is None:
        raise Refused(_("only a seated player may give up their seat: open your invitation link"), 403)
    async with room.lock:
        _playing(room)
        seating = room.seating
        if player in seating.given_up or room.record.seats[player] != "human":
            raise Refused(_("{seat} is not a person's seat now").format(seat=seat_name(player)), 409)
        seating.given_up.add(player)
        seating.handed.discard(player)
        await seating.changed(table_line(N_("{seat} gave up: a {bot} bot plays {seat} to the end"), seat=seat_name(player), bot=_bot_name(room)))


async def rematch(hub: Hub, room: Room, player: int | None) -> str:
    """The next game of this table (see the module): its room id."""
    if player is None:
        raise Refused(_("only a seated player may ask for a rematch: open your invitation link"), 403)
    async with room.lock:
        if room.game is None or not room.game.is_over:
            raise Refused(_("a rematch is offered once the game is over"), 409)
        if room.seating.next_room:
            return room.seating.next_room
        rec = room.record
        n = rec.players
        rs = hub.ruleset(rec.variants, n, rec.options)
        # old seat p sits at new seat p - 1: the next game starts with the next player
        moved = [(p + 1) % n for p in range(n)]  # new seat q <- old seat moved[q]
        bot = room.seating.profile.bot if room.seating.profile else _default_bot(room)
        kinds = [f"bot:{bot}" if old in room.seating.given_up else rec.seats[old] for old in moved]
        kinds = ["human" if k == OPEN else k for k in kinds]
        clock = room.seating.profile
        new, _tokens, _spectator = await hub.create(RoomSetup(rs, tuple(kinds), None, clock, rec.absent))
        tokens = [None if kinds[q].startswith("bot:") else rec.tokens[old] for q, old in enumerate(moved)]
        creator = moved.index(rec.creator) if rec.creator is not None else None
        new.record = attrs.evolve(new.record, tokens=tuple(tokens), spectator=rec.spectator, creator=creator)
        await hub.store.save_table(new.id, new.seating.data())
        room.seating.next_room = new.id
        room.seating.lines.append(table_line(N_("{seat} asked for a rematch: the next game is room {room}"), seat=seat_name(player), room=new.id))
        await hub.store.save_table(room.id, room.seating.data())
        room.seating.push()
        return new.id


def _bot_name(room: Room) -> str:
    return room.seating.profile.bot if room.seating.profile else _default_bot(room)


def _default_bot(room: Room) -> str:
    bots = room.game.ruleset.bots if room.game is not None else {}
    return "greedy" if "greedy" in bots else "random"


def _add_bots(room: Room, players: list[int]) -> None:
    from beanframe.agents import make_bot
    from beanframe.batch import bot_seed

    rec = room.record
    for p in players:
        room.bots.agents[p] = make_bot(room.game.ruleset, rec.seats[p][4:], bot_seed(rec.bot_seed, rec.seed, p))
