"""Al Cabohne's invariants, checked by the conformance kit (``beanframe.testing``) after every
action of random play: every card accounted for, one bean per field and per boss, bosses never
share a bean, no boss at or over its threshold."""

from __future__ import annotations

from collections import Counter

from beanframe.beans import PART as BEANS

from . import mafia as m


def invariants(game) -> list[str]:
    table = game.part(BEANS)
    mafia = game.part(m.PART)
    cards = game.ruleset.config.params["beans"].cards
    problems: list[str] = []
    zones = table.zones()
    for b, f in enumerate(mafia.bosses):
        zones[f"boss{b + 1}"] = f
    zones["treasury"] = mafia.treasury
    seen = Counter()
    for cards_in_zone in zones.values():
        seen.update(cards_in_zone)
    for b, bean in enumerate(cards.beans):
        if seen[b] != bean.count:
            problems.append(f"{bean.name}: {seen[b]} cards accounted for, the game has {bean.count}")
    if sum(seen.values()) != cards.total:
        problems.append(f"{sum(seen.values())} cards accounted for, the game has {cards.total}")
    mixed = game.ruleset.config.params["beans"].mixed_fields  # Prohibohn's Nightbar allows two
    for p, fields in enumerate(table.fields):
        if mixed:
            continue
        beans = [f[-1] for f in fields if f]
        for i, f in enumerate(fields):
            if len(set(f)) > 1:
                problems.append(f"player {p + 1} field {i + 1} holds several beans")
        if len(beans) != len(set(beans)):
            problems.append(f"player {p + 1} grows one bean on two fields")
    boss_beans = [f[0] for f in mafia.bosses if f]
    if len(boss_beans) != len(set(boss_beans)):
        problems.append("two bosses collect the same bean")
    for b, f in enumerate(mafia.bosses):
        if len(set(f)) > 1:
            problems.append(f"{mafia.boss_names[b]} holds several beans")
        if f and cards.value(f[-1], len(f)) >= mafia.thresholds[b]:
            problems.append(f"{mafia.boss_names[b]} holds {len(f)} {cards.names[f[-1]]}, at or over the threshold")
    # an empty slot is a pile planted (or a leftover pile used up) while that decision is open:
    # the codes of the others stay (issue 6); it is closed when the decision ends
    open_kinds = {f.kind for f in game.state.stack} if not game.is_over else {"plant", "leftovers"}
    for label, piles, kind in (("face-up pile", table.piles, "plant"), ("leftover pile", table.leftovers, "leftovers")):
        for k, pile in enumerate(piles):
            if (not pile and kind not in open_kinds) or len(set(pile)) > 1:
                problems.append(f"{label} {k + 1} is empty or mixed")
    return problems
