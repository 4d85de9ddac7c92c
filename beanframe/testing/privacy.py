"""Hidden information: views, logs, prompts and texts leak no private record (the views-leak-
nothing check), views stay stable, and a hand keeps its order."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any


from beanframe.core.actions import Action
from beanframe.core.game import Game
from beanframe.core.records import PrivateEvent, iter_history, known_code
from beanframe.core.state import iter_linked
from beanframe.core.view import View, plain_data

if TYPE_CHECKING:
    pass

from beanframe.testing.failures import ConformanceError, Views, _fail, observers
from beanframe.testing.registered import TransitionCheck

RECENT_ACTIONS = 1


def check_private(game: Game, seen: Mapping[int | None, View] | None = None, thorough: bool = True) -> None:
    """Nothing private reaches another observer (each player, and the spectator ``None``).

    A *secret* of observer ``o`` is the full code of an action with a private parameter that
    another player took (``give h3 b1``), unless ``o`` knows that same code otherwise. Checked:

    - secrets appear nowhere in ``view(o)``: its parts and prompt (quick: the secrets of the newest
      few actions) and, with ``thorough``, its whole ``to_dict()`` and ``history_for(o)``;
    - ``thorough``: ``history_for(o)`` holds each action whole if ``o`` took it or it has no
      private parameter, else its public form, and ``view(o).record`` holds exactly
      ``history_for(o)`` and ``events_for(o)``;
    - ``thorough``: a private event (``emit(..., to=...)``) has a public form that differs from it,
      and the log line of an event hidden from ``o`` never appears in ``log_for(o)``, unless ``o``
      sees the same line from an event it knows whole. So a private event needs a format whose
      line for the whole event differs from the line of its public form.

    Leaks into histories and logs stay there, so the thorough check, run now and then and at the
    end, finds them; the quick one looks for what a view shows only for a moment."""
    problems: list[str] = []
    s = game.state
    if thorough:
        entries = list(iter_history(s.history))
        entries.reverse()
    else:
        entries = list(itertools.islice(iter_history(s.history), RECENT_ACTIONS))
        if not any(action.is_private for _, action in entries):
            return  # no recent secret a view could show
    lines = _event_lines(game, problems) if thorough else None
    for o in observers(game):
        view = seen[o] if seen is not None else game.view(o)
        knows = [(actor, known_code(actor, action, o)) for actor, action in entries]
        secrets = {action.code for actor, action in entries if action.is_private and actor != o}
        secrets -= {code for _, code in knows}
        if not thorough:
            if not secrets:
                continue
            text = json.dumps(plain_data(view.parts)) + "\n" + view.prompt
            problems += _secrets_in(secrets, {f"view({o})": text})
            continue
        history = game.history_for(o)
        if history != knows:
            i = next((i for i, (a, b) in enumerate(zip(history, knows)) if a != b), min(len(history), len(knows)))
            got = history[i] if i < len(history) else "nothing"
            want = knows[i] if i < len(knows) else "nothing"
            problems.append(f"history_for({o}) shows action {i + 1} as {got}, not as {want}")
        events = game.events_for(o)
        record = view.record
        if record is None or record.history != tuple(history) or record.events != tuple(events):
            problems.append(f"view({o}).record does not hold history_for({o}) and events_for({o})")
        elif (found := unknown_held(*record.held(), o)) is not None:
            problems.append(f"view({o}).record holds {found} (a view must hold nothing its player may not know)")
        log = game.log_for(o)
        in_log = set(log)
        assert lines is not None
        whole = {line for item, line, _ in lines if type(item) is not PrivateEvent or o in item.to}
        for item, line, _ in lines:
            if type(item) is PrivateEvent and o not in item.to and line in in_log and line not in whole:
                problems.append(
                    f"log_for({o}) shows {line!r}, the line of event {item.event!r}, which only to={item.to} "
                    "may know whole (the line of its public form must differ)"
                )
                break
        # (not the log: an event's line may read like a code by chance, "bid 0" for ("bid", 0))
        texts = {
            f"view({o}).to_dict()": json.dumps(view.to_dict()),
            f"history_for({o})": "\n".join(code for _, code in history),
        }
        problems += _secrets_in(secrets, texts)
    _fail("private", problems, game)


def unknown_held(actions: Iterable[tuple[int, Any]], events: Iterable[Any], observer: int | None) -> str | None:
    """The first item of a record that ``observer`` may not know (another player's private action
    whole, or an event hidden from them), described; None when there is none. ``actions``:
    ``(actor, action)``; ``events``: event-list items as stored."""
    for actor, action in actions:
        if actor != observer and isinstance(action, Action) and action.is_private:
            return f"player {actor + 1}'s private action {action.code!r}"
    for item in events:
        if type(item) is PrivateEvent and observer not in item.to:
            return f"the event {item.event!r}, private to {item.to}"
    return None


def _event_lines(game: Game, problems: list[str]) -> list[tuple[Any, str, str | None]]:
    """``(item, line of the whole event, line of its public form)`` per recorded event, oldest
    first; notes private events whose public form is the event itself."""
    describe = game.ruleset.describe_event
    out = []
    for item in iter_linked(game.state.events):
        if type(item) is PrivateEvent:
            if item.public == item.event:
                problems.append(f"event {item.event!r} is private (to={item.to}) but its public form is the same event")
            public = None if item.public is None else describe(game, item.public)
            out.append((item, describe(game, item.event), public))
        else:
            out.append((item, describe(game, item), None))
    out.reverse()
    return out


def _secrets_in(secrets: set[str], texts: Mapping[str, str]) -> list[str]:
    if not secrets:
        return []
    pattern = re.compile(r"(?<![\w?-])(" + "|".join(re.escape(c) for c in sorted(secrets, key=len, reverse=True)) + r")(?![\w?])")
    problems = []
    for where, text in texts.items():
        found = pattern.search(text)
        if found:
            problems.append(f"{where} shows {found.group(1)!r}, another player's private action")
    return problems


def check_views_stable(old: Mapping[int | None, View], old_game: Game, game: Game) -> None:
    """Views taken earlier still read the same after the game moved on (they hold no reference
    to the live state): ``old`` are views of ``game`` taken before its last action, ``old_game``
    a copy of ``game`` at that moment."""
    for p, view in old.items():
        if view != old_game.view(p):
            raise ConformanceError("views", f"view({p}) taken earlier changed when the game moved on", game)


# --------------------------------------------------------------------------------------------
# Transitions: fixed-order hands
# --------------------------------------------------------------------------------------------


def _kept_prefix(before: Sequence[Any], after: Sequence[Any]) -> int:
    """The length of the longest front of ``after`` that is a subsequence of ``before``."""
    k = 0
    for card in before:
        if k < len(after) and after[k] == card:
            k += 1
    return k


def hand_order_problems(before: Views, after: Views, part: str | None = None) -> list[str]:
    """Between two positions (every observer's view before and after) each fixed-order hand (of
    the part named ``part``; None: of every part) only lost cards and gained cards at its back.

    A part's per-player view with a ``hand`` attribute (a sequence of cards, front first) shows a
    fixed-order hand. When the part's view also shows ``deck_size`` (and ``run_outs``), the gains
    are bounded by the cards that left the deck, which makes the check sharp; this assumes hands
    are filled only from the deck and the deck grows only when it runs out (``run_outs`` counts
    up). Without a bound nothing is checked (any change could be "lost all, gained all")."""
    problems: list[str] = []
    players = [p for p in before if p is not None]
    public_before, public_after = before[None].parts, after[None].parts
    for name, old in public_before.items():
        if part is not None and name != part:
            continue
        new = public_after.get(name)
        bound = None
        old_deck, new_deck = getattr(old, "deck_size", None), getattr(new, "deck_size", None)
        if type(old_deck) is int and type(new_deck) is int and new_deck <= old_deck:
            if getattr(old, "run_outs", None) == getattr(new, "run_outs", None):
                bound = old_deck - new_deck
        if bound is None:
            continue  # nothing bounds the gains: any change could be "lost all, gained all"
        gained = 0
        for p in players:
            old_hand = getattr(before[p].parts.get(name), "hand", None)
            new_hand = getattr(after[p].parts.get(name), "hand", None)
            if old_hand is None or new_hand is None:
                continue
            gains = len(new_hand) - _kept_prefix(old_hand, new_hand)
            gained += gains
            if gains > bound:
                problems.append(
                    f"{name}: player {p + 1}'s hand went from {list(old_hand)} to {list(new_hand)}, but only "
                    f"{bound} card(s) left the deck: cards were reordered or put before cards already held"
                )
        if gained > bound and not problems:
            problems.append(f"{name}: the hands gained {gained} card(s) at their backs, but only {bound} left the deck")
    return problems


def check_hand_order(before: Views, after: Views, game: Game) -> None:
    """The hand-order check on every part (see :func:`hand_order_problems`)."""
    _fail("hand order", hand_order_problems(before, after), game)


def hand_order_check(part: str) -> TransitionCheck:
    """A transition check for ``CheckRegistry.transition``: the fixed-order hands of ``part``
    (see :func:`hand_order_problems`). ``register.transition("hand order", hand_order_check("x"))``."""

    def check(before: Views, after: Views, game: Game) -> list[str]:
        return hand_order_problems(before, after, part)

    return check


# --------------------------------------------------------------------------------------------
# The end, replays, save files
# --------------------------------------------------------------------------------------------
