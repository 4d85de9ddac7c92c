"""Al Cabohne's part of a position: the bean mafia (the bean table is the bean family's,
``beanframe.beans.position``)::

    [mafia]
    bosses = [["Feuerbohne", "Feuerbohne"], ["blue"]]   # each boss's field, in order: Al Cabohne, Don Corlebohne (solo: Joe Bohnano)
    treasury = 4                                          # the mafia's coins: their beans, or how many (dealt from the seed)

A boss grows one bean, no two bosses the same, and never holds a field worth its threshold (it
would have harvested at once: RULES A "Harvest and sell").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from beanframe.beans.position import read_cards, read_field, write_cards
from beanframe.core.position import Reading, at
from beanframe.i18n import _

from . import mafia as m

if TYPE_CHECKING:
    from beanframe.core.game import Game


def write_mafia(game: Game) -> dict[str, Any]:
    mafia: m.Mafia = game.state.parts[m.PART]
    return {"bosses": [write_cards(game, f) for f in mafia.bosses], "treasury": write_cards(game, mafia.treasury)}


def read_mafia(game: Game, data: dict[str, Any], reading: Reading) -> None:
    reading.table(m.PART, data, ("bosses", "treasury"))
    mafia: m.Mafia = game.state.parts[m.PART]
    cards = game.ruleset.config.params["beans"].cards
    if "bosses" in data:
        place = f"{m.PART}.bosses"
        fields = reading.listing(place, data["bosses"], len(mafia.bosses), f"bosses ({', '.join(mafia.boss_names)})")
        got = [read_field(game, reading, at(place, b), f) for b, f in enumerate(fields or ())]
        if fields is not None and None not in got:
            mafia.bosses = got  # type: ignore[assignment]
            beans: dict[int, int] = {}
            for b, f in enumerate(mafia.bosses):
                if not f:
                    continue
                if f[0] in beans:
                    reading.problem(at(place, b), _("{boss} collects {bean} already").format(
                        boss=m.boss_name(mafia.boss_names[beans[f[0]]]), bean=cards.names[f[0]]))
                beans.setdefault(f[0], b)
                if m.reaches(cards, f, mafia.thresholds[b]):
                    reading.problem(at(place, b), _("{n} {bean} reach {boss}'s threshold of {coins} coins: the boss would have harvested")
                                    .format(n=len(f), bean=cards.names[f[0]], boss=m.boss_name(mafia.boss_names[b]), coins=mafia.thresholds[b]))
    if "treasury" in data:
        got = read_cards(game, reading, f"{m.PART}.treasury", data["treasury"], count=True)
        if got is not None:
            mafia.treasury = got
