"""Buying buildings, police stations and the razzia (RULES.md B "Building cards", "Blaue Bohne
cards"): only on one's own turn (and in the last sales of F.23), paid with coins of the card's
bean, which go under the discard (``table.set_aside``: never matched in phase 4, back at the
reshuffle). A purchase acts at once; its nested decisions are frames pushed on top:

- ``remove_third``: owning two of a kind, the buyer may take the third out of the game right now
  (only while it is in the supply, i.e. the opponent does not own it; never later);
- ``take_coin``: a police station's buyer takes a coin of their choice from the mafia treasury;
- ``pub_raid``: the 4-Pub's buyer may take one opponent 1-building worth exactly 1 out of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from beanframe.beans import PART as BEANS
from beanframe.core.state import TURNS
from beanframe.core.steps import Option, Step
from beanframe.i18n import _

from . import actions as A
from .actions import Buy, BuyRazzia, KeepThird, NoRaid, Raid
from .cards import BUILDING, BY_KEY, CARDS, POLICE, RAZZIA_ID, RAZZIA_RULES, shown_name
from .supply import PART, Buildings
from .values import payments, take_coins, worth_exactly_one

if TYPE_CHECKING:
    from beanframe.core.game import Game
    from beanframe.core.state import Frame

MAFIA = "mafia"
LAST_SALES = "last_sales"


def _bean_index(game: Game) -> dict[str, int]:
    cards = game.ruleset.config.params["beans"].cards
    return {b.key: i for i, b in enumerate(cards.beans)}


def may_buy_now(game: Game, player: int) -> bool:
    """Own turn only; in the last sales (F.23) the player whose sales frame is on top."""
    s = game.state
    if s.stage != TURNS:
        return False
    frame = s.stack[-1] if s.stack else None
    if frame is not None and frame.kind == LAST_SALES:
        return frame.player == player
    return s.active == player


_PRICES: dict[int, tuple] = {}


def _prices(cards) -> tuple[tuple[int, int, int], ...]:
    """Per card id: (group code, bean index or -1, price); group 0 building, 1 police, 2 razzia.
    Computed once per card set (kept with it, so its id is never reused while cached)."""
    hit = _PRICES.get(id(cards))
    if hit is None:
        index = {b.key: i for i, b in enumerate(cards.beans)}
        code = {BUILDING: 0, POLICE: 1}
        hit = _PRICES[id(cards)] = (cards, tuple((code.get(c.group, 2), index.get(c.bean, -1), c.price) for c in CARDS))
    return hit[1]


def purchases(game: Game, player: int) -> list:
    """Every purchase ``player`` can make and pay for now (on the hot path: plain counting)."""
    if not may_buy_now(game, player):
        return []
    s = game.state
    coins = s.parts[BEANS].coins[player]
    if not coins:
        return []
    cards = game.ruleset.config.params["beans"].cards
    prices = _prices(cards)
    counts = [0] * len(cards.names)
    for c in coins:
        counts[c] += 1
    most = max(counts)
    part: Buildings = s.parts[PART]
    out = []
    has_police = None
    for i in part.supply:
        group, bean, price = prices[i]
        if group == 2:  # the razzia: 4 Blaue Bohne coins or 5 of one other bean
            if most >= RAZZIA_RULES.price:
                for b, n in enumerate(counts):
                    if n >= (RAZZIA_RULES.price if b == bean else RAZZIA_RULES.other_price):
                        out.append(A.RAZZIA[b])
            continue
        if bean < 0 or counts[bean] < price:
            continue
        if group == 1:
            if has_police is None:
                has_police = any(CARDS[k].group == POLICE for k in part.owned[player])
            if has_police:
                continue  # at most one police station per player
        out.append(A.BUY[i])
    return out


def purchase_legal(game: Game, player: int):
    return purchases(game, player)


def buy(game: Game, player: int, card_id: int, bean: int) -> None:
    """Pay, take the card, and push the decisions it brings."""
    s = game.state
    table = s.parts[BEANS]
    part: Buildings = s.parts[PART]
    card = CARDS[card_id]
    pay = dict(payments(card, table.coins[player], _bean_index(game)))
    paid, revealed = take_coins(table.coins[player], bean, pay[bean], part.face_down[player])
    part.face_down[player] -= revealed
    table.set_aside.extend(paid)  # under the discard, coin side up
    part.take(player, card_id)
    game.emit("buy", player, card_id, bean, len(paid))
    if card.group == POLICE and s.parts[MAFIA].treasury:
        game.push("take_coin", player)
    elif card.group == BUILDING:
        if card.key == "pub4":
            game.push("pub_raid", player)
        kind = [i for i in part.owned[player] if CARDS[i].kind == card.kind]
        if len(kind) == 2:
            third = next((i for i in part.supply if CARDS[i].kind == card.kind), None)
            if third is not None:  # the opponent does not own it
                game.push("remove_third", player, third)


def purchase_apply(game: Game, action, player: int) -> None:
    if isinstance(action, BuyRazzia):
        buy(game, player, RAZZIA_ID, action.bean)
    else:
        assert isinstance(action, Buy)
        card = CARDS[action.card]
        buy(game, player, action.card, _bean_index(game)[card.bean])


PURCHASE = Option("buy_building", (Buy, BuyRazzia), purchase_legal, purchase_apply)


class RemoveThirdStep(Step):
    """args = (the third card's id,). Right after buying the second of a kind."""

    kind = "remove_third"
    options = False  # "right then": the choice comes before anything else

    def legal(self, game: Game, frame: Frame):
        return (A.REMOVE_THIRD, A.KEEP_THIRD)

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.pop()
        if not isinstance(action, KeepThird):
            part: Buildings = game.state.parts[PART]
            third = frame.args[0]
            part.supply.remove(third)
            part.removed.append(third)
            game.emit("remove_card", frame.player, third)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("you own two of the kind: take the {card} out of the game now, or leave it").format(
            card=shown_name(CARDS[frame.args[0]]))


class TakeCoinStep(Step):
    """A police station's buyer takes one coin of their choice from the mafia treasury."""

    kind = "take_coin"
    options = False

    def resolve(self, game: Game, frame: Frame) -> bool:
        if not game.state.parts[MAFIA].treasury:
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        return [A.TAKE_COIN[b] for b in sorted(set(game.state.parts[MAFIA].treasury))]

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.pop()
        treasury = game.state.parts[MAFIA].treasury
        treasury.remove(action.bean)
        game.state.parts[BEANS].coins[frame.player].append(action.bean)
        game.emit("take_coin", frame.player, action.bean)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("police station: take one coin of your choice from the mafia treasury")


def raid_targets(game: Game, player: int) -> list[int]:
    part: Buildings = game.state.parts[PART]
    other = part.owned[1 - player]
    return [i for i in other if worth_exactly_one(i, other, part.razzia, part.protected)]


class PubRaidStep(Step):
    """Pub 4, right at purchase only: remove one opponent 1-building worth exactly 1."""

    kind = "pub_raid"
    options = False

    def resolve(self, game: Game, frame: Frame) -> bool:
        if not raid_targets(game, frame.player):
            game.pop()
            return False
        return True

    def legal(self, game: Game, frame: Frame):
        return [*(A.RAID[i] for i in raid_targets(game, frame.player)), A.NO_RAID]

    def apply(self, game: Game, frame: Frame, action) -> None:
        game.pop()
        if isinstance(action, NoRaid):
            return
        assert isinstance(action, Raid)
        part: Buildings = game.state.parts[PART]
        part.owned[1 - frame.player].remove(action.card)
        part.removed.append(action.card)
        game.emit("raid", frame.player, action.card)

    def prompt(self, game: Game, frame: Frame) -> str:
        return _("{card}: take one of the opponent's 1-buildings worth exactly 1 out of the game").format(card=shown_name(CARDS[BY_KEY["pub4"]]))


STEPS = (RemoveThirdStep(), TakeCoinStep(), PubRaidStep())
__all__ = ["PURCHASE", "STEPS", "BY_KEY", "buy", "purchases", "raid_targets"]
