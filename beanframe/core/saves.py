"""The save format: the records a save file holds, the state snapshot and ``dump_game``, through
one private cattrs converter (:data:`CONVERTER`, which positions use too). Loading, which needs
the composed rules and the game, is :mod:`beanframe.core.persist` (it sits above the game; this
module sits below it, so ``Game.to_json`` can use it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import json

import cattrs
import cattrs.gen
from attrs import frozen

from beanframe.core.offers import Offer, OfferBook
from beanframe.core.strict import strict_converter

if TYPE_CHECKING:
    from beanframe.core.game import Game

FORMAT = "beanframe-save"
FORMAT_VERSION = 1

CONVERTER = strict_converter()


def _tuples(value: Any) -> Any:
    """Lists (JSON has no tuples) back into tuples, nested ones too: an offer's items."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _structure_offer(data: Any, _: Any) -> Offer:
    if not isinstance(data, dict):
        raise TypeError(f"expected an offer (a table), not {data!r}")
    unknown = set(data) - {"id", "maker", "to", "gives", "asks", "secret"}
    if unknown:
        raise TypeError(f"an offer has no {sorted(unknown)[0]!r}")
    return Offer(**{k: _tuples(v) for k, v in data.items()})


def _structure_book(data: Any, cls: type) -> OfferBook:
    """An offer book (or a part built on one) from its saved form: the save form keeps no types,
    so its offers and drafts come back as plain :class:`Offer` records (a game whose offers carry
    more registers its own position functions, as Bohnanza and Ali Baba do). Only the generic
    reading of a position structures parts; saves compare the unstructured form."""
    if not isinstance(data, dict):
        raise TypeError(f"expected an offer book (a table), not {data!r}")
    rest = {k: v for k, v in data.items() if k not in ("offers", "drafts")}
    book = cattrs.gen.make_dict_structure_fn(cls, CONVERTER)(
        {**rest, "offers": [], "drafts": []}, cls)
    book.offers = [_structure_offer(o, Offer) for o in data.get("offers", [])]
    book.drafts = [None if d is None else _structure_offer(d, Offer) for d in data.get("drafts", [])]
    return book


CONVERTER.register_structure_hook_func(lambda t: isinstance(t, type) and issubclass(t, OfferBook), _structure_book)


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
    # the position the game started from (``new_game(position=...)``); absent: the set-up
    position: dict[str, Any] | None = None


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
        "parts": {name: CONVERTER.unstructure(part) for name, part in s.parts.items()},
    }


def dump_game(game: Game) -> str:
    rs = game.ruleset
    deck = game.setup_args.get("deck")
    save = SaveFile(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        variants=[SavedVariant(n, v) for n, v in rs.versions().items()],
        players=game.players,
        options={name: CONVERTER.unstructure(opts) for name, opts in rs.options.items()},
        seed=game.state.seed,
        deck=None if deck is None else [str(c) for c in deck],
        actions=[a.code for a in game.actions],
        state=snapshot(game),
        actors=game.actors,
        position=game.setup_args.get("position"),
    )
    data = CONVERTER.unstructure(save)
    if data["position"] is None:
        del data["position"]  # a game from the set-up saves as before
    return json.dumps(data, sort_keys=True, indent=1) + "\n"


