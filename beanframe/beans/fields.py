"""Fields and coins of the bean family: what may be harvested, selling, harvesting, paying
(RULES A "Harvest and sell", F.19; RULES C's bean protection rule)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from beanframe.beans.cards import CardSet
from beanframe.beans.rules import harvestable_fields
from beanframe.beans.table import PART, BeanRules, BeanTable

if TYPE_CHECKING:
    from beanframe.core.game import Game


def field_bean(f: list[int]) -> int | None:
    return f[-1] if f else None


def harvestable(game: Game, player: int, labels: Sequence[Any] | None = None) -> list[Any]:
    """The fields ``player`` may harvest now by the composed one-bean rule
    (``BeanRules.one_bean_harvest``; :func:`beanframe.beans.rules.harvestable_fields`). Their
    indexes, or ``labels[index]`` when labels are given (e.g. interned actions). Whether the player
    may harvest at this moment at all is the harvest option's business (``beans.options``)."""
    one_bean = game.ruleset.config.params["beans"].one_bean_harvest
    return harvestable_fields(game.state.parts[PART].fields[player], one_bean, labels)


def may_harvest(game: Game, player: int, index: int) -> bool:
    """Whether field ``index`` of ``player`` may be harvested by the one-bean rule (:func:`harvestable`)."""
    return index in harvestable(game, player)


def sell(cards: CardSet, field_cards: list[int], coins: list[int], discard: list[int]) -> int:
    """Sell a whole field: the bean-o-meter value of the top (last-planted) bean's type, counted
    over the field's size; that many of the last-planted cards turn into coins, the rest go face
    up onto the discard in planting order. Empties the field; returns the coins earned."""
    n = len(field_cards)
    if n == 0:
        return 0
    value = cards.value(field_cards[-1], n)
    keep = n - value
    discard.extend(field_cards[:keep])
    coins.extend(field_cards[keep:])
    field_cards.clear()
    return value


def harvest(game: Game, table: BeanTable, player: int, index: int) -> int:
    """A player harvests and sells one of their fields (emits ``harvest``)."""
    f = table.fields[player][index]
    bean, n = f[-1], len(f)
    rules: BeanRules = game.ruleset.config.params["beans"]
    earned = sell(rules.cards, f, table.coins[player], table.discard)
    game.emit("harvest", player, index, bean, n, earned)
    return earned


def pay_coins(table: BeanTable, player: int, amount: int, to: list[int], bean: int | None = None) -> None:
    """Move ``amount`` of a player's coins to ``to``, the earliest earned first; with ``bean``, only
    coins of that bean (coins keep their bean: Prohibohn buys a building with coins of its bean).

    Coins paid *under the discard* (Al Cabohne's third field, Prohibohn's buildings) go to
    ``table.set_aside``: phase 4 never matches them and they return at the next reshuffle.
    Raises ValueError, paying nothing, if the player has too few such coins."""
    coins = table.coins[player]
    if bean is None:
        if amount > len(coins):
            raise ValueError(f"player {player + 1} cannot pay {amount} coins: they have {len(coins)}")
        to.extend(coins[:amount])
        del coins[:amount]
        return
    at = [i for i, c in enumerate(coins) if c == bean][:amount]
    if len(at) < amount:
        raise ValueError(f"player {player + 1} cannot pay {amount} coins of bean {bean}: they have {len(at)}")
    to.extend(coins[i] for i in at)
    for i in reversed(at):
        del coins[i]
