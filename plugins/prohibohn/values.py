"""Pure rules of prices, payment and end values (RULES.md B "Coins keep their bean", "Building
cards", "Blaue Bohne cards", "Game end and scoring"). Plain data in, plain data out.

Coins are bean cards (ints, bean indexes); a player's coins are a list of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from beanframe.i18n import _

from .cards import BUILDING, CARDS, POLICE, POLICE_RULES, RAZZIA, RAZZIA_RULES, Card, shown_name


def coins_of(coins: Sequence[int], bean: int) -> int:
    return sum(1 for c in coins if c == bean)


def payments(card: Card, coins: Sequence[int], bean_index: dict[str, int]) -> list[tuple[int, int]]:
    """The ways to pay for ``card`` with these coins: (bean, how many) pairs. A building or a
    police station costs its price in coins of its bean; the razzia 4 Blaue Bohne coins or 5
    coins of one other bean. Empty: not affordable (or the card's bean is not in the game)."""
    out = []
    if card.group == RAZZIA:
        blue = bean_index.get(RAZZIA_RULES.bean)
        for b in sorted(set(coins)):
            need = RAZZIA_RULES.price if b == blue else RAZZIA_RULES.other_price
            if coins_of(coins, b) >= need:
                out.append((b, need))
        return out
    b = bean_index.get(card.bean)
    if b is not None and coins_of(coins, b) >= card.price:
        out.append((b, card.price))
    return out


def take_coins(coins: list[int], bean: int, n: int, face_down: int = 0) -> tuple[list[int], int]:
    """Remove ``n`` coins of ``bean`` from ``coins``; return them and how many of the first
    ``face_down`` coins (face-down starting coins) were among them. The latest coins go first, so
    the face-down ones are used (and revealed) only when no other coin of the bean is left."""
    if coins_of(coins, bean) < n:
        raise ValueError(f"only {coins_of(coins, bean)} coins of bean {bean}, {n} needed")
    taken: list[int] = []
    used = 0
    i = len(coins) - 1
    while len(taken) < n:
        if coins[i] == bean:
            taken.append(coins.pop(i))
            used += i < face_down
        i -= 1
    return taken, used


def buildings(owned: Iterable[int]) -> list[int]:
    return [i for i in owned if CARDS[i].group == BUILDING]


def upgraded(owned: Iterable[int]) -> set[int]:
    """The owner's 1-buildings worth 4: they also own the 3- and 4-building of that kind."""
    keys = {CARDS[i].key for i in owned}
    return {i for i in owned if CARDS[i].group == BUILDING and CARDS[i].price == 1
            and f"{CARDS[i].kind}3" in keys and f"{CARDS[i].kind}4" in keys}


def building_value(card_id: int, owned: Iterable[int], razzia: bool, protected: Iterable[int]) -> int:
    """A building's end value: its price; a 1-building 1, or 4 with the 3- and 4-building of its
    kind; 0 after a razzia unless it was worth 4 when the razzia was bought (``protected``)."""
    card = CARDS[card_id]
    if card.price != 1:
        return card.price
    if razzia:
        return 4 if card_id in set(protected) else 0
    return 4 if card_id in upgraded(owned) else 1


def worth_exactly_one(card_id: int, owned: Iterable[int], razzia: bool, protected: Iterable[int]) -> bool:
    """Pub 4's target: a 1-building that is now worth exactly 1 (not upgraded, not worthless)."""
    card = CARDS[card_id]
    return card.group == BUILDING and card.price == 1 and building_value(card_id, owned, razzia, protected) == 1


def police_bonus(price: int, owned: Iterable[int]) -> int:
    """Police Station 3: by the number of building cards owned (6/7/8/9/10+ -> 1/2/3/5/8); Police
    Station 4: by the number of different kinds (2..6 -> 1/2/3/5/8). Worthless 1-buildings count."""
    rules = POLICE_RULES[price]
    owned_b = buildings(owned)
    n = len(owned_b) if rules.bonus_by == "buildings" else len({CARDS[i].kind for i in owned_b})
    bonus = 0
    for at_least, value in rules.bonus:
        if n >= at_least:
            bonus = value
    return bonus


def score_lines(owned: Sequence[int], razzia: bool, protected: Iterable[int], shown: bool = False) -> list[tuple[str, int]]:
    """A player's Prohibohn score lines (the coins are Al Cabohne's line): each building, the
    police station and its bonus, the razzia (F.9)."""
    protected = set(protected)
    lines = []
    for i in owned:
        card = CARDS[i]
        name = shown_name(card) if shown else card.name  # shown: the score sheet, in the reader's words
        if card.group == BUILDING:
            lines.append((name, building_value(i, owned, razzia, protected)))
        elif card.group == POLICE:
            lines.append((name, card.price))
            bonus = _("{card} bonus").format(card=name) if shown else f"{name} bonus"
            lines.append((bonus, police_bonus(card.price, owned)))
        else:
            lines.append((name, RAZZIA_RULES.value))
    return lines
