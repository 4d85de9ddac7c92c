"""Adapters to reinforcement-learning and search libraries (optional extra ``beanframe[rl]``).

- :mod:`beanframe.adapters.pettingzoo`: ``env(variants, players, options=..., seed=...)``, a
  PettingZoo AEC environment (needs ``pettingzoo`` and ``gymnasium``).
- :mod:`beanframe.adapters.openspiel`: every variant set, with any options, as a pyspiel Python
  game (needs ``open-spiel``).

Both are generic: they use only the core's embedding API (``game.observation``, ``legal_mask``,
``apply``, ``determinize``, ``returns``), never a variant's parts. This package imports neither
library; each adapter module imports its own.
"""

from __future__ import annotations

from beanframe.core.compose import discover, supported_players, variant_info

#: player counts tried for a variant that accepts any
ANY_PLAYERS = (2, 3, 4)


def variant_sets() -> list[tuple[tuple[str, ...], int]]:
    """Every installed variant with what it requires, for each player count it supports:
    ``[(("al_cabohne",), 1), (("al_cabohne",), 2), (("al_cabohne", "cheap_field"), 1), ...]``.
    Adapter tests run over these, so a variant that lands is tested without naming it."""
    infos = {name: variant_info(plugin) for name, plugin in discover().items()}

    def with_requirements(n: str, needed: list[str]) -> list[str]:
        if n not in needed and n in infos:
            for req in sorted(infos[n].requires):
                with_requirements(req, needed)
            needed.append(n)
        return needed

    out = []
    for name in infos:
        needed = with_requirements(name, [])
        if any(req not in infos for n in needed for req in infos[n].requires):
            continue  # a requirement is not installed: this set cannot be composed
        counts = supported_players({n: infos[n] for n in needed}, needed)
        for players in sorted(counts) if counts is not None else ANY_PLAYERS:
            out.append((tuple(needed), players))
    return out
