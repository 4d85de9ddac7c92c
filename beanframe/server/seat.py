"""What one seat of a room is told: ONE function of (game, seat), and its increments.

:func:`seat_state` is everything a seat's connection may know of the game: its view (the game's
``view(p).to_dict()`` without the ``record``, which travels as ``history`` and ``log``), what it
may know of the past, who decides now, its own legal actions with their labels, and the result
once the game is over. The room adds what belongs to the room (its id, the version, who sits
where, presence), never anything of the game. Because it is one function of the game and the
seat, the leak test can demand that it is unchanged when everything the seat cannot see is
redealt (``game.determinize(p, rng)``) and that what a connection received adds up to it.

:func:`seat_update` is what changed since an earlier version: the whole view (small: a few kB)
but only the history entries and log lines added since, so a push never re-sends the past.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs
import orjson

from beanframe.core.present import label, presentation
from beanframe.core.records import known_code
from beanframe.core.scoring import seat_name
from beanframe.core.view import plain_data
from beanframe.core.limits import check_player
from beanframe.core.web import web_presentation
from beanframe.i18n import current
from beanframe.text.board import phase_label as board_phase_label

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset


def seat_name_of(player: int | None) -> str | None:
    """``"p1"``... for a player (0-based), None for a spectator."""
    return None if player is None else seat_name(player)


def view_data(game: Game, player: int | None, sent: dict[str, Any] | None = None) -> dict[str, Any]:
    """``game.view(player).to_dict()`` without its ``record`` (sent as ``history`` and ``log``).
    With ``sent`` (the part views this seat was sent last, by name; updated here), ``parts``
    holds only the parts whose view changed since (a client merges them into the parts it has),
    and holds them as the frozen part views themselves, for :func:`to_json` (which writes them
    as plain data in one pass, in C); without it, as plain data.

    ``sent`` also keeps the parts its views were taken from: a part equal to that one now has
    the same view (a part's ``view(player)`` reads the part alone, in the reader's language), so
    its view is not built again; one taking the game is always built. This counts on the game
    those parts belong to not changing afterwards, as in a room, which applies every action to a
    copy; a caller that changes one game in place gives the same parts each time, and then every
    part is looked at."""
    s = game.state
    check_player(player, s.players)
    parts = s.parts
    takes_game = game.ruleset.part_view_takes_game
    if sent is None:
        shown = plain_data({name: part.view(player, game) if takes_game.get(name) else part.view(player) for name, part in parts.items()})
    else:
        basis = sent.get(_BASIS)
        same = _unchanged(basis, parts) if basis is not None else ()
        shown = {}
        for name, part in parts.items():
            if takes_game.get(name):
                view = part.view(player, game)
            elif name in same and name in sent:
                continue  # as it was when its view was sent: so is its view
            else:
                view = part.view(player)
            if sent.get(name, _NOTHING) != view:  # frozen views compare by value, cheaply
                shown[name] = view
                sent[name] = view
        sent[_BASIS] = parts
    phase = game.phase
    active, to_act, deciders = s.active, game.to_act, game.deciders
    data = {"player": player, "players": s.players, "variants": list(game.ruleset.order), "turn": s.turn,
            "active": active, "stage": game.stage_name, "phase": phase.name if phase is not None else None,
            "to_act": to_act, "prompt": game.prompt(), "parts": shown, "deciders": list(deciders)}  # fmt: skip
    # the same players as seats ("p1"...), the numbering of the log, the codes and the seats
    # (issue 26): a client need not count from 0 (lists in the parts stay in seat order: [0] is p1)
    data["seats"] = {"player": seat_name_of(player), "active": seat_name_of(active),
                     "to_act": seat_name_of(to_act), "deciders": [seat_name(p) for p in deciders]}  # fmt: skip
    return data


#: ``sent``'s entry for the parts its views were taken from (no part is named so)
_BASIS = "\x00parts"
#: the last answer of :func:`_unchanged`, kept whole in one tuple (threads read it as one): a
#: push asks it once per seat about the same two sets of parts
_last_unchanged: tuple[Any, Any, frozenset[str]] = (None, None, frozenset())


def _unchanged(basis: dict[str, Any], parts: dict[str, Any]) -> frozenset[str]:
    """The names of the parts in ``parts`` equal to those of ``basis`` (none when they are the
    same dict: a game changed in place)."""
    global _last_unchanged
    if basis is parts:
        return frozenset()
    last = _last_unchanged
    if last[0] is basis and last[1] is parts:
        return last[2]
    names = frozenset(name for name, part in parts.items() if basis.get(name, _NOTHING) == part)
    _last_unchanged = (basis, parts, names)
    return names


_NOTHING = object()


def _attrs_fields(value: Any) -> dict[str, Any]:
    """An attrs instance (a part view or what it holds) as its fields, for the JSON encoder,
    which writes them (and every tuple, list and dict in them) itself: what ``plain_data`` gives,
    without building the plain copy first."""
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        if not attrs.has(kind):
            raise TypeError(f"{kind.__name__} is not JSON data")
        names = _FIELDS[kind] = tuple(f.name for f in attrs.fields(kind))
    return {name: getattr(value, name) for name in names}


_FIELDS: dict[type, tuple[str, ...]] = {}
_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, default=_attrs_fields).encode


def to_json(data: dict[str, Any]) -> str:
    """A message as compact JSON text (keys in their order, non-ASCII as is, no NaN: orjson writes
    null); the part views in it (see :func:`view_data`) as plain data."""
    try:
        return orjson.dumps(data, default=_attrs_fields).decode()
    except TypeError:  # keys orjson does not take (a part's dict keyed by ints or tuples): the slow way
        return _ENCODE(plain_data(data))


def legal_data(game: Game, player: int | None) -> list[dict[str, Any]]:
    """The seat's legal actions now (none for a spectator or a seat that does not decide), each
    ``{"code", "label", "id"}``: the label is the seat's own description of it; plus ``"short"``
    where the plugin names in a few words what the code's parameters stand for ("Feuerbohne" for
    ``ask c2``), for a compact list of choices."""
    if player is None or player not in game.deciders:
        return []
    id_of = game.ruleset.actions.id_of
    labelled = presentation(game.ruleset).labels  # the action kinds that have a few words
    out = []
    for a in game.legal_actions(player):
        # game.describe's work for a player it knows is a decider: every seat's every legal
        # action is described after every action, so checking the player once counts
        describe = getattr(a, "describe", None)
        entry = {"code": a.code, "label": describe(game, player) if describe is not None else str(a), "id": id_of(a)}
        if type(a) in labelled:
            words = label(game, player, a)
            if words:
                entry["short"] = words
        out.append(entry)
    return out


def phase_label(game: Game) -> str:
    """The phase as the rules name it ("phase 2: trade"), or the stage ("game over"), in the
    reader's language: as the terminal says it."""
    return board_phase_label(game)


def result_data(game: Game, given_up: Iterable[int] = ()) -> dict[str, Any] | None:
    """The game's result as data; with ``given_up`` (the table's, not the game's: the server
    adds it) the seats whose person left and a bot played to the end, by name."""
    result = game.result
    if result is None:
        return None
    return {"scores": dict(result.scores), "winners": list(result.winners),
            "lines": {seat: [list(line) for line in lines] for seat, lines in result.lines.items()},
            "given_up": [seat_name(p) for p in sorted(given_up)]}  # fmt: skip


def changing_fields(game: Game, player: int | None, sent: dict[str, Any] | None = None) -> dict[str, Any]:
    """The fields that are sent whole after every change (the view's parts only if they changed,
    when ``sent`` says what was sent, see :func:`view_data`)."""
    return {
        "view": view_data(game, player, sent),
        "deciders": [seat_name(p) for p in game.deciders],
        "legal": legal_data(game, player),
        "phase_label": phase_label(game),
        "over": game.is_over,
        "result": result_data(game),
    }


_RULE_DATA: weakref.WeakKeyDictionary[Any, dict[str, dict[str, Any]]] = weakref.WeakKeyDictionary()


def rule_data(ruleset: Ruleset) -> dict[str, Any]:
    """The public rule data the variants register (``register.data`` of ``beanframe_register_web``:
    the bean-o-meters, a variant's prices, a board's fields), as plain JSON data, computed once
    per ruleset and language (it names beans): facts of the rules, the same for every seat and
    spectator, never of a game."""
    by_language = _RULE_DATA.get(ruleset)
    if by_language is None:
        by_language = _RULE_DATA[ruleset] = {}
    lang = current()
    found = by_language.get(lang)
    if found is None:
        data = {name: fn(ruleset) for name, fn in web_presentation(ruleset).data_fns.items()}
        found = by_language[lang] = json.loads(json.dumps(data))  # plain JSON (tuples become lists)
    return found


def seat_state(game: Game, player: int | None, sent: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything ``player`` (None: a spectator) may know of ``game``, as plain JSON-ready data
    (with ``sent``, an empty dict filled here with the part views sent, the parts are the part
    views themselves, for :func:`to_json`; see :func:`view_data`):
    ``view``, ``history`` (``[seat, code]`` per action, another seat's private choices in their
    public form), ``log`` (``game.log_for(player)``), ``deciders`` (seat names), ``legal``,
    ``phase_label``, ``over``, ``result`` and ``rule_data`` (:func:`rule_data`: the variants'
    public rule data, such as the bean-o-meters; in the whole state only, it never changes).
    Never the seed or the full record."""
    out = changing_fields(game, player, sent)
    out["rule_data"] = rule_data(game.ruleset)
    out["history"] = [[seat_name(actor), code] for actor, code in game.history_for(player)]
    out["log"] = game.log_for(player)
    return out


def seat_update(
    game: Game, player: int | None, new_actions: int, since_events: int, sent: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What changed for ``player`` in the last ``new_actions`` actions, which began when the game
    had ``since_events`` events: the fields sent whole (as in :func:`seat_state`; of the view's
    parts only those that changed since ``sent``, see :func:`view_data`), and only the history
    entries and log lines added since. Merged into the seat's earlier state (parts by name,
    ``history`` and ``log`` appended) it gives :func:`seat_state` now."""
    out = changing_fields(game, player, sent)
    entries = []
    node = game.state.history  # a linked list, newest first: walk only the new entries
    for _entry in range(new_actions):
        action, node, actor = node
        entries.append([seat_name(actor), known_code(actor, action, player)])
    entries.reverse()
    out["history"] = entries
    out["log"] = game.log_for(player, since=since_events)
    return out
