"""A tiny fake game with a group decision, for the core's tests (no beans, no Al Cabohne).

``auction``: every player starts with 5 coins. Each turn one lot is sold (values ``LOTS``, in
order): **every player bids once, sealed, in any order** (0..3 coins, at most what they hold). Once
the last bid is in, the unique highest bid wins: that player pays it and scores the lot; a tie at
the top sells nothing. The game ends after the last lot; the score is coins + lots won. So the
outcome depends on the bids, never on the order they were given in.

Any time (at any decision whose step allows options, so also inside the bidding, for every bidder)
a player may **donate** one coin to charity, once per game.

How the group decision is built (what a plugin author needs):

- the turn phase pushes one frame for the whole table: ``game.push("bids", active,
  group=players)`` (``player`` = the owner, ``group`` = who may act now);
- the step overrides ``legal_for(game, frame, player)`` and ``apply_for(game, frame, player,
  action)``; after a bid it replaces its frame with the smaller group, and pops it (and sells the
  lot) when nobody is left;
- the option's ``legal(game, player)`` / ``apply(game, action, player)`` get the asking player.

``with_start_choice=True`` adds a set-up decision: player 1 chooses who starts
(``game.set_active``). ``thank_donors=True`` adds a listener on "donate" that asks the donor to
``thank`` (a one-decider frame nested in the group decision, pushed by a listener).
"""

from __future__ import annotations

import types
from typing import Any

from attrs import define, frozen

from beanframe.core.actions import Action, param
from beanframe.core.state import TURNS
from beanframe.core.steps import Option, Step

from .fakes import plugin

NAME = "auction"
PART = "auction"
LOTS = (4, 2, 5, 3)
START_COINS = 5
MAX_BID = 3


@frozen
class AuctionView:
    coins: tuple[int, ...]
    won: tuple[int, ...]
    lots: tuple[int, ...]
    has_bid: tuple[bool, ...]  # who has bid on the lot on sale (public)
    my_bid: int | None  # one's own sealed bid (hidden from the others)
    charity: int
    donated: tuple[bool, ...]


@define(slots=True)
class Auction:
    coins: list[int]
    won: list[int]
    lots: list[int]
    bids: list[int]  # sealed bids on the lot on sale; -1: not yet
    donated: list[bool]
    charity: int = 0

    @classmethod
    def empty(cls, config: Any) -> Auction:
        n = config.players
        return cls([0] * n, [0] * n, [], [-1] * n, [False] * n)

    def clone(self) -> Auction:
        return Auction(self.coins.copy(), self.won.copy(), self.lots.copy(), self.bids.copy(), self.donated.copy(), self.charity)

    def view(self, player: int | None) -> AuctionView:
        mine = None if player is None or self.bids[player] < 0 else self.bids[player]
        return AuctionView(
            coins=tuple(self.coins),
            won=tuple(self.won),
            lots=tuple(self.lots),
            has_bid=tuple(b >= 0 for b in self.bids),
            my_bid=mine,
            charity=self.charity,
            donated=tuple(self.donated),
        )

    def resample_hidden(self, observer: int | None, rng: Any) -> None:
        # the others' sealed bids are hidden: any bid they could have made
        for p, b in enumerate(self.bids):
            if b >= 0 and p != observer:
                self.bids[p] = rng.randint(0, min(MAX_BID, self.coins[p]))


@frozen(cache_hash=True)
class Bid(Action):
    name = "bid"
    text = "bid {amount} coin(s)"
    amount: int = param("c", private=True)  # 0-based; sealed: the others see only "bid ?"

    @property
    def code(self) -> str:  # "bid 0".."bid 3" reads better than 1-based prefixes
        return f"bid {self.amount}"

    @property
    def public_code(self) -> str:
        return "bid ?"

    @classmethod
    def domain(cls, config: Any):
        return BIDS


BIDS = tuple(Bid(k) for k in range(MAX_BID + 1))


@frozen(cache_hash=True)
class Donate(Action):
    name = "donate"


DONATE = Donate()


@frozen(cache_hash=True)
class Start(Action):
    name = "start"
    player: int = param("p")

    @classmethod
    def domain(cls, config: Any):
        return (cls(p) for p in range(config.players))


@frozen(cache_hash=True)
class Thank(Action):
    name = "thank"


class ThankStep(Step):
    kind = "thank"
    options = False

    def legal(self, game: Any, frame: Any):
        return [Thank()]

    def apply(self, game: Any, frame: Any, action: Action) -> None:
        game.pop()


def _auction(game: Any) -> Auction:
    return game.state.parts[PART]


class BidStep(Step):
    """Everyone bids once, in any order. The frame's group is who has not bid yet."""

    kind = "bids"

    def legal_for(self, game: Any, frame: Any, player: int):
        return BIDS[: min(MAX_BID, _auction(game).coins[player]) + 1]

    def apply_for(self, game: Any, frame: Any, player: int, action: Action) -> None:
        a = _auction(game)
        a.bids[player] = action.amount
        game.emit("bid", player)  # public: who bid, not how much
        rest = tuple(p for p in frame.group if p != player)
        if rest:
            game.replace_top(self.kind, frame.player, group=rest)
        else:
            game.pop()
            _sell(game, a)

    def prompt(self, game: Any, frame: Any) -> str:
        return f"lot worth {_auction(game).lots[0]}: everyone bids once, sealed, in any order"


def _sell(game: Any, a: Auction) -> None:
    value = a.lots.pop(0)
    top = max(a.bids)
    winners = [p for p, b in enumerate(a.bids) if b == top]
    winner = winners[0] if len(winners) == 1 else -1
    if winner >= 0:
        a.coins[winner] -= top
        a.won[winner] += value
    game.emit("sold", winner, value, *a.bids)
    a.bids = [-1] * len(a.bids)
    if not a.lots:
        game.end_game()


class StartStep(Step):
    """Set-up: the frame's player chooses who starts."""

    kind = "choose_start"
    options = False

    def legal(self, game: Any, frame: Any):
        return [Start(p) for p in range(game.players)]

    def apply(self, game: Any, frame: Any, action: Action) -> None:
        game.pop()
        game.set_active(action.player)


def donate_legal(game: Any, player: int):
    a = _auction(game)
    if game.state.stage != TURNS or a.donated[player] or a.coins[player] < 1:
        return ()
    return (DONATE,)


def donate_apply(game: Any, action: Action, player: int) -> None:
    a = _auction(game)
    a.coins[player] -= 1
    a.charity += 1
    a.donated[player] = True
    game.emit("donate", player)


DONATE_OPTION = Option("donate", (Donate,), donate_legal, donate_apply)


def seat_order(game: Any) -> tuple[int, ...]:
    """Every player, from the active one on."""
    n, first = game.players, game.state.active
    return tuple((first + i) % n for i in range(n))


def auction(with_start_choice: bool = False, thank_donors: bool = False, **extra: Any) -> types.ModuleType:
    """The auction game as a plugin object (1 to 4 players)."""
    from beanframe.core.scoring import seat_name
    from beanframe.core.variant import VariantInfo

    def register_parts(register):
        register(PART, Auction.empty, Auction)

    def register_actions(register):
        register(Bid)
        register(Donate)
        register(Start)
        register(Thank)

    def register_steps(register):
        register(BidStep())
        register(StartStep())
        register(ThankStep())

    def register_options(register):
        register(DONATE_OPTION)

    def deal(game):
        a = _auction(game)
        a.coins = [START_COINS] * game.players
        a.lots = list(LOTS)

    def register_phases(pipeline):
        pipeline.add("setup", "deal", deal, title="coins and lots")
        if with_start_choice:
            pipeline.add("setup", "start", lambda game: game.push("choose_start", 0), title="choose who starts")
        pipeline.add("turn", "sell", lambda game: game.push("bids", game.state.active, group=seat_order(game)), title="bid for the lot", number=1)

    def score(game, sheet):
        a = _auction(game)
        for p in range(game.players):
            sheet.add(seat_name(p), "coins", a.coins[p])
            sheet.add(seat_name(p), "lots", a.won[p])

    def check(game):
        a = _auction(game)
        spent = sum(START_COINS - c for c in a.coins)
        return [] if min(a.coins) >= 0 and spent >= a.charity else [f"coins went wrong: {a.coins}"]

    def register_events(events):
        if thank_donors:
            events.on("donate", lambda game, player: game.push("thank", player))

    hooks: dict[str, Any] = dict(
        beanframe_variant=lambda: VariantInfo(name=NAME, version="1.0", players=(1, 2, 3, 4), description="a fake auction"),
        beanframe_register_parts=register_parts,
        beanframe_register_actions=register_actions,
        beanframe_register_steps=register_steps,
        beanframe_register_options=register_options,
        beanframe_register_phases=register_phases,
        beanframe_register_events=register_events,
        beanframe_score=score,
        beanframe_invariants=check,
    )
    hooks.update(extra)
    return plugin(NAME, "1.0", **hooks)
