"""The bean mafia: bosses, each with one field and a harvest threshold, and the mafia treasury.

RULES A "Harvest and sell" (the mafia harvests only at its threshold, at once), F.14 (an empty
boss collects nothing), F.15 (a boss past its threshold is paid the full value), F.18 (at the end
each boss sells its field whatever its threshold).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import TYPE_CHECKING

from attrs import define, field, frozen
from attrs.validators import and_, deep_iterable, instance_of, min_len

from beanframe.beans import CardSet, sell
from beanframe.beans.cards import shown_names
from beanframe.core.params import text, whole
from beanframe.i18n import pgettext

if TYPE_CHECKING:
    from beanframe.core.compose import Config
    from beanframe.core.game import Game

PART = "mafia"


@frozen
class Boss:
    name: str = field(validator=text)
    threshold: int = field(validator=whole(1))  # harvests as soon as the field is worth this many coins


def _load_bosses() -> dict[str, Boss]:
    data = tomllib.loads(resources.files(__package__).joinpath("bosses.toml").read_text(encoding="utf-8"))
    return {b["key"]: Boss(b["name"], b["threshold"]) for b in data["boss"]}


BOSSES = _load_bosses()
AL, DON, JOE = BOSSES["al"], BOSSES["don"], BOSSES["joe"]


def boss_name(name: str) -> str:
    """A boss's name in the reader's language (the Dutch edition's Al Caboon; ``bosses.toml``
    holds the English ones, as printed in the German and French editions)."""
    return pgettext("boss", name)


@define
class MafiaRules:
    """``config.params["mafia"]``: the bosses in play, in order (Al, Don[, Joe]). Whether the
    bean-o-meter can reach each threshold is checked in ``beanframe_validate_config``."""

    bosses: tuple[Boss, ...] = field(
        validator=deep_iterable(instance_of(Boss), and_(instance_of(tuple), min_len(1)))
    )


@frozen
class MafiaView:
    bosses: tuple[str, ...]
    thresholds: tuple[int, ...]
    fields: tuple[tuple[str, ...], ...]
    treasury: int


@define(slots=True)
class Mafia:
    beans: tuple[str, ...]  # the English names of the game's beans: views name them in the reader's language
    bosses: list[list[int]] = field(factory=list)
    treasury: list[int] = field(factory=list)
    boss_names: tuple[str, ...] = ()
    thresholds: tuple[int, ...] = ()

    @classmethod
    def empty(cls, config: Config) -> Mafia:
        rules: MafiaRules = config.params["mafia"]
        return cls(
            beans=tuple(b.name for b in config.params["beans"].cards.beans),
            bosses=[[] for _ in rules.bosses],
            boss_names=tuple(b.name for b in rules.bosses),
            thresholds=tuple(b.threshold for b in rules.bosses),
        )

    def clone(self) -> Mafia:
        return Mafia(self.beans, [b.copy() for b in self.bosses], self.treasury.copy(), self.boss_names, self.thresholds)

    def zones(self) -> dict[str, list[int]]:
        """The mafia's bean cards by zone (``BeanRules.card_parts``: positions and the kit count them)."""
        out = {f"boss{b + 1}": f for b, f in enumerate(self.bosses)}
        out["treasury"] = self.treasury
        return out

    def view(self, player: int | None) -> MafiaView:
        names = shown_names(self.beans)  # cached per language: views are made often
        return MafiaView(
            bosses=tuple(boss_name(b) for b in self.boss_names),  # shown as they are (render, the table)
            thresholds=self.thresholds,
            fields=tuple(tuple(names[c] for c in b) for b in self.bosses),
            treasury=len(self.treasury),
        )


def collector(mafia: Mafia, bean: int) -> int | None:
    """The boss that collects ``bean`` now (an empty boss collects nothing, F.14)."""
    b = 0  # counted by hand: cheaper than enumerate on the hot path
    for f in mafia.bosses:
        if f and f[-1] == bean:
            return b
        b += 1
    return None


def accepts(mafia: Mafia, b: int, bean: int) -> bool:
    """Whether ``bean`` may be planted on boss ``b``: it grows that bean, or it is empty and no
    other boss collects it (two bosses never collect the same bean)."""
    f = mafia.bosses[b]
    if f:
        return f[-1] == bean
    return collector(mafia, bean) is None


def reaches(cards_set: CardSet, field: list[int], threshold: int) -> bool:
    """Whether a boss's field (plain cards) is worth its threshold: then the boss harvests at once
    (RULES A "Harvest and sell"; paid the full value even past it, F.15). Bots share it."""
    return bool(field) and cards_set.value(field[-1], len(field)) >= threshold


def give(game: Game, mafia: Mafia, b: int, cards: list[int], discard: list[int], cards_set: CardSet) -> None:
    """Put cards on boss ``b``'s field; the boss harvests at once if its field reached its
    threshold (paid the full value even past it, F.15)."""
    f = mafia.bosses[b]
    f.extend(cards)
    game.emit("to_boss", b, cards[0], len(cards))
    if reaches(cards_set, f, mafia.thresholds[b]):
        boss_harvest(game, mafia, b, discard, cards_set)


def boss_harvest(game: Game, mafia: Mafia, b: int, discard: list[int], cards_set: CardSet) -> int:
    f = mafia.bosses[b]
    bean, n = f[-1], len(f)
    coins = sell(cards_set, f, mafia.treasury, discard)
    game.emit("boss_harvest", b, bean, n, coins)
    return coins
