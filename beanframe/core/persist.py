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
from typing import TYPE_CHECKING, Any

import cattrs
from attrs import frozen

from beanframe.core.actions import clip, shorten
from beanframe.core.limits import loads_json
from beanframe.core.strict import problems, strict_converter
from beanframe.errors import BeanframeError, ConfigError, SaveFileError

if TYPE_CHECKING:
    from beanframe.core.game import Game

FORMAT = "beanframe-save"
FORMAT_VERSION = 1

_converter = strict_converter()


@frozen
class SavedVariant:
    name: str
    version: str


@frozen
class SaveFile:
    format: str
    format_version: int
    variants: list[SavedVariant]
    players: int
    options: dict[str, dict[str, Any]]
    seed: int
    deck: list[str] | None
    actions: list[str]
    state: dict[str, Any]
    # who took each action (0-based); needed to replay group decisions. Absent in older saves:
    # every action is then replayed for the player to act.
    actors: list[int] | None = None


def snapshot(game: Game) -> dict[str, Any]:
    """The state as plain data (no history: that is the action list)."""
    s = game.state
    return {
        "stage": s.stage,
        "phase": s.phase,
        "turn": s.turn,
        "active": s.active,
        "ending": s.ending,
        "chance": s.chance,
        # a group decision adds its deciders; one-decider frames keep three entries (canonical,
        # and older saves still compare equal)
        "stack": [[f.kind, f.player, list(f.args), *([list(f.group)] if f.group else [])] for f in s.stack],
        "parts": {name: _converter.unstructure(part) for name, part in s.parts.items()},
    }


def dump_game(game: Game) -> str:
    rs = game.ruleset
    deck = game.setup_args.get("deck")
    save = SaveFile(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        variants=[SavedVariant(n, v) for n, v in rs.versions().items()],
        players=game.players,
        options={name: _converter.unstructure(opts) for name, opts in rs.options.items()},
        seed=game.state.seed,
        deck=None if deck is None else [str(c) for c in deck],
        actions=[a.code for a in game.actions],
        state=snapshot(game),
        actors=game.actors,
    )
    return json.dumps(_converter.unstructure(save), sort_keys=True, indent=1) + "\n"


def load_game(text: str, plugins: Sequence[Any] = ()) -> Game:
    """Load a game saved by ``Game.to_json()``. ``plugins`` may supply plugin objects for variants
    that are not installed through the entry-point group (e.g. a house rule under test)."""
    from beanframe.core.compose import discover, variant_info
    from beanframe.core.game import Ruleset

    try:
        raw = loads_json(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise SaveFileError(f"not a beanframe save file: invalid JSON ({exc})") from None
    except ValueError as exc:  # thousands of digits, deep nesting
        raise SaveFileError(f"not a beanframe save file: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveFileError("not a beanframe save file (no 'format': 'beanframe-save' in it)")
    if type(raw.get("format_version")) is not int or raw["format_version"] != FORMAT_VERSION:
        raise SaveFileError(f"save format version {shorten(raw.get('format_version'))} is not supported (this beanframe reads {FORMAT_VERSION})")
    try:
        save = _converter.structure(raw, SaveFile)
    except cattrs.BaseValidationError as exc:
        where, what = problems(exc, "save")[0]
        raise SaveFileError(f"corrupt save file: {clip(what, 120)} (at {clip(where, 80)})") from None

    given = {variant_info(p).name: p for p in plugins}
    installed = discover()
    chosen = []
    for sv in save.variants:
        plugin = given.get(sv.name) or installed.get(sv.name)
        if plugin is None:
            raise SaveFileError(f"the save needs variant {clip(sv.name)} {clip(sv.version, 20)}, which is not installed")
        have = variant_info(plugin).version
        if have != sv.version:
            raise SaveFileError(f"the save was made with {sv.name} {clip(sv.version, 20)}; installed is {sv.name} {have}")
        chosen.append(plugin)
    try:
        ruleset = Ruleset(chosen, save.players, save.options)
        game = ruleset.new_game(seed=save.seed, deck=save.deck)
    except ConfigError as exc:
        raise SaveFileError(f"the save's set-up is not valid: {exc}") from None
    actors = save.actors or []
    for i, code in enumerate(save.actions, 1):
        # the recorded actor (a group decision), else the player to act
        player = actors[i - 1] if i <= len(actors) else None
        try:
            game.apply(code, None if player == game.to_act else player)
        except BeanframeError as exc:
            raise SaveFileError(f"action {i} of the save ({shorten(code)}) cannot be replayed: {exc}") from None
        if actors is not None and i <= len(actors) and game.state.history[2] != actors[i - 1]:
            raise SaveFileError(
                f"action {i} of the save ({shorten(code)}) is recorded for player {actors[i - 1] + 1} but replays "
                f"as player {game.state.history[2] + 1}'s (the file was edited or is corrupt)"
            )
    if _normalise(snapshot(game)) != _normalise(save.state):
        raise SaveFileError("the saved state does not match its actions (the file was edited or is corrupt)")
    if save.actors is not None and save.actors != game.actors:
        raise SaveFileError("the saved actors do not match its actions (the file was edited or is corrupt)")
    return game


def _normalise(state: dict[str, Any]) -> Any:
    # JSON has no tuples: compare through the same round trip the snapshot takes
    return json.loads(json.dumps(state))
