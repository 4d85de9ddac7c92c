"""Save and load games as JSON, through one private cattrs converter.

A save records what fully determines a game (variant names and versions, options, player count,
seed, stacked deck, the action codes and who took each) plus a snapshot of the state. It is the
engine's full record: private parameters, hidden cards and the seed are all in it, so a save file
is for the engine, replays and tests, never to be shown to a player (``beanframe replay FILE --as
p2`` shows one player's knowledge). Loading composes the recorded
variant set, refuses a version mismatch, replays the actions and checks that the replayed state
equals the snapshot, so an edited or corrupt file is refused with a message naming the problem.
The text is canonical (sorted keys, no timestamps): the same game always saves to the same text.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs
import cattrs
import cattrs.gen

from beanframe.core.actions import clip, shorten
from beanframe.core.limits import loads_json
from beanframe.core.compose import discover, variant_info
from beanframe.core.game import Game, Ruleset
from beanframe.core.saves import CONVERTER as _converter
from beanframe.core.saves import FORMAT, FORMAT_VERSION, SavedVariant, SaveFile, dump_game, snapshot
from beanframe.core.strict import problems
from beanframe.errors import BeanframeError, ConfigError, SaveFileError
from beanframe.i18n import _

__all__ = ["FORMAT", "FORMAT_VERSION", "SaveFile", "SavedVariant", "dump_game", "load_game", "snapshot"]

def load_game(text: str, plugins: Sequence[Any] = ()) -> Game:
    """Load a game saved by ``Game.to_json()``. ``plugins`` may supply plugin objects for variants
    that are not installed through the entry-point group (e.g. a house rule under test)."""
    try:
        raw = loads_json(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise SaveFileError(_("not a beanframe save file: invalid JSON ({problem})").format(problem=exc)) from None
    except ValueError as exc:  # thousands of digits, deep nesting
        raise SaveFileError(_("not a beanframe save file: {problem}").format(problem=exc)) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveFileError(_("not a beanframe save file (no 'format': 'beanframe-save' in it)"))
    if type(raw.get("format_version")) is not int or raw["format_version"] != FORMAT_VERSION:
        raise SaveFileError(_("save format version {version} is not supported (this beanframe reads {supported})").format(
            version=shorten(raw.get("format_version")), supported=FORMAT_VERSION))
    try:
        save = _converter.structure(raw, SaveFile)
    except cattrs.BaseValidationError as exc:
        where, what = problems(exc, "save")[0]
        raise SaveFileError(_("corrupt save file: {problem} (at {place})").format(problem=clip(what, 120), place=clip(where, 80))) from None

    given = {variant_info(p).name: p for p in plugins}
    installed = discover()
    chosen = []
    for sv in save.variants:
        plugin = given.get(sv.name) or installed.get(sv.name)
        if plugin is None:
            raise SaveFileError(_("the save needs variant {name} {version}, which is not installed").format(name=clip(sv.name), version=clip(sv.version, 20)))
        have = variant_info(plugin).version
        if have != sv.version:
            raise SaveFileError(_("the save was made with {name} {version}; installed is {name} {installed}").format(
                name=sv.name, version=clip(sv.version, 20), installed=have))
        chosen.append(plugin)
    try:
        ruleset = Ruleset(chosen, save.players, save.options)
        game = ruleset.new_game(seed=save.seed, deck=save.deck, position=save.position)
    except ConfigError as exc:
        raise SaveFileError(_("the save's set-up is not valid: {problem}").format(problem=exc)) from None
    actors = save.actors or []
    for i, code in enumerate(save.actions, 1):
        # the recorded actor (a group decision), else the player to act
        player = actors[i - 1] if i <= len(actors) else None
        try:
            game.apply(code, None if player == game.to_act else player)
        except BeanframeError as exc:
            raise SaveFileError(_("action {i} of the save ({code}) cannot be replayed: {problem}").format(i=i, code=shorten(code), problem=exc)) from None
        if actors is not None and i <= len(actors) and game.state.history[2] != actors[i - 1]:
            raise SaveFileError(
                _("action {i} of the save ({code}) is recorded for player {recorded} but replays as player {replayed}'s "
                  "(the file was edited or is corrupt)").format(
                    i=i, code=shorten(code), recorded=actors[i - 1] + 1, replayed=game.state.history[2] + 1)
            )
    if not _same_state(game, _normalise(snapshot(game)), _normalise(save.state)):
        raise SaveFileError(_("the saved state does not match its actions (the file was edited or is corrupt)"))
    if save.actors is not None and save.actors != game.actors:
        raise SaveFileError(_("the saved actors do not match its actions (the file was edited or is corrupt)"))
    return game


def _same_state(game: Game, replayed: dict[str, Any], saved: dict[str, Any]) -> bool:
    """The replayed state equals the saved one. A part field added since the save was made (a
    newer plugin version's, say stacked dice) is absent from an older snapshot: at its default it
    is left out of the comparison, so older saves still load."""
    if replayed == saved:
        return True
    parts, old = replayed.get("parts"), saved.get("parts")
    if not isinstance(parts, dict) or not isinstance(old, dict):
        return False
    for name, cls in game.ruleset.part_classes.items():
        now, then = parts.get(name), old.get(name)
        if not (isinstance(now, dict) and isinstance(then, dict) and attrs.has(cls)):
            continue
        for f in attrs.fields(cls):
            if f.name in now and f.name not in then and f.default is not attrs.NOTHING:
                default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default  # type: ignore[attr-defined]
                if now[f.name] == _normalise(_converter.unstructure(default)):
                    del now[f.name]
    return replayed == saved


def _normalise(state: dict[str, Any]) -> Any:
    # JSON has no tuples: compare through the same round trip the snapshot takes
    return json.loads(json.dumps(state))
