"""Tiny fake variant plugins for the core's tests: no beans, nothing the core knows in advance.

``counter`` is a whole game: each player holds a fixed-order hand of numbered cards drawn from a
hidden pool; on their turn they play any hand card (its number adds to their count) or pass (the
pool's bottom card is burned); after a play the player draws a card to the back of the hand. The game ends when the pool is empty or someone reaches the target; the highest count
wins. Private records: which hand position was played is the player's secret (``play h?``), and
only the drawer learns the card drawn (``("draw", p, card)``; the others get ``("draw", p)``). ``bug=`` builds the same game with one deliberate fault, so the conformance kit's tests can
show each check fail.
"""

from __future__ import annotations

import random as global_random
import types
from typing import Any

from attrs import define, field, frozen
from attrs.validators import and_, ge, instance_of, le

from beanframe.core.actions import Action, param
from beanframe.core.determinize import Hidden
from beanframe.core.hookspecs import hookimpl
from beanframe.core.scoring import seat_name
from beanframe.core.steps import Step
from beanframe.core.variant import VariantInfo

NAME = "counter"
PART = "tally"
CARDS = 24  # cards 1..24
HAND = 3


def plugin(name: str, version: str = "1.0", **hooks: Any) -> types.ModuleType:
    """A plugin object: a module holding ``hooks`` as hook implementations. ``beanframe_variant``
    defaults to a VariantInfo of ``name`` and ``version`` with no requirements."""
    mod = types.ModuleType(f"fake_plugin_{name}")
    hooks.setdefault("beanframe_variant", lambda: VariantInfo(name=name, version=version))
    for hook, fn in hooks.items():
        setattr(mod, hook, hookimpl(fn) if callable(fn) and not hasattr(fn, "beanframe_impl") else fn)
    return mod


def info_plugin(name: str, **info: Any) -> types.ModuleType:
    """A plugin that only declares itself (enough for validation tests)."""
    return plugin(name, beanframe_variant=lambda: VariantInfo(name=name, version=info.pop("version", "1.0"), **info))


@frozen
class CounterOptions:
    target: int = field(default=60, validator=and_(instance_of(int), ge(1), le(1000)))


@frozen
class TallyView:
    counts: tuple[int, ...]
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    deck_size: int
    played: tuple[int, ...]
    peek: int | None = None  # only set by the "leaky_view" bug


@define(slots=True)
class Tally:
    counts: list[int]
    hands: list[list[int]]
    pool: list[int] = field(factory=list)  # hidden; the top is the end
    played: list[int] = field(factory=list)
    bug: str = ""

    @classmethod
    def empty(cls, config: Any) -> Tally:
        n = config.players
        return cls([0] * n, [[] for _ in range(n)], bug=config.params[NAME]["bug"])

    def clone(self) -> Tally:
        counts = self.counts if self.bug == "shallow_clone" else self.counts.copy()
        return Tally(counts, [h.copy() for h in self.hands], self.pool.copy(), self.played.copy(), self.bug)

    def view(self, player: int | None) -> TallyView:
        hand = None if player is None else self.hands[player]
        if hand is not None and self.bug != "aliased_view":
            hand = tuple(hand)
        return TallyView(
            counts=tuple(self.counts),
            hand=hand,
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_size=len(self.pool),
            played=tuple(self.played),
            peek=self.pool[-1] if self.bug == "leaky_view" and self.pool else None,
        )


@frozen(cache_hash=True)
class Play(Action):
    name = "play"
    text = "play hand card {hand}"
    public_text = "play a hand card"
    hand: int = param("h", private=True)

    @classmethod
    def domain(cls, config: Any):
        return (cls(h) for h in range(HAND))


@frozen(cache_hash=True)
class Pass(Action):
    name = "pass"


def _draw(game: Any, tally: Tally, player: int) -> int | None:
    if tally.pool:
        card = tally.pool.pop()
        if tally.bug == "front_draw":
            tally.hands[player].insert(0, card)
        else:
            tally.hands[player].append(card)
        return card
    return None


class TurnStep(Step):
    kind = "count_turn"

    def legal(self, game: Any, frame: Any):
        hand = game.state.parts[PART].hands[frame.player]
        if game.ruleset.config.params[NAME]["bug"] == "never_ends":
            return [Pass()]  # and passing burns nothing: the game never ends
        return [*(Play(h) for h in range(len(hand))), Pass()]

    def apply(self, game: Any, frame: Any, action: Action) -> None:
        tally: Tally = game.state.parts[PART]
        player = frame.player
        bug = tally.bug
        if isinstance(action, Play):
            card = tally.hands[player].pop(action.hand)
            tally.counts[player] += card
            tally.played.append(card)
            game.emit("play", player, card)
        else:
            if bug == "legal_raises":
                raise RuntimeError("passing is broken")
            if tally.pool and bug != "never_ends":
                tally.played.append(tally.pool.pop(0))
            game.emit("pass", player)
        game.pop()
        if isinstance(action, Play):
            card = _draw(game, tally, player)
            if card is None:
                pass
            elif bug == "leaky_draw":  # the public form carries the card too
                game.emit("draw", player, card, to=(player,), public=("draw", player, card))
            else:  # only the drawer learns the card
                game.emit("draw", player, card, to=(player,), public=("draw", player))
        target = game.ruleset.config.params[NAME]["target"]
        if bug != "never_ends" and (not tally.pool or tally.counts[player] >= target):
            game.end_game()

    def prompt(self, game: Any, frame: Any) -> str:
        text = f"player {frame.player + 1}: play a card or pass"
        if game.ruleset.config.params[NAME]["bug"] == "leaky_prompt" and game.actions:
            text += f" (last move: {game.actions[-1].code})"  # game.actions is the full record
        return text


_games_started = [0]  # the "ruleset_state" bug: a plugin that keeps state between games


def _deal(game: Any) -> None:
    tally: Tally = game.state.parts[PART]
    cards = list(range(1, CARDS + 1))
    if tally.bug == "global_random":
        global_random.shuffle(cards)
    else:
        game.random().shuffle(cards)
    if tally.bug == "ruleset_state":
        _games_started[0] += 1
        cards.sort(key=lambda c: (c * _games_started[0]) % 7)
    tally.pool = cards
    for _ in range(HAND):
        for p in range(game.players):
            _draw(game, tally, p)


def _turn(game: Any) -> None:
    game.push(TurnStep.kind, game.state.active)


def counter(
    bug: str = "",
    name: str = NAME,
    version: str = "1.0",
    players: tuple[int, ...] = (1, 2, 3),
    invariants: bool = True,
    **extra: Any,
) -> types.ModuleType:
    """The counter game as a plugin object; ``bug`` names a deliberate fault (see the module)."""

    def configure(config):
        config.params[NAME] = {"target": config.options[name].target, "bug": bug}

    def register_parts(register):
        register(PART, Tally.empty, Tally)

    def register_actions(register):
        register(Play)
        register(Pass)

    def register_steps(register):
        register(TurnStep())

    def register_phases(pipeline):
        pipeline.add("setup", "deal", _deal, title="shuffle and deal")
        pipeline.add("turn", "count", _turn, title="play or pass", number=1)

    def register_checks(register):
        from beanframe.testing import hand_order_check

        register.transition("hand order", hand_order_check(PART))  # hands are fixed-order

    def hidden(game, observer):
        # the pool and the other hands are hidden (for game.determinize)
        tally = game.state.parts[PART]
        return [Hidden("cards", tally.pool), *(Hidden("cards", h) for p, h in enumerate(tally.hands) if p != observer)]

    def score(game, sheet):
        tally = game.state.parts[PART]
        for p in range(game.players):
            sheet.add(seat_name(p), "count", tally.counts[p])

    def check(game):
        tally = game.state.parts[PART]
        seen = sorted([*tally.pool, *tally.played, *(c for h in tally.hands for c in h)])
        problems = []
        if seen != list(range(1, CARDS + 1)):
            problems.append(f"cards accounted for: {seen}")
        if any(len(h) > HAND for h in tally.hands):
            problems.append("a hand holds too many cards")
        return problems

    hooks: dict[str, Any] = dict(
        beanframe_variant=lambda: VariantInfo(
            name=name, version=version, players=players, options=CounterOptions, description="a fake game"
        ),
        beanframe_configure=configure,
        beanframe_register_parts=register_parts,
        beanframe_register_actions=register_actions,
        beanframe_register_steps=register_steps,
        beanframe_register_phases=register_phases,
        beanframe_score=score,
        beanframe_register_checks=register_checks,
        beanframe_hidden=hidden,
    )
    if invariants:
        hooks["beanframe_invariants"] = check
    if bug == "bad_winner":
        hooks["beanframe_winners"] = lambda sheet: ["p9"]
    if bug == "nobody_wins":
        hooks["beanframe_winners"] = lambda sheet: []
    hooks.update(extra)
    return plugin(name, version, **hooks)
