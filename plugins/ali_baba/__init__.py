"""Ali Baba (Ian Livingstone, Abacus 1993), a beanframe plugin with no beans (RULES.md E).

At a glance: ``board.toml`` and ``data.py`` (the reconstructed board), ``state.py`` (part
``ali_baba``; ``rolls``: stacked dice), ``rules.py`` (shared rule functions; ``roll``), ``turn.py``,
``arrest.py``, ``trade.py`` (the negotiations' steps), ``offers.py`` (their items), ``actions.py``,
``position.py`` (the part in a position), ``bots.py`` and ``bot_trade.py``, ``observation.py``,
``render.py``, ``plugin.py`` (the hooks).
"""
