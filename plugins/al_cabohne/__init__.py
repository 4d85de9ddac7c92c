"""Al Cabohne: 1 or 2 players against the bean mafia (RULES.md A).

At a glance: ``cards.toml`` (the 116 cards), ``turn.py`` (set-up, the six phases, the solo's five,
harvest and third field), ``mafia.py`` (bosses and thresholds), ``actions.py`` (what a player can
do), ``plugin.py`` (the hooks that put it together), ``checks.py`` (invariants), ``bots.py``,
``position.py`` (the mafia in a position; the bean table's is ``beanframe.beans.position``).
"""
