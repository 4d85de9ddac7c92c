"""Failure reports of the conformance kit: whatever went wrong (a broken property, or any
exception raised by a plugin inside ``legal_actions``, ``apply``, a view, a bot...), the kit raises
one :class:`ConformanceError` that names the check, the variant set, the player count, the seed,
the options, the last actions, and holds a snippet of Python that reproduces the failure.
"""

from __future__ import annotations

import importlib
import sys
import traceback
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from beanframe.testing.failures import ConformanceError

if TYPE_CHECKING:
    from beanframe.core.game import Game, Ruleset

#: methods of the core whose crash names the check (outermost frame wins)
_CORE_CALLS = {
    "new_game": "set-up",
    "legal_actions": "legal actions",
    "_compute_legal": "legal actions",
    "legal_mask": "legal actions",
    "apply": "apply",
    "_advance": "apply",
    "result": "scoring",
    "_score": "scoring",
    "view": "views",
    "clone": "clone",
    "to_json": "save/load",
    "prompt": "prompt",
}
#: the modules of the core's Game class (game.py and its base classes)
_GAME_MODULES = ("beanframe/core/game.py", "beanframe/core/flow.py", "beanframe/core/knowledge.py")
#: check functions whose crash names the check
_CHECKS = {
    "check_consistency": "consistency",
    "check_invariants": "invariants",
    "invariant_problems": "invariants",
    "check_legal_actions_apply": "legality",
    "check_illegal_refused": "illegal action",
    "check_clone": "clone",
    "check_views": "views",
    "check_views_stable": "views",
    "check_hand_order": "hand order",
    "check_registered": "registered checks",
    "check_transitions": "transitions",
    "check_end": "end",
    "check_save_load": "save/load",
    "check_determinism": "determinism",
}
#: what a snippet calls to rerun a failed check on the position
_RERUN = {
    "save/load": ("check_save_load", "check_save_load(game)"),
    "determinism": ("check_determinism", "check_determinism(game)"),
    "end": ("check_end", "check_end(game)"),
    "action forms": ("check_action_forms", "check_action_forms(game)"),
}
MAX_SHOWN = 5  # last actions named in the one-line position


def crash_check(exc: BaseException, default: str) -> tuple[str, str]:
    """(check name, where it was raised) for an exception that is not a ConformanceError: the
    outermost core call it passed through (``legal actions``, ``apply``, ``views``...), else the
    check function it happened in, else ``default``."""
    frames = traceback.extract_tb(exc.__traceback__)
    check = None
    during = None
    for fr in frames:
        if check is None and fr.filename.replace("\\", "/").endswith(_GAME_MODULES) and fr.name in _CORE_CALLS:
            check = _CORE_CALLS[fr.name]
        if fr.name in _CHECKS and during is None:
            during = _CHECKS[fr.name]
    origin = ""
    if frames:
        last = frames[-1]
        origin = f"raised at {_short_path(last.filename)}:{last.lineno} in {last.name}"
    if check is None:
        check = during or default
    elif during and during != check:
        origin += f"; during the {during} check"
    return check, origin


def _short_path(path: str) -> str:
    """The last three parts of a source path (enough to find the file, no home directories)."""
    return "/".join(path.replace("\\", "/").split("/")[-3:])


def _plugin_expr(ruleset: Ruleset, name: str, imports: list[str]) -> str:
    """Python text that names variant ``name`` in ``compose(...)``: its name when installed, an
    import of its module when it has one, else a placeholder."""
    from beanframe.core.compose import discover

    plugin = ruleset.pm.get_plugin(name)
    try:
        installed = discover().get(name)
    except Exception:  # noqa: BLE001 - a broken entry point must not hide the report
        installed = None
    if installed is not None and installed is plugin:
        return repr(name)
    module = getattr(plugin, "__name__", None)
    if isinstance(plugin, type(sys)) and module and getattr(plugin, "__file__", None):
        try:
            if importlib.import_module(module) is plugin:
                imports.append(f"import {module}")
                return module
        except Exception:  # noqa: BLE001
            pass
    return f"PLUGIN_{name.upper()}  # the {name!r} plugin object (not installed)"


def _transition_checks(ruleset: Ruleset) -> set[str]:
    """The names of the transition checks the variants register (rerun on the last action)."""
    try:
        from beanframe.testing.registered import registered_checks

        return {name for name, _, _ in registered_checks(ruleset).transitions} | {"transitions"}
    except Exception:  # noqa: BLE001 - the report must not fail
        return {"hand order", "transitions"}


def _options(ruleset: Ruleset) -> dict[str, Any]:
    out = {}
    for name, opts in ruleset.options.items():
        values = attrs.asdict(opts) if attrs.has(type(opts)) else opts
        if values:
            out[name] = values
    return out


@attrs.define
class Position:
    """Where random play (or a bot game) is: enough to say where a failure happened and to
    rebuild the position with public calls."""

    ruleset: Ruleset
    seed: int
    deck: Sequence[Any] | None = None
    codes: list[str] = attrs.field(factory=list)
    game: Game | None = None
    doing: str = "set-up"  # what the kit is doing now, for crashes outside any core call
    bots: tuple[tuple[str, int], ...] = ()  # (bot name, bot seed) per seat, in a bot game
    start: Mapping[str, Any] | None = None  # the position the game started from (None: the set-up)

    def where(self) -> str:
        rs = self.ruleset
        text = f"{rs.name}, {rs.players} player(s), seed {self.seed}"
        opts = _options(rs)
        if opts:
            text += f", options {opts}"
        if self.deck is not None:
            text += f", deck {list(self.deck)}"
        if self.start is not None:
            text += f", from a position (turn {self.start.get('turn')}, {self.start.get('phase', self.start.get('stage'))})"
        if self.bots:
            text += ", seats " + ", ".join(f"bot:{n} (seed {s})" for n, s in self.bots)
        game = self.game
        if game is not None:
            text += f", turn {game.state.turn}, stage {game.stage_name}"
        text += f", after {len(self.codes)} action(s)"
        if self.codes:
            text += " (last: " + ", ".join(repr(c) for c in self.codes[-MAX_SHOWN:]) + ")"
        return text

    def snippet(self, check: str, failing: str | None = None) -> str:
        """Python that rebuilds the position and reruns what failed. ``failing`` is the call that
        raised (``game.legal_actions()``); by default the check is rerun."""
        rs = self.ruleset
        imports = ["import beanframe"]
        variants = [_plugin_expr(rs, name, imports) for name in rs.order]
        opts = _options(rs)
        lines = []
        compose_args = "[" + ", ".join(v.split("  #")[0] for v in variants) + f"], {rs.players}"
        if opts:
            compose_args += f", {opts!r}"
        placeholders = [v for v in variants if "  #" in v]
        lines += [f"{v.split('  #')[0]} = ...  #{v.split('  #')[1]}" for v in placeholders]
        lines.append(f"ruleset = beanframe.compose({compose_args})")
        deck = "" if self.deck is None else f", deck={list(self.deck)!r}"
        if self.start is not None:
            lines.append(f"position = {dict(self.start)!r}")
            deck += ", position=position"
        lines.append(f"game = ruleset.new_game(seed={self.seed}{deck})")
        if self.bots:
            imports.append("from beanframe.search import decide")
            # a search bot is made as the kit made it (small budget): kit_bot
            quick = {n for n, _ in self.bots if getattr(getattr(rs.bots.get(n), "factory", None), "check_options", None)}
            imports.append("from beanframe.testing.play import kit_bot" if quick else "from beanframe.agents import make_bot")
            seats = ", ".join(f"{'kit_bot' if n in quick else 'make_bot'}(ruleset, {n!r}, seed={s})" for n, s in self.bots)
            lines.append(f"bots = [{seats}]")
            lines.append(f"while not game.is_over:  # fails after {len(self.codes)} action(s)")
            lines.append("    game.apply(decide(game, bots[game.to_act]))  # a bot gets its view (and information set)")
            return "\n".join([*dict.fromkeys(imports), *lines])
        codes = list(self.codes)
        if failing is None and codes and check in _transition_checks(rs):
            imports.append("from beanframe.testing import check_transitions, views")
            last = codes.pop()
            failing = f"before = views(game)\ngame.apply({last!r})\ncheck_transitions(before, views(game), game)"
        if codes:
            lines.append(f"for code in {codes!r}:")
            lines.append("    game.apply(code)")
        if failing is None:
            name, call = _RERUN.get(check, ("check_game", "check_game(game)"))
            imports.append(f"from beanframe.testing import {name}")
            failing = call
        lines.append(failing)
        return "\n".join([*dict.fromkeys(imports), *lines])

    def failure(self, exc: BaseException, failing: str | None = None, rerun: str | None = None) -> ConformanceError:
        """The ConformanceError to raise for ``exc`` (returned unchanged if it is a report
        already). ``failing`` is the call that was running; ``rerun``, if given, is what the
        snippet ends with whatever failed."""
        if isinstance(exc, ConformanceError) and getattr(exc, "snippet", None):
            return exc
        if isinstance(exc, ConformanceError):
            check, problems = exc.check, list(exc.problems)
            failing = None if check not in ("legal actions", "apply") else failing
        else:
            check, origin = crash_check(exc, self.doing)
            message = " ".join(str(exc).split()) or "(no message)"
            problems = [f"{type(exc).__name__}: {message}" + (f" ({origin})" if origin else "")]
            if check == "legal actions":
                failing = "game.legal_actions()"
            elif check not in ("apply", "set-up"):
                failing = None  # rerun the check that crashed
        return report(check, problems, self, rerun or failing)


def report(check: str, problems: Sequence[str] | str, position: Position, failing: str | None = None) -> ConformanceError:
    """A ConformanceError naming ``check``, the position, and a snippet that reproduces it."""
    err = ConformanceError(check, problems)
    err.where = position.where()
    err.seed = position.seed
    err.options = _options(position.ruleset)
    err.actions = list(position.codes)
    err.snippet = position.snippet(check, failing)
    snippet = "\n".join("    " + line for line in err.snippet.splitlines())
    err.args = (f"{err.args[0]}\n  at {err.where}\n  reproduce with:\n{snippet}",)
    return err


__all__ = ["Position", "crash_check", "report"]
