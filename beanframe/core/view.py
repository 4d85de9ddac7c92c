"""Per-player views: what one player may know, as plain immutable data.

The core contributes the public game position (turn, active player, phase, who decides); each
state part contributes its own view through its ``view`` method, because only the part knows
which of its data is hidden (a hand, the deck order). A view never holds a reference to the game;
its ``record`` holds what the player may know of the history (shared, immutable, read lazily).

A part's view is ``view(player)`` or ``view(player, game)``: a part whose ``view`` has a
parameter named ``game`` is given the game, so it may read the rest of it (another part, the
ruleset's parameters). Which form a part uses is read from its class once, when it is registered
(:func:`view_takes_game`), never per call.
"""

from __future__ import annotations

import inspect
import weakref
from typing import TYPE_CHECKING, Any

import attrs
import cattrs
from attrs import frozen

from beanframe.core.actions import shorten
from beanframe.core.limits import check_player
from beanframe.core.records import Record

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset


@frozen
class View:
    """The game as ``player`` sees it (``player`` None: a spectator who sees only public data).

    Parts are reached by name: ``view["beans"].hand``.
    """

    player: int | None
    players: int
    variants: tuple[str, ...]
    turn: int
    active: int
    stage: str
    phase: str | None
    to_act: int | None
    prompt: str
    parts: dict[str, Any]
    # what ``player`` may know of the history: ``record.history`` ((actor, code) per action, others'
    # private parameters as ``prefix?``) and ``record.events`` (public forms of others' private events)
    record: Record | None = None
    deciders: tuple[int, ...] = ()  # who may act now (several in a group decision)

    def __getitem__(self, name: str) -> Any:
        return self.parts[name]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (lists, dicts, ints, strings): for JSON, logs, or leak checks."""
        return plain_data(self)

    @classmethod
    def from_dict(cls, ruleset: Ruleset, data: dict[str, Any]) -> View:
        """The view whose :meth:`to_dict` gave ``data`` (as read back from JSON), its parts
        rebuilt as the part view classes of ``ruleset``: what a front end that gets views over a
        network (``beanframe join``, a network bot) hands to the plugins' renderers and bots. The
        ``record`` is not rebuilt (None): a client gets the history as the server's log.
        ValueError naming the first problem if ``data`` is not such a view."""
        return view_from_dict(ruleset, data)


def plain_data(value: Any) -> Any:
    """attrs instances, tuples and dicts as plain dicts, lists and values (JSON-ready)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:  # the common containers first: views are mostly these
        return [v if type(v) in _PLAIN else plain_data(v) for v in value]
    names = _attrs_fields.get(kind, _UNKNOWN)
    if names is _UNKNOWN:
        names = _attrs_fields[kind] = tuple(f.name for f in attrs.fields(kind)) if attrs.has(kind) else None
    if names is not None:
        return {name: plain_data(getattr(value, name)) for name in names}
    if kind is Record:
        return value.to_dict()
    if isinstance(value, dict):
        return {str(k): plain_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_data(v) for v in value]
    return value


_PLAIN = frozenset((str, int, float, bool, type(None)))
_attrs_fields: dict[type, tuple[str, ...] | None] = {}  # per class: its attrs fields (None: not attrs)
_UNKNOWN = object()


def view_takes_game(cls: type) -> bool:
    """Whether the parts of class ``cls`` want ``view(player, game)`` (a parameter named ``game``)
    rather than ``view(player)``. ValueError if ``cls`` has no usable ``view`` method."""
    fn = getattr(cls, "view", None)
    if not callable(fn):
        raise ValueError(f"its class {shorten(getattr(cls, '__name__', cls))} has no view(player) method")
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False  # a builtin or C method: it cannot name a game parameter
    names = [n for n, p in params.items() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if inspect.isfunction(inspect.getattr_static(cls, "view", None)) and names:
        names = names[1:]  # a plain method: skip ``self``
    if len(names) == 1:
        return False
    if len(names) == 2 and names[1] == "game":
        return True
    raise ValueError(f"{cls.__name__}.view({', '.join(names)}) must take (player) or (player, game)")


def make_view(game: Game, player: int | None) -> View:
    s = game.state
    check_player(player, s.players)
    phase = game.phase
    to_act = game.to_act
    takes_game = game.ruleset.part_view_takes_game
    return View(
        player=player,
        players=s.players,
        variants=game.ruleset.order,
        turn=s.turn,
        active=s.active,
        stage=game.stage_name,
        phase=phase.name if phase is not None else None,
        to_act=to_act,
        prompt=game.prompt(),
        parts={
            name: part.view(player, game) if takes_game.get(name) else part.view(player)
            for name, part in s.parts.items()
        },
        record=game.record_for(player),
        deciders=game.deciders,
    )


# --------------------------------------------------------------------------------------------
# Views read back from plain data (a client of the table server)
# --------------------------------------------------------------------------------------------

_view_classes: weakref.WeakKeyDictionary[Any, dict[str, type]] = weakref.WeakKeyDictionary()
_from_plain = cattrs.Converter(detailed_validation=False)  # several times faster; errors are one line anyway


def _deep_tuple(value: Any, _type: Any = None) -> Any:
    """JSON turns every tuple into a list; a bare ``tuple`` field (such as an offer's items, pairs of
    pairs) gets tuples back all the way down, so a view survives JSON equal to itself."""
    if isinstance(value, (list, tuple)):
        return tuple(_deep_tuple(item) for item in value)
    return value


_from_plain.register_structure_hook(tuple, _deep_tuple)
_VIEW_FIELDS = tuple(f.name for f in attrs.fields(View) if f.name not in ("parts", "record"))


def part_view_classes(ruleset: Ruleset) -> dict[str, type]:
    """The class of each part's view in ``ruleset`` (collected once, from the views of a fresh
    game: a part's ``view`` may be unannotated, its result never lies)."""
    found = _view_classes.get(ruleset)
    if found is None:
        game = ruleset.new_game(seed=0)
        found = {name: type(part) for name, part in game.view(0).parts.items()}
        _view_classes[ruleset] = found
    return found


def view_from_dict(ruleset: Ruleset, data: dict[str, Any]) -> View:
    """See :meth:`View.from_dict`."""
    if not isinstance(data, dict) or not isinstance(data.get("parts"), dict):
        raise ValueError("not a view: no 'parts' object")
    classes = part_view_classes(ruleset)
    parts: dict[str, Any] = {}
    for name, value in data["parts"].items():
        cls = classes.get(name)
        if cls is None or not attrs.has(cls):
            parts[name] = value  # a part this ruleset does not know, or a plain-data view
            continue
        try:
            parts[name] = _from_plain.structure(value, cls)
        except (cattrs.BaseValidationError, TypeError, ValueError, KeyError) as exc:
            raise ValueError(f"part {name!r} is not a {cls.__name__}: {type(exc).__name__}") from None
    try:
        fields = {name: data[name] for name in _VIEW_FIELDS}
    except KeyError as exc:
        raise ValueError(f"not a view: no {exc.args[0]!r}") from None
    fields["variants"] = tuple(fields["variants"])
    fields["deciders"] = tuple(fields["deciders"])
    return View(parts=parts, record=None, **fields)
