"""Actions: small frozen attrs classes with a readable ``str()`` and a stable encoding.

An action class lists its parameters as attrs fields (ints, 0-based). Each field may carry a
one-letter code prefix in its metadata; the string code of an action is its ``name`` followed by
its parameters, 1-based and prefixed, e.g. ``Harvest(field=0)`` -> ``"harvest f1"``. Codes are what
a player types in the CLI and what save files record.

At composition every registered class enumerates its *domain* (all instances that can ever be
legal in that ruleset); the :class:`ActionTable` numbers them in registration order. That gives each
action a stable integer id for a given variant set, options and player count: the action space for
masks in reinforcement learning.

Actions are *canonical*: constructing an action returns the process's one instance of that value
(``Toss(0) is Toss(0)``), however it is made (at import, in ``domain``, by ``attrs.evolve``, a
copy or an unpickling). So an instance a plugin makes at import is the very one the table holds,
the one a code or an id stands for and the one a step receives: ``action is TOSS[0]`` and
``action == TOSS[0]`` always agree, and ``Game.apply`` finds the chosen action among the legal
ones by identity. (The instances live as long as the process, like the codes cached for them:
a ruleset's actions are a finite domain.)

A parameter declared ``param(prefix, private=True)`` is known only to the player who takes the
action (which hand position was given, which card was laid face down). Everyone else learns the
action's *public form*: its ``public_code`` writes each private parameter as ``prefix?``
(``give h? b1``) and ``describe_public(game)`` words it (``public_text``, or a plugin's override).
See :mod:`beanframe.core.records`.
"""

from __future__ import annotations

import re

import inspect
import operator
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from attrs import field, frozen

from beanframe.errors import IllegalActionError
from beanframe.i18n import _, current

if TYPE_CHECKING:
    from beanframe.core.compose import Config


def param(prefix: str = "", private: bool = False) -> Any:
    """An action parameter (an int, 0-based) written in codes as ``prefix`` + (value + 1).

    ``private``: only the acting player may learn the value (a hand position, a card laid face
    down); other players and spectators see the action with ``prefix?`` in its place."""
    return field(metadata={"prefix": prefix, "private": private})


_SPECS: dict[type, tuple[tuple[str, str, bool], ...]] = {}
# code per action, by identity: (the action, its code). Actions are immutable and canonical (kept
# alive in _INSTANCES), their domains finite; keyed by id() the lookup hashes an int, not the action
# (a Python __hash__), and the entry keeps its action alive, so no other object takes its id. An
# action with an unhashable field (never canonical, never legal) is not kept: see _remember
_CODES: dict[int, tuple[Any, str]] = {}
_PUBLIC_CODES: dict[int, tuple[Any, str]] = {}
_WORDS: dict[str, dict[int, tuple[Any, str]]] = {}  # str(action) per language, likewise
_PRIVATE: dict[type, bool] = {}  # whether a class has a private parameter


def _spec(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """``(name, prefix, private)`` per parameter of an action class (cached: attrs classes are
    final once decorated)."""
    spec = _SPECS.get(cls)
    if spec is None:
        spec = _SPECS[cls] = tuple(
            (f.name, f.metadata.get("prefix", ""), bool(f.metadata.get("private", False))) for f in attrs.fields(cls)
        )
    return spec


# every action made so far, by value and the exact types of its fields: the canonical instances.
# The types keep ``Toss(1.0)`` or ``Toss(True)`` (equal to ``Toss(1)``) from standing in for it.
_INSTANCES: dict[Any, Any] = {}
_FIELD_TYPES: dict[type, Any] = {}  # per class: action -> the types of its fields


def _field_types(cls: type) -> Any:
    names = [f.name for f in attrs.fields(cls)]
    if not names:
        return lambda action: ()
    get = operator.attrgetter(*names)
    if len(names) == 1:
        return lambda action: type(get(action))
    return lambda action: tuple(map(type, get(action)))


class Canonical(type):
    """The metaclass of actions: calling an action class returns the canonical instance of the
    value asked for, the first instance ever made equal to it (with fields of the same types)."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        action = super().__call__(*args, **kwargs)
        types = _FIELD_TYPES.get(cls)
        if types is None:
            types = _FIELD_TYPES[cls] = _field_types(cls)
        try:
            return _INSTANCES.setdefault((action, types(action)), action)
        except TypeError:  # an unhashable field: no table can hold it, apply() refuses it
            return action


def _remember(kept: dict[int, tuple[Any, str]], action: Any, text: str) -> str:
    """Keep ``text`` (a code, or words) for a canonical ``action`` in ``kept``, by identity; an
    action made afresh at each call, as with an unhashable field, would only fill the dict."""
    try:
        hash(action)
    except TypeError:
        return text
    kept[id(action)] = (action, text)
    return text


def _remake(cls: type, kwargs: dict[str, Any]) -> Any:
    return cls(**kwargs)


@frozen(cache_hash=True)
class Action(metaclass=Canonical):
    """Base class of all actions. Subclasses set ``name`` and, if they have a fixed set of
    instances that does not depend on the ruleset, may keep the default :meth:`domain`.
    Instances are canonical (see the module): make them wherever convenient, compare them with
    ``is`` or ``==``."""

    name: ClassVar[str] = "action"
    # ``str()`` template, formatted with 1-based parameters; mark it ``N_("...")`` (it is
    # translated where it is shown, in the reader's language)
    text: ClassVar[str] = ""
    # the public form's words, formatted with the public parameters only (e.g. "give a hand card
    # to boss {boss}"); empty: the public code
    public_text: ClassVar[str] = ""

    @classmethod
    def domain(cls, config: Config) -> Iterable[Action]:
        """Every instance of this class that can be legal in a ruleset built from ``config``."""
        if attrs.fields(cls):
            raise NotImplementedError(f"{cls.__name__} has parameters and must define domain()")
        return (cls(),)

    # copies and unpickled actions are the canonical instance too (made through the class)
    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: Any) -> Action:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _remake, (type(self), {f.alias: getattr(self, f.name) for f in attrs.fields(type(self)) if f.init})

    @property
    def code(self) -> str:
        entry = _CODES.get(id(self))
        if entry is not None and entry[0] is self:
            return entry[1]
        parts = [self.name]
        for name, prefix, _private in _spec(type(self)):
            parts.append(f"{prefix}{getattr(self, name) + 1}")
        return _remember(_CODES, self, " ".join(parts))

    def __str__(self) -> str:
        if not self.text:
            return self.code
        words = _WORDS.get(current())  # the same action in the same language: the same words
        if words is None:
            words = _WORDS[current()] = {}
        entry = words.get(id(self))
        if entry is not None and entry[0] is self:
            return entry[1]
        text = _(self.text).format(**{f.name: getattr(self, f.name) + 1 for f in attrs.fields(type(self))})
        return _remember(words, self, text)

    @property
    def is_private(self) -> bool:
        """Whether the action has a private parameter (then others know only its public form)."""
        cls = type(self)
        private = _PRIVATE.get(cls)
        if private is None:
            private = _PRIVATE[cls] = any(p for _, _, p in _spec(cls))
        return private

    @property
    def public_code(self) -> str:
        """The code as players other than the actor know it: private parameters as ``prefix?``."""
        entry = _PUBLIC_CODES.get(id(self))
        if entry is not None and entry[0] is self:
            return entry[1]
        parts = [self.name]
        for name, prefix, private in _spec(type(self)):
            parts.append(f"{prefix}?" if private else f"{prefix}{getattr(self, name) + 1}")
        return _remember(_PUBLIC_CODES, self, " ".join(parts))

    def describe_public(self, game: Any) -> str:
        """The action in words as players other than its actor (and spectators) know it:
        ``public_text`` formatted with the public parameters, else, for an action without
        private parameters, ``str(self)`` (its ``text``), else the public code. Override to name
        things from the game that everyone sees (a boss, a face-up pile); never read what the
        private parameters point at or anything else only the actor sees (``describe(game,
        player)`` is the actor's own wording)."""
        if not self.public_text:
            return self.public_code if self.is_private else str(self)
        return _(self.public_text).format(**{n: getattr(self, n) + 1 for n, _, private in _spec(type(self)) if not private})


class ActionTable:
    """The numbered action space of one ruleset."""

    def __init__(self) -> None:
        self._actions: list[Action] = []
        self._ids: dict[Action, int] = {}
        # the same by identity (the table keeps its actions alive): an int's hash, not an action's
        self._id_by_identity: dict[int, int] = {}
        self._by_code: dict[str, Action] = {}
        self._classes: dict[str, type[Action]] = {}

    def add_class(self, cls: type[Action], config: Config) -> None:
        if cls.name in self._classes and self._classes[cls.name] is not cls:
            raise ValueError(f"two action classes use the name {shorten(cls.name)}")
        _check_describe(cls)
        self._classes[cls.name] = cls
        for action in cls.domain(config):
            if action in self._ids:
                continue
            self._ids[action] = self._id_by_identity[id(action)] = len(self._actions)
            self._actions.append(action)
            self._by_code[action.code] = action

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def id_of(self, action: Action) -> int:
        found = self._id_by_identity.get(id(action))
        if found is not None and self._actions[found] is action:
            return found
        try:
            return self._ids[action]
        except KeyError:
            raise IllegalActionError(_("{action} is not an action of this ruleset").format(action=action)) from None

    def from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self._actions):
            raise IllegalActionError(_("no action has id {id} (the ids run 0..{last})").format(id=action_id, last=len(self._actions) - 1))
        return self._actions[action_id]

    def canonical(self, action: Action) -> Action:
        """The table's own instance equal to ``action``."""
        return self._actions[self.id_of(action)]

    def parse(self, code: str) -> Action:
        """The action whose code is ``code`` (spaces are normalised, case ignored)."""
        norm = " ".join(code.strip().lower().split())
        try:
            return self._by_code[norm]
        except KeyError:
            name = norm.split(" ", 1)[0] if norm else ""
            if name not in self._classes:
                known = ", ".join(sorted(self._classes))
                raise IllegalActionError(_("unknown action {code} (known actions: {known})").format(code=shorten(code), known=known)) from None
            # issue 20.3: say how the action is written, not that "attack" is no valid "attack"
            example = next((c for c in self._by_code if c.split(" ", 1)[0] == name), name)
            form = re.sub(r"[0-9]+", "<k>", example)
            raise IllegalActionError(
                _("{code} is not a valid {name} action: it is written {form}, e.g. {example}").format(
                    code=shorten(code), name=shorten(name), form=form, example=example)
            ) from None

    def coerce(self, action: Action | str | int) -> Action:
        """An action given as an instance, a code or an id, as the table's instance. Anything
        else (a huge id, an over-long code, an action with odd fields) is an IllegalActionError
        whose message shows the input shortened."""
        try:
            if isinstance(action, Action):
                return self.canonical(action)
            if isinstance(action, str):
                if len(action) > 200:
                    raise IllegalActionError(_("unknown action {code}").format(code=shorten(action)))
                return self.parse(action)
            if isinstance(action, int) and not isinstance(action, bool):
                if not 0 <= action < len(self._actions):
                    raise IllegalActionError(_("no action has id {id} (the ids run 0..{last})").format(id=shorten(action), last=len(self._actions) - 1))
                return self.from_id(action)
        except (TypeError, ValueError, AttributeError, RecursionError):
            pass  # unhashable or ill-typed fields: refused below
        else:
            raise IllegalActionError(_("not an action: {value}").format(value=shorten(action)))
        raise IllegalActionError(_("not an action of this ruleset: {value}").format(value=shorten(action)))


def _check_describe(cls: type[Action]) -> None:
    """An action's ``describe`` takes the choosing player: ``describe(self, game, player)``. In a
    group decision several players choose at once, so ``game.to_act`` is not always the one
    asking; an older ``describe(self, game)`` is refused at composition, not mid-game."""
    describe = getattr(cls, "describe", None)
    if describe is None:
        return
    try:
        inspect.signature(describe).bind(None, None, 0)
    except TypeError:
        raise ValueError(
            f"{cls.__name__}.describe must take the player choosing the action: describe(self, game, player)"
        ) from None
    except ValueError:  # no signature to read (a builtin): nothing to check
        pass


def shorten(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (never fails: huge ints, broken reprs)."""
    try:
        if isinstance(value, int) and value.bit_length() > 200:
            return _("<a whole number of about {n} digits>").format(n=int(value.bit_length() * 0.30103))
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real problem
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip(text: str, limit: int = 60) -> str:
    """``text`` (a name, a path, a message) cut to ``limit`` characters, as :func:`shorten` cuts a
    repr: a message quotes at most a short prefix of what it refuses."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."
