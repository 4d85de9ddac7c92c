"""The texts players are shown about their choices leak nothing (check name ``texts``).

Front ends and the table server show each decider the legal actions in words
(``game.describe(action, player)``), everyone else the public wording of what was chosen
(``action.describe_public(game)``), and, for a choice that is not possible, the plugins' reason
(``explain(game, player, action)``, the CLI's ``why``). These texts go to one seat only, but they
are read from the game, so a text that reads the wrong player's hand (``game.to_act`` in a group
decision) shows another player's cards. The check: for every observer, the texts it may be shown
are the same in the real game and in a copy where everything that observer cannot see is redealt
(the copy the views check made), and producing them never raises.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from beanframe.core.present import explain

if TYPE_CHECKING:
    from beanframe.core.game import Game


class Raised(str):
    """What a text's making raised (kept as the text, so both games compare it too)."""


def _safely(fn: Any, *args: Any) -> str | None:
    try:
        return fn(*args)
    except Exception as exc:  # noqa: BLE001 - any error is the finding
        return Raised(f"raises {type(exc).__name__}: {exc}")


def shown_texts(game: Game, observer: int | None, thorough: bool) -> dict[str, Any]:
    """Every text about the pending choices that ``observer`` may be shown, by where it shows:
    a decider's own legal actions described for them, every decider's legal actions in their
    public wording, the observer's ``why`` for the choice it misses and (``thorough``) for every
    action of the table it cannot take now."""
    out: dict[str, Any] = {}
    if game.is_over:
        return out
    deciders = game.deciders
    for p in deciders:
        for action in game.legal_actions(p):
            if p == observer:
                out[f"describe({action.code}, p{p + 1})"] = _safely(game.describe, action, p)
            else:  # what the others learn when p takes it: legal lists of others may differ
                out[f"describe_public({action.public_code}) of p{p + 1}"] = _safely(action.describe_public, game)
    if observer is not None:
        out["why"] = _safely(explain, game, observer, None)
        if thorough:
            legal = set(game.legal_actions(observer))
            for action in game.ruleset.actions:
                if action not in legal:
                    out[f"why {action.code}"] = _safely(explain, game, observer, action)
    return out


def texts_problems(game: Game, copies: Mapping[int | None, Game], thorough: bool) -> list[str]:
    """What differs between the texts an observer is shown in ``game`` and in its redealt copy
    (``copies[observer]``), and texts whose making raised."""
    problems: list[str] = []
    for observer, copy in copies.items():
        real = shown_texts(game, observer, thorough)
        for where, text in real.items():
            if isinstance(text, Raised):
                problems.append(f"{where} for observer {observer} {text}")
        redealt = shown_texts(copy, observer, thorough)
        for where in sorted(real.keys() & redealt.keys()):
            if real[where] != redealt[where]:
                problems.append(
                    f"{where} changes for observer {observer} when what they cannot see is redealt "
                    f"({real[where]!r} vs {redealt[where]!r}): it leaks hidden information"
                )
                break
        mine = {k for k in real if k.startswith("describe(")}
        theirs = {k for k in redealt if k.startswith("describe(")}
        if mine != theirs:
            odd = sorted(mine ^ theirs)[0]
            problems.append(f"observer {observer}'s own legal actions change when what they cannot see is redealt ({odd})")
    return problems
