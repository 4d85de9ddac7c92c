"""The "action forms" check: an action has one effect, however it is given.

Random play and bots apply the legal lists' own instances; a human types the code, a save file or
a replay records it, a learning agent gives the integer id. All must do the same: applied as the
legal list's instance, as the action table's instance (``table.from_id(i)``), as its code and as
its id, an action leaves the same state and emits the same events. A step or an option that
recognises an action by identity against an instance the table does not hold would fail it.

Actions are canonical (:mod:`beanframe.core.actions`), so the forms are nearly always one object,
on which ``apply`` runs the same code: the check then costs a few lookups. Only an action whose
forms are distinct objects (an instance made around its class) is applied in every form, on
copies, and the outcomes compared.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from beanframe.core.scoring import seat_name
from beanframe.errors import IllegalActionError
from beanframe.testing.replays import first_difference, outcome, same_outcome

if TYPE_CHECKING:
    from beanframe.core.actions import Action
    from beanframe.core.game import Game


def action_forms_problems(game: Game, action: Action, player: int | None = None) -> list[str]:
    """What differs when ``action`` (legal now for ``player``; None: the player to act) is given
    as the table's instance, its code or its id instead of itself. ``game`` is not changed."""
    table = game.ruleset.actions
    try:
        i = table.id_of(action)
    except IllegalActionError:
        return []  # not in the table: the consistency check reports it
    try:
        if table.from_id(i) is action and table.parse(action.code) is action:
            return []  # every form is this very object: apply() runs the same code on it
    except IllegalActionError:
        pass  # a code that does not parse back: tried below (the consistency check reports it too)
    reference = game.clone()
    events = reference.state.n_events
    try:
        reference.apply(action, player)
    except Exception:  # noqa: BLE001 - the legality check reports a legal action that fails
        return []
    who = f" by {seat_name(player)}" if player is not None else ""
    problems = []
    for label, form in (("the action table's instance", table.from_id(i)), ("its code", action.code), ("its id", i)):
        if form is action:
            continue  # the table's instance is the legal list's (actions are canonical)
        copy = game.clone()
        try:
            copy.apply(form, player)
        except Exception as exc:  # noqa: BLE001 - the finding
            problems.append(f"{action.code!r} (id {i}){who} is legal as the legal list's instance but refused as {label}: {type(exc).__name__}: {exc}")
            continue
        if not same_outcome(reference, copy, events):
            diff = first_difference(outcome(reference, events), outcome(copy, events), "after it")
            problems.append(
                f"{action.code!r} (id {i}){who} does something else given as {label} than as the legal list's instance "
                f"(a step or option that tells actions apart by identity?): {diff}"
            )
    return problems


def forms_problems(game: Game, actions: Iterable[tuple[Action, int | None]]) -> list[str]:
    """:func:`action_forms_problems` for each ``(action, player)``."""
    problems: list[str] = []
    for action, player in actions:
        problems += action_forms_problems(game, action, player)
    return problems


def every_legal_action(game: Game) -> list[tuple[Action, int | None]]:
    """Every legal action of every decider now, with the decider (None when there is one)."""
    deciders = game.deciders
    if len(deciders) <= 1:
        return [(a, None) for a in game.legal_actions()]
    return [(a, p) for p in deciders for a in game.legal_actions(p)]
